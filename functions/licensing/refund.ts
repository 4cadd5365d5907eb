import Big from 'big.js';
import { ulid } from 'ulid';
import type { LicenseInvoice, LicenseRefund } from '../../shared/schemas/licensing.js';
import * as store from '../data/access/licenses.js';
import { getEdit } from '../data/access/royalty-overlays.js';
import type { LicenseItem } from '../data/entities/license.js';
import type {
  CreateManualRoyalty,
  LedgerFields,
  ManualRoyaltyItem,
  RoyaltyEditItem,
} from '../data/entities/royalty-overlays.js';
import type { Caller } from '../lib/auth-context.js';
import { InvalidField } from '../lib/errors.js';
import { MANUAL_PREFIX } from '../royalties/ledger/overlays.js';
import { today } from './licenses.js';

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

/** An exact decimal with its sign turned, as many decimals as it had (zero stays zero). */
function negated(value: string): string {
  const amount = new Big(value);
  if (amount.eq(0)) return value;
  const decimals = value.split('.')[1]?.length ?? 0;
  return amount.times(-1).toFixed(decimals);
}

/** A line as the royalties list shows it: its fields with the user's edit applied; null when the edit deleted it. */
export function effectiveFields(line: ManualRoyaltyItem, edit: RoyaltyEditItem | null): LedgerFields | null {
  if (!edit) return line.fields;
  if (edit.deleted) return null;
  const fields: LedgerFields = { ...line.fields, ...(edit.fields ?? {}) };
  for (const column of edit.cleared ?? []) fields[column as keyof LedgerFields] = null;
  return fields;
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
    if (typeof value === 'string' && value !== '') reversed[column] = negated(value);
  }
  const line: CreateManualRoyalty = {
    tenantId: license.tenantId,
    id: `${MANUAL_PREFIX}${ulid()}`,
    license_id: license.id,
    userId: caller.user.userId,
    fields: reversed,
  };
  return line;
}

/**
 * Money the licensee paid, given back on `day`: each of the licence's ledger lines named in `ids` reversed in that
 * day's pay period, as the royalties list shows it now (a line the user edited is reversed as edited, a deleted one
 * not at all), so what was paid nets to nothing in the ledger. Refused for a day in the future or before the money
 * came (`paidOn`).
 */
async function refundLines(
  license: LicenseItem,
  caller: Caller,
  paid: { ids: readonly string[]; paidOn: string; amount: string },
  { day, words }: { day: string; words: string },
): Promise<{ refund: LicenseRefund; lines: CreateManualRoyalty[] }> {
  if (day > today()) throw new InvalidField('refund_date', 'Refund date must not be in the future');
  if (day < paid.paidOn)
    throw new InvalidField('refund_date', `Refund date must be on or after the payment date ${paid.paidOn}`);
  const ids = new Set(paid.ids);
  const reversed = (await store.linesOfLicense(license.tenantId, license.id)).filter((line) => ids.has(line.id));
  const edits = await Promise.all(reversed.map((line) => getEdit(license.tenantId, line.id)));
  const described = `${words}${license.usage ? `: ${license.usage}` : ''}`.slice(0, 300);
  const lines = reversed.flatMap((line, index) => {
    const fields = effectiveFields(line, edits[index] ?? null);
    return fields ? [reversalOf(fields, license, caller, { day, words: described })] : [];
  });
  return {
    refund: {
      date: day,
      paid_on: paid.paidOn,
      amount: paid.amount,
      royalty_ids: lines.map((line) => line.id),
      reverses: reversed.map((line) => line.id),
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
  const amount = invoice.balance_due ?? invoice.total;
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
