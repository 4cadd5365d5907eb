import { invoiceDue } from '../../shared/licence-due.js';
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
import { negatedAmount } from '../../shared/money.js';

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
): Promise<{ refund: LicenseRefund; lines: CreateManualRoyalty[] }> {
  checkRefundDate(day, paid.paidOn);
  // Held for the refund first, so each line is taken back exactly as it stands: an edit either lands before the
  // hold (and is reversed as edited) or is refused after it, in its own write (holdLinesForLicenceRefund).
  await holdLinesForLicenceRefund(license.tenantId, paid.ids, license.id);
  // Read the way the royalties list reads them (the ledger's one path, edits applied, deleted lines left out).
  const reversed = paid.ids.length
    ? await selectRoyalties(license.tenantId, idsCondition([...paid.ids]), paid.ids.length)
    : [];
  const described = `${words}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300);
  const lines = reversed.map((row) => reversalOf(ledgerFieldsOf(row), license, caller, { day, words: described }));
  return {
    refund: {
      date: day,
      paid_on: paid.paidOn,
      amount: paid.amount,
      royalty_ids: lines.map((line) => line.id),
      reverses: reversed.map((row) => String(row.id)),
    },
    lines,
  };
}

/**
 * The refund of a paid invoice that a credit note cancels: what the licensee paid against it (the invoice's total, less
 * an advance received, which stays received as it does for an unpaid invoice), the payment's lines reversed.
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
  );
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
