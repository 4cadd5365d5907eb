import { describe, expect, it } from 'vitest';
import type { OpeningBalanceCheck } from '../../../../../shared/schemas/opening-balances';
import { andMore, base64Of, problemText, problemWhere } from '../../../components/file-import';
import { importLabel, importStatusWords, problemsHeader, totalsWords } from './opening-balances-model';

const check = (extra: Partial<OpeningBalanceCheck>): OpeningBalanceCheck =>
  ({ problems: [], more_problems: 0, entries: 0, ...extra }) as OpeningBalanceCheck;

describe('the opening balances page words', () => {
  it('totals each currency as money with its rows, one row a row', () => {
    expect(
      totalsWords([
        { currency: 'GBP', total: '950.05', rows: 2 },
        { currency: 'EUR', total: '10', rows: 1 },
      ]),
    ).toBe('£950.05 (2 rows) · EUR 10.00 (1 row)');
    expect(totalsWords([])).toBe('-');
  });

  it('says what became of an imported file, and how to finish one stopped part-way', () => {
    expect(importStatusWords('complete')).toBe('Imported');
    expect(importStatusWords('importing')).toBe('Stopped part-way: import the same file again to finish it');
  });

  it('names where each problem is', () => {
    expect(problemWhere({ row: 4, column: 'balance', message: '' })).toBe('Row 4, balance');
    expect(problemWhere({ row: null, column: null, message: '' })).toBe('The file');
    expect(problemText({ row: null, column: null, message: 'This file was imported on 2026-03-05' })).toBe(
      'This file was imported on 5th Mar 2026',
    );
  });

  it('counts every problem, listed or not', () => {
    const problem = { row: 2, column: 'payee', message: 'x' };
    expect(problemsHeader(check({ problems: [problem], more_problems: 0 }))).toMatch(/^1 problem:/);
    expect(problemsHeader(check({ problems: [problem, problem], more_problems: 12 }))).toMatch(/^14 problems:/);
    expect(andMore(12, 'problems')).toBe('and 12 more problems');
    expect(andMore(0, 'problems')).toBe('');
    expect(importLabel(check({ entries: 1 }))).toBe('Import 1 balance');
  });

  it('sends the file as base64, byte for byte', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
