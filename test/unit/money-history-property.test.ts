import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { latestInForce, latestStated } from '../../functions/data/access/accounts.js';
import { paymentEntryFor } from '../../functions/data/access/statements.js';
import type { StatementItem } from '../../functions/data/entities/statements.js';
import { accountOwes, whyNotPayable } from '../../functions/money/payments/due-rule.js';
import { paymentEntryAmount } from '../../functions/money/payments/payment-figures.js';
import { assembleAccount } from '../../functions/money/statements/accounts/assemble.js';
import { lateMoney } from '../../functions/money/statements/accounts/not-yet-stated.js';
import { openingBalance } from '../../functions/money/statements/accounts/pending.js';
import { runAccountStep } from '../../functions/money/statements/runs/account-step.js';
import type { AccountRecord } from '../../functions/money/statements/runs/statement-item.js';
import type { AccountRef } from '../../shared/schemas/statement-views.js';
import { fakeCloud, fakeTable, type FakeTable } from '../support/fake-statement-table.js';

/**
 * Money stated once and paid once, whatever happens: one random history of a company interleaves
 * statement runs over overlapping periods (their account messages raced, repeated and cut off by
 * crashes, restarts giving held claims back), royalty lines imported late into months already
 * stated, corrections of finished statements, and payments of what the one due rule says is owed
 * (read, then written only while the statements are still unpaid and in force and no statement of
 * the account was numbered since the read, as the payment's write is). Then everything is delivered again and what is due is paid. However it went, for
 * every account:
 *  - no month is stated by two statements in force;
 *  - every royalty line is on at most one statement in force; a line in months a statement in
 *    force covers but does not carry is exactly what the not-yet-stated rule lists for it;
 *  - a payment never brings what was paid above the royalties stated (in force) when it is made;
 *  - every statement in force made after the statements of its earlier months closes at the
 *    royalties stated up to its months less the payments carried up to them, and a last statement
 *    after all the others holds everything still owed: nothing asked for twice, nothing lost.
 *
 * The real account step, statement assembly (opening balance, carried entries, figures), due rule
 * and late-money rule run here; only their reads and writes are the in-memory table
 * (fake-statement-table.ts, whose publish keeps the transaction's conditions). The engine's
 * earnings are modelled: an account's royalties for some months are the sum of its lines in them,
 * taken when the run (or correction) starts, as the real publish step stores them.
 */
const world = vi.hoisted(() => ({ table: undefined as unknown as FakeTable }));
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

vi.mock('../../functions/data/access/accounts.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../functions/data/access/accounts.js')>();
  const ofAccount = (key: string) => [...world.table.statements.values()].filter((s) => s.accountKey === key);
  return {
    ...actual,
    statementsOfAccount: async (_tenantId: string, key: string) => {
      await tick();
      return ofAccount(key).map((s) => ({ ...s }));
    },
    entriesOfAccount: async (_tenantId: string, key: string) => {
      await tick();
      return world.table.entries.filter((e) => e.accountKey === key).map((e) => ({ ...e }));
    },
    accountHolder: async (_tenantId: string, account: AccountRef) => ({
      name: `Payee ${account.id}`,
      email: null,
      minimum_payout: account.id === 'b' ? '50.00' : null,
      self_billing: false,
      vat_registered: false,
      vat_rate: null,
    }),
    companyAccountTerms: async () => ({ currency: 'GBP', self_billing: false }),
  };
});
vi.mock('../../functions/data/access/expenses.js', () => ({ expensesOfAccount: async () => [] }));

const ACCOUNTS = ['a', 'b'];
const MONTHS = ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'];
const PERIODS: [string, string][] = [
  ['2026-07', '2026-07'],
  ['2026-07', '2026-09'],
  ['2026-08', '2026-08'],
  ['2026-09', '2026-11'],
  ['2026-10', '2026-10'],
  ['2026-11', '2026-11'],
];

type Line = { id: string; account: string; month: string; amount: string };
type RunSpec = { period: [string, string]; accounts: string[] };
type Delivery = { run: number; account: number; crash: string };
type Pay = { pay: number };
type Step = (Delivery | Pay)[] | 'restart' | { correct: number } | { late: Omit<Line, 'id'> } | { start: RunSpec };

const amount = fc
  .integer({ min: -2_000_000, max: 90_000_000 })
  .map((micros) => new Big(micros).div(1_000_000).toFixed(6));
const lineSpec = fc.record({ account: fc.constantFrom(...ACCOUNTS), month: fc.constantFrom(...MONTHS), amount });
const runSpec = fc.record({
  period: fc.constantFrom(...PERIODS),
  accounts: fc.subarray(ACCOUNTS, { minLength: 1 }),
});
const delivery = fc.record({
  run: fc.nat(),
  account: fc.nat(),
  crash: fc.constantFrom('none', 'none', 'while_making_documents', 'before_counting'),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(
      fc.oneof({ weight: 2, arbitrary: delivery }, { weight: 1, arbitrary: fc.record({ pay: fc.nat() }) }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
  },
  { weight: 1, arbitrary: fc.constant('restart' as const) },
  { weight: 2, arbitrary: fc.record({ correct: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ late: lineSpec }) },
  { weight: 2, arbitrary: fc.record({ start: runSpec }) },
);

const overlaps = (a: { start_pay_period: string; end_pay_period: string }, b: typeof a) =>
  a.start_pay_period <= b.end_pay_period && b.start_pay_period <= a.end_pay_period;
const within = (month: string, s: { start_pay_period: string; end_pay_period: string }) =>
  s.start_pay_period <= month && month <= s.end_pay_period;
const sum = (values: readonly string[]) => values.reduce((total, v) => total.plus(v), new Big(0));
const keyOf = (account: string) => `Payee#${account}`;

async function play(initialLines: Omit<Line, 'id'>[], given: RunSpec[], steps: readonly Step[]) {
  const table = fakeTable();
  world.table = table;
  const lines: Line[] = [];
  const addLine = (line: Omit<Line, 'id'>) => lines.push({ ...line, id: `L${lines.length + 1}` });
  for (const line of initialLines) addLine(line);
  /** The lines each run's account record holds, by run and account: what the engine gave when the run started. */
  const recorded = new Map<string, Line[]>();
  const specs: RunSpec[] = [];
  const runs: ReturnType<typeof fakeCloud>[] = [];
  const start = (spec: RunSpec, runId: string) => {
    const run = fakeCloud({ accounts: spec.accounts, period: spec.period, runId, table });
    for (const account of spec.accounts)
      recorded.set(
        `${runId} ${account}`,
        lines.filter((l) => l.account === account && within(l.month, run.run)),
      );
    specs.push(spec);
    runs.push(run);
    return run;
  };
  for (const [i, spec] of given.entries()) start(spec, `run${i}`);
  const readAccountRecord = async (run: { runId: string }, account: AccountRef): Promise<AccountRecord> => {
    const held = recorded.get(`${run.runId} ${account.id}`) ?? [];
    const total = sum(held.map((l) => l.amount)).toFixed(6);
    return {
      earnings: {
        account,
        name: `Payee ${account.id}`,
        email: `${account.id}@example.test`,
        lines: held.length,
        quantity: held.length,
        royalties: total,
        aggregator_fee: '0',
        label_ids: [],
      },
      summaries: {},
      provenance: [],
      lines: held.length,
      lines_total: total,
      graphs: false,
      currency: 'GBP',
    };
  };
  const restart = () => {
    for (const [id, statement] of table.statements)
      if (statement.queue_status === 'generating') table.statements.set(id, { ...statement, queue_status: 'queued' });
  };
  const deliver = (d: Delivery) => {
    const run = runs[d.run % runs.length];
    const accounts = specs[d.run % runs.length].accounts;
    const message = run.message(accounts[d.account % accounts.length]);
    const deps = { ...run.deps, readAccountRecord, assemble: assembleAccount };
    if (d.crash === 'while_making_documents')
      return runAccountStep(message, {
        ...deps,
        documents: async () => Promise.reject(new Error('killed')),
        // The process died: nothing gives the claim back until the cloud starts again.
        release: async () => {},
      });
    if (d.crash === 'before_counting')
      return runAccountStep(message, { ...deps, counted: async () => Promise.reject(new Error('killed')) });
    return runAccountStep(message, deps);
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
    const run = start(
      { period: [replaced.start_pay_period, replaced.end_pay_period], accounts: [replaced.accountKey.slice(6)] },
      `correction${runs.length}`,
    );
    run.run.replaces_id = replaced.statementId;
  };

  let overpaid = false;
  const statementsOf = (account: string) =>
    [...table.statements.values()].filter((s) => s.accountKey === keyOf(account));
  const inForce = (account: string) =>
    statementsOf(account).filter((s) => !s.superseded_by && s.queue_status === 'published');
  const paidOf = (account: string) =>
    sum(table.entries.filter((e) => e.accountKey === keyOf(account)).map((e) => e.amount)).neg();
  // Stated once numbered, finished or not: a statement's money is fixed by the write that numbers it.
  const earnedOf = (account: string) =>
    sum(
      statementsOf(account)
        .filter((s) => !s.superseded_by)
        .map((s) => s.figures.royalties),
    );
  /**
   * Pays what the account owes by the one due rule (as the payments due list offers it), read
   * first; written, all or nothing, only while each statement is still unpaid and not corrected.
   */
  const pay = async (account: string) => {
    const key = keyOf(account);
    const guardVersion = () => table.guards.get(key)?.version ?? 0;
    const version = guardVersion();
    const { due, carried } = accountOwes(
      statementsOf(account).map((s) => ({ ...s })),
      table.entries.filter((e) => e.accountKey === key).map((e) => ({ ...e })),
    );
    if (!due.length) return;
    await tick();
    const now = [...due, ...carried].map((s) => table.statements.get(s.statementId));
    if (now.some((s) => !s || s.paid || s.superseded_by)) return;
    // As the payment's write is: only while no statement of the account was numbered since the read.
    if (guardVersion() !== version) return;
    for (const statement of due) {
      const entryAmount = paymentEntryAmount(statement.figures.payable);
      if (entryAmount)
        table.entries.push(
          paymentEntryFor(
            statement,
            { payment_date: '2026-12-15', payment_method: null, payment_reference: null },
            entryAmount,
            'user',
          ) as (typeof table.entries)[number],
        );
    }
    for (const s of [...due, ...carried]) {
      const stored = table.statements.get(s.statementId) as StatementItem;
      table.statements.set(s.statementId, { ...stored, paid: true });
    }
    // Paying never brings what was paid above the royalties stated so far.
    if (paidOf(account).gt(earnedOf(account))) overpaid = true;
  };

  for (const s of steps) {
    if (s === 'restart') restart();
    else if ('correct' in s) correct(s.correct);
    else if ('late' in s) addLine(s.late);
    else if ('start' in s) start(s.start, `run${runs.length}`);
    else
      await Promise.allSettled(
        s.map((item) => ('pay' in item ? pay(ACCOUNTS[item.pay % ACCOUNTS.length]) : deliver(item))),
      );
  }
  // Started again: every message delivered once more, then once more again (a re-delivery); then what is due is paid.
  restart();
  for (let round = 0; round < 2; round += 1)
    for (const [i, spec] of specs.entries())
      for (const account of spec.accounts.keys()) await deliver({ run: i, account, crash: 'none' });
  // A statement of the month after every other, and what is due paid: it must hold everything still owed.
  const last = start({ period: ['2026-12', '2026-12'], accounts: ACCOUNTS }, 'last');
  for (const account of ACCOUNTS.keys()) await deliver({ run: runs.indexOf(last), account, crash: 'none' });
  for (const account of ACCOUNTS) await pay(account);
  return { table, lines, recorded, overpaid, inForce };
}

describe('a random money history (runs, crashes, late lines, corrections, payments, restarts)', () => {
  it('states each month and each line once, lists every late line, never pays more than was stated and closes every statement at what is owed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineSpec, { maxLength: 12 }),
        fc.array(runSpec, { minLength: 1, maxLength: 3 }),
        fc.array(step, { maxLength: 30 }),
        async (initial, specs, steps) => {
          const { table, lines, recorded, overpaid, inForce } = await play(initial, specs, steps);
          expect(overpaid, 'a payment took what was paid above what was stated').toBe(false);
          for (const account of ACCOUNTS) {
            const current = inForce(account);
            for (const [i, a] of current.entries())
              for (const b of current.slice(i + 1)) expect(overlaps(a, b), `${a.number} and ${b.number}`).toBe(false);

            // Every line once: on the statement in force covering its month, or listed as not yet stated there.
            const own = lines.filter((l) => l.account === account);
            const carriedBy = (s: StatementItem) => recorded.get(`${s.run_id} ${account}`) ?? [];
            for (const line of own) {
              const stating = current.filter((s) => carriedBy(s).some((l) => l.id === line.id));
              expect(stating.length, `line ${line.id} stated twice`).toBeLessThanOrEqual(1);
              if (stating.length) expect(within(line.month, stating[0])).toBe(true);
            }
            for (const statement of current) {
              const now = own.filter((l) => within(l.month, statement));
              const notCarried = now.filter((l) => !carriedBy(statement).some((c) => c.id === l.id));
              const listed = lateMoney(statement, {
                lines: now.length,
                royalties: sum(now.map((l) => l.amount)).toFixed(6),
              });
              const expected = notCarried.length
                ? { lines: notCarried.length, amount: sum(notCarried.map((l) => l.amount)).toFixed(6) }
                : null;
              expect(listed, `late lines of ${statement.number}`).toEqual(expected);
            }

            // Each statement closes at what is still owed up to it. (That paying never went above what was
            // stated is checked at each payment: a later statement's rounding may take a cent back after.)
            for (const statement of current) {
              const upTo = current.filter((s) => s.end_pay_period <= statement.end_pay_period);
              // A published statement never changes: one made before an earlier month was stated is settled by the next.
              if (upTo.some((s) => s.number > statement.number)) continue;
              const upToIds = new Set(upTo.map((s) => s.statementId));
              const carriedPayments = table.entries.filter(
                (e) => e.accountKey === keyOf(account) && e.statement_id && upToIds.has(e.statement_id),
              );
              const owed = sum(upTo.map((s) => s.figures.royalties)).plus(sum(carriedPayments.map((e) => e.amount)));
              expect(
                new Big(statement.figures.closing_balance).eq(owed),
                `${statement.number} closes at ${statement.figures.closing_balance}, owed ${owed.toFixed(2)}`,
              ).toBe(true);
            }
          }
        },
      ),
      { numRuns: Number(process.env.NUMRUNS ?? 400), ...(process.env.SEED ? { seed: Number(process.env.SEED) } : {}) },
    );
  }, 60_000);
});

/** The rules such histories found broken, one example each. */
describe('money stated out of period order, unfinished or corrected', () => {
  const st = (statementId: string, end: string, opening: string, closing: string, extra: object = {}) => ({
    statementId,
    number: `ST-${statementId}`,
    end_pay_period: end,
    version: 1,
    queue_status: 'published' as const,
    paid: false,
    figures: { opening_balance: opening, closing_balance: closing, payable: closing },
    ...extra,
  });

  it('opens with the previous closing balance when the statements were made in order', () => {
    const statements = [st('jul', '2026-07', '0.00', '100.00'), st('aug', '2026-08', '100.00', '130.00')];
    expect(openingBalance(statements, '2026-09')).toBe('130.00');
    expect(openingBalance(statements, '2026-07')).toBe('0.00');
  });

  it('opens with the money of an earlier month stated after a later one, and of a correction stating late lines', () => {
    // November was stated before July: its closing never held July's 100.00.
    const outOfOrder = [st('nov', '2026-11', '0.00', '20.00'), st('jul', '2026-07', '0.00', '100.00')];
    expect(openingBalance(outOfOrder, '2026-12')).toBe('120.00');
    // July corrected (late lines: 105.00) after August had opened with its first version's 100.00.
    const corrected = [
      st('jul', '2026-07', '0.00', '100.00', { superseded_by: 'jul2' }),
      st('jul2', '2026-07', '0.00', '105.00', { version: 2 }),
      st('aug', '2026-08', '100.00', '130.00'),
    ];
    expect(openingBalance(corrected, '2026-09')).toBe('135.00');
    // A correction of August opens as August did, whatever August's own figures.
    expect(openingBalance(corrected, '2026-08', 'aug')).toBe('105.00');
  });

  it('opens with a statement whose documents are still being made, which the account pages do not show yet', () => {
    const statements = [
      st('jul', '2026-07', '0.00', '100.00'),
      st('aug', '2026-08', '100.00', '130.00', { queue_status: 'queued' }),
    ];
    expect(latestStated(statements)?.statementId).toBe('aug');
    expect(latestInForce(statements)?.statementId).toBe('jul');
    expect(openingBalance(statements, '2026-09')).toBe('130.00');
  });

  it('never pays a correction of a paid statement: it asks for those months again without their payment', () => {
    const paid = st('jul', '2026-07', '0.00', '100.00', { paid: true, superseded_by: 'jul2' });
    const correction = st('jul2', '2026-07', '0.00', '105.00', { number: 'ST-2', version: 2 });
    const payment = { kind: 'payment', paid_statement_id: 'jul' };
    expect(whyNotPayable(correction, [paid, correction], [payment])).toBe(
      'Statement ST-2 corrects statement ST-jul, which was paid already: the next statement settles the difference',
    );
    expect(accountOwes([paid, correction], [payment])).toMatchObject({ due: [], refused: [{ statement: correction }] });
    // The next statement carries the payment and opens with the correction's balance: 5.00 more is owed.
    const august = st('aug', '2026-08', '105.00', '5.00');
    const carried = { ...payment, statement_id: 'aug' };
    expect(accountOwes([paid, correction, august], [carried]).due).toEqual([august]);
  });
});
