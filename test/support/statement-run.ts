import { expect } from 'vitest';
import type { CreateStatementRun } from '../../functions/data/entities/statements.js';
import type { inCompany } from './api.js';
import { until } from './wait.js';

type Api = ReturnType<typeof inCompany>;

/**
 * A publishing run's item as the statement worker stores it (the second quarter, no preview), for tests that drive
 * its steps themselves.
 */
export const publishingRunItem = (
  tenantId: string,
  runId: string,
  fields: Partial<CreateStatementRun> = {},
): CreateStatementRun => ({
  tenantId,
  runId,
  kind: 'payee',
  status: 'publishing',
  start_pay_period: '2026-04',
  end_pay_period: '2026-06',
  label_ids: [],
  ...fields,
});

/** A publishing run's item stating one payee's one month (one account, none done yet), started by `userId`. */
export const payeeMonthRunItem = (
  tenantId: string,
  runId: string,
  run: { month: string; payeeId: string; userId: string } & Partial<CreateStatementRun>,
): CreateStatementRun => {
  const { month, payeeId, ...fields } = run;
  return publishingRunItem(tenantId, runId, {
    start_pay_period: month,
    end_pay_period: month,
    accounts: [{ type: 'Payee', id: payeeId }],
    total: 1,
    done: 0,
    ...fields,
  });
};

/**
 * A statement run made through the API as the run form sends it (`form`: kind, periods, accounts
 * or labels), its preview awaited: answers the run's id and the run once it stopped previewing
 * (ready or failed: the caller says which it expects).
 */
export async function previewedRun(api: Api, form: Record<string, unknown>) {
  const created = await api.post('/statements/create_statement_run', form);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const runId = created.body.statement_run.id as string;
  const previewed = await until(async () => {
    const seen = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
    return seen.status === 'previewing' ? undefined : seen;
  }, 60_000);
  return { runId, previewed };
}

/**
 * A previewed run (above), then published and awaited: answers the run's id and the run as
 * previewed (its figures and currency), for files that need published statements of their own.
 */
export async function publishedRun(api: Api, form: Record<string, unknown>) {
  const { runId, previewed } = await previewedRun(api, form);
  // A failed preview's reason (the step that failed and why) is the message, so a failure in a full run says why.
  expect(previewed.status, previewed.error).toBe('preview_ready');
  expect((await api.post(`/statement_runs/${runId}/publish`)).status).toBe(200);
  await until(async () => {
    const seen = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
    return seen.status === 'published' ? seen : undefined;
  }, 90_000);
  return { runId, previewed };
}

/** The payee's published statement whose period starts at `period` (YYYY-MM), read whole. */
export async function payeeStatementOf(api: Api, payeeId: string, period: string) {
  const list = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body.statements as {
    id: string;
    start_pay_period: string;
  }[];
  const found = list.find((s) => s.start_pay_period === period);
  expect(found, `a statement for ${period}`).toBeDefined();
  return (await api.get(`/statements/${found?.id}`)).body.statement;
}
