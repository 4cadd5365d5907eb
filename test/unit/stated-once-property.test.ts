import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runAccountStep } from '../../functions/money/statements/runs/account-step.js';
import { statementIdOf, statementNumber } from '../../functions/money/statements/runs/statement-item.js';
import { fakeCloud, fakeTable } from '../support/fake-statement-table.js';

/**
 * Stated once, whatever happens: random runs of one company over overlapping periods, their
 * account messages delivered in any order, several at once, twice, or cut off by a crash (while
 * the PDF is made, with the claim on the documents left held; or after the statement was finished,
 * before it was counted), restarts that give held claims back (as the local cloud's start
 * does), and corrections of finished statements (a run stating the same months again in the
 * statement's place). Then everything is delivered once more, as the resumers would. However it went:
 *  - no month of an account is stated by two statements in force (a corrected one is replaced);
 *  - statement numbers are given once each, with no gap;
 *  - every statement is finished, with its documents, and mailed exactly once;
 *  - every run is published, each account counted once: stated by it, or left out because
 *    another statement states one of its months.
 * That what is paid never exceeds what was stated is the same kind of test on the payment side
 * (paid-once.test.ts).
 */
const ACCOUNTS = ['a', 'b', 'c'];
const PERIODS: [string, string][] = [
  ['2026-07', '2026-07'],
  ['2026-07', '2026-09'],
  ['2026-08', '2026-08'],
  ['2026-09', '2026-11'],
  ['2026-10', '2026-10'],
];

const runSpec = fc.record({
  period: fc.constantFrom(...PERIODS),
  accounts: fc.subarray(ACCOUNTS, { minLength: 1 }),
});
const delivery = fc.record({
  run: fc.nat(),
  account: fc.nat(),
  crash: fc.constantFrom('none', 'none', 'while_making_documents', 'before_counting'),
});
type Delivery = { run: number; account: number; crash: string };
type Step = Delivery[] | 'restart' | { correct: number };
/** One step: some deliveries at the same time, or a restart. */
const step = fc.oneof(
  { weight: 5, arbitrary: fc.array(delivery, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant('restart' as const) },
  { weight: 1, arbitrary: fc.record({ correct: fc.nat() }) },
);

const overlaps = (a: { start_pay_period: string; end_pay_period: string }, b: typeof a) =>
  a.start_pay_period <= b.end_pay_period && b.start_pay_period <= a.end_pay_period;

async function play(given: { period: [string, string]; accounts: string[] }[], steps: Step[]) {
  const specs = [...given];
  const table = fakeTable();
  const runs = specs.map((spec, i) =>
    fakeCloud({ accounts: spec.accounts, period: spec.period, runId: `run${i}`, table }),
  );
  const restart = () => {
    for (const [id, statement] of table.statements)
      if (statement.queue_status === 'generating') table.statements.set(id, { ...statement, queue_status: 'queued' });
  };
  const deliver = (d: Delivery) => {
    const run = runs[d.run % runs.length];
    const accounts = specs[d.run % runs.length].accounts;
    const message = run.message(accounts[d.account % accounts.length]);
    if (d.crash === 'while_making_documents')
      return runAccountStep(message, {
        ...run.deps,
        documents: async () => Promise.reject(new Error('killed')),
        // The process died: nothing gives the claim back until the cloud starts again.
        release: async () => {},
      });
    if (d.crash === 'before_counting')
      return runAccountStep(message, { ...run.deps, counted: async () => Promise.reject(new Error('killed')) });
    return runAccountStep(message, run.deps);
  };
  const corrected = new Set<string>();
  /** A correction of a finished statement in force (as the statement page offers it), once per statement. */
  const correct = (pick: number) => {
    const open = [...table.statements.values()].filter(
      (s) => s.queue_status === 'published' && !s.superseded_by && !corrected.has(s.statementId),
    );
    if (!open.length) return;
    const replaced = open[pick % open.length];
    corrected.add(replaced.statementId);
    const account = replaced.accountKey.replace('Payee#', '');
    const spec = {
      period: [replaced.start_pay_period, replaced.end_pay_period] as [string, string],
      accounts: [account],
    };
    const run = fakeCloud({ ...spec, runId: `correction${runs.length}`, table });
    run.run.replaces_id = replaced.statementId;
    specs.push(spec);
    runs.push(run);
  };
  for (const s of steps) {
    if (s === 'restart') restart();
    else if ('correct' in s) correct(s.correct);
    else await Promise.allSettled(s.map(deliver));
  }
  // Started again: every message delivered once more, then once more again (a re-delivery).
  restart();
  for (let round = 0; round < 2; round += 1)
    for (const [i, spec] of specs.entries())
      for (const account of spec.accounts.keys()) await deliver({ run: i, account, crash: 'none' });
  return { table, runs, specs };
}

describe('statement runs, whatever crashes, races and re-deliveries', () => {
  it('state each month of an account once, number once, finish and mail each statement once, and finish every run', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(runSpec, { minLength: 1, maxLength: 4 }),
        fc.array(step, { maxLength: 20 }),
        async (specs, steps) => {
          const { table, runs, specs: played } = await play(specs, steps);
          const statements = [...table.statements.values()];

          for (const account of ACCOUNTS) {
            const ofAccount = statements.filter((s) => s.accountKey === `Payee#${account}` && !s.superseded_by);
            for (const [i, a] of ofAccount.entries())
              for (const b of ofAccount.slice(i + 1)) expect(overlaps(a, b), `${a.number} and ${b.number}`).toBe(false);
          }

          const numbers = statements.map((s) => s.number).sort();
          expect(numbers).toEqual(Array.from({ length: statements.length }, (_, i) => statementNumber(i + 1)));
          expect(table.numbering.sequence).toBe(statements.length);

          for (const statement of statements) {
            expect(statement.queue_status).toBe('published');
            expect(table.mails.filter((n) => n === statement.number)).toEqual([statement.number]);
          }

          for (const [i, run] of runs.entries()) {
            expect(run.run.status).toBe('published');
            expect(run.state.done + run.state.skipped).toBe(played[i].accounts.length);
            for (const account of played[i].accounts) {
              const own = table.statements.get(statementIdOf(run.run.runId, { type: 'Payee', id: account }));
              const statedElsewhere = statements.some(
                (s) => s.accountKey === `Payee#${account}` && s.run_id !== run.run.runId && overlaps(s, run.run),
              );
              expect(Boolean(own) || statedElsewhere).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
