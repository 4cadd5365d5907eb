import { describe, expect, it } from 'vitest';
import { fakeCloud } from '../support/fake-statement-table.js';
import {
  accountingPeriod,
  subjectPeriod,
  duePeriod,
  monthEndedBefore,
  periodName,
  periodWords,
} from '../../shared/statement-periods.js';
import { coveredAccounts, dueRuns, scheduledRunId, statedKey } from '../../functions/money/statements/runs/schedule.js';
import { runAccountStep, type AccountStepDeps } from '../../functions/money/statements/runs/account-step.js';
import {
  invoiceNumber,
  statementIdOf,
  statementNumber,
  statementSubject,
} from '../../functions/money/statements/runs/statement-item.js';
import type { StatedPeriod } from '../../functions/data/entities/stated-periods.js';
import type { AccountRef } from '../../shared/schemas/statement-views.js';

describe('statement periods', () => {
  it('names the accounting period as an accountant reads it', () => {
    expect(accountingPeriod({ start_pay_period: '2026-07', end_pay_period: '2026-07' })).toBe('2026-07');
    expect(accountingPeriod({ start_pay_period: '2026-07', end_pay_period: '2026-09' })).toBe('2026-Q3');
    expect(accountingPeriod({ start_pay_period: '2026-01', end_pay_period: '2026-06' })).toBe('2026-H1');
    expect(accountingPeriod({ start_pay_period: '2026-07', end_pay_period: '2026-12' })).toBe('2026-H2');
    expect(accountingPeriod({ start_pay_period: '2026-01', end_pay_period: '2026-12' })).toBe('2026');
    // Not a calendar quarter: the range itself.
    expect(accountingPeriod({ start_pay_period: '2026-02', end_pay_period: '2026-04' })).toBe('2026-02 – 2026-04');
    expect(accountingPeriod({ start_pay_period: '2025-12', end_pay_period: '2026-02' })).toBe('2025-12 – 2026-02');
  });

  it('writes a statement period in words: a quarter, half or year by its name and months, else its months', () => {
    const words = (start_pay_period: string, end_pay_period: string) => ({
      name: periodName({ start_pay_period, end_pay_period }),
      words: periodWords({ start_pay_period, end_pay_period }),
    });
    expect(words('2026-07', '2026-07')).toEqual({ name: 'Jul 2026', words: 'Jul 2026' });
    expect(words('2026-07', '2026-09')).toEqual({ name: 'Q3 2026', words: 'Q3 2026 (Jul 2026 to Sep 2026)' });
    expect(words('2026-01', '2026-06')).toEqual({ name: 'H1 2026', words: 'H1 2026 (Jan 2026 to Jun 2026)' });
    expect(words('2026-01', '2026-12')).toEqual({ name: '2026', words: '2026 (Jan 2026 to Dec 2026)' });
    expect(words('2025-12', '2026-02')).toEqual({ name: 'Dec 2025 to Feb 2026', words: 'Dec 2025 to Feb 2026' });
  });

  it('fills the subject template with the period and numbers statements ST-000001', () => {
    expect(statementSubject('Ann Ö', '2026-Q3')).toBe('Royalty Statement for Ann Ö 2026-Q3');
    // The subject's period: year and period where one fits, word for word; any other span in words.
    const span = (start_pay_period: string, end_pay_period: string) =>
      subjectPeriod({ start_pay_period, end_pay_period });
    expect([
      span('2026-07', '2026-07'),
      span('2026-07', '2026-09'),
      span('2026-01', '2026-06'),
      span('2026-01', '2026-12'),
    ]).toEqual(['2026-07', '2026-Q3', '2026-H1', '2026']);
    expect(span('2026-09', '2026-10')).toBe('Sep 2026 to Oct 2026');
    expect(span('2025-12', '2026-02')).toBe('Dec 2025 to Feb 2026');
    expect(statementNumber(1)).toBe('ST-000001');
    expect(statementNumber(1234567)).toBe('ST-1234567');
    expect(invoiceNumber(1)).toBe('SB-000001');
  });

  it('makes a frequency due after the months that close its period, and "" never', () => {
    const due = (frequency: string, month: string) => duePeriod(frequency, month);
    for (const month of ['2026-01', '2026-02', '2026-12'])
      expect(due('Monthly', month)).toEqual({ start_pay_period: month, end_pay_period: month });
    expect(due('Quarterly', '2026-03')).toEqual({ start_pay_period: '2026-01', end_pay_period: '2026-03' });
    expect(due('Quarterly', '2026-09')).toEqual({ start_pay_period: '2026-07', end_pay_period: '2026-09' });
    for (const month of ['2026-01', '2026-02', '2026-04', '2026-05', '2026-08', '2026-11'])
      expect(due('Quarterly', month)).toBeNull();
    expect(due('Half-yearly', '2026-06')).toEqual({ start_pay_period: '2026-01', end_pay_period: '2026-06' });
    expect(due('Half-yearly', '2026-12')).toEqual({ start_pay_period: '2026-07', end_pay_period: '2026-12' });
    expect(due('Half-yearly', '2026-03')).toBeNull();
    expect(due('Half-yearly', '2026-09')).toBeNull();
    expect(due('Yearly', '2026-12')).toEqual({ start_pay_period: '2026-01', end_pay_period: '2026-12' });
    expect(due('Yearly', '2026-06')).toBeNull();
    for (const month of ['2026-01', '2026-03', '2026-06', '2026-12']) {
      expect(due('', month)).toBeNull();
      expect(duePeriod(undefined, month)).toBeNull();
      expect(due('Weekly', month)).toBeNull();
    }
  });

  it('states the month that ended before the schedule fired', () => {
    expect(monthEndedBefore(new Date('2026-08-01T03:00:00Z'))).toBe('2026-07');
    expect(monthEndedBefore(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12');
  });

  it('groups due accounts by period and leaves out accounts stated for it already', () => {
    const payee = (id: string): AccountRef => ({ type: 'Payee', id });
    const stated = new Set([statedKey('Payee#b', { start_pay_period: '2026-06', end_pay_period: '2026-06' })]);
    const runs = dueRuns(
      '2026-06',
      [
        { account: payee('a'), frequency: 'Monthly' },
        { account: payee('b'), frequency: 'Monthly' },
        { account: payee('c'), frequency: 'Quarterly' },
        { account: payee('d'), frequency: 'Half-yearly' },
        { account: payee('e'), frequency: 'Yearly' },
        { account: payee('f'), frequency: '' },
        { account: payee('g'), frequency: null },
      ],
      stated,
    );
    expect(runs).toEqual([
      { start_pay_period: '2026-06', end_pay_period: '2026-06', accounts: [payee('a')] },
      { start_pay_period: '2026-04', end_pay_period: '2026-06', accounts: [payee('c')] },
      { start_pay_period: '2026-01', end_pay_period: '2026-06', accounts: [payee('d')] },
    ]);
  });

  it('leaves out the accounts a scheduled run of the period holds while it is still publishing', () => {
    const payee = (id: string): AccountRef => ({ type: 'Payee', id });
    const june = { start_pay_period: '2026-06', end_pay_period: '2026-06' };
    // The schedule fired once: its run holds a, b and c; a is published, b and c are not yet.
    const statements = [{ accountKey: 'Payee#a', superseded_by: undefined, ...june }];
    const publishing = {
      scheduled: true,
      status: 'publishing' as const,
      accounts: [payee('a'), payee('b'), payee('c')],
    };
    const monthly = ['a', 'b', 'c', 'd'].map((id) => ({ account: payee(id), frequency: 'Monthly' }));
    // Fired again: only d, which became due after the first run started, gets a run.
    expect(dueRuns('2026-06', monthly, coveredAccounts(statements, [{ ...publishing, ...june }]))).toEqual([
      { ...june, accounts: [payee('d')] },
    ]);
    // A failed run, a hand-made run and another period's run hold nothing back.
    const notHolding = [
      { ...publishing, ...june, status: 'failed' as const },
      { ...publishing, ...june, scheduled: false },
      { ...publishing, start_pay_period: '2026-05', end_pay_period: '2026-05' },
    ];
    expect(dueRuns('2026-06', monthly, coveredAccounts(statements, notHolding))).toEqual([
      { ...june, accounts: [payee('b'), payee('c'), payee('d')] },
    ]);
    // A superseded statement does not count as stated.
    const superseded = [{ ...statements[0], superseded_by: 'later' }];
    expect(dueRuns('2026-06', monthly, coveredAccounts(superseded, []))).toEqual([
      { ...june, accounts: monthly.map((m) => m.account) },
    ]);
  });

  it('names a scheduled run by its period and accounts, so a payee due later gets a run of its own', () => {
    const payee = (id: string): AccountRef => ({ type: 'Payee', id });
    const june = { start_pay_period: '2026-06', end_pay_period: '2026-06' };
    const first = scheduledRunId('payee', { ...june, accounts: [payee('a'), payee('b')] });
    expect(first).toMatch(/^scheduled-payee-2026-06-2026-06-[0-9a-f]{12}$/);
    expect(scheduledRunId('payee', { ...june, accounts: [payee('b'), payee('a')] })).toBe(first);
    expect(scheduledRunId('payee', { ...june, accounts: [payee('c')] })).not.toBe(first);
    expect(
      scheduledRunId('payee', {
        start_pay_period: '2026-05',
        end_pay_period: '2026-05',
        accounts: [payee('a'), payee('b')],
      }),
    ).not.toBe(first);
  });
});

describe('the account step', () => {
  it('makes one statement, one number and consumes its expenses once when its message comes twice', async () => {
    const cloud = fakeCloud({ accounts: ['a'], expenses: { a: ['x1', 'x2'] } });
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('published');
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('done_already');
    expect([...cloud.statements.values()].map((s) => s.number)).toEqual(['ST-000001']);
    expect(cloud.state).toMatchObject({ sequence: 1, done: 1, published: 1 });
    expect([...cloud.consumed.values()]).toEqual(
      [statementIdOf('run1', { type: 'Payee', id: 'a' })].flatMap((id) => [id, id]),
    );
  });

  it('makes one statement and counts it once when the same message is delivered twice at once', async () => {
    const cloud = fakeCloud({ accounts: ['a'], expenses: { a: ['x1'] } });
    const outcomes = await Promise.all([
      runAccountStep(cloud.message('a'), cloud.deps),
      runAccountStep(cloud.message('a'), cloud.deps),
    ]);
    expect(outcomes).toContain('published');
    expect(cloud.statements.size).toBe(1);
    // Mailed once: the second delivery found the documents in hand.
    expect(cloud.mails).toEqual(['ST-000001']);
    expect(cloud.state).toMatchObject({ sequence: 1, done: 1, published: 1 });
    expect(cloud.consumed.size).toBe(1);
  });

  it('takes its own statement, published by a twin delivery between its reads, as its own and not as stated already', async () => {
    const cloud = fakeCloud({ accounts: ['a', 'b'] });
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('published');
    // The twin read "no statement yet" before the first delivery wrote it, then read the account's stated months.
    let reads = 0;
    const late: AccountStepDeps = {
      ...cloud.deps,
      getStatement: async (t, id) => {
        reads += 1;
        return reads === 1 ? null : cloud.deps.getStatement(t, id);
      },
    };
    expect(await runAccountStep(cloud.message('a'), late)).toBe('done_already');
    expect(cloud.state).toMatchObject({ sequence: 1, done: 1, skipped: 0 });
    expect(cloud.run.status).toBe('publishing');
  });

  it('reads its run and its statement in one round trip where its reads can, and nothing more when the run is gone', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const calls: string[] = [];
    const both =
      (runGone = false): AccountStepDeps['getRunAndStatement'] =>
      async (t, r, s) => {
        calls.push('getRunAndStatement');
        return [runGone ? null : await cloud.deps.getRun(t, r), await cloud.deps.getStatement(t, s)];
      };
    const oneRead: AccountStepDeps = {
      ...cloud.deps,
      getRun: async (...args) => {
        calls.push('getRun');
        return cloud.deps.getRun(...args);
      },
      getStatement: async (...args) => {
        calls.push('getStatement');
        return cloud.deps.getStatement(...args);
      },
      getRunAndStatement: both(),
    };
    expect(await runAccountStep(cloud.message('a'), oneRead)).toBe('published');
    expect(calls).toEqual(['getRunAndStatement']);
    expect(cloud.mails).toEqual(['ST-000001']);
    // Delivered again: the one read finds the statement published.
    calls.length = 0;
    expect(await runAccountStep(cloud.message('a'), oneRead)).toBe('done_already');
    expect(calls).toEqual(['getRunAndStatement']);
    calls.length = 0;
    expect(await runAccountStep(cloud.message('a'), { ...oneRead, getRunAndStatement: both(true) })).toBe('no_run');
    expect(calls).toEqual(['getRunAndStatement']);
    expect(cloud.state).toMatchObject({ sequence: 1, done: 1, published: 1 });
  });

  it('numbers many accounts racing for numbers without a gap or a repeat', async () => {
    const accounts = Array.from({ length: 25 }, (_, i) => `p${i}`);
    const cloud = fakeCloud({ accounts });
    await Promise.all(
      accounts.flatMap((id) => [
        runAccountStep(cloud.message(id), cloud.deps),
        runAccountStep(cloud.message(id), cloud.deps),
      ]),
    );
    const numbers = [...cloud.statements.values()].map((s) => s.number).sort();
    expect(numbers).toEqual(accounts.map((_, i) => statementNumber(i + 1)));
    expect(cloud.state).toMatchObject({ sequence: 25, done: 25, published: 1 });
  });

  it('gives an expense two accounts would both take to the first statement only', async () => {
    const cloud = fakeCloud({ accounts: ['a', 'b'], expenses: { a: ['shared'], b: ['shared', 'own'] } });
    await Promise.all([runAccountStep(cloud.message('a'), cloud.deps), runAccountStep(cloud.message('b'), cloud.deps)]);
    expect(cloud.consumed.size).toBe(2);
    expect(new Set(cloud.consumed.values()).size).toBeLessThanOrEqual(2);
    expect(cloud.statements.size).toBe(2);
  });

  it('finishes a statement a dead delivery numbered but did not finish, counting it once', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const failing = { ...cloud.deps, documents: async () => Promise.reject(new Error('renderer died')) };
    await expect(runAccountStep(cloud.message('a'), failing)).rejects.toThrow('renderer died');
    expect([...cloud.statements.values()][0]).toMatchObject({ number: 'ST-000001', queue_status: 'queued' });
    expect(cloud.state.done).toBe(0);
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('finished');
    expect(cloud.state).toMatchObject({ sequence: 1, done: 1, published: 1 });
  });

  it('tells the documents what it read while numbering (the CSV, the holder, the payments) only when it numbered', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const told: unknown[] = [];
    const telling = (fail: boolean): AccountStepDeps => ({
      ...cloud.deps,
      documents: async (statement, { mail, ...read }) => {
        told.push({ csvStored: read.csvStored, email: read.holder?.email, payments: read.payments });
        if (fail) throw new Error('renderer died');
        return cloud.deps.documents(statement, { mail, ...read });
      },
    });
    // The delivery that numbers the statement read the record (the publish step stored the CSV), the holder and
    // the entries it carries.
    await expect(runAccountStep(cloud.message('a'), telling(true))).rejects.toThrow('renderer died');
    // The next one finds the statement numbered and reads none of them: the documents read for themselves.
    expect(await runAccountStep(cloud.message('a'), telling(false))).toBe('finished');
    expect(told).toEqual([
      { csvStored: true, email: 'a@example.com', payments: [] },
      { csvStored: undefined, email: undefined, payments: undefined },
    ]);
  });

  it('keeps on the statement who its PDF names: the sender and label of its record, the holder’s e-mail and address', async () => {
    const cloud = fakeCloud({ accounts: ['a', 'b'] });
    const sender = {
      name: 'Sender Records',
      address: '1 Quay Street',
      email: 'office@example.test',
      vat_number: 'GB1',
    };
    const keeping: AccountStepDeps = {
      ...cloud.deps,
      readAccountRecord: async (run, account) => ({
        ...(await cloud.deps.readAccountRecord(run, account)),
        ...(account.id === 'a' ? { sender, label_name: 'Own Label' } : {}),
      }),
    };
    await runAccountStep(cloud.message('a'), keeping);
    await runAccountStep(cloud.message('b'), keeping);
    const [a, b] = ['a', 'b'].map((id) => [...cloud.statements.values()].find((s) => s.accountKey === `Payee#${id}`));
    // The holder as numbering read it (a@example.com), not the run's earlier read of the account (a@example.test).
    // A self-billing invoice names its supplier with the address and VAT number the holder had then.
    expect(a?.names).toEqual({
      sender,
      payee_email: 'a@example.com',
      payee_address: '1 a Road',
      payee_vat_number: null,
      label_name: 'Own Label',
    });
    // A record written before it kept the sender: the statement keeps nothing, its documents read afresh.
    expect(b?.names).toBeUndefined();
  });

  it('holds the documents claim from its own write: it claims nothing, and a twin finding it written waits', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const claims: boolean[] = [];
    const counting: AccountStepDeps = {
      ...cloud.deps,
      claim: async (tenantId, statementId) => {
        const held = await cloud.deps.claim(tenantId, statementId);
        claims.push(held);
        return held;
      },
      documents: async (statement, options) => {
        // A twin delivered while this one makes the documents: the statement is there, claimed by its writer.
        expect(await runAccountStep(cloud.message('a'), counting)).toBe('documents_in_hand');
        return cloud.deps.documents(statement, options);
      },
    };
    expect(await runAccountStep(cloud.message('a'), counting)).toBe('published');
    expect(claims).toEqual([false]);
    expect(cloud.mails).toEqual(['ST-000001']);
  });

  it('reads the statement back when its write does not hand it back', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    let reads = 0;
    const deps: AccountStepDeps = {
      ...cloud.deps,
      publish: async (publication) => ({ outcome: (await cloud.deps.publish(publication)).outcome }),
      getStatement: async (...args) => {
        reads += 1;
        return cloud.deps.getStatement(...args);
      },
    };
    expect(await runAccountStep(cloud.message('a'), deps)).toBe('published');
    // Once before numbering (none yet), once after its write.
    expect(reads).toBe(2);
    expect(cloud.mails).toEqual(['ST-000001']);
  });

  it('tells the documents only the record when another delivery wrote the statement first', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const told: unknown[] = [];
    // A twin delivery writes the statement between this one's reads and its write, then stops: this one's write finds
    // it there and, the twin's claim stale, makes its documents.
    let twinWrote = false;
    const racing: AccountStepDeps = {
      ...cloud.deps,
      claim: async () => true,
      publish: async (publication) => {
        if (!twinWrote) {
          twinWrote = true;
          await cloud.deps.publish(publication);
        }
        return cloud.deps.publish(publication);
      },
      documents: async (statement, { mail, ...read }) => {
        told.push(Object.keys(read).filter((k) => read[k as keyof typeof read] !== undefined));
        return cloud.deps.documents(statement, { mail, ...read });
      },
    };
    expect(await runAccountStep(cloud.message('a'), racing)).toBe('published');
    expect(told).toEqual([['csvStored']]);
  });

  it('publishes nothing for a run that is not publishing (failed)', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    cloud.run.status = 'failed';
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('run_not_publishing');
    expect(cloud.statements.size).toBe(0);
  });
});

describe('an account stated once per pay period', () => {
  const inForce = (number: string, start: string, end: string): StatedPeriod => ({
    statement_id: `other-${number}`,
    number,
    start_pay_period: start,
    end_pay_period: end,
  });

  it('leaves out an account another statement states for an overlapping month, and the run finishes', async () => {
    const cloud = fakeCloud({ accounts: ['a', 'b'] });
    // The run states 2026-07..09; another run's statement covers 2026-09 for account a.
    cloud.guards.set('Payee#a', { version: 1, periods: [inForce('ST-000009', '2026-09', '2026-09')] });
    cloud.state.sequence = 9;
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('already_stated');
    expect(await runAccountStep(cloud.message('b'), cloud.deps)).toBe('published');
    expect([...cloud.statements.values()].map((s) => s.accountKey)).toEqual(['Payee#b']);
    expect(cloud.state).toMatchObject({ sequence: 10, done: 1, skipped: 1, published: 1 });
    expect(cloud.run.status).toBe('published');
  });

  it('counts a skipped account once when its message comes again', async () => {
    const cloud = fakeCloud({ accounts: ['a', 'b'] });
    cloud.guards.set('Payee#a', { version: 1, periods: [inForce('ST-000001', '2026-07', '2026-09')] });
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('already_stated');
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('already_stated');
    expect(cloud.state).toMatchObject({ skipped: 1, published: 0 });
    expect(cloud.run.status).toBe('publishing');
  });

  it('states a month next to a stated one (ranges that do not overlap)', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    cloud.guards.set('Payee#a', { version: 3, periods: [inForce('ST-000001', '2026-04', '2026-06')] });
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('published');
    expect(cloud.guards.get('Payee#a')?.periods.map((p) => p.start_pay_period)).toEqual(['2026-04', '2026-07']);
    expect(cloud.guards.get('Payee#a')?.version).toBe(4);
  });

  it('loses the write to a statement published between its read and its write, reads again and skips', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    let raced = false;
    const deps: AccountStepDeps = {
      ...cloud.deps,
      publish: async (publication) => {
        if (!raced) {
          // Another run's statement for 2026-08 is written after this step found the months free.
          raced = true;
          cloud.guards.set('Payee#a', { version: 1, periods: [inForce('ST-000005', '2026-08', '2026-08')] });
        }
        return cloud.deps.publish(publication);
      },
    };
    expect(await runAccountStep(cloud.message('a'), deps)).toBe('already_stated');
    expect(cloud.statements.size).toBe(0);
    expect(cloud.state).toMatchObject({ sequence: 0, skipped: 1 });
  });

  it('finishes a statement a correction replaced before it was made without mailing it', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const failing = { ...cloud.deps, documents: async () => Promise.reject(new Error('killed')) };
    await expect(runAccountStep(cloud.message('a'), failing)).rejects.toThrow('killed');
    const [statement] = [...cloud.statements.values()];
    cloud.statements.set(statement.statementId, { ...statement, superseded_by: 'correction' });
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('finished');
    expect(cloud.documented).toEqual(['ST-000001']);
    expect(cloud.mails).toEqual([]);
    expect(cloud.state).toMatchObject({ done: 1, published: 1 });
  });

  it('publishes a run whose last account was finished by a delivery that died before counting', async () => {
    const cloud = fakeCloud({ accounts: ['a'] });
    const dying = {
      ...cloud.deps,
      counted: async () => Promise.reject(new Error('killed after the write')),
    };
    await expect(runAccountStep(cloud.message('a'), dying)).rejects.toThrow('killed after the write');
    expect(cloud.run.status).toBe('publishing');
    expect(await runAccountStep(cloud.message('a'), cloud.deps)).toBe('done_already');
    expect(cloud.run.status).toBe('published');
    expect(cloud.mails).toEqual(['ST-000001']);
  });
});
