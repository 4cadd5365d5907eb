import { describe, expect, it } from 'vitest';
import { prorationPence } from '../../functions/billing/local/change-plan.js';

describe('a plan change charged pro rata', () => {
  const period = { start: 1_000, end: 1_000 + 30 * 86_400 };
  it('charges the new price less the old for the share of the period still to run, half up', () => {
    expect(prorationPence(2900, 19900, period, period.start)).toBe(17000);
    expect(prorationPence(2900, 19900, period, period.start + 15 * 86_400)).toBe(8500);
    // 17000 × 1/3 = 5666.67 → 5667
    expect(prorationPence(2900, 19900, period, period.start + 20 * 86_400)).toBe(5667);
  });
  it('charges nothing once the period is over, and credits a cheaper plan', () => {
    expect(prorationPence(2900, 19900, period, period.end + 1)).toBe(0);
    expect(prorationPence(19900, 2900, period, period.start + 15 * 86_400)).toBe(-8500);
    expect(prorationPence(2900, 19900, { start: 5, end: 5 }, 5)).toBe(0);
  });
});
