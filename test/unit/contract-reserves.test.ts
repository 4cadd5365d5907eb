import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runAccountStep } from '../../functions/money/statements/runs/account-step.js';
import { type HeldReserve, planReserves, reserveHeld } from '../../shared/contract-reserves.js';
import { fakeCloud, fakeTable } from '../support/fake-statement-table.js';

/**
 * Reserves on physical sales: a % held back, released in equal parts over the payee's next
 * statements, none taken on returns, and never more released than was held.
 */
const TERMS = [{ contract_id: 'c1', name: 'Contract with A', percent: '20', release_periods: 4 }];

describe('a reserve held', () => {
  it('is the % of the physical sales, rounded down to the cent', () => {
    expect(reserveHeld('20', '1000.000000')).toBe('200.00');
    expect(reserveHeld('20', '0.049999')).toBe('0.00');
    expect(reserveHeld('33.3333', '10.000000')).toBe('3.33');
  });

  it('is none on returns: a period of returns only holds nothing', () => {
    expect(reserveHeld('20', '-500.000000')).toBe('0.00');
  });
});

describe('20 % reserves released over 4 periods, by hand', () => {
  it('holds £200.00 of £1,000.00 of CD sales, then releases £50.00 on each of the next 4 statements', () => {
    let step = planReserves([], TERMS, new Map([['c1', '1000.000000']]));
    expect(step.rows).toEqual([{ contract_id: 'c1', name: 'Contract with A', held: '200.00', released: '0.00' }]);
    const released: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      step = planReserves(step.outstanding, TERMS, new Map());
      released.push(step.rows[0]?.released ?? 'none');
    }
    expect(released).toEqual(['50.00', '50.00', '50.00', '50.00', 'none']);
    expect(step.outstanding).toEqual([]);
  });

  it('releases a reserve that does not divide evenly in whole cents that add up to it exactly', () => {
    let step = planReserves([], [{ ...TERMS[0], release_periods: 3 }], new Map([['c1', '0.500000']]));
    const parts: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      step = planReserves(step.outstanding, [], new Map());
      parts.push(step.rows[0].released);
    }
    expect(parts).toEqual(['0.03', '0.03', '0.04']);
  });
});

describe('released never exceeds held (property)', () => {
  it('over any run of statements, any sales and returns and any schedule', () => {
    const period = fc.record({
      physical: fc.bigInt({ min: -2_000_000_000n, max: 2_000_000_000n }),
      percent: fc.integer({ min: 0, max: 1_000_000 }),
      release_periods: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(fc.array(period, { maxLength: 30 }), fc.integer({ min: 0, max: 45 }), (periods, tail) => {
        let outstanding: HeldReserve[] = [];
        let held = new Big(0);
        let released = new Big(0);
        const all = [...periods, ...Array.from({ length: tail }, () => null)];
        for (const p of all) {
          const terms = p
            ? [{ ...TERMS[0], percent: new Big(p.percent).div(10_000).toFixed(4), release_periods: p.release_periods }]
            : [];
          const physical = p ? new Big(String(p.physical)).div(1_000_000).toFixed(6) : '0';
          const step = planReserves(outstanding, terms, new Map([['c1', physical]]));
          for (const row of step.rows) {
            expect(new Big(row.held).gte(0) && new Big(row.released).gte(0)).toBe(true);
            // Never more than the % of the sales, and nothing on returns.
            if (p) expect(new Big(row.held).lte(new Big(physical).gt(0) ? physical : 0)).toBe(true);
            held = held.plus(row.held);
            released = released.plus(row.released);
          }
          expect(released.lte(held)).toBe(true);
          // What is still held is exactly what was held less what was released.
          const owed = step.outstanding.reduce((t, r) => t.plus(r.held).minus(r.released), new Big(0));
          expect(owed.eq(held.minus(released))).toBe(true);
          outstanding = step.outstanding;
        }
        // 40 empty statements release everything held.
        if (tail >= 40) expect(released.eq(held)).toBe(true);
      }),
    );
  });
});

describe('publishing', () => {
  it('holds the reserve on the first statement and releases from it on the next, carried by the statements', async () => {
    const table = fakeTable();
    table.recoupment.set('c1', {
      to_recoup: '0.00',
      recouped: '0.00',
      version: 0,
      reserve: { percent: '20', release_periods: 2 },
    });
    const first = fakeCloud({
      accounts: ['a'],
      table,
      runId: 'r1',
      period: ['2026-07', '2026-09'],
      contractEarnings: { a: [{ contract_id: 'c1', earned: '10.004000', physical: '10.004000' }] },
    });
    expect(await runAccountStep(first.message('a'), first.deps)).toBe('published');
    const q3 = [...first.statements.values()][0];
    expect(q3.contract_reserves).toEqual([{ contract_id: 'c1', name: 'Contract c1', held: '2.00', released: '0.00' }]);
    const second = fakeCloud({ accounts: ['a'], table, runId: 'r2', period: ['2026-10', '2026-12'] });
    expect(await runAccountStep(second.message('a'), second.deps)).toBe('published');
    const q4 = [...first.statements.values()].find((s) => s.run_id === 'r2');
    expect(q4?.contract_reserves).toEqual([{ contract_id: 'c1', name: 'Contract c1', held: '0.00', released: '1.00' }]);
    expect(q4?.reserves_outstanding).toEqual([
      { contract_id: 'c1', name: 'Contract c1', held: '2.00', periods: 2, releases: 1, released: '1.00' },
    ]);
  });
});
