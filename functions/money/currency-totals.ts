import Big from 'big.js';
import { money } from '../../shared/schemas/money.js';
import type { Money } from '../../shared/schemas/statement-views.js';

/**
 * Figures added up per currency, exactly, the currencies in alphabetical order: amounts in pounds and in euros are
 * never one figure (a company whose currency changed keeps its older statements in the old one). Each of `figures`
 * reads one figure of a row ('0' where the row does not count towards it).
 */
export function totalsByCurrency<R extends { currency: string }, F extends string>(
  rows: readonly R[],
  figures: Record<F, (row: R) => string>,
): ({ currency: string } & Record<F, Money>)[] {
  const names = Object.keys(figures) as F[];
  const sums = new Map<string, Map<F, Big>>();
  for (const row of rows) {
    const own = sums.get(row.currency) ?? new Map(names.map((name) => [name, new Big(0)]));
    for (const name of names) own.set(name, (own.get(name) ?? new Big(0)).plus(figures[name](row)));
    sums.set(row.currency, own);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([currency, own]) =>
        ({
          currency,
          ...Object.fromEntries(names.map((name) => [name, money(own.get(name) ?? new Big(0))])),
        }) as { currency: string } & Record<F, Money>,
    );
}
