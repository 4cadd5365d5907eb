import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { importReport, NET_REPORT_MAP } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * The admins' Jobs page: a job left in a state that is not final past its expected time (a royalty
 * import whose run died) is listed with its company's and its starter's names, and Resume carries it
 * on to the end; a job still alive is not listed; only admins see or resume jobs.
 */
let own: OwnCompany;
let companyName: string;
let managerName: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Jobs Page');
  companyName = (await call('GET', `/api/v1/admin/companies/${own.companyId}`, { token: own.admin })).body.company.name;
  managerName = (await call('GET', '/api/v1/me', { token: own.manager.token })).body.user.name;
});

const admin = (method: string, path: string) => call(method, `/api/v1${path}`, { token: own.admin });
type Job = Record<string, unknown>;
const listed = async (id: string): Promise<Job | undefined> => {
  const answer = await admin('GET', '/admin/jobs');
  expect(answer.status).toBe(200);
  return (answer.body.jobs as Job[]).find((j) => j.id === id);
};

/** A royalty import of this company's own, imported to the end. */
async function finishedImport(): Promise<{ id: string; filename: string }> {
  const filename = `stuck-${Date.now()}.csv`;
  const id = await importReport(own.api, {
    mapName: `Jobs map ${Date.now()}`,
    map: NET_REPORT_MAP,
    filename,
    report:
      'Store,Period,ISRC,Net,Currency\nJobs Store,2026-01,GBJOB2600001,1.00,GBP\nJobs Store,2026-02,GBJOB2600002,2.50,GBP\n',
  });
  return { id, filename };
}

describe('the Jobs page', () => {
  it('lists an import stuck past its expected time, with names, and Resume finishes it', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const imports = getDb().entities.RoyaltyImport;
    const { id, filename } = await finishedImport();
    const tenantId = own.companyId;

    // A run that is alive (a sign of life a moment ago) is not stuck.
    await imports
      .patch({ tenantId, id })
      .set({ status: 'processing', progress: 50, running_since: new Date().toISOString() })
      .remove(['ledger_key'])
      .go();
    expect(await listed(id)).toBeUndefined();

    // Its worker died two hours ago: past the half hour an import may take.
    const since = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    await imports.patch({ tenantId, id }).set({ running_since: since }).go();
    expect(await listed(id)).toMatchObject({
      kind: 'royalty_import',
      kind_name: 'Royalty import',
      company_id: tenantId,
      company_name: companyName,
      what: filename,
      state: 'Importing',
      since,
      started_by: managerName,
    });

    const resumed = await admin('POST', `/admin/jobs/royalty_import/${tenantId}/${id}/resume`);
    expect(resumed).toEqual({
      status: 202,
      body: { message: 'The job was resumed. It carries on from where it stopped.' },
    });
    const done = await until(async () => {
      const item = (await own.api.get(`/royalty_imports/${id}`)).body.royalty_import as Job;
      return item.status === 'done' ? item : undefined;
    }, 60_000);
    expect(done.totals).toMatchObject({ lines_read: 2, stored: 2 });
    expect(await listed(id)).toBeUndefined();
  }, 180_000);

  it('refuses an unknown kind of job, naming the field', async () => {
    const answer = await admin('POST', `/admin/jobs/coffee_break/${own.companyId}/x/resume`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.kind).toEqual(['This is not a kind of job the product runs.']);
  });

  it('is for admins only', async () => {
    const token = own.manager.token;
    expect((await call('GET', '/api/v1/admin/jobs', { token })).status).toBe(403);
    const resume = await call('POST', `/api/v1/admin/jobs/royalty_import/${own.companyId}/x/resume`, { token });
    expect(resume.status).toBe(403);
  });
});
