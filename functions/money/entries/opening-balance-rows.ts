import Big from 'big.js';
import {
  OPENING_BALANCE_DESCRIPTION,
  type OpeningBalanceProblem,
  type OpeningBalanceRow,
  type OpeningBalanceTotal,
} from '../../../shared/schemas/opening-balances.js';
import { money } from '../../../shared/schemas/money.js';
import { isCalendarDay } from '../../../shared/calendar-day.js';

/**
 * Reads the rows of an opening balances file (pure): each row names a payee of the company (by id, or by name
 * without regard to case), a signed balance exact to the cent in the company's currency, the day it stood and a
 * description. Every problem of every row is reported with its row (as the spreadsheet numbers it) and column, in
 * words; nothing is guessed.
 */

/** The columns read, by their header (the reader lower-cases headers); the first three are required. */
const OPENING_BALANCE_COLUMNS = ['payee', 'balance', 'currency', 'date', 'description'] as const;
const REQUIRED = ['payee', 'balance', 'currency'] as const;
const DESCRIPTION_MAX = 500;
const MAX_DIGITS = 12;

type Payee = { id: string; name: string };
export type OpeningBalanceInput = {
  headers: readonly string[];
  /** rows[i] is the spreadsheet's row i + 2; blank rows are kept so the numbers stay the user's. */
  rows: readonly Record<string, string>[];
  payees: readonly Payee[];
  /** The currency of the company's accounts. */
  currency: string;
  /** The day a row without a date is dated. */
  defaultDate: string;
  /** Today (YYYY-MM-DD): a balance cannot stand on a later day. */
  today: string;
};
export type OpeningBalanceRead = {
  /** Rows read, blank rows not counted. */
  rows: number;
  /** The rows without a problem whose balance is not 0.00, in the file's order: one entry each. */
  entries: OpeningBalanceRow[];
  zero: number;
  problems: OpeningBalanceProblem[];
  totals: OpeningBalanceTotal[];
};

const nameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();
const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** A balance as typed ("1,250.50", "-300", "(300.00)" for a negative): the exact 2-decimal amount, or why not. */
export function readBalance(text: string): { amount: string } | { problem: string } {
  let body = text.replace(/\s/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(body)) {
    negative = true;
    body = body.slice(1, -1);
  }
  if (/^[+-]/.test(body)) {
    if (negative) return { problem: 'Balance must be an amount such as 1250.00 or -300.50' };
    negative = body.startsWith('-');
    body = body.slice(1);
  }
  const match = AMOUNT.exec(body);
  if (!match) return { problem: 'Balance must be an amount such as 1250.00 or -300.50' };
  if ((match[3] ?? '').length > 3) return { problem: 'Balance must be exact to the cent (at most 2 decimals)' };
  const whole = match[1].replace(/,/g, '');
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_DIGITS)
    return { problem: `Balance must have at most ${MAX_DIGITS} digits before the decimal point` };
  const value = new Big(`${whole}${match[3] ?? ''}`);
  return { amount: money(negative ? value.neg() : value) };
}

/** Finds each row's payee: by id first, else by name; a name two payees share is ambiguous. */
function payeeFinder(payees: readonly Payee[]) {
  const byId = new Map(payees.map((p) => [p.id, p]));
  const byName = new Map<string, Payee[]>();
  for (const payee of payees) {
    const key = nameKey(payee.name);
    byName.set(key, [...(byName.get(key) ?? []), payee]);
  }
  return (text: string): { payee: Payee } | { problem: string } => {
    const found = byId.get(text.trim());
    if (found) return { payee: found };
    const named = byName.get(nameKey(text)) ?? [];
    if (named.length === 1) return { payee: named[0] };
    if (named.length > 1)
      return { problem: `${named.length} payees are named "${text}": give the payee's id instead of the name` };
    return { problem: `No payee named "${text}" in this company` };
  };
}

/** The exact sum of each currency's readable balances, in the order the file first names them. */
function totalsOf(read: { currency: string; amount: string }[]): OpeningBalanceTotal[] {
  const sums = new Map<string, { rows: number; total: Big }>();
  for (const { currency, amount } of read) {
    const sum = sums.get(currency) ?? { rows: 0, total: new Big(0) };
    sums.set(currency, { rows: sum.rows + 1, total: sum.total.plus(amount) });
  }
  return [...sums].map(([currency, sum]) => ({ currency, rows: sum.rows, total: money(sum.total) }));
}

/** Reads every row, collecting every problem; the entries are the rows that read, 0.00 left out. */
export function readOpeningBalances(input: OpeningBalanceInput): OpeningBalanceRead {
  const missing = REQUIRED.filter((column) => !input.headers.includes(column));
  if (missing.length) {
    const columns = OPENING_BALANCE_COLUMNS.join(', ');
    return {
      rows: 0,
      entries: [],
      zero: 0,
      totals: [],
      problems: missing.map((column) => ({
        row: 1,
        column,
        message: `The file has no "${column}" column (the first row names the columns: ${columns})`,
      })),
    };
  }
  const findPayee = payeeFinder(input.payees);
  const seen = new Map<string, number>();
  const problems: OpeningBalanceProblem[] = [];
  const entries: OpeningBalanceRow[] = [];
  const readable: { currency: string; amount: string }[] = [];
  let rows = 0;
  let zero = 0;
  input.rows.forEach((cells, index) => {
    const cell = (column: string) => (cells[column] ?? '').trim();
    if (Object.values(cells).every((value) => value.trim() === '')) return;
    rows += 1;
    const row = index + 2;
    const before = problems.length;
    const refuse = (column: string, message: string) => problems.push({ row, column, message });

    const payeeText = cell('payee');
    const found = payeeText ? findPayee(payeeText) : { problem: 'Payee is required' };
    if ('problem' in found) refuse('payee', found.problem);
    else if (seen.has(found.payee.id))
      refuse('payee', `${found.payee.name} has a balance on row ${seen.get(found.payee.id)} already: one per payee`);
    else seen.set(found.payee.id, row);

    const balanceText = cell('balance');
    const balance = balanceText ? readBalance(balanceText) : { problem: 'Balance is required' };
    if ('problem' in balance) refuse('balance', balance.problem);

    const currency = cell('currency').toUpperCase();
    if (!currency) refuse('currency', 'Currency is required');
    else if (currency !== input.currency)
      refuse(
        'currency',
        `Currency must be ${input.currency}, the currency of the company's accounts (not ${currency})`,
      );
    if ('amount' in balance && currency) readable.push({ currency, amount: balance.amount });

    const dateText = cell('date');
    if (dateText && !isCalendarDay(dateText)) refuse('date', 'Date must be a date (YYYY-MM-DD)');
    else if (dateText > input.today) refuse('date', 'Date must not be after today');

    const description = cell('description') || OPENING_BALANCE_DESCRIPTION;
    if (description.length > DESCRIPTION_MAX)
      refuse('description', `Description must be at most ${DESCRIPTION_MAX} characters`);

    if (problems.length > before || 'problem' in found || 'problem' in balance) return;
    if (new Big(balance.amount).eq(0)) {
      zero += 1;
      return;
    }
    entries.push({
      row,
      payee_id: found.payee.id,
      payee_name: found.payee.name,
      balance: balance.amount,
      currency,
      date: dateText || input.defaultDate,
      description,
    });
  });
  if (!rows) problems.push({ row: null, column: null, message: 'The file has no rows of balances under its header' });
  return { rows, entries, zero, problems, totals: totalsOf(readable) };
}
