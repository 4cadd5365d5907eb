import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountFigures } from '../../functions/money/statements/accounts/account-figures.js';
import { runAccountStep } from '../../functions/money/statements/runs/account-step.js';
import { amountToRecoup, planRecoupment, recoupFrom } from '../../shared/contract-recoupment.js';
import { fakeCloud, fakeTable } from '../support/fake-statement-table.js';

/**
 * A contract's advance and recoupable costs are repaid from its payees' earnings under it before
 * anything is payable: whole cents, never below zero, and once whatever deliveries race.
 */

describe('where recoupment starts', () => {
  it('is the advance plus the recoupable part of the costs, half-up to the cent', () => {
    expect(amountToRecoup({ advance: '5000.00', recoupable_costs: '2000.00', recoupable_costs_percent: '50' })).toBe(
      '6000.00',
    );
    expect(amountToRecoup({ advance: '100', recoupable_costs: '0.05', recoupable_costs_percent: '50' })).toBe('100.03');
    expect(amountToRecoup({})).toBe('0.00');
  });

  it('is the opening balance of a contract brought in from another system, in place of the advance', () => {
    expect(amountToRecoup({ advance: '5000.00', opening_balance: '1234.56' })).toBe('1234.56');
    expect(amountToRecoup({ advance: '5000.00', opening_balance: '0' })).toBe('0.00');
  });
});

describe('the standard indie deal, by hand: 50/50 of net receipts after a £5,000 advance', () => {
  // The label's net receipts: £6,000 in the first period, £8,000 in the second. The artist's 50 %
  // is £3,000 then £4,000. The first £5,000 of it repays the advance: nothing payable in the first
  // period (£2,000 still to recoup), then £2,000 recouped and £2,000 payable in the second.
  it('recoups £3,000 then £2,000, and pays £0 then £2,000', () => {
    const first = recoupFrom('5000.00', '3000.000000');
    expect(first).toEqual({ opening: '5000.00', recouped: '3000.00', closing: '2000.00' });
    const second = recoupFrom(first.closing, '4000.000000');
    expect(second).toEqual({ opening: '2000.00', recouped: '2000.00', closing: '0.00' });
    const figures = (royalties: string, recouped: string, opening: string, unrecouped: string) =>
      accountFigures({
        opening_balance: opening,
        royalties,
        rounding_in: '0.000000',
        entries: [],
        expenses: [],
        advances_to_date: '0.00',
        minimum_payout: '0.00',
        currency: 'GBP',
        contracts: { recouped, unrecouped },
      });
    const one = figures('3000.000000', first.recouped, '0.00', first.closing);
    expect(one.figures).toMatchObject({ royalties: '3000.00', recouped: '-3000.00', closing_balance: '0.00' });
    expect(one.figures.payable).toBe('0.00');
    expect(one.not_paid_reasons).toEqual([
      { code: 'unrecouped_advance', text: 'unrecouped advance: £2,000.00 remaining' },
    ]);
    const two = figures('4000.000000', second.recouped, one.figures.closing_balance, second.closing);
    expect(two.figures).toMatchObject({ recouped: '-2000.00', closing_balance: '2000.00', payable: '2000.00' });
  });

  it('recoups costs at 50 % too: £5,000 advance and £2,000 costs make £6,000 to recoup', () => {
    const start = amountToRecoup({ advance: '5000.00', recoupable_costs: '2000.00', recoupable_costs_percent: '50' });
    expect(recoupFrom(start, '7000.000000')).toEqual({ opening: '6000.00', recouped: '6000.00', closing: '0.00' });
  });

  it('leaves a statement without a contract to recoup with the figures it always had', () => {
    const plain = accountFigures({
      opening_balance: '0.00',
      royalties: '10.000000',
      rounding_in: '0.000000',
      entries: [],
      expenses: [],
      advances_to_date: '0.00',
      minimum_payout: '0.00',
      currency: 'GBP',
    });
    expect(plain.figures).not.toHaveProperty('recouped');
  });
});

describe('a recoupment step', () => {
  it('takes whole cents only, never a cent the payee did not earn', () => {
    expect(recoupFrom('100.00', '10.009999')).toEqual({ opening: '100.00', recouped: '10.00', closing: '90.00' });
    expect(recoupFrom('0.00', '10.000000').recouped).toBe('0.00');
  });

  it('recoups nothing from returns and never puts the balance back up', () => {
    expect(recoupFrom('50.00', '-20.000000')).toEqual({ opening: '50.00', recouped: '0.00', closing: '50.00' });
  });

  it('never goes below zero, and recoups what it says, over any run of periods', () => {
    const cents = fc.bigInt({ min: 0n, max: 10_000_000n });
    const micros = fc.bigInt({ min: -5_000_000_000n, max: 5_000_000_000n });
    fc.assert(
      fc.property(cents, fc.array(micros, { maxLength: 12 }), (start, earnings) => {
        const toRecoup = new Big(String(start)).div(100).toFixed(2);
        let balance = toRecoup;
        let recouped = new Big(0);
        let positive = new Big(0);
        for (const e of earnings) {
          const earned = new Big(String(e)).div(1_000_000).toFixed(6);
          const step = recoupFrom(balance, earned);
          expect(new Big(step.closing).gte(0)).toBe(true);
          expect(new Big(step.recouped).gte(0)).toBe(true);
          // Never more than was earned (to the cent below) nor than was left.
          expect(new Big(step.recouped).lte(new Big(earned).gt(0) ? earned : 0)).toBe(true);
          expect(new Big(step.opening).minus(step.recouped).eq(step.closing)).toBe(true);
          expect(/^\d+\.\d{2}$/.test(step.recouped)).toBe(true);
          recouped = recouped.plus(step.recouped);
          if (new Big(earned).gt(0)) positive = positive.plus(new Big(earned).round(2, Big.roundDown));
          balance = step.closing;
        }
        // Σ recouped is exactly what the earnings could repay, capped at what there was to recoup.
        const expected = positive.lt(toRecoup) ? positive : new Big(toRecoup);
        expect(recouped.eq(expected)).toBe(true);
        expect(new Big(balance).eq(new Big(toRecoup).minus(recouped))).toBe(true);
      }),
    );
  });

  it('a correction gives back what the statement it replaces recouped, so its months recoup once', () => {
    const position = { contract_id: 'c1', name: 'Contract with A', to_recoup: '100.00', recouped: '60.00', version: 2 };
    const plan = planRecoupment([position], new Map([['c1', '40.000000']]), new Map([['c1', '60.00']]));
    expect(plan.rows).toEqual([
      { contract_id: 'c1', name: 'Contract with A', opening: '100.00', recouped: '40.00', closing: '60.00' },
    ]);
    expect(plan.writes).toEqual([{ contract_id: 'c1', recouped: '40.00', version: 2 }]);
  });
});

describe('cross-collateralised albums, by hand', () => {
  // Album 1: £3,000 advance; album 2: £2,000 advance; one group, £5,000 to recoup together. Album 2's
  // earnings of £4,000 repay album 1's advance too: £4,000 recouped, £1,000 left for the group.
  const albums = [
    {
      contract_id: 'album1',
      name: 'Contract with A',
      to_recoup: '3000.00',
      recouped: '0.00',
      version: 0,
      group: 'Albums',
    },
    {
      contract_id: 'album2',
      name: 'Contract with A',
      to_recoup: '2000.00',
      recouped: '0.00',
      version: 3,
      group: 'Albums',
    },
  ];

  it('recoups one balance from the earnings under any of them, and writes every contract of the group', () => {
    const plan = planRecoupment(albums, new Map([['album2', '4000.000000']]));
    expect(plan.rows).toEqual([
      {
        contract_id: 'group:Albums',
        name: 'Cross-collateralised contracts: Albums',
        opening: '5000.00',
        recouped: '4000.00',
        closing: '1000.00',
        members: [
          { contract_id: 'album1', recouped: '0.00' },
          { contract_id: 'album2', recouped: '4000.00' },
        ],
      },
    ]);
    // Album 1 is written too (under its version), so another statement recouping the group at once loses.
    expect(plan.writes).toEqual([
      { contract_id: 'album1', recouped: '0.00', version: 0 },
      { contract_id: 'album2', recouped: '4000.00', version: 3 },
    ]);
    // Next period, £1,500 under album 1 repays the last £1,000 of the group: £500 payable.
    const next = planRecoupment(
      [albums[0], { ...albums[1], recouped: '4000.00', version: 4 }],
      new Map([['album1', '1500.000000']]),
    );
    expect(next.rows[0]).toMatchObject({ opening: '1000.00', recouped: '1000.00', closing: '0.00' });
  });

  it('never recoups the group below zero whichever contracts earn (property)', () => {
    const earning = fc.bigInt({ min: -1_000_000_000n, max: 5_000_000_000n });
    fc.assert(
      fc.property(fc.array(fc.tuple(earning, earning), { maxLength: 10 }), (periods) => {
        let positions = albums.map((a) => ({ ...a }));
        let total = new Big(0);
        for (const [one, two] of periods) {
          const earned = new Map([
            ['album1', new Big(String(one)).div(1_000_000).toFixed(6)],
            ['album2', new Big(String(two)).div(1_000_000).toFixed(6)],
          ]);
          const plan = planRecoupment(positions, earned);
          for (const row of plan.rows) {
            expect(new Big(row.closing).gte(0)).toBe(true);
            expect(new Big(row.opening).minus(row.recouped).eq(row.closing)).toBe(true);
            total = total.plus(row.recouped);
          }
          positions = positions.map((p) => {
            const write = plan.writes.find((w) => w.contract_id === p.contract_id);
            return write ? { ...p, recouped: write.recouped, version: p.version + 1 } : p;
          });
        }
        expect(total.lte(5000)).toBe(true);
        expect(positions.reduce((t, p) => t.plus(p.recouped), new Big(0)).eq(total)).toBe(true);
      }),
    );
  });
});

describe('publishing recoups once', () => {
  it('two payees of one contract published at once, each delivered twice, recoup its balance once', async () => {
    const table = fakeTable();
    table.recoupment.set('c1', { to_recoup: '15.00', recouped: '0.00', version: 0 });
    const cloud = fakeCloud({
      accounts: ['a', 'b'],
      table,
      contractEarnings: {
        a: [{ contract_id: 'c1', earned: '10.004000' }],
        b: [{ contract_id: 'c1', earned: '10.004000' }],
      },
    });
    const outcomes = await Promise.all(['a', 'b', 'a', 'b'].map((id) => runAccountStep(cloud.message(id), cloud.deps)));
    expect(outcomes.filter((o) => o === 'published')).toHaveLength(2);
    expect(table.recoupment.get('c1')).toMatchObject({ recouped: '15.00', version: 2 });
    const rows = [...cloud.statements.values()].map((s) => s.contract_recoupment?.[0]);
    // One recouped 10.00 of 15.00, the other the last 5.00, whichever came first.
    expect(rows.map((r) => r?.recouped).sort()).toEqual(['10.00', '5.00']);
    expect(rows.map((r) => r?.closing).sort()).toEqual(['0.00', '5.00']);
    // A delivery replayed after both were published recoups nothing more.
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('done_already');
    expect(table.recoupment.get('c1')).toMatchObject({ recouped: '15.00', version: 2 });
  });

  it('a statement whose contract has nothing to recoup lists no recoupment and moves nothing', async () => {
    const table = fakeTable();
    table.recoupment.set('c1', { to_recoup: '0.00', recouped: '0.00', version: 0 });
    const cloud = fakeCloud({
      accounts: ['a'],
      table,
      contractEarnings: { a: [{ contract_id: 'c1', earned: '1.000000' }] },
    });
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('published');
    expect([...cloud.statements.values()][0].contract_recoupment).toBeUndefined();
    expect(table.recoupment.get('c1')?.version).toBe(0);
  });
});
