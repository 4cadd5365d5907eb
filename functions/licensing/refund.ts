import { type CreditAmounts, invoiceDue } from '../../shared/licence-due.js';
import Big from 'big.js';
import { ulid } from 'ulid';
import type { LicenseInvoice, LicenseRefund } from '../../shared/schemas/licensing.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { CreateManualRoyalty, LedgerFields } from '../data/entities/royalty-overlays.js';
import type { CreateExpense, ExpenseItem } from '../data/entities/statements.js';
import { holdForLicenceRefund } from '../data/access/expenses.js';
import { holdLinesForLicenceRefund } from '../data/access/royalty-overlays.js';
import type { Caller } from '../lib/auth-context.js';
import { InvalidField } from '../lib/errors.js';
import { idsCondition, MANUAL_PREFIX } from '../royalties/ledger/overlays.js';
import { selectRoyalties } from '../royalties/ledger/query.js';
import { LEDGER_COLUMN_NAMES } from '../royalties/ledger/schema.js';
import { today } from './licenses.js';
import { paymentPart } from './payment.js';
import { negatedAmount, roundRowsToTotal } from '../../shared/money.js';

/** The money columns a reversal turns round: the report's payable, the line's total and each party's part of it. */
const REVERSED = [
  'subtotal_payable',
  'amount',
  'aggregator_payable',
  'label_payable',
  'artist_payable',
  'mechanicals_payable',
  'exchanged_net_revenue',
] as const;

/**
 * A line as the royalties list answers it, as the ledger columns a manual line keeps (its place in an import is not
 * one: the reversal is a line of its own).
 */
function ledgerFieldsOf(row: Record<string, unknown>): LedgerFields {
  return Object.fromEntries(
    LEDGER_COLUMN_NAMES.filter((column) => column !== 'import_id' && column !== 'line')
      .map((column) => [column, row[column]])
      .filter(([, value]) => value !== null && value !== undefined),
  ) as LedgerFields;
}

/**
 * The line that takes back one line of the payment: the same recording or release, store and currency, every money
 * column with its sign turned and the quantity -1, in the refund's pay period. A published statement that carried the
 * payment never changes: the next statement carries the reversal, so the payees give back what they were credited.
 */
export function reversalOf(
  fields: LedgerFields,
  license: LicenseItem,
  caller: Caller,
  at: { day: string; words: string },
) {
  const reversed: LedgerFields = {
    ...fields,
    pay_period: at.day.slice(0, 7),
    quantity: -1,
    sales_description: at.words,
  };
  for (const column of REVERSED) {
    const value = fields[column];
    if (typeof value === 'string' && value !== '') reversed[column] = negatedAmount(value);
  }
  const line: CreateManualRoyalty = {
    tenantId: license.tenantId,
    id: `${MANUAL_PREFIX}${ulid()}`,
    license_id: license.id,
    // A reversal never changes either: the pair nets to nothing for good.
    licence_refund: license.id,
    userId: caller.user.userId,
    fields: reversed,
  };
  return line;
}

/** An amount worked out from a line's money column, with as many decimal places as the column had (cents at least). */
const placed = (value: Big, like: string) => {
  const places = Math.max(2, like.split('.')[1]?.length ?? 0);
  return value.round(places, Big.roundHalfUp).toFixed(places);
};

/** Whether a line's money column holds nothing. */
const nothing = (value: LedgerFields[keyof LedgerFields]) =>
  typeof value !== 'string' || value === '' || new Big(value).eq(0);

/**
 * The part of each of a payment's lines that a partial refund of `net` takes back: `net` shared over the lines in
 * proportion to their share of the fee, to the cent, so the parts add up to `net` exactly (as the fee was shared over
 * the assets), and every other money column of a line in the same proportion, rounded half-up to its own places. The
 * part's unit price is its share: one unit of it is given back. A line whose part is nothing is left out; `index` is
 * the line's place in `lines`.
 */
export function partsOfLines(lines: readonly LedgerFields[], net: string): { index: number; fields: LedgerFields }[] {
  const weights = lines.map((fields) => new Big(String(fields.subtotal_payable ?? '0')));
  const whole = weights.reduce((sum, weight) => sum.plus(weight), new Big(0));
  if (whole.eq(0)) return [];
  const shares = roundRowsToTotal(weights.map((weight) => new Big(net).times(weight).div(whole).toString())).rows;
  return lines.flatMap((fields, index) => {
    const share = shares[index] ?? '0.00';
    const weight = weights[index] ?? new Big(0);
    if (new Big(share).eq(0) || weight.eq(0)) return [];
    const part: LedgerFields = { ...fields, unit_price: share };
    for (const column of REVERSED) {
      const value = fields[column];
      if (typeof value === 'string' && value !== '')
        part[column] = placed(new Big(value).times(share).div(weight), value);
    }
    part.subtotal_payable = share;
    return [{ index, fields: part }];
  });
}

/**
 * What is left of a payment's line once partial refunds took parts of it back (`refunds`: their lines, with the sign
 * turned): each money column less the parts, so reversing the rest makes the line and all its refunds net to nothing.
 */
export function restOfLine(fields: LedgerFields, refunds: readonly LedgerFields[]): LedgerFields {
  if (!refunds.length) return fields;
  const rest: LedgerFields = { ...fields };
  for (const column of REVERSED) {
    const value = fields[column];
    if (typeof value !== 'string' || value === '') continue;
    const left = refunds.reduce((sum, refund) => sum.plus(String(refund[column] ?? '0')), new Big(value));
    rest[column] = placed(left, value);
  }
  if (typeof rest.subtotal_payable === 'string') rest.unit_price = rest.subtotal_payable;
  return rest;
}

/** What was paid and is given back: the ledger lines or expenses it made, the day it was paid and how much. */
type Paid = { ids: readonly string[]; paidOn: string; amount: string };

/** A refund is dated between the day the money came (or went) and today. */
function checkRefundDate(day: string, paidOn: string) {
  if (day > today()) throw new InvalidField('refund_date', 'Refund date must not be in the future');
  if (day < paidOn) throw new InvalidField('refund_date', `Refund date must be on or after the payment date ${paidOn}`);
}

/**
 * Money the licensee paid, given back on `day`: each of the licence's ledger lines named in `ids` reversed in that
 * day's pay period, as the royalties list shows it now (a line the user edited is reversed as edited, a deleted one
 * not at all), so what was paid nets to nothing in the ledger. From then on neither the line nor its reversal
 * changes. Refused for a day in the future or before the money came (`paidOn`).
 */
async function refundLines(
  license: LicenseItem,
  caller: Caller,
  paid: Paid,
  { day, words }: { day: string; words: string },
  taken: RefundedParts = { ids: [], reverses: [] },
): Promise<{ refund: LicenseRefund; lines: CreateManualRoyalty[] }> {
  checkRefundDate(day, paid.paidOn);
  const reversed = await heldLines(license, paid.ids);
  // Parts given back before by partial refunds are taken off each line: only the rest is still the licence's income.
  const parts = await readLines(license.tenantId, taken.ids);
  const partsOf = (id: string) =>
    parts.filter((part) => taken.reverses[taken.ids.indexOf(String(part.id))] === id).map(ledgerFieldsOf);
  const described = `${words}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300);
  const rests = reversed.flatMap((row) => {
    const given = partsOf(String(row.id));
    const fields = restOfLine(ledgerFieldsOf(row), given);
    // A line whose money the partial refunds gave back in full has nothing left to reverse.
    return given.length && REVERSED.every((column) => nothing(fields[column])) ? [] : [{ id: String(row.id), fields }];
  });
  const lines = rests.map(({ fields }) => reversalOf(fields, license, caller, { day, words: described }));
  return {
    refund: {
      date: day,
      paid_on: paid.paidOn,
      amount: paid.amount,
      royalty_ids: lines.map((line) => line.id),
      reverses: rests.map(({ id }) => id),
    },
    lines,
  };
}

/**
 * Ledger lines by id, read the way the royalties list reads them (the ledger's one path, edits applied, deleted lines
 * left out).
 */
const readLines = async (tenantId: string, ids: readonly string[]) =>
  ids.length ? await selectRoyalties(tenantId, idsCondition([...ids]), ids.length) : [];

/**
 * A payment's lines, held for a refund first, so each is taken back exactly as it stands: an edit either lands before
 * the hold (and is taken back as edited) or is refused after it, in its own write (holdLinesForLicenceRefund). A
 * partial refund holds them too, so what a later refund finds left of each is what the earlier ones left.
 */
async function heldLines(license: LicenseItem, ids: readonly string[]) {
  await holdLinesForLicenceRefund(license.tenantId, ids, license.id);
  return readLines(license.tenantId, ids);
}

/** The lines partial refunds wrote (`ids`), each taking part of the payment's line at the same place in `reverses`. */
type RefundedParts = { ids: string[]; reverses: string[] };

/** The lines the partial refunds of an invoice wrote, each with the payment's line it took part of. */
const refundedParts = (invoice: LicenseInvoice): RefundedParts => {
  const refunds = (invoice.partial_credits ?? []).flatMap((credit) => (credit.refund ? [credit.refund] : []));
  return { ids: refunds.flatMap((r) => r.royalty_ids), reverses: refunds.flatMap((r) => r.reverses) };
};

/**
 * The refund of a paid invoice that a credit note cancels: what the licensee paid against it (the invoice's total, less
 * an advance received, which stays received as it does for an unpaid invoice), the payment's lines reversed. After
 * partial refunds it is what they left paid (invoiceDue), each line reversed less the parts they took back, so the
 * payment and all its refunds net to nothing in the ledger, to the cent.
 */
export function invoiceRefund(
  license: LicenseItem,
  invoice: LicenseInvoice,
  caller: Caller,
  { day, creditNote }: { day: string; creditNote: string },
) {
  const paidOn = license.payment_date ?? day;
  const amount = invoiceDue(invoice);
  return refundLines(
    license,
    caller,
    { ids: license.royalty_ids ?? [], paidOn, amount },
    { day, words: `Licence fee refunded, credit note ${creditNote}` },
    refundedParts(invoice),
  );
}

/**
 * Part of a paid invoice's payment given back on `day` by a partial credit note (`credit`): its total is what the
 * licensee gets back; its net leaves the ledger, taken from the payment's lines as they stand in proportion to each
 * one's share of the fee (partsOfLines), in the refund day's pay period, so the payees' next statements give back
 * their part of it and the finances count that much less licensing income.
 */
export async function invoicePartRefund(
  license: LicenseItem,
  caller: Caller,
  credit: CreditAmounts,
  { day, creditNote }: { day: string; creditNote: string },
): Promise<{ refund: LicenseRefund; lines: CreateManualRoyalty[] }> {
  const paidOn = license.payment_date ?? day;
  checkRefundDate(day, paidOn);
  const rows = await heldLines(license, license.royalty_ids ?? []);
  const described = `Licence fee partly refunded, credit note ${creditNote}${license.usage ? `: ${license.usage}` : ''}`;
  const parts = partsOfLines(rows.map(ledgerFieldsOf), credit.net);
  const lines = parts.map(({ fields }) => reversalOf(fields, license, caller, { day, words: described.slice(0, 300) }));
  return {
    refund: {
      date: day,
      paid_on: paidOn,
      amount: credit.total,
      royalty_ids: lines.map((line) => line.id),
      reverses: parts.map(({ index }) => String(rows[index]?.id)),
    },
    lines,
  };
}

/** The refund of an advance received on a signed licence that will not be invoiced: the advance's lines reversed. */
export function advanceRefund(license: LicenseItem, caller: Caller, day: string) {
  const paidOn = license.advance_paid_date ?? day;
  const amount = new Big(license.advance_fee ?? '0').toFixed(2);
  return refundLines(
    license,
    caller,
    { ids: license.advance_royalty_ids ?? [], paidOn, amount },
    { day, words: 'Licence advance refunded' },
  );
}

/**
 * The expense that takes back one expense of a payment to a licensor: the same account, recoupable part, release,
 * label, supplier and category, its amounts with the sign turned, dated the refund's day and paid. A payee who
 * recouped the cost on a published statement gets it back on the next one (a statement never changes); one not yet
 * stated nets to nothing.
 */
export function reversedExpense(expense: ExpenseItem, at: { day: string; words: string }): CreateExpense {
  const kept = {
    tenantId: expense.tenantId,
    type: expense.type,
    supplier: expense.supplier,
    category: expense.category,
    tags: expense.tags,
    recoupable: expense.recoupable,
    recoupable_percentage: expense.recoupable_percentage,
    expensable_type: expense.expensable_type,
    expensable_id: expense.expensable_id,
    accountKey: expense.accountKey,
    release_id: expense.release_id,
  };
  return {
    ...(Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined)) as typeof kept),
    expenseId: ulid(),
    date: at.day,
    description: at.words,
    subtotal: negatedAmount(expense.subtotal),
    vat: negatedAmount(expense.vat),
    total: negatedAmount(expense.total),
    paid: true,
  };
}

/**
 * Money we paid a licensor, given back to us on `day`: each expense the payment made (`ids`) taken back by one of the
 * opposite sign, as the expense stands now (one the user edited is taken back as edited, a deleted one not at all).
 * From then on neither the expense nor its reversal changes.
 */
async function refundExpenses(
  license: LicenseItem,
  paid: Paid,
  { day, words }: { day: string; words: string },
): Promise<{ refund: LicenseRefund; expenses: CreateExpense[] }> {
  checkRefundDate(day, paid.paidOn);
  // Held for the refund first, so each is taken back exactly as it stands: no edit can land between the read and
  // the reversal's write (holdForLicenceRefund).
  const found = await holdForLicenceRefund(license.tenantId, paid.ids, license.id);
  const described = `${words} by ${license.licensee_name}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300);
  const expenses = found.map((expense) => ({
    ...reversedExpense(expense, { day, words: described }),
    // A reversal never changes either: the pair nets to nothing for good.
    licence_refund: license.id,
  }));
  return {
    refund: {
      date: day,
      paid_on: paid.paidOn,
      amount: paid.amount,
      royalty_ids: [],
      reverses: [],
      expense_ids: expenses.map((expense) => expense.expenseId),
      reverses_expenses: found.map((expense) => expense.expenseId),
    },
    expenses,
  };
}

/** An incoming licence's payment given back by the licensor (the deal called off after we paid): its expenses taken back. */
export function incomingPaymentRefund(license: LicenseItem, day: string) {
  return refundExpenses(
    license,
    {
      ids: license.expense_ids ?? (license.expense_id ? [license.expense_id] : []),
      paidOn: license.payment_date ?? day,
      amount: paymentPart(license).amount,
    },
    { day, words: 'Licence fee refunded' },
  );
}

/** An incoming licence's advance given back by the licensor: the advance's expenses taken back. */
export function incomingAdvanceRefund(license: LicenseItem, day: string) {
  return refundExpenses(
    license,
    {
      ids: license.advance_expense_ids ?? [],
      paidOn: license.advance_paid_date ?? day,
      amount: new Big(license.advance_fee ?? '0').toFixed(2),
    },
    { day, words: 'Licence advance refunded' },
  );
}
