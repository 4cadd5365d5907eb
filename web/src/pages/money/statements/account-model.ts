import Big from 'big.js';
import { formatDate } from '../../../../../shared/format';
import { entryAmountProblem } from '../../../../../shared/schemas/expense';
import { centsAmount } from '../../../../../shared/schemas/money';
import type { EntryKind, SummaryDimension } from '../../../../../shared/schemas/statement-views';
import { dayProblem } from '../../../components/form-rules';

/** The entries a user adds by hand (a payment comes from marking a statement paid). */
export const MANUAL_ENTRY_KINDS = ['advance', 'reserve', 'reserve_release', 'transfer', 'adjustment'] as const;
export type ManualEntryKind = (typeof MANUAL_ENTRY_KINDS)[number];

export const ENTRY_TEXT: Record<EntryKind, string> = {
  advance: 'Advance',
  reserve: 'Reserve taken',
  reserve_release: 'Reserve released',
  transfer: 'Transfer',
  adjustment: 'Adjustment',
  payment: 'Payment',
};

/** An entry as the delete dialog names it: its kind, its amount and its day as the pages write days ("3rd Feb 2026"). */
export function entryWords(
  entry: { kind: EntryKind; amount: string; date: string },
  money: (amount: string) => string,
): string {
  return `${ENTRY_TEXT[entry.kind]} ${money(entry.amount)} of ${formatDate(entry.date)}`;
}

/**
 * How an amount typed for a kind affects what the label owes the account: an advance or a
 * reserve is typed as paid/held (positive) and lowers the balance; a released reserve raises it;
 * a transfer or an adjustment is typed with its sign. The API takes the amount as typed and
 * stores the effect (POST account_entries).
 */
const SIGN: Record<ManualEntryKind, 1 | -1 | 0> = {
  advance: -1,
  reserve: -1,
  reserve_release: 1,
  transfer: 0,
  adjustment: 0,
};

export const entryTakesSign = (kind: ManualEntryKind) => SIGN[kind] === 0;

/** The API's rule for an entry's amount (shared/schemas/expense.ts): cents, signed as typed, then the kind's rule. */
const AMOUNT = centsAmount('Amount', { signed: true });

export type EntryValues = { kind: ManualEntryKind; amount: string; date: string; description: string };

/**
 * The entry form's problems, in the API's words: an amount in cents (more than 0 where the kind gives the sign, not 0
 * where it is typed with its own); a date.
 */
export function validateEntry(values: EntryValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const amount = AMOUNT.safeParse(values.amount);
  const problem = amount.success ? entryAmountProblem(values.kind, amount.data) : amount.error.issues[0]?.message;
  if (problem) errors.amount = problem;
  const day = dayProblem('Date', values.date, true);
  if (day) errors.date = day;
  return errors;
}

/** The amount as the API takes it for a valid entry: as typed, with 2 decimals. */
export const enteredAmount = (typed: string): string => new Big(typed.trim()).toFixed(2);

/** The entry's effect on the balance (what the account will show), for the form to say before it is saved. */
export function entryEffect(kind: ManualEntryKind, typed: string): string {
  const value = new Big(typed.trim());
  const sign = SIGN[kind];
  return (sign === 0 ? value : value.abs().times(sign)).toFixed(2);
}

// ——— A label's statement settings ———

export type LabelSettings = {
  default_summaries: SummaryDimension[];
  formats: string[];
  frequency: string;
  graphs: boolean;
};

/** A label's settings as stored, with the product's defaults: empty summaries, formats and frequency; graphs on. */
export function labelStatementSettings(stored: Partial<LabelSettings> | { [key: string]: unknown } | undefined) {
  const s = (stored ?? {}) as Partial<LabelSettings>;
  return {
    default_summaries: (s.default_summaries ?? []) as SummaryDimension[],
    formats: s.formats ?? [],
    frequency: s.frequency ?? '',
    graphs: s.graphs ?? true,
  } satisfies LabelSettings;
}
