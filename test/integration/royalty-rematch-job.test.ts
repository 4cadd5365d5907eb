import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { finishedImportJob } from '../support/import-job.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { importReport, NET_REPORT_MAP } from '../support/royalty-report.js';

/**
 * Re-matching a finished import is a job of the import worker: the request answers 202 at once with the import and its
 * job, a second request while it is queued or running answers that same job, the job finishes with the counts the
 * request answered when it did the work itself, a job that stops says why in the user's words, and only the import's
 * own company can ask for one.
 */
let own: OwnCompany;
let importId: string;
const stamp = Date.now();
const REPORT =
  'Store,Period,ISRC,Net,Currency\nJob Store,2026-01,GBJOB2600001,1.00,GBP\nJob Store,2026-02,GBJOB2600002,2.50,GBP\n';

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Re-match jobs');
  importId = await importReport(own.api, {
    mapName: `Re-match map ${stamp}`,
    map: NET_REPORT_MAP,
    filename: `rematch-${stamp}.csv`,
    report: REPORT,
  });
}, 120_000);

describe('a re-match as a job', () => {
  it('answers 202 with the job queued, the same job to a second request, and finishes with the counts', async () => {
    const asked = new Date().toISOString();
    const first = await own.api.post(`/royalty_imports/${importId}/rematch`);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.message).toBe('Import Re-match Started');
    expect(first.body.royalty_import).toMatchObject({ id: importId, status: 'done' });
    const job = first.body.royalty_import.job;
    expect(job).toMatchObject({ kind: 'rematch', finished_at: null, result: null, message: null });
    expect(['queued', 'running', 'done']).toContain(job.status);
    // The claim its queue message carries is the worker's business.
    expect(JSON.stringify(first.body)).not.toMatch(/job_token|job_since/);

    const second = await own.api.post(`/royalty_imports/${importId}/rematch`);
    expect(second.status).toBe(202);
    // Asked while the first was queued or running: that one, not a second job.
    if (job.status !== 'done') expect(second.body.royalty_import.job.queued_at).toBe(job.queued_at);

    const done = await finishedImportJob(own.api, importId, asked);
    expect(done).toMatchObject({
      status: 'done',
      message: 'Import Re-matched',
      result: { lines: 2, stated_lines: 0, statements: [], matched: { unmatched: 2 } },
    });
    const after = (await own.api.get(`/royalty_imports/${importId}`)).body.royalty_import;
    expect(after.job.finished_at >= after.job.queued_at).toBe(true);
    expect(after.job.progress).toBe(100);
  }, 120_000);

  it('answers the same job to requests made together: one job is queued', async () => {
    const asked = new Date().toISOString();
    const answers = await Promise.all([1, 2, 3].map(() => own.api.post(`/royalty_imports/${importId}/rematch`)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const queued = new Set(answers.map((a) => a.body.royalty_import.job.queued_at));
    expect(queued.size).toBe(1);
    expect((await finishedImportJob(own.api, importId, asked)).status).toBe('done');
  }, 120_000);

  it('runs once more when a match is assigned while it runs: the rule it had not read reaches the lines', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { queueImportJob } = await import('../../functions/data/access/royalty-import-jobs.js');
    const { runImportJob } = await import('../../functions/royalties/import/rematch-job.js');
    const imports = getDb().entities.RoyaltyImport;
    // A company of its own: the rule assigned here would match the other tests' import too.
    const own = await ownCompany('Re-match again');
    const importId = await importReport(own.api, {
      mapName: `Re-match again map ${stamp}`,
      map: NET_REPORT_MAP,
      filename: `rematch-again-${stamp}.csv`,
      report: REPORT,
    });
    const tenantId = own.companyId;
    const recording = await own.api.post('/recordings', { title: `Again ${stamp}` });
    expect(recording.status, JSON.stringify(recording.body)).toBe(201);
    // A re-match running (queued here without a message, marked running as its worker would: alive).
    const token = `running-${stamp}`;
    expect(await queueImportJob(tenantId, importId, { token, kind: 'rematch' })).toBe(true);
    await imports
      .patch({ tenantId, id: importId })
      .set({ job_status: 'running', job_since: new Date().toISOString() })
      .go();
    const asked = new Date().toISOString();
    const assigned = await own.api.post(`/royalty_imports/${importId}/assign`, {
      field: 'isrc',
      value: 'GBJOB2600002',
      recording_id: recording.body.recording.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(202);
    expect(assigned.body.royalty_import.job).toMatchObject({ status: 'running', kind: 'rematch' });
    expect(assigned.body.message).toBe('Match Assigned: the re-match under way runs once more to take it in');
    // The running job's worker ends its run (as if it had read the rules before the assignment): it is queued again
    // as the assignment, under a new claim, instead of recorded done with lines that miss the rule.
    await imports.patch({ tenantId, id: importId }).set({ job_status: 'queued' }).go();
    expect(await runImportJob({ tenantId, importId, token })).toBe('again');
    const done = await finishedImportJob(own.api, importId, asked);
    expect(done).toMatchObject({ status: 'done', kind: 'assign', message: 'Match Assigned' });
    expect(done.result).toMatchObject({ lines: 2, matched: { manual: 1, unmatched: 1 } });
    const item = (await imports.get({ tenantId, id: importId }).go()).data;
    expect(item?.job_token).not.toBe(token);
    expect(item?.job_again).toBeUndefined();
  }, 120_000);

  it('is refused for an import of another company, which sees no such import', async () => {
    const other = await ownCompany('Re-match stranger');
    const rematch = await other.api.post(`/royalty_imports/${importId}/rematch`);
    expect(rematch.status, JSON.stringify(rematch.body)).toBe(404);
    const assign = await other.api.post(`/royalty_imports/${importId}/assign`, {
      field: 'isrc',
      value: 'GBJOB2600001',
      recording_id: 'x',
    });
    expect(assign.status, JSON.stringify(assign.body)).toBe(404);
    const rates = await other.api.post('/royalties/update_exchange_rates', { import_id: importId });
    expect(rates.status).toBe(404);
  }, 120_000);

  it("is listed on the admins' Jobs page when its worker is silent, and Resume finishes it", async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { queueImportJob } = await import('../../functions/data/access/royalty-import-jobs.js');
    const imports = getDb().entities.RoyaltyImport;
    const tenantId = own.companyId;
    const admin = (method: string, path: string) => call(method, `/api/v1${path}`, { token: own.admin });
    const listed = async () =>
      ((await admin('GET', '/admin/jobs')).body.jobs as { id: string; kind: string }[]).find(
        (job) => job.id === importId && job.kind === 'royalty_rematch',
      );
    // Its worker died two hours ago, mid-job (queued here without a message: no worker of the shared cloud takes it).
    const asked = new Date().toISOString();
    const token = `stuck-${stamp}`;
    expect(await queueImportJob(tenantId, importId, { token, kind: 'rematch', userId: own.manager.id })).toBe(true);
    const since = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    await imports.patch({ tenantId, id: importId }).set({ job_status: 'running', job_since: since }).go();
    expect(await listed()).toMatchObject({
      kind_name: 'Re-match',
      company_id: tenantId,
      what: `rematch-${stamp}.csv`,
      state: 'Re-matching',
      since,
    });
    const resumed = await admin('POST', `/admin/jobs/royalty_rematch/${tenantId}/${importId}/resume`);
    expect(resumed.status).toBe(202);
    expect(await finishedImportJob(own.api, importId, asked)).toMatchObject({
      status: 'done',
      result: { lines: 2, stated_lines: 0 },
    });
    expect(await listed()).toBeUndefined();
  }, 120_000);

  it('says why it stopped, in words, when it fails on its last attempt', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { queueImportJob } = await import('../../functions/data/access/royalty-import-jobs.js');
    const { runImportJob } = await import('../../functions/royalties/import/rematch-job.js');
    const imports = getDb().entities.RoyaltyImport;
    const tenantId = own.companyId;
    const item = (await imports.get({ tenantId, id: importId }).go()).data;
    if (!item?.ledger_key) throw new Error('the import has no ledger file');
    // Queued here without a message (the shared cloud's worker does not take it), its ledger file gone from under it.
    const token = `failing-${stamp}`;
    expect(await queueImportJob(tenantId, importId, { token, kind: 'rematch' })).toBe(true);
    await imports
      .patch({ tenantId, id: importId })
      .set({ ledger_key: `${item.ledger_key}.gone` })
      .go();
    try {
      await expect(runImportJob({ tenantId, importId, token }, { lastAttempt: true })).rejects.toThrow();
    } finally {
      await imports.patch({ tenantId, id: importId }).set({ ledger_key: item.ledger_key }).go();
    }
    const job = (await own.api.get(`/royalty_imports/${importId}`)).body.royalty_import.job;
    expect(job).toMatchObject({
      kind: 'rematch',
      status: 'failed',
      result: null,
      message:
        'The re-match failed 3 times on our side, not because of the file, and was stopped. Re-match the import again; if it stops again, contact support.',
    });
    // A message of it delivered late does nothing; a new request queues a new job, which finishes.
    expect(await runImportJob({ tenantId, importId, token })).toBe('skipped');
    const asked = new Date().toISOString();
    expect((await own.api.post(`/royalty_imports/${importId}/rematch`)).status).toBe(202);
    expect((await finishedImportJob(own.api, importId, asked)).status).toBe('done');
  }, 120_000);
});
