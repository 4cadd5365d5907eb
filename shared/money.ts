import Big from 'big.js';
import { money as centsText } from './schemas/money.js';

/**
 * Money as every screen, PDF and mail shows it, from the platform's number formatting (en-GB:
 * grouped thousands, a point before the decimals). The sign is the company's or the statement's
 * currency, never a default one: GBP as "£", USD as "$", any other currency by its code and a
 * space ("EUR 1,234.56"), which is what EUR amounts have always looked like here; without a
 * currency the amount stands alone. A negative amount puts its minus before the sign ("-£1.50").
 *
 * Amounts arrive as exact decimal strings (6 decimals in the ledger) and are rounded with big.js
 * (half away from zero) before formatting; the rounded text goes to Intl as a string, so an
 * amount beyond a float's 15–17 digits is never rounded through a float.
 */
export type MoneyPrecision = 'cents' | 'exact';

/** Decimals shown: to the cent where a person reads an amount, to the millionth where a page says it is exact. */
const PLACES: Record<MoneyPrecision, number> = { cents: 2, exact: 6 };

/** The currencies shown by their sign; every other is shown by its code. */
const BY_SIGN = new Set(['GBP', 'USD']);

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string | null, places: number): Intl.NumberFormat {
  const key = `${currency ?? ''}:${places}`;
  const known = formatters.get(key);
  if (known) return known;
  const digits = { minimumFractionDigits: places, maximumFractionDigits: places };
  let made: Intl.NumberFormat;
  try {
    made = currency
      ? new Intl.NumberFormat('en-GB', {
          style: 'currency',
          currency,
          currencyDisplay: BY_SIGN.has(currency) ? 'narrowSymbol' : 'code',
          ...digits,
        })
      : new Intl.NumberFormat('en-GB', digits);
  } catch {
    // Not a currency code the platform knows: the number alone, the code written before it below.
    made = new Intl.NumberFormat('en-GB', digits);
  }
  formatters.set(key, made);
  return made;
}

/** A decimal string or number as an exact big.js value; anything unreadable counts as zero. */
function decimal(value: string | number | null | undefined): Big {
  if (value === null || value === undefined) return new Big(0);
  const text = String(value).trim();
  try {
    return text === '' ? new Big(0) : new Big(text);
  } catch {
    return new Big(0);
  }
}

/** The exact decimal text Intl reads without a float (Intl takes numeric strings as exact decimals). */
type Numeric = `${number}`;

/** An amount as money: `formatMoney('-1234.5', 'GBP')` → "-£1,234.50"; `{ precision: 'exact' }` keeps 6 decimals. */
export function formatMoney(
  value: string | number | null | undefined,
  currency: string | null | undefined,
  { precision = 'cents' }: { precision?: MoneyPrecision } = {},
): string {
  const places = PLACES[precision];
  // To the cent through the one rounding rule every stored money figure is rounded with, so a screen and a statement
  // never round the same amount two ways.
  const rounded =
    precision === 'cents' ? new Big(centsText(decimal(value))) : decimal(value).round(places, Big.roundHalfUp);
  // A sum that rounds to nothing is shown without a minus.
  const text = (rounded.eq(0) ? '0' : rounded.toFixed(places)) as Numeric;
  const code = (currency ?? '').trim().toUpperCase() || null;
  const f = formatter(code, places);
  // Intl separates a code from the number with a no-break space; the product has always shown a plain one.
  const shown = f.format(text as unknown as number).replace(/\u00a0/g, ' ');
  if (!code || f.resolvedOptions().style === 'currency') return shown;
  return shown.startsWith('-') ? `-${code} ${shown.slice(1)}` : `${code} ${shown}`;
}

/**
 * Amounts kept per currency, written as one figure: "EUR 1,234.56 + £21.00", each in its own currency, never added
 * together. A currency whose amount is nought is left out; with none left, nought in `otherwise` (the page's currency).
 */
export function formatMoneyByCurrency<K extends string>(
  totals: readonly ({ currency: string } & Record<K, string>)[],
  figure: K,
  otherwise: string | null | undefined,
): string {
  const some = totals.filter((t) => !decimal(t[figure]).eq(0));
  if (!some.length) return formatMoney('0', otherwise);
  return some.map((t) => formatMoney(t[figure], t.currency)).join(' + ');
}

/** A plain amount with grouped thousands and fixed decimals, no currency: "1,234.567891". */
export function formatDecimal(value: string | number | null | undefined, precision: MoneyPrecision = 'exact'): string {
  return formatMoney(value, null, { precision });
}

/**
 * A currency named on its own (a company's, a payment's): its code in capitals, "GBP", "EUR", as every page names a
 * currency by itself; empty without one. Amounts carry the sign instead (`formatMoney`).
 */
export function currencyCode(currency: string | null | undefined): string {
  return (currency ?? '').trim().toUpperCase();
}

/** The sign a currency is shown with: "£", "$", else its code ("EUR"); empty without one. */
export function currencySign(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  if (!code) return '';
  return formatMoney('0', code).replace(/[-\d.,\s]/g, '') || code;
}

/**
 * A table's rows and its total as printed, to the cent, so the rows add up to the total:
 * the total is the exact sum rounded (half away from zero); each row is first cut down to the
 * cent below, and the cents still missing go one each to the rows that lost the most (the
 * earlier row first on a tie). Every row stays within a cent of its exact amount. Exact amounts
 * stay as they are in the stored statement; only what is printed is rounded this way. `stated`, when given, is the
 * total instead: a whole-cent figure within a cent of the exact sum (roundRowsToStated).
 */
export function roundRowsToTotal(amounts: readonly string[], stated?: Big): { rows: string[]; total: string } {
  const exact = amounts.map((a) => decimal(a));
  const total = stated ?? exact.reduce((sum, a) => sum.plus(a), new Big(0)).round(2, Big.roundHalfUp);
  // big.js has no floor: round toward zero, then a step down for negatives that went up.
  const floors = exact.map((a) => {
    const down = a.round(2, Big.roundDown);
    return down.gt(a) ? down.minus('0.01') : down;
  });
  const missing = Number(
    total
      .minus(floors.reduce((sum, f) => sum.plus(f), new Big(0)))
      .times(100)
      .toFixed(0),
  );
  const order = exact
    .map((a, i) => ({ i, lost: a.minus(floors[i] ?? 0) }))
    .sort((x, y) => y.lost.cmp(x.lost) || x.i - y.i);
  const rows = [...floors];
  for (const { i } of order.slice(0, Math.max(0, missing))) rows[i] = (rows[i] ?? new Big(0)).plus('0.01');
  return { rows: rows.map(centsText), total: centsText(total) };
}

/**
 * A statement table's rows (by store, by month, the sources …) printed to add up to the statement's own royalties
 * when they are its royalties. The statement rounds its royalties once, with the rounding the account's previous
 * statement carried out (less than half a cent), so its figure can be a cent from the rows' own rounded sum: £10.00
 * stated for rows of exactly 10.005. The rows then share out the stated figure by largest remainder, each still
 * within a cent of its exact amount. Rows whose exact sum is not within a cent of `stated` (another column's amounts)
 * add up to their own rounded sum, as roundRowsToTotal does.
 */
export function roundRowsToStated(amounts: readonly string[], stated: string): { rows: string[]; total: string } {
  const sum = amounts.reduce((total, a) => total.plus(decimal(a)), new Big(0));
  const target = decimal(stated);
  return sum.minus(target).abs().lt('0.01') ? roundRowsToTotal(amounts, target) : roundRowsToTotal(amounts);
}

/** An exact amount with its sign turned, as many decimals as it had ("120.00" → "-120.00"; zero stays as it is). */
export function negatedAmount(value: string): string {
  const amount = new Big(value);
  if (amount.eq(0)) return value;
  return amount.times(-1).toFixed(value.split('.')[1]?.length ?? 0);
}
