import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { NET_REPORT_MAP } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * Imports that survive faults and bad files: one run at a time (a duplicate S3 event
 * while a large report is split stops), "Re-run import" for a failed or stuck import (refused
 * while it runs), a message failing on every attempt marks its import failed in the user's
 * words, and a report that is a bomb or lacks a mapped column fails saying so, never with the
 * engine's text.
 */
let api: ReturnType<typeof inCompany>;
let otherCompany: ReturnType<typeof inCompany>;
let tenantId: string;
let bucket: string;

type Import = {
  id: string;
  status: string;
  error?: string;
  progress?: number;
  parts?: number;
  writes?: number;
  can_rerun?: boolean;
  source_key: string;
  totals?: { lines_read: number; stored: number; rejected: unknown[]; amount_stored: string };
};

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  const manager = await ownLabelManager('Royalty import faults');
  tenantId = manager.distributed.id;
  api = inCompany(manager.token, tenantId);
  otherCompany = inCompany(manager.token, manager.publisher.id);
  bucket = (await import('../../infra/resources.js')).BUCKETS.ledger.localName;
});

/** `lines` lines of 0.01 GBP each for one store; about 45 bytes a line. */
const reportOf = (store: string, lines: number) =>
  `Store,Period,ISRC,Net,Currency\n${Array.from(
    { length: lines },
    (_, i) => `${store},2026-0${1 + (i % 3)},GBFLT26${String(i % 997).padStart(5, '0')},0.01,GBP`,
  ).join('\n')}\n`;

async function newMap(name: string, map: object = NET_REPORT_MAP): Promise<{ id: string; name: string }> {
  return (await api.post('/royalty_maps', { name: `${name} ${Date.now()}`, map })).body.royalty_map;
}

/** Uploads a report as the browser does; returns the stored object's key. */
async function upload(filename: string, body: string | Buffer, sourceId: string): Promise<string> {
  const presigned = await api.post('/royalties/bulk', { filename, size: Buffer.byteLength(body), source_id: sourceId });
  expect(presigned.status).toBe(200);
  const put = await fetch(presigned.body.url, {
    method: 'PUT',
    headers: presigned.body.headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  expect(put.status).toBe(200);
  return presigned.body.key;
}

const importOfKey = async (key: string): Promise<Import | undefined> =>
  ((await api.get('/royalty_imports?per_page=1000')).body.royalty_imports as Import[]).find(
    (i) => i.source_key === key,
  );
const importWhere = (key: string, ok: (i: Import) => boolean, ms = 60_000) =>
  until(async () => {
    const found = await importOfKey(key);
    return found && ok(found) ? found : undefined;
  }, ms);
const detail = async (id: string): Promise<Import> => (await api.get(`/royalty_imports/${id}`)).body.royalty_import;

/** What no answer may carry: an engine's message, SQL or a stack. */
const ENGINE_TEXT = /Binder Error|Catalog Error|Parser Error|Invalid Input Error|SELECT |FROM clause|\n\s+at /;

describe('a duplicate S3 event while a large report is split', () => {
  it('sees the run under way and stops: the report is imported once', async () => {
    const { runImport } = await import('../../functions/royalties/import/run-import.js');
    const store = `Dup Event Store ${Date.now()}`;
    // ~2.7 MB: about ten parts of 256 KB (global-setup.ts).
    const key = await upload('dup-event.csv', reportOf(store, 60_000), (await newMap('Dup event')).id);
    // Its wait is long: the import queue may be working other files' reports first on a loaded machine.
    const running = await importWhere(key, (i) => i.status === 'processing', 120_000);
    // The same event again, while the first delivery reads, splits or its parts run.
    expect(await runImport(bucket, key)).toBe('running');
    const before = await detail(running.id);
    expect(before.status).toBe('processing');
    const done = await importWhere(key, (i) => i.status === 'done', 120_000);
    expect(done.parts).toBeGreaterThan(1);
    expect((await detail(done.id)).totals).toMatchObject({ lines_read: 60_000, stored: 60_000, rejected: [] });
    const lines = await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`);
    expect(lines.body).toMatchObject({ total_count: 60_000, total_sum: '600.000000' });
  }, 300_000);
});

describe('re-running an import', () => {
  it('is refused while it runs, allowed once it is stuck past the worker timeout, and stores every line once', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const store = `Rerun Store ${Date.now()}`;
    const key = await upload('rerun.csv', reportOf(store, 500), (await newMap('Rerun')).id);
    const done = await importWhere(key, (i) => i.status === 'done');
    expect(done.can_rerun).toBe(false);
    // A finished import is not re-run.
    expect(await api.post(`/royalty_imports/${done.id}/rerun`)).toMatchObject({
      status: 409,
      body: {
        message: 'Only a failed or stuck import can be re-run. Delete this import and upload the report again instead.',
      },
    });

    // The state of a run that is alive: processing, a sign of life a moment ago.
    const db = getDb().entities;
    await db.RoyaltyImport.patch({ tenantId, id: done.id })
      .set({ status: 'processing', progress: 50, running_since: new Date().toISOString() })
      .remove(['ledger_key'])
      .go();
    expect((await detail(done.id)).can_rerun).toBe(false);
    expect(await api.post(`/royalty_imports/${done.id}/rerun`)).toMatchObject({
      status: 409,
      body: {
        message:
          'The import is still running. It can be re-run if it fails, or if it shows no progress for 15 minutes.',
      },
    });

    // Another company's import is not found; a role without money.write is refused.
    expect((await otherCompany.post(`/royalty_imports/${done.id}/rerun`)).status).toBe(404);
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const assistant = await newConfirmedUser('Rerun Assistant');
    const userId = (await call('GET', '/api/v1/me', { token: assistant.token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Rerun Roles ${Date.now()}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'label_assistant' }] },
    });
    expect(await inCompany(assistant.token, company).post(`/royalty_imports/${done.id}/rerun`)).toEqual({
      status: 403,
      body: { message: roleRefusal('label_assistant', 'money.write') },
    });

    // Its worker died 16 minutes ago: stuck, so the user may re-run it.
    await db.RoyaltyImport.patch({ tenantId, id: done.id })
      .set({ running_since: new Date(Date.now() - 16 * 60_000).toISOString() })
      .go();
    expect((await detail(done.id)).can_rerun).toBe(true);
    const rerun = await api.post(`/royalty_imports/${done.id}/rerun`);
    expect(rerun).toMatchObject({
      status: 200,
      body: {
        message: 'Import Re-run Started',
        royalty_import: { id: done.id, status: 'processing', can_rerun: false },
      },
    });
    expect(JSON.stringify(rerun.body)).not.toMatch(/run_token/);
    // A second click while the re-run is queued or running is refused.
    expect((await api.post(`/royalty_imports/${done.id}/rerun`)).status).toBe(409);
    const again = await importWhere(key, (i) => i.status === 'done');
    expect((await detail(again.id)).totals).toMatchObject({ lines_read: 500, stored: 500, rejected: [] });
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body).toMatchObject({
      total_count: 500,
      total_sum: '5.000000',
    });
  }, 120_000);
});

describe('a message that fails on every attempt', () => {
  it('marks its import failed with the reason in words, and the user can re-run it', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { sqsClient } = await import('../../functions/lib/clients.js');
    const { ENV } = await import('../../infra/resources.js');
    const store = `DLQ Store ${Date.now()}`;
    const map = await newMap('DLQ');
    // A large report imported in parts; one of its parts is sent again with a snapshot that does not exist.
    const key = await upload('dlq.csv', reportOf(store, 12_000), map.id);
    const done = await importWhere(key, (i) => i.status === 'done', 120_000);
    // The finishing part says done before it removes the parts' items; a part still stored would make the
    // message below find it stored and finish the import instead of failing (CI once waited 420 s for a failure that never came).
    const { listImportParts } = await import('../../functions/data/access/royalty-imports.js');
    await until(async () => ((await listImportParts(tenantId, done.id)).length === 0 ? true : undefined), 60_000);
    await getDb()
      .entities.RoyaltyImport.patch({ tenantId, id: done.id })
      .set({ status: 'processing', progress: 40 })
      .remove(['ledger_keys'])
      .go();
    const message = {
      tenantId,
      importId: done.id,
      part: 0,
      parts: 2,
      textKey: key,
      header: [0, 31],
      range: [31, 2000],
      map: NET_REPORT_MAP,
      sourceName: map.name,
      inputsKey: `work/${tenantId}/${done.id}/gone.json`,
      lineOffset: 0,
      last: false,
    };
    await sqsClient().send(
      new SendMessageCommand({
        QueueUrl: process.env[ENV.royaltyPartQueue],
        MessageBody: JSON.stringify(message),
      }),
    );
    // Three deliveries through the local queue (2 s apart), then the DLQ: the import says why. The part queue
    // is shared with the files running beside this one (journeys and restart tests too, since they run two at a
    // time), so the deliveries may wait behind their parts: over 180 s once on a loaded machine.
    const failed = await importWhere(key, (i) => i.status === 'failed', 420_000);
    expect(failed.error).toBe(
      'Part 1 of 2 of the report failed 3 times on our side, not because of the file, and was stopped. ' +
        'Re-run the import; if it stops again, contact support.',
    );
    expect(failed.can_rerun).toBe(true);
    expect((await api.post(`/royalty_imports/${done.id}/rerun`)).status).toBe(200);
    const rerun = await importWhere(key, (i) => i.status === 'done', 300_000);
    expect((await detail(rerun.id)).totals).toMatchObject({ lines_read: 12_000, stored: 12_000 });
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body).toMatchObject({
      total_count: 12_000,
      total_sum: '120.000000',
    });
  }, 780_000);
});

describe('bad files', () => {
  it('a gzip bomb fails at once, saying why', async () => {
    const key = await upload('bomb.csv.gz', gzipSync(Buffer.alloc(100 * 1024 * 1024)), (await newMap('Bomb')).id);
    const failed = await importWhere(key, (i) => i.status === 'failed', 30_000);
    expect(failed.error).toMatch(/^The compressed report unpacks to more than 200 times its size/);
  });

  it('a report without a column its map names fails naming the column and the map, in no engine words', async () => {
    const map = await newMap('Missing column');
    const key = await upload(
      'missing.csv',
      'Store,Period,ISRC,Amount,Currency\nS,2026-01,GBFLT2600001,1.00,GBP\n',
      map.id,
    );
    const failed = await importWhere(key, (i) => i.status === 'failed', 30_000);
    expect(failed.error).toBe(
      `The report has no column "Net" (for subtotal_payable), which the map "${map.name}" names. ` +
        'The report\'s columns are: "Store", "Period", "ISRC", "Amount", "Currency".',
    );
    const answer = await api.get(`/royalty_imports/${failed.id}`);
    expect(JSON.stringify(answer.body)).not.toMatch(ENGINE_TEXT);
  });
});
