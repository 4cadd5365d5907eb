import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { handRunOf } from '../support/published-statements.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed outright (its whole process group, emulators too, like a terminal closed
 * on `npm start`) while jobs were under way, and started again on the same state. The kill empties
 * the queue, so what each job was waiting for is gone; on start every unfinished job is carried on:
 *  - a statement run publishing: one account's statement finished and mailed, one numbered and
 *    having its documents made (its claim held by the process that died), two not reached;
 *  - a statement run previewing;
 *  - a catalogue import being planned, its lease held by the worker that died.
 * The cloud runs in a process of its own (test/support/restartable-cloud.ts); the records are
 * made straight in its table, for a company of this file's own. Royalty imports and payment runs
 * have restart tests of their own (royalty-import-restart, payment-run-restart).
 */
const cloud = restartableCloud('jobs-restart');
const tenantId = `jobs-restart-${Date.now()}`;
const PERIOD: [string, string] = ['2026-07', '2026-09'];
const accounts = ['Ada', 'Ben', 'Cleo', 'Dev'].map((name) => ({
  type: 'Payee' as const,
  id: `payee-${name.toLowerCase()}`,
  name,
  email: `${name.toLowerCase()}.${tenantId}@example.test`,
}));
const label = 'Restart Records';
const sheet = [...releaseRows(label, {}, 2), ...releaseRows(label, {}, 3)];
let cloudEnv: Record<string, string>;
let publishingRunId: string;
let previewingRunId: string;
const importId = `restart-import-${Date.now()}`;
let atKill: { name: string; number: string; state: string | undefined; statementId: string }[];

const modules = async () => ({
  db: (await import('../../functions/data/service.js')).getDb().entities,
  access: await import('../../functions/data/access/statements.js'),
  step: await import('../../functions/statements/runs/account-step.js'),
  deps: (await import('../../functions/statements/runs/account-deps.js')).accountStepDeps,
  clients: await import('../../functions/lib/clients.js'),
  resources: await import('../../infra/resources.js'),
});

const statements = async () => {
  const { db } = await modules();
  return (await db.Statement.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
};

afterAll(async () => {
  await cloud.remove();
});

beforeAll(async () => {
  cloudEnv = await cloud.start();
  Object.assign(process.env, cloudEnv);
  // Imported only now (modules()): the SDK clients read this cloud's endpoints, the same ports after the restart.
  const { db, access, step, deps, clients, resources } = await modules();

  // A run publishing four accounts (its publish step done): the first finished, the second half made.
  const run = await handRunOf(tenantId, 'restart-user', accounts, PERIOD, '25.000000', { manifest: true });
  publishingRunId = run.runId;
  expect(await step.runAccountStep(run.messages[0], deps)).toBe('published');
  let documentsStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    documentsStarted = resolve;
  });
  void step.runAccountStep(run.messages[1], {
    ...deps,
    // The process dies while the PDF is being made: the claim on the documents is never given back.
    documents: () => {
      documentsStarted();
      return new Promise(() => {});
    },
  });
  await started;

  // A run previewing whose preview message the kill lost.
  previewingRunId = `restart-preview-${Date.now()}`;
  await access.createRun({
    tenantId,
    runId: previewingRunId,
    kind: 'payee',
    status: 'previewing',
    start_pay_period: '2026-04',
    end_pay_period: '2026-06',
    label_ids: [],
    userId: 'restart-user',
  });

  // A catalogue import of two releases being planned by a worker that dies holding its lease. The
  // sheet names genres, languages and a publisher from the reference data, which this cloud lacks.
  await (await import('../../functions/reference/seed.js')).seedReferenceData();
  await db.Label.create({ tenantId, labelId: 'restart-label', name: label }).go();
  const fileKey = `imports/${tenantId}/restart.csv`;
  const body = sheetCsv(sheet);
  await clients
    .s3Client()
    .send(new PutObjectCommand({ Bucket: resources.BUCKETS.uploads.localName, Key: fileKey, Body: body }));
  await db.CatalogueImport.create({
    tenantId,
    importId,
    userId: 'restart-user',
    model: 'releases',
    fileKey,
    filename: 'restart.csv',
    filesize: body.length,
    status: 'planning',
    lease_until: new Date(Date.now() + 10 * 60_000).toISOString(),
    lease_owner: 'the worker that died',
  }).go();

  atKill = (await statements()).map((s) => ({
    name: s.payee_name,
    number: s.number,
    state: s.queue_status,
    statementId: s.statementId,
  }));
  await cloud.kill();
  await cloud.start();
}, 300_000);

describe('the local cloud stopped mid-job and started again', () => {
  it('finishes the publishing run: each account stated once, numbered once, with documents, mailed once', async () => {
    expect(atKill.map(({ name, number, state }) => [name, number, state]).sort()).toEqual([
      ['Ada', 'ST-000001', 'published'],
      ['Ben', 'ST-000002', 'generating'],
    ]);
    const { db } = await modules();
    const run = await until(async () => {
      const found = (await db.StatementRun.get({ tenantId, runId: publishingRunId }).go()).data;
      return found?.status === 'published' ? found : undefined;
    }, 120_000);
    expect(run).toMatchObject({ total: 4, done: 4, skipped: 0 });

    const stated = (await statements()).filter((s) => s.run_id === publishingRunId);
    expect(stated.map((s) => s.payee_name).sort()).toEqual(accounts.map((a) => a.name));
    expect(stated.map((s) => s.number).sort()).toEqual(['ST-000001', 'ST-000002', 'ST-000003', 'ST-000004']);
    for (const statement of stated) {
      expect(statement).toMatchObject({ queue_status: 'published' });
      expect(statement.pdf_key).toBeTruthy();
      expect(statement.csv_key).toBeTruthy();
    }
    // The statements made before the kill keep their ids and numbers.
    for (const before of atKill)
      expect(stated.find((s) => s.statementId === before.statementId)?.number).toBe(before.number);
    const outbox = cloudEnv[ENV.outboxDir];
    const mails = readdirSync(outbox)
      .filter((file) => /^[0-9A-Z]+\.json$/.test(file))
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string });
    for (const account of accounts) expect(mails.filter((mail) => mail.to === account.email)).toHaveLength(1);
  }, 180_000);

  it('finishes the preview of the previewing run', async () => {
    const { db } = await modules();
    const run = await until(async () => {
      const found = (await db.StatementRun.get({ tenantId, runId: previewingRunId }).go()).data;
      return found && found.status !== 'previewing' ? found : undefined;
    }, 120_000);
    expect(run).toMatchObject({ status: 'preview_ready' });
    expect(run.error).toBeUndefined();
  }, 180_000);

  it('plans and writes the catalogue import the dead worker held, each release once', async () => {
    const { db } = await modules();
    const job = await until(async () => {
      const found = (await db.CatalogueImport.get({ tenantId, importId }).go()).data;
      return found?.status === 'done' || found?.status === 'failed' ? found : undefined;
    }, 120_000);
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, invalid: 0, duplicates: 0 });
    const releases = (await db.Release.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
    expect(releases.map((r) => r.upc).sort()).toEqual([...new Set(sheet.map((row) => String(row.upc)))].sort());
  }, 180_000);
});
