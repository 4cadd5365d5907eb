import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runAccountStep } from '../../functions/money/statements/runs/account-step.js';
import { reserveNumbers } from '../../functions/money/statements/runs/reserve-numbers.js';
import { statementNumber } from '../../functions/money/statements/runs/statement-item.js';
import { fakeCloud, fakeTable } from '../support/fake-statement-table.js';

/**
 * A publishing run reserves its statements' numbers once, in the accounts' order, before any account
 * step runs (each number written into the account's guard with its months, in the write that moves
 * the sequence): the steps never race for the sequence, and the numbers stay gapless whatever comes
 * between the reservation and the steps.
 */
const refs = (ids: string[]) => ids.map((id) => ({ type: 'Payee' as const, id }));
const numbersOf = (statements: Map<string, { number: string; accountKey: string }>) =>
  [...statements.values()].map((s) => s.number).sort();
const gapless = (count: number) => Array.from({ length: count }, (_, i) => statementNumber(i + 1));

/** `fn` wrapped to count its calls (`calls`), answering as it does. */
function counted<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const counter = {
    calls: 0,
    fn: async (...args: A): Promise<R> => {
      counter.calls += 1;
      return fn(...args);
    },
  };
  return counter;
}

describe('statement numbers reserved at publish', () => {
  it('numbers the accounts in their order, whatever order their steps run in, moving the sequence once', async () => {
    const accounts = ['a', 'b', 'c', 'd'];
    const cloud = fakeCloud({ accounts });
    const reservations = counted(cloud.reserveDeps.reserve);
    await reserveNumbers(cloud.run, refs(accounts), { ...cloud.reserveDeps, reserve: reservations.fn });
    expect(reservations.calls).toBe(1);
    expect(cloud.state.sequence).toBe(4);
    let sequenceReads = 0;
    const steps = {
      ...cloud.deps,
      readSequence: async () => {
        sequenceReads += 1;
        return cloud.state.sequence;
      },
    };
    for (const id of [...accounts].reverse()) expect(await runAccountStep(cloud.message(id), steps)).toBe('published');
    expect(sequenceReads).toBe(0);
    const byAccount = Object.fromEntries([...cloud.statements.values()].map((s) => [s.accountKey, s.number]));
    expect(byAccount).toEqual({
      'Payee#a': 'ST-000001',
      'Payee#b': 'ST-000002',
      'Payee#c': 'ST-000003',
      'Payee#d': 'ST-000004',
    });
    expect(cloud.state).toMatchObject({ sequence: 4, done: 4, published: 1 });
  });

  it('reads a reserved statement once, before writing it (the write gives it back as stored); a twin that wrote it meanwhile is its own', async () => {
    const cloud = fakeCloud({ accounts: ['a', 'b'] });
    await reserveNumbers(cloud.run, refs(['a', 'b']), cloud.reserveDeps);
    const reads = counted(cloud.deps.getStatement);
    expect(await runAccountStep(cloud.message('a'), { ...cloud.deps, getStatement: reads.fn })).toBe('published');
    expect(reads.calls).toBe(1);
    // The twin read "no statement yet" before the first delivery wrote it: its write finds it, and it is counted once.
    let twinReads = 0;
    const twin = {
      ...cloud.deps,
      getStatement: async (...args: Parameters<typeof cloud.deps.getStatement>) => {
        twinReads += 1;
        return twinReads === 1 ? null : cloud.deps.getStatement(...args);
      },
    };
    expect(await runAccountStep(cloud.message('a'), twin)).toBe('done_already');
    expect(numbersOf(cloud.statements)).toEqual(['ST-000001']);
    expect(cloud.state).toMatchObject({ sequence: 2, done: 1, skipped: 0 });
  });

  it('reserves in blocks of at most 98 accounts, in order, and nothing more when the publish step runs again', async () => {
    const accounts = Array.from({ length: 200 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const cloud = fakeCloud({ accounts });
    await reserveNumbers(cloud.run, refs(accounts), cloud.reserveDeps);
    await reserveNumbers(cloud.run, refs(accounts), cloud.reserveDeps);
    expect(cloud.state.sequence).toBe(200);
    expect(cloud.guards.get('Payee#p000')?.periods[0].number).toBe('ST-000001');
    expect(cloud.guards.get('Payee#p199')?.periods[0].number).toBe('ST-000200');
  });

  it("reads every account's stated periods once for all its blocks, and a refused block its own again", async () => {
    const accounts = Array.from({ length: 200 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const cloud = fakeCloud({ accounts });
    const reads = counted(cloud.reserveDeps.readStated);
    let refusals = 1;
    const reserve: typeof cloud.reserveDeps.reserve = async (...args) =>
      refusals-- > 0 ? 'number_taken' : cloud.reserveDeps.reserve(...args);
    await reserveNumbers(cloud.run, refs(accounts), { ...cloud.reserveDeps, readStated: reads.fn, reserve });
    // One read for the 200 (three blocks), one more for the block refused once.
    expect(reads.calls).toBe(2);
    expect(cloud.state.sequence).toBe(200);
  });

  it('leaves out before numbering an account another statement states already, so its number is not lost', async () => {
    const table = fakeTable();
    const earlier = fakeCloud({ accounts: ['b'], table, runId: 'earlier', period: ['2026-08', '2026-08'] });
    expect(await runAccountStep(earlier.message('b'), earlier.deps)).toBe('published');
    const cloud = fakeCloud({ accounts: ['a', 'b', 'c'], table });
    await reserveNumbers(cloud.run, refs(['a', 'b', 'c']), cloud.reserveDeps);
    for (const id of ['a', 'b', 'c']) await runAccountStep(cloud.message(id), cloud.deps);
    expect(numbersOf(table.statements)).toEqual(gapless(3));
    expect(cloud.state).toMatchObject({ done: 2, skipped: 1, published: 1 });
  });

  it('keeps an account’s reserved number from another run that reaches the account first: that run leaves it out', async () => {
    const table = fakeTable();
    const cloud = fakeCloud({ accounts: ['a', 'b'], table });
    await reserveNumbers(cloud.run, refs(['a', 'b']), cloud.reserveDeps);
    // A run for one month of the quarter, numbering the old way, reaches account b before b’s own step.
    const other = fakeCloud({ accounts: ['b'], table, runId: 'other', period: ['2026-08', '2026-08'] });
    expect(await runAccountStep(other.message('b'), other.deps)).toBe('already_stated');
    for (const id of ['b', 'a']) expect(await runAccountStep(cloud.message(id), cloud.deps)).toBe('published');
    expect(numbersOf(table.statements)).toEqual(gapless(2));
    expect(other.state).toMatchObject({ skipped: 1 });
  });

  it('ends gapless after a kill between the reservation and the steps, even when the run failed meanwhile', async () => {
    const table = fakeTable();
    const cloud = fakeCloud({ accounts: ['a', 'b', 'c'], table });
    await reserveNumbers(cloud.run, refs(['a', 'b', 'c']), cloud.reserveDeps);
    // Killed here: no step ran. Another statement of the company is numbered after the block meanwhile.
    const later = fakeCloud({ accounts: ['z'], table, runId: 'later' });
    expect(await runAccountStep(later.message('z'), later.deps)).toBe('published');
    expect(table.statements.get([...table.statements.keys()][0])?.number).toBe('ST-000004');
    cloud.run.status = 'failed';
    // Resumed: the reserved numbers are given out, so their statements are made.
    for (const id of ['c', 'a', 'b']) expect(await runAccountStep(cloud.message(id), cloud.deps)).toBe('published');
    expect(numbersOf(table.statements)).toEqual(gapless(4));
    expect(table.mails.sort()).toEqual(gapless(4));
  });

  it('stays gapless and states each month once when reserving runs and their steps race with other runs', async () => {
    const periods: [string, string][] = [
      ['2026-07', '2026-07'],
      ['2026-07', '2026-09'],
      ['2026-08', '2026-10'],
    ];
    const plan = fc.array(
      fc.record({
        period: fc.constantFrom(...periods),
        accounts: fc.subarray(['a', 'b', 'c', 'd'], { minLength: 1 }),
        reserves: fc.boolean(),
      }),
      { minLength: 2, maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(plan, fc.array(fc.nat(), { minLength: 30, maxLength: 30 }), async (specs, order) => {
        const table = fakeTable();
        const runs = specs.map((spec, i) => ({
          spec,
          cloud: fakeCloud({ accounts: spec.accounts, period: spec.period, runId: `run${i}`, table }),
        }));
        // Each run: its reservation (when it reserves) and then its steps; the runs interleave at every await.
        await Promise.all(
          runs.map(async ({ spec, cloud }, i) => {
            if (spec.reserves) await reserveNumbers(cloud.run, refs(spec.accounts), cloud.reserveDeps);
            const turn = order[i % order.length] % spec.accounts.length;
            const ids = [...spec.accounts.slice(turn), ...spec.accounts.slice(0, turn)];
            await Promise.all(ids.map((id) => runAccountStep(cloud.message(id), cloud.deps)));
          }),
        );
        expect(numbersOf(table.statements)).toEqual(gapless(table.statements.size));
        expect(table.numbering.sequence).toBe(table.statements.size);
        for (const { cloud } of runs) expect(cloud.run.status).toBe('published');
        const byAccount = new Map<string, { start_pay_period: string; end_pay_period: string }[]>();
        for (const s of table.statements.values())
          byAccount.set(s.accountKey, [...(byAccount.get(s.accountKey) ?? []), s]);
        for (const stated of byAccount.values())
          for (const [i, a] of stated.entries())
            for (const b of stated.slice(i + 1))
              expect(a.start_pay_period <= b.end_pay_period && b.start_pay_period <= a.end_pay_period).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});
