import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { handRunOf, publishHandStatement } from '../support/published-statements.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * A publishing run reserves its statements' numbers once, in its accounts' order, before the account
 * steps run; killed between the reservation and the steps, then resumed, it still numbers without a
 * gap, and a statement published elsewhere in between takes the number after the run's block.
 */
const stamp = Date.now();
let company: OwnCompany;
let payees: { type: 'Payee'; id: string; name: string; email: string }[];

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    access: await import('../../functions/data/access/statements.js'),
    reserve: await import('../../functions/money/statements/runs/reserve-numbers.js'),
    service: await import('../../functions/data/service.js'),
    clients: await import('../../functions/lib/clients.js'),
  };
};

const mailsTo = async (email: string) =>
  ((await call('GET', `/_local/outbox?to=${encodeURIComponent(email)}`)).body.mails as { to: string }[]).filter(
    (m) => m.to === email,
  );

/** Makes a run look stopped long ago (around ElectroDB, which would stamp updatedAt itself). */
async function stoppedLongAgo(runId: string) {
  const { clients, service } = await modules();
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const get = service.getDb().entities.StatementRun.get({ tenantId: company.companyId, runId });
  const { Key, TableName } = get.params() as { Key: Record<string, string>; TableName: string };
  await clients.dynamoClient().send(
    new UpdateCommand({
      TableName,
      Key,
      UpdateExpression: 'SET #u = :u',
      ExpressionAttributeNames: { '#u': 'updatedAt' },
      ExpressionAttributeValues: { ':u': new Date(Date.now() - 60 * 60 * 1000).toISOString() },
    }),
  );
}

beforeAll(async () => {
  company = await ownCompany('Numbers reserved');
  payees = [];
  for (let i = 0; i < 4; i += 1) {
    const name = `Reserved ${stamp} ${i}`;
    const email = `reserved.${stamp}.${i}@example.test`;
    const made = await company.api.post('/payees', { name, email });
    expect(made.status).toBe(201);
    payees.push({ type: 'Payee', id: made.body.payee.id, name, email });
  }
}, 120_000);

describe('statement numbers reserved at publish', () => {
  it('ends gapless and in the accounts’ order after a kill between the reservation and the account steps', async () => {
    const { access, reserve } = await modules();
    const tenantId = company.companyId;
    const [a, b, c, elsewhere] = payees;
    const run = await handRunOf(tenantId, company.manager.id, [a, b, c], ['2026-03', '2026-03'], '10.000000', {
      manifest: true,
    });
    const before = await access.readSequence(tenantId, 'statement');
    const stored = await access.getRun(tenantId, run.runId);
    if (!stored) throw new Error('the run is not stored');
    // The publish step reserved the block, then the worker was killed before any account step ran.
    await reserve.reserveNumbers(stored, [a, b, c]);
    expect(await access.readSequence(tenantId, 'statement')).toBe(before + 3);
    // Meanwhile another statement of the company is published: it takes the number after the block.
    await publishHandStatement(tenantId, company.manager.id, elsewhere, ['2026-03', '2026-03'], '5.000000');

    await stoppedLongAgo(run.runId);
    const resumed = await company.api.post(`/statement_runs/${run.runId}/resume`);
    expect(resumed.status).toBe(200);
    await until(async () => {
      const now = (await company.api.get(`/statement_runs/${run.runId}`)).body.statement_run;
      return now.status === 'published' ? now : undefined;
    }, 60_000);

    const numberOf = async (payee: { id: string }) =>
      (await access.statementsOfAccount(tenantId, `Payee#${payee.id}`)).map((s) => s.number);
    const number = (n: number) => `ST-${String(n).padStart(6, '0')}`;
    expect(await numberOf(a)).toEqual([number(before + 1)]);
    expect(await numberOf(b)).toEqual([number(before + 2)]);
    expect(await numberOf(c)).toEqual([number(before + 3)]);
    expect(await numberOf(elsewhere)).toEqual([number(before + 4)]);
    expect(await access.readSequence(tenantId, 'statement')).toBe(before + 4);
    for (const payee of [a, b, c]) expect(await mailsTo(payee.email)).toHaveLength(1);
  }, 120_000);
});
