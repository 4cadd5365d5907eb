import Big from 'big.js';

/** Σ of money strings, exact, as a 2-decimal string. */
export const sumMoney = (values: readonly string[]) =>
  values.reduce((total, v) => total.plus(v), new Big(0)).toFixed(2);

/**
 * Rows grouped by a key (compared as JSON, so a key may be a tuple), each group's rows in the order given: the
 * registers' sums per payee and currency, or per currency, never across currencies.
 */
export function groupsOf<Row, K>(rows: readonly Row[], key: (row: Row) => K): { key: K; rows: Row[] }[] {
  const found = new Map<string, { key: K; rows: Row[] }>();
  for (const row of rows) {
    const id = JSON.stringify(key(row));
    const group = found.get(id) ?? { key: key(row), rows: [] };
    group.rows.push(row);
    found.set(id, group);
  }
  return [...found.values()];
}
