import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { openSocket } from '../support/realtime.js';
import { publishingRunItem } from '../support/statement-run.js';
import { until } from '../support/wait.js';

/**
 * A publishing run tells its user each whole percent once. A run's account steps work ten at a time, and steps that
 * finish together each read the run after all of them counted: each saw its count as the first at its percent, so
 * a run of a thousand statements pushed about 800 messages instead of about 100. Each percent is now claimed on the
 * run (claimProgressPush) before it is pushed.
 */
let company: OwnCompany;
let tab: Awaited<ReturnType<typeof openSocket>>;

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    access: await import('../../functions/data/access/statements.js'),
    finish: await import('../../functions/money/statements/runs/finish.js'),
    service: await import('../../functions/data/service.js'),
  };
};

beforeAll(async () => {
  company = await ownCompany('Progress Pushes');
  tab = await openSocket(company.manager.token);
});
afterAll(() => tab?.socket.close());

type Pushed = { type: string; statement_run: { id: string; progress: number; done: number } };

it('pushes each whole percent once when ten account steps count at once', async () => {
  const { access, finish, service } = await modules();
  const tenantId = company.companyId;
  const runId = `progress-run-${Date.now()}`;
  await access.createRun(publishingRunItem(tenantId, runId, { total: 1000, userId: company.manager.id }));
  const pushes = () =>
    (tab.messages as Pushed[]).filter((m) => m.type === 'StatementRun' && m.statement_run.id === runId);
  for (const batch of [1, 2, 3]) {
    // Ten statements counted (as each one's publishing write counts it), then their ten steps read the run together.
    await service.getDb().entities.StatementRun.patch({ tenantId, runId }).add({ done: 10 }).go();
    await Promise.all(Array.from({ length: 10 }, () => finish.accountCounted(tenantId, runId)));
    await until(async () => (pushes().length >= batch ? true : undefined));
  }
  // Another step reading the count of the last percent told (a late reader) tells nothing again.
  await finish.accountCounted(tenantId, runId);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(pushes().map((m) => [m.statement_run.progress, m.statement_run.done])).toEqual([
    [1, 10],
    [2, 20],
    [3, 30],
  ]);
});

it('claims a percent for one caller only, and never a percent below the last one told', async () => {
  const { access } = await modules();
  const tenantId = company.companyId;
  const runId = `progress-claims-${Date.now()}`;
  await access.createRun(publishingRunItem(tenantId, runId, { total: 100 }));
  const claims = await Promise.all(Array.from({ length: 8 }, () => access.claimProgressPush(tenantId, runId, 5)));
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await access.claimProgressPush(tenantId, runId, 4)).toBe(false);
  expect(await access.claimProgressPush(tenantId, runId, 6)).toBe(true);
  // A run that is gone: nothing to claim.
  expect(await access.claimProgressPush(tenantId, 'no-such-run', 1)).toBe(false);
});
