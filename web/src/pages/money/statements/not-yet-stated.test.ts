import { describe, expect, it } from 'vitest';
import type { NotYetStated } from '../../../../../shared/schemas/statement-views';
import { lateRowWords } from './not-yet-stated';

const row = (start: string, end: string, lines: number, amount: string): NotYetStated =>
  ({
    statement_id: 's1',
    number: 'ST-000001',
    account: { type: 'Payee', id: 'p1' },
    name: 'Aurora Vale',
    start_pay_period: start,
    end_pay_period: end,
    lines,
    amount,
  }) as NotYetStated;

describe('late sales not yet stated', () => {
  it('names the statement’s months as the statements do, not as stored', () => {
    expect(lateRowWords(row('2026-01', '2026-03', 3, '1.500000'), 'GBP').period).toBe('Jan 2026 to Mar 2026');
    expect(lateRowWords(row('2026-09', '2026-09', 1, '0.250000'), 'GBP').period).toBe('Sep 2026');
  });

  it('counts the lines and shows the money in the company’s currency', () => {
    expect(lateRowWords(row('2026-01', '2026-03', 3, '1.500000'), 'GBP').sales).toBe('3 lines, £1.50');
    expect(lateRowWords(row('2026-01', '2026-03', 1, '2.000000'), 'EUR').sales).toBe('1 line, EUR 2.00');
  });
});
