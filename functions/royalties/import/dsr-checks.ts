import Big from 'big.js';

/**
 * The checks a DSR's figures must pass against each other, as exact decimals: an
 * amount printed to n places is right "within rounding" when it is within half a unit of its
 * last place of the exact figure.
 */

/** Half a unit of the last decimal place `text` is written to: '1.25' → 0.005, '3' → 0.5. */
export function halfUnit(text: string): Big {
  const places = /\.(\d*)$/.exec(text.trim())?.[1]?.length ?? 0;
  return new Big(5).div(new Big(10).pow(places + 1));
}

/** The decimal in `text`, or null when it is not one (empty, a word, a float's exponent). */
function exact(text: string): Big | null {
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t) ? new Big(t) : null;
}

/** The sum of a multi-valued (`|`) cell, null when a value is not a decimal; empty is zero. */
function sumOf(text: string): Big | null {
  let sum = new Big(0);
  for (const value of text.split('|').filter((v) => v.trim())) {
    const n = exact(value);
    if (n === null) return null;
    sum = sum.plus(n);
  }
  return sum;
}

/** ISRC: country (2 letters), registrant (3 letters or digits), year (2 digits), designation (5 digits). */
export const isIsrc = (value: string) => /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(value);

/** UPC/EAN/GTIN (8, 12, 13 or 14 digits) whose last digit is the GS1 check digit of the others. */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop();
  // Weights 3, 1, 3… from the digit next to the check digit leftwards.
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A date written YYYY, YYYY-MM or YYYY-MM-DD as the first (`start`) or last day it covers, for comparing as text. */
export function dayOf(date: string, edge: 'start' | 'end'): string | null {
  const m = /^(\d{4})(?:-?(\d{2}))?(?:-?(\d{2}))?/.exec(date.trim());
  if (!m) return null;
  const fill = edge === 'start' ? ['01', '01'] : ['12', '31'];
  return `${m[1]}-${m[2] ?? fill[0]}-${m[3] ?? fill[1]}`;
}

/** The figures a record's checks read, by the names the DSR standard gives them. */
export type Figure =
  | 'gross_tx'
  | 'gross_acc'
  | 'deductions_tx'
  | 'deductions_acc'
  | 'net_tx'
  | 'net_acc'
  | 'alloc_rev_tx'
  | 'alloc_rev_acc'
  | 'alloc_net_tx'
  | 'alloc_net_acc';
const NAME: Record<Figure, string> = {
  gross_tx: 'GrossRevenueInCurrencyOfTransaction',
  gross_acc: 'GrossRevenueInCurrencyOfAccounting',
  deductions_tx: 'DeductionsInCurrencyOfTransaction',
  deductions_acc: 'DeductionsInCurrencyOfAccounting',
  net_tx: 'NetRevenueInCurrencyOfTransaction',
  net_acc: 'NetRevenueInCurrencyOfAccounting',
  alloc_rev_tx: 'AllocatedRevenueInCurrencyOfTransaction',
  alloc_rev_acc: 'AllocatedRevenueInCurrencyOfAccounting',
  alloc_net_tx: 'AllocatedNetRevenueInCurrencyOfTransaction',
  alloc_net_acc: 'AllocatedNetRevenueInCurrencyOfAccounting',
};
/** `value` written to as many places as `like` (the figure it is compared with), at least two. */
const shown = (value: Big, like: string) =>
  value.toFixed(Math.max(2, /\.(\d*)$/.exec(like.split('|')[0].trim())?.[1]?.length ?? 0));
const slack = (text: string) =>
  text
    .split('|')
    .filter((v) => v.trim())
    .reduce((sum, v) => sum.plus(halfUnit(v)), new Big(0));

type Base = 'gross' | 'deductions' | 'net' | 'alloc_rev' | 'alloc_net';

/**
 * net = gross − deductions in the currency of the transaction and of accounting, for one SY10
 * (gross, net) or SR08 (allocated revenue, allocated net) record. `what` names the record
 * ("Summary record S1 (line 3)"); each failed check is one sentence naming the figure.
 */
export function netProblems(what: string, get: (figure: Figure) => string, gross: Base, net: Base): string[] {
  const problems: string[] = [];
  for (const currency of ['tx', 'acc'] as const) {
    const [g, d, n] = [`${gross}_${currency}`, `deductions_${currency}`, `${net}_${currency}`] as Figure[];
    const [gText, dText, nText] = [get(g), get(d), get(n)];
    const [gv, dv, nv] = [exact(gText), sumOf(dText), exact(nText)];
    if (gv === null || dv === null || nv === null) continue;
    const expected = gv.minus(dv);
    if (
      expected
        .minus(nv)
        .abs()
        .gt(slack(gText).plus(slack(dText)).plus(slack(nText)))
    )
      problems.push(
        `${what}: ${NAME[n]} is ${nText}, but ${NAME[g]} ${gText} less deductions ${dText} is ${shown(expected, nText)}.`,
      );
  }
  return problems;
}

/**
 * Each amount in the currency of accounting = the one in the currency of the transaction × the
 * exchange rate, within the rounding of both (the amount's last place, and the rate's times the amount).
 */
export function rateProblems(what: string, get: (figure: Figure) => string, bases: Base[], rate: string): string[] {
  const problems: string[] = [];
  const r = exact(rate);
  if (r === null) return problems;
  for (const base of bases) {
    const [txText, accText] = [get(`${base}_tx` as Figure), get(`${base}_acc` as Figure)];
    const [tx, acc] = [sumOf(txText), sumOf(accText)];
    if (!txText.trim() || !accText.trim() || tx === null || acc === null) continue;
    const expected = tx.times(r);
    if (
      expected
        .minus(acc)
        .abs()
        .gt(slack(accText).plus(tx.abs().times(halfUnit(rate))))
    )
      problems.push(
        `${what}: ${NAME[`${base}_acc` as Figure]} is ${accText}, but ${NAME[`${base}_tx` as Figure]} ` +
          `${txText} × exchange rate ${rate} is ${shown(expected, accText)}.`,
      );
  }
  return problems;
}
