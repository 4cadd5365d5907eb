import { describe, expect, it } from 'vitest';
import {
  capSummaryRows,
  STATEMENT_ITEM_BUDGET_BYTES,
  SUMMARY_ROWS_KEPT,
  summariesWithinBudget,
} from '../../functions/money/statements/runs/capped-summaries.js';
import { exactFromUnits, unitsFromExact } from '../../functions/royalties/ledger/units.js';
import { roundRowsToTotal } from '../../shared/money.js';
import type { StatementSummaries, SummaryRow } from '../../shared/schemas/statement-views.js';

/** `count` rows of a dimension, amounts that do not round evenly (some negative: returns). */
function rows(count: number, label: (i: number) => string): SummaryRow[] {
  return Array.from({ length: count }, (_, i) => ({
    value: `V${i}`,
    label: label(i),
    lines: 1 + (i % 3),
    quantity: 2 + (i % 5),
    amount: exactFromUnits(BigInt(((i * 7919) % 10_000_007) - (i % 11 === 0 ? 5_000_000 : 0))),
  }));
}

const unitsOf = (table: readonly SummaryRow[]) => table.reduce((t, r) => t + unitsFromExact(r.amount), 0n);

describe('a statement’s summaries capped to fit its item', () => {
  it('keeps the largest rows in the table’s own order and folds the rest into one row that keeps the sums', () => {
    const table = rows(20_000, (i) => `Track ${i}`);
    const capped = capSummaryRows('track', table, SUMMARY_ROWS_KEPT);
    expect(capped).toHaveLength(SUMMARY_ROWS_KEPT + 1);
    const other = capped[SUMMARY_ROWS_KEPT];
    expect(other).toMatchObject({ value: null, label: '19,900 other tracks', others: 19_900 });
    // Exact to the millionth, and the lines and quantities all counted.
    expect(unitsOf(capped)).toBe(unitsOf(table));
    expect(capped.reduce((t, r) => t + r.lines, 0)).toBe(table.reduce((t, r) => t + r.lines, 0));
    expect(capped.reduce((t, r) => t + r.quantity, 0)).toBe(table.reduce((t, r) => t + r.quantity, 0));
    // As printed: the same total to the cent, by the one rounding rule the tables use.
    expect(roundRowsToTotal(capped.map((r) => r.amount)).total).toBe(
      roundRowsToTotal(table.map((r) => r.amount)).total,
    );
    // The kept rows are the 100 largest, in the order they came.
    const kept = capped.slice(0, SUMMARY_ROWS_KEPT);
    const smallestKept = kept.reduce(
      (m, r) => (unitsFromExact(r.amount) < m ? unitsFromExact(r.amount) : m),
      10n ** 18n,
    );
    const folded = table.filter((r) => !kept.some((k) => k.value === r.value));
    expect(folded.every((r) => unitsFromExact(r.amount) <= smallestKept)).toBe(true);
    const positions = kept.map((r) => table.indexOf(table.find((t) => t.value === r.value) as SummaryRow));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('leaves a table of up to one row over the cap whole, and names one folded row in the singular', () => {
    const short = rows(SUMMARY_ROWS_KEPT + 1, (i) => `Store ${i}`);
    expect(capSummaryRows('store', short, SUMMARY_ROWS_KEPT)).toEqual(short);
    const two = capSummaryRows('territory', rows(3, String), 1);
    expect(two.map((r) => r.label)).toEqual([expect.any(String), '2 other territories']);
    expect(capSummaryRows('term', rows(3, String), 2)).toEqual(rows(3, String));
    expect(capSummaryRows('period', rows(4, String), 2)[2]?.label).toBe('2 other months');
  });

  it('keeps an item of 20,000 tracks, stores and territories with long titles under the budget', () => {
    const long = (i: number) => `${'A very long title of a track that goes on and on '.repeat(4)}${i} (GBAAA${i})`;
    const summaries: StatementSummaries = {
      track: rows(20_000, long),
      release: rows(20_000, long),
      store: rows(20_000, (i) => `Store ${i}`),
      territory: rows(20_000, (i) => `T${i}`),
      period: rows(12, (i) => `2026-${String(i + 1).padStart(2, '0')}`),
    };
    // The whole tables would not fit: that is why they are capped.
    expect(Buffer.byteLength(JSON.stringify(summaries))).toBeGreaterThan(400 * 1024);
    const item = summariesWithinBudget(summaries, (capped) => ({ id: 'x', summaries: capped }));
    expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThanOrEqual(STATEMENT_ITEM_BUDGET_BYTES);
    for (const [dimension, table] of Object.entries(summaries)) {
      const capped = item.summaries[dimension as keyof StatementSummaries] ?? [];
      expect(unitsOf(capped)).toBe(unitsOf(table));
    }
    // Twelve months are never folded.
    expect(item.summaries.period).toHaveLength(12);
  });
});
