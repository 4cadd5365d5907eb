import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { handRunOf } from '../support/published-statements.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * An account is stated once per pay period, whatever runs race for it, and a run whose accounts
 * another run stated finishes cleanly. The account step is driven by hand against the local
 * cloud (as the worker would run it), so the interleaving is the test's, not the queue's.
 */
const stamp = Date.now();
const PERIOD: [string, string] = ['2026-07', '2026-07'];
let company: OwnCompany;
let payees: { id: string; name: string; email: string }[];

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    access: await import('../../functions/data/access/statements.js'),
    step: await import('../../functions/money/statements/runs/account-step.js'),
    deps: (await import('../../functions/money/statements/runs/account-deps.js')).accountStepDeps,
    objects: await import('../../functions/lib/bucket-objects.js'),
    keys: await import('../../functions/money/statements/statement-keys.js'),
    publish: await import('../../functions/money/statements/runs/publish.js'),
    service: await import('../../functions/data/service.js'),
    clients: await import('../../functions/lib/clients.js'),
  };
};

/**
 * A run publishing `accounts` for `range` (each earning 10.00), its account records and CSVs stored
 * as its publish step would store them, and its manifest when `manifest`. Nothing queued.
 */
const handRun = (accounts: typeof payees, range: [string, string], options: { manifest?: boolean } = {}) =>
  handRunOf(
    company.companyId,
    company.manager.id,
    accounts.map((payee) => ({ type: 'Payee' as const, ...payee })),
    range,
    '10.000000',
    options,
  );

/**
 * Sets attributes on a stored item around ElectroDB (which would stamp updatedAt itself), as an
 * older version of the product or the passing of time would have left it.
 */
async function setAround(get: { params(): object }, values: Record<string, string>) {
  const { clients } = await modules();
  const { Key, TableName } = get.params() as { Key: Record<string, string>; TableName: string };
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const names = Object.keys(values);
  await clients.dynamoClient().send(
    new UpdateCommand({
      TableName,
      Key,
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
    }),
  );
}

/** The account's statements in force (no correction replaced them). */
async function inForce(payee: { id: string }) {
  const { access } = await modules();
  return (await access.statementsOfAccount(company.companyId, `Payee#${payee.id}`)).filter((s) => !s.superseded_by);
}

const mailsTo = async (email: string) =>
  ((await call('GET', `/_local/outbox?to=${encodeURIComponent(email)}`)).body.mails as { to: string }[]).filter(
    (m) => m.to === email,
  );

const runOf = async (runId: string) => (await company.api.get(`/statement_runs/${runId}`)).body.statement_run;

beforeAll(async () => {
  company = await ownCompany('Stated once');
  payees = [];
  for (let i = 0; i < 6; i += 1) {
    const email = `stated.${stamp}.${i}@example.test`;
    const made = await company.api.post('/payees', { name: `Stated ${stamp} ${i}`, email });
    expect(made.status).toBe(201);
    payees.push({ id: made.body.payee.id, name: `Stated ${stamp} ${i}`, email });
  }
}, 120_000);

// One race told in steps: the two runs race, their messages come again, then a third run comes for the same period.
describe('two runs for one period published at once', { shuffle: false }, () => {
  let first: Awaited<ReturnType<typeof handRun>>;
  let second: Awaited<ReturnType<typeof handRun>>;

  it('states every account once; the run that lost each race counts it as stated already and finishes', async () => {
    const { step, deps } = await modules();
    first = await handRun(payees, PERIOD);
    // The second run covers the first's month inside a quarter: overlapping ranges collide too.
    second = await handRun(payees, ['2026-06', '2026-08']);
    const outcomes = await Promise.all(
      first.messages.flatMap((message, i) => [
        step.runAccountStep(message, deps),
        step.runAccountStep(second.messages[i], deps),
      ]),
    );
    expect(outcomes.filter((o) => o === 'published')).toHaveLength(payees.length);
    expect(outcomes.filter((o) => o === 'already_stated')).toHaveLength(payees.length);
    for (const payee of payees) {
      expect(await inForce(payee)).toHaveLength(1);
      expect(await mailsTo(payee.email)).toHaveLength(1);
    }
    const runs = [await runOf(first.runId), await runOf(second.runId)];
    for (const run of runs) expect(run).toMatchObject({ status: 'published', progress: 100, total: payees.length });
    expect(runs[0].done + runs[1].done).toBe(payees.length);
    expect(runs[0].skipped + runs[1].skipped).toBe(payees.length);
    expect(runs[0].done + runs[0].skipped).toBe(payees.length);
    // Published, a run's account records and CSVs are gone (each statement keeps its own CSV), so a
    // statement's lines are not stored twice.
    const { clients, keys, objects } = await modules();
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    for (const run of [first, second]) {
      const left = await clients.s3Client().send(
        new ListObjectsV2Command({
          Bucket: keys.statementsBucket(),
          Prefix: keys.runKeys.accounts(company.companyId, run.runId),
        }),
      );
      expect(left.KeyCount ?? 0).toBe(0);
    }
    for (const payee of payees) {
      const [statement] = await inForce(payee);
      const csv = await objects.getBytes(
        keys.statementsBucket(),
        keys.statementKeys.csv(company.companyId, statement.statementId),
      );
      expect(csv?.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('does nothing when an account message or a publish message of either run comes again', async () => {
    const { step, deps, publish } = await modules();
    const before = [await runOf(first.runId), await runOf(second.runId)];
    const again = await Promise.all(
      [...first.messages, ...second.messages].map((message) => step.runAccountStep(message, deps)),
    );
    expect(new Set(again)).toEqual(new Set(['done_already', 'run_not_publishing']));
    await publish.runPublish(company.companyId, first.runId);
    await publish.runPublish(company.companyId, second.runId);
    expect([await runOf(first.runId), await runOf(second.runId)]).toEqual(before);
    for (const payee of payees) {
      expect(await inForce(payee)).toHaveLength(1);
      expect(await mailsTo(payee.email)).toHaveLength(1);
    }
  }, 120_000);

  it('finishes a third run for the period cleanly: every account left out as stated, none stated again', async () => {
    const { step, deps } = await modules();
    const third = await handRun(payees, PERIOD);
    for (const message of third.messages) expect(await step.runAccountStep(message, deps)).toBe('already_stated');
    expect(await runOf(third.runId)).toMatchObject({ status: 'published', done: 0, skipped: payees.length });
    for (const payee of payees) expect(await inForce(payee)).toHaveLength(1);
  }, 120_000);
});

/**
 * A payee of a test's own with one statement published for PERIOD by a run of its own (the tests that correct
 * or resume statements leave the racing runs' payees as those runs stated them).
 */
async function statedPayee(tag: string) {
  const { step, deps } = await modules();
  const email = `stated.${tag}.${stamp}@example.test`;
  const made = await company.api.post('/payees', { name: `Stated ${tag} ${stamp}`, email });
  expect(made.status).toBe(201);
  const payee = { id: made.body.payee.id as string, name: `Stated ${tag} ${stamp}`, email };
  const run = await handRun([payee], PERIOD);
  expect(await step.runAccountStep(run.messages[0], deps)).toBe('published');
  return payee;
}

describe('a statement a correction replaced', () => {
  it('is never published or mailed again by a late message, and no late run states its months', async () => {
    const { step, deps } = await modules();
    const payee = await statedPayee('corrected');
    const [original] = await inForce(payee);
    const corrected = await company.api.post(`/statements/${original.statementId}/new_version`);
    expect(corrected.status).toBeLessThan(300);
    const correction = await until(async () => {
      const found = (await inForce(payee)).find((s) => s.replaces_id === original.statementId);
      return found?.queue_status === 'published' ? found : undefined;
    }, 60_000);
    expect((await mailsTo(payee.email)).length).toBe(2);

    // The original's own run's message, and a run for the month whose message comes late.
    const originalRun = required(original.run_id);
    const late = await handRun([payee], PERIOD);
    expect(
      await step.runAccountStep(
        { tenantId: company.companyId, runId: originalRun, account: { type: 'Payee', id: payee.id } },
        deps,
      ),
    ).toBe('done_already');
    expect(await step.runAccountStep(late.messages[0], deps)).toBe('already_stated');
    expect((await inForce(payee)).map((s) => s.statementId)).toEqual([correction.statementId]);
    expect((await mailsTo(payee.email)).length).toBe(2);
  }, 120_000);

  it('refuses to correct a statement still being made (409), so a statement being made is never replaced', async () => {
    const { service } = await modules();
    const payee = await statedPayee('being-made');
    const [statement] = await inForce(payee);
    await setAround(
      service.getDb().entities.Statement.get({ tenantId: company.companyId, statementId: statement.statementId }),
      { queue_status: 'queued' },
    );
    const refused = await company.api.post(`/statements/${statement.statementId}/new_version`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Statement ${statement.number} is still being made; try again in a moment`);
  }, 120_000);
});

describe('a run that stopped publishing', () => {
  it('is resumed from its page once it has made no progress for longer than a step takes', async () => {
    const { service } = await modules();
    // A payee of its own: the racing runs' payees have their statements counted.
    const email = `resumed.${stamp}@example.test`;
    const made = await company.api.post('/payees', { name: `Resumed ${stamp}`, email });
    expect(made.status).toBe(201);
    const payee = { id: made.body.payee.id as string, name: `Resumed ${stamp}`, email };
    // An account no run stated for 2026-01: the run stopped after storing its accounts.
    const run = await handRun([payee], ['2026-01', '2026-01'], { manifest: true });
    const fresh = await company.api.post(`/statement_runs/${run.runId}/resume`);
    expect(fresh.status).toBe(409);
    expect(fresh.body.message).toBe(
      'This run is still working: it can be resumed once it has made no progress for 15 minutes',
    );
    expect((await runOf(run.runId)).resumable).toBe(false);

    await setAround(service.getDb().entities.StatementRun.get({ tenantId: company.companyId, runId: run.runId }), {
      updatedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
    });
    expect((await runOf(run.runId)).resumable).toBe(true);
    const resumed = await company.api.post(`/statement_runs/${run.runId}/resume`);
    expect(resumed.status).toBe(200);
    const done = await until(async () => {
      const now = await runOf(run.runId);
      return now.status === 'published' ? now : undefined;
    }, 60_000);
    expect(done).toMatchObject({ done: 1, skipped: 0, resumable: false });
    const stated = (await inForce(payee)).filter((s) => s.start_pay_period === '2026-01');
    expect(stated).toHaveLength(1);
    expect(stated[0].pdf_key).toBeTruthy();
    expect(await mailsTo(payee.email)).toHaveLength(1);

    const finished = await company.api.post(`/statement_runs/${run.runId}/resume`);
    expect(finished.status).toBe(409);
  }, 120_000);
});

function required<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('missing');
  return value;
}
