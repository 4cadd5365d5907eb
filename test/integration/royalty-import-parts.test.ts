import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { finishedImportJob } from '../support/import-job.js';
import { type ApiAnswer, inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { partLedgerKey } from '../../functions/royalties/bucket-keys.js';
import { goAfter } from '../support/go-after.js';
import { until } from '../support/wait.js';

/**
 * A report larger than one part (parts are 256 KB in the tests, global-setup.ts): cut
 * at record boundaries, its parts imported by the part workers side by side, and finished by the
 * last one: the same lines, line numbers, control totals and sums as the report read whole. A
 * part delivered again, two deliveries of the last part at once, and a part worker that died all
 * leave every line stored once.
 */
let api: ReturnType<typeof inCompany>;
let otherCompany: ReturnType<typeof inCompany>;
let tenantId: string;
let dir: string;
const store = `Parts Store ${Date.now()}`;
const PART_BYTES = 256 * 1024;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'), { ROYALTY_PART_BYTES: String(PART_BYTES) });
  const manager = await ownLabelManager('Royalty import parts');
  tenantId = manager.distributed.id;
  api = inCompany(manager.token, tenantId);
  otherCompany = inCompany(manager.token, manager.publisher.id);
  dir = mkdtempSync(path.join(os.tmpdir(), 'parts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 20,000 lines (~1.4 MB, several parts): quoted titles with commas and newlines, refused amounts and periods, a title row and a totals footer. */
function report(): string {
  const rows = [`${store} sales, June 2026`, 'Store,Period,ISRC,Title,Units,Net,Currency'];
  for (let i = 0; i < 20_000; i += 1) {
    const isrc = `GBPRT26${String(i % 3000).padStart(5, '0')}`;
    const period = i % 997 === 5 ? '' : `2026-0${1 + (i % 6)}`;
    const net = i % 1499 === 11 ? 'n/a' : `0.${String(1 + (i % 9000)).padStart(6, '0')}`;
    const title = i % 13 === 0 ? `"Track ${i}, live\nat the ""Hall"""` : `Track ${i}`;
    rows.push(`${store},${period},${isrc},${title},${1 + (i % 4)},${net},GBP`);
  }
  rows.push('Total,,,,,9999.99,');
  return `${rows.join('\n')}\n`;
}

const MAP = {
  columns: {
    retailer: 'Store',
    pay_period: 'Period',
    isrc: 'ISRC',
    song: 'Title',
    quantity: 'Units',
    subtotal_payable: 'Net',
    subtotal_payable_currency: 'Currency',
  },
  skip_header_rows: 1,
  skip_footer_rows: 1,
};

let importId: string;
let dropKey: string;
let reportFile: string;

/** The product's modules this file calls directly, imported once the cloud's environment is set (beforeAll). */
async function product() {
  const [{ getDb }, { s3Client }, { BUCKETS }, { partMessagesOf, planParts, putInputsSnapshot, runImportPart }] =
    await Promise.all([
      import('../../functions/data/service.js'),
      import('../../functions/lib/clients.js'),
      import('../../infra/resources.js'),
      import('../../functions/royalties/import/parts.js'),
    ]);
  const [db, s3, bucket] = [getDb().entities, s3Client(), BUCKETS.ledger.localName];
  return { db, s3, bucket, partMessagesOf, planParts, putInputsSnapshot, runImportPart };
}

/** The messages of the report's parts, with a fresh inputs snapshot; `runToken`: the run that sends them. */
async function partMessages(runToken?: string) {
  const { bucket, partMessagesOf, planParts, putInputsSnapshot } = await product();
  return partMessagesOf(await planParts(reportFile, 1), {
    tenantId,
    importId,
    map: MAP,
    sourceName: 'Parts',
    textKey: dropKey,
    inputsKey: await putInputsSnapshot(bucket, tenantId, importId),
    ...(runToken ? { runToken } : {}),
  });
}
const firstPartMessage = async (runToken?: string) => (await partMessages(runToken))[0];

/** The keys of the ledger bucket's objects under `prefix`. */
async function keysUnder(prefix: string): Promise<string[]> {
  const { s3, bucket } = await product();
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

/** Waits (30 s at most) until the import's sign of life is no longer `since`, which a part's start renews, or `reading` has ended. */
async function untilSignOfLifeMoves(since: string | undefined, reading: Promise<unknown>): Promise<void> {
  const { db } = await product();
  let ended = false;
  const end = () => {
    ended = true;
  };
  reading.then(end, end);
  const deadline = Date.now() + 30_000;
  while (
    !ended &&
    Date.now() < deadline &&
    (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data?.running_since === since
  )
    await new Promise((resolve) => setTimeout(resolve, 10));
}

// One large import's life, in order: imported (minutes of work on 2 cores), its parts delivered again after its
// workers died, then failed by a late part and deleted while a part is read, which the earlier steps could not follow.
describe('a report larger than one part', { shuffle: false }, () => {
  it('is imported in parts with the totals, lines and sums of the whole report', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { stageReport } = await import('../../functions/royalties/import/read-report.js');
    const { planParts } = await import('../../functions/royalties/import/parts.js');
    const text = report();
    reportFile = path.join(dir, 'report.csv');
    writeFileSync(reportFile, text);
    const parts = (await planParts(reportFile, 1)).parts.length;
    expect(parts).toBeGreaterThanOrEqual(4);

    // One recording of the catalogue: its lines match in every part (each part reads the import's one catalogue snapshot).
    const recordingId = `REC-PARTS-${Date.now()}`;
    await getDb().entities.Recording.put({ tenantId, id: recordingId, title: 'Track 7', isrc: 'GBPRT2600007' }).go();
    const map = await api.post('/royalty_maps', { name: `Parts ${Date.now()}`, map: MAP });
    expect(map.status).toBe(201);
    const upload = await api.post('/royalties/bulk', {
      filename: 'big-report.csv',
      size: Buffer.byteLength(text),
      source_id: map.body.royalty_map.id,
    });
    dropKey = upload.body.key;
    expect((await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: text })).ok).toBe(true);
    const done = await until(
      async () =>
        (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
          (i: { source_key: string; status: string }) => i.source_key === dropKey && i.status !== 'processing',
        ),
      120_000,
    );
    importId = done.id;
    const item = (await getDb().entities.RoyaltyImport.get({ tenantId, id: importId }).go()).data!;
    expect(item).toMatchObject({ status: 'done', progress: 100, parts });
    expect(item.ledger_key).toBeUndefined();
    expect(item.ledger_keys).toEqual(
      // Named by the run that sent the parts (its token is removed once the import is done).
      Array.from({ length: parts }, (_, p) =>
        expect.stringMatching(new RegExp(`^ledger/${tenantId}/${importId}/part-000${p}-\\w+\\.parquet$`)),
      ),
    );
    expect(item.finishing).toBeUndefined();

    // The import's page says how it was read.
    expect((await api.get(`/royalty_imports/${importId}`)).body.royalty_import).toMatchObject({
      parts,
      status: 'done',
      rejected_count: 35,
    });

    // The report read whole, as a small one is: the parts' merged totals are the same, line numbers included.
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const whole = (await stageReport(duck, reportFile, MAP)).totals;
    duck.closeSync();
    expect(whole.rejected.length).toBe(21 + 14);
    expect(item.totals).toEqual(whole);
    expect(item.totals).toMatchObject({ lines_read: 20_001, skipped: 1, stored: 20_000 - 35 });
    // Its amount is readable, so it is named and counted in amount_rejected.
    expect(item.totals!.rejected[0]).toEqual({
      line: 8,
      reason: 'No pay period, or not one of YYYY-MM, YYYYMM, MM/YYYY',
      amount: '0.000006',
      currency: 'GBP',
    });

    // Lines i ≡ 7 (mod 3000) carry the recording's ISRC: 7, 3007, … 18007, of which 6007 is refused (no amount).
    expect(item.matched).toMatchObject({ isrc: 6, unmatched: whole.stored - 6 });
    // The royalties list and the aggregates count each line once.
    const list = await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`);
    expect(list.body).toMatchObject({ total_count: whole.stored, total_sum: whole.amount_stored });
    const { periodAggregates } = await import('../../functions/royalties/ledger/aggregates.js');
    let lines = 0;
    for (const month of ['01', '02', '03', '04', '05', '06'])
      lines += (await periodAggregates(tenantId, importId, `2026-${month}`, 'total'))[0].lines;
    expect(lines).toBe(whole.stored);
    expect(item.writes).toBeGreaterThan(item.aggregates!);

    // What only the parts needed is gone: their items, their sums and the inputs snapshot. The finishing part
    // removes them after it marks the import done (a crash in between leaves the import done, not redone), so
    // the test waits for the removal rather than reading at once.
    await expect
      .poll(async () => (await getDb().entities.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data)
      .toEqual([]);
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const workObjects = async () =>
      (
        await s3Client().send(
          new ListObjectsV2Command({ Bucket: BUCKETS.ledger.localName, Prefix: `work/${tenantId}/${importId}/` }),
        )
      ).Contents ?? [];
    await expect.poll(workObjects).toEqual([]);

    // A re-match makes the parts one ledger file, with the same lines.
    const asked = new Date().toISOString();
    const rematched = await api.post(`/royalty_imports/${importId}/rematch`, {});
    expect(rematched.status).toBe(202);
    expect((await finishedImportJob(api, importId, asked)).status).toBe('done');
    const after = (await getDb().entities.RoyaltyImport.get({ tenantId, id: importId }).go()).data!;
    expect(after.ledger_key).toMatch(/lines-\w+\.parquet$/);
    expect(after.ledger_keys).toBeUndefined();
    const files = await s3Client().send(
      new ListObjectsV2Command({ Bucket: BUCKETS.ledger.localName, Prefix: `ledger/${tenantId}/${importId}/` }),
    );
    expect((files.Contents ?? []).map((o) => o.Key)).toEqual([after.ledger_key]);
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body).toMatchObject({
      total_count: whole.stored,
      total_sum: whole.amount_stored,
    });
  }, 180_000);

  it('stores every line once when parts come again, together, or after a worker died', async () => {
    const { db, bucket, runImportPart } = await product();
    const { royaltiesChanged } = await import('../../functions/royalties/ledger/state.js');
    const before = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data!;
    const aggregates = (await db.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all' })).data
      .length;

    // The import as the workers left it when they died: processing, pointing at nothing, a stale claim on it.
    await db.RoyaltyImport.patch({ tenantId, id: importId })
      .set({ status: 'processing', progress: 40, finishing: 'DEAD', finishing_since: '2026-01-01T00:00:00.000Z' })
      .remove(['ledger_key'])
      .go();
    await royaltiesChanged(tenantId);
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body.total_count).toBe(0);

    const messages = await partMessages();
    const last = messages.length - 1;
    for (const message of messages.slice(0, last)) expect(await runImportPart(bucket, message)).toBe('stored');
    // Part 2 again: already stored, nothing is read twice.
    expect(await runImportPart(bucket, messages[2])).toBe('stored');
    expect((await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data).toHaveLength(last);
    // The last part delivered twice at once: one delivery finishes the import.
    const outcomes = await Promise.all([runImportPart(bucket, messages[last]), runImportPart(bucket, messages[last])]);
    // The other delivery counts its part stored, or, when it ends after the import is finished, skips it.
    expect(outcomes.filter((outcome) => outcome === 'finished')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'finished')).toEqual([expect.stringMatching(/^(stored|skipped)$/)]);
    expect((await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data).toEqual([]);

    const after = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data!;
    expect(after).toMatchObject({ status: 'done', progress: 100, totals: before.totals, amount: before.amount });
    expect(after.ledger_keys).toHaveLength(messages.length);
    expect(after.finishing).toBeUndefined();
    expect((await db.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all' })).data).toHaveLength(
      aggregates,
    );
    const list = await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`);
    expect(list.body).toMatchObject({ total_count: before.totals!.stored, total_sum: before.totals!.amount_stored });

    // A part coming after the import finished changes nothing.
    expect(await runImportPart(bucket, messages[0])).toBe('skipped');
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body.total_count).toBe(
      before.totals!.stored,
    );
  }, 180_000);

  it("keeps another company's parts out of reach", async () => {
    expect((await otherCompany.get(`/royalty_imports/${importId}`)).status).toBe(404);
    expect((await otherCompany.del(`/royalty_imports/${importId}`)).status).toBe(404);
    expect((await api.get(`/royalty_imports/${importId}`)).status).toBe(200);
    expect((await otherCompany.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body.total_count).toBe(0);
  });

  it('skips a part of an earlier run, and only a part of the run under way can fail it', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const { partMessagesOf, planParts, runImportPart } = await import('../../functions/royalties/import/parts.js');
    const bucket = BUCKETS.ledger.localName;
    const db = getDb().entities;
    // A re-run is under way (its claim `current-run`); a part the earlier run sent arrives late, and would fail:
    // its inputs snapshot went with that run.
    await db.RoyaltyImport.patch({ tenantId, id: importId })
      .set({ status: 'processing', run_token: 'current-run', running_since: new Date().toISOString() })
      .go();
    const [first] = partMessagesOf(await planParts(reportFile, 1), {
      tenantId,
      importId,
      map: MAP,
      sourceName: 'Parts',
      textKey: dropKey,
      inputsKey: `work/${tenantId}/${importId}/gone.json`,
      runToken: 'earlier-run',
    });
    const late = { ...first, part: 7, parts: 8 };
    expect(await runImportPart(bucket, late, { lastAttempt: true })).toBe('skipped');
    const stillRunning = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data;
    expect(stillRunning).toMatchObject({ status: 'processing', run_token: 'current-run' });
    // The same part sent by the run under way fails on its last attempt, and that does stop the import.
    await expect(runImportPart(bucket, { ...late, runToken: 'current-run' }, { lastAttempt: true })).rejects.toThrow(
      'the inputs snapshot is missing',
    );
    expect((await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data?.status).toBe('failed');
  });

  it("is not re-run while a part of its run reads: the part's start is the run's sign of life", async () => {
    const { db, s3, bucket, runImportPart } = await product();
    // A run silent for 20 minutes: stuck, so its page offers a re-run.
    const silentSince = new Date(Date.now() - 20 * 60_000).toISOString();
    await db.RoyaltyImport.patch({ tenantId, id: importId })
      .set({ status: 'processing', run_token: 'quiet-run', running_since: silentSince })
      .go();
    expect((await api.get(`/royalty_imports/${importId}`)).body.royalty_import.can_rerun).toBe(true);
    const message = await firstPartMessage('quiet-run');
    // A part of that run is delivered late. As soon as it starts, before it has stored anything, the run is alive.
    const reading = runImportPart(bucket, message);
    await untilSignOfLifeMoves(silentSince, reading);
    expect((await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data!.running_since).not.toBe(silentSince);
    expect((await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data).toEqual([]);
    expect((await api.get(`/royalty_imports/${importId}`)).body.royalty_import.can_rerun).toBe(false);
    expect(await api.post(`/royalty_imports/${importId}/rerun`)).toMatchObject({
      status: 409,
      body: {
        message:
          'The import is still running. It can be re-run if it fails, or if it shows no progress for 15 minutes.',
      },
    });
    expect(await reading).toBe('stored');
    expect((await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data).toMatchObject({
      run_token: 'quiet-run',
    });
    // What this part stored is removed, so the next tests start from no stored part.
    const [stored] = (await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data;
    await db.RoyaltyImportPart.delete({ tenantId, importId, part: stored.part }).go();
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: stored.cube_key }));
  });

  it('leaves no part behind when another delivery finishes the import while a part is being read', async () => {
    const { db, s3, bucket, runImportPart } = await product();
    // The run under way, and the ledger file of its first part, which the import points at once finished.
    const run = 'finishing-run';
    const ledgerKey = partLedgerKey(tenantId, importId, 0, run);
    const ledgerThere = async () => (await keysUnder(ledgerKey)).length === 1;
    // The import is finished at some moment of the part's read. A part stored before it goes on as stored (the
    // finishing part removes its item, as here); one that ends after it skips, and leaves no item and no sums, but
    // keeps the ledger file the finished import points at. The file is removed before each try, so a part that
    // skipped at its start (nothing written) is told apart from one that wrote its files and then skipped.
    let skippedAfterWriting = false;
    for (const delayMs of [20, 50, 100, 150, 300, 600, 1200]) {
      await db.RoyaltyImport.patch({ tenantId, id: importId }).set({ status: 'processing', run_token: run }).go();
      const message = await firstPartMessage(run);
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: ledgerKey }));
      const reading = runImportPart(bucket, message);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await db.RoyaltyImport.patch({ tenantId, id: importId })
        .set({ status: 'done', ledger_keys: [ledgerKey] })
        .go();
      const outcome = await reading;
      const items = (await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data;
      const cubes = await keysUnder(`work/${tenantId}/${importId}/cube-`);
      if (outcome === 'skipped') {
        expect(items).toEqual([]);
        expect(cubes).toEqual([]);
        if (await ledgerThere()) skippedAfterWriting = true;
      } else {
        expect(outcome).toBe('stored');
        expect(items.map((p) => p.part)).toEqual([0]);
        expect(cubes).toHaveLength(1);
        expect(await ledgerThere()).toBe(true);
        await db.RoyaltyImportPart.delete({ tenantId, importId, part: 0 }).go();
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: cubes[0] }));
      }
    }
    // At least one of those moments fell after the part wrote its files and before it would have counted them.
    expect(skippedAfterWriting).toBe(true);
  }, 120_000);

  it('stores nothing of a failed run into its re-run: a part of the earlier run still reading is refused', async () => {
    const { db, s3, bucket, runImportPart } = await product();
    const { deleteAllImportParts } = await import('../../functions/data/access/royalty-imports.js');
    await db.RoyaltyImport.patch({ tenantId, id: importId }).set({ status: 'processing', run_token: 'first-run' }).go();
    // The re-run's own file of the part, already written: the earlier run's part must not write over it.
    const rerunFile = partLedgerKey(tenantId, importId, 0, 'rerun');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: rerunFile, Body: 'the re-run part' }));
    const message = await firstPartMessage('first-run');
    const since = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data!.running_since;
    const reading = runImportPart(bucket, message);
    // Another part failed the import and the user re-ran it at once: a new run claims the import and clears the
    // parts (what POST /royalty_imports/{id}/rerun does), while this part of the first run still reads.
    await untilSignOfLifeMoves(since, reading);
    await db.RoyaltyImport.patch({ tenantId, id: importId }).set({ status: 'processing', run_token: 'rerun' }).go();
    await deleteAllImportParts(tenantId, importId);
    expect(await reading).toBe('skipped');
    expect((await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data).toEqual([]);
    expect((await keysUnder(`ledger/${tenantId}/${importId}/`)).filter((key) => key.includes('first-run'))).toEqual([]);
    expect((await keysUnder(`work/${tenantId}/${importId}/`)).filter((key) => key.includes('first-run'))).toEqual([]);
    const kept = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: rerunFile }));
    expect(await kept.Body!.transformToString()).toBe('the re-run part');
    expect((await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data).toMatchObject({
      status: 'processing',
      run_token: 'rerun',
    });
  });

  it('leaves nothing behind when the import is deleted while a part is being read', async () => {
    const { db, bucket, runImportPart } = await product();
    await db.RoyaltyImport.patch({ tenantId, id: importId }).set({ status: 'processing' }).remove(['ledger_key']).go();
    const message = await firstPartMessage();
    // The part reads and writes its files; the user deletes the import just before the part writes the proof that
    // it is stored (the part runs in this process, so its write waits here for the delete): the latest moment of its
    // read, whatever the machine's speed. Sent at once after the part's start instead, a loaded machine let the part
    // finish first, and it was stored before the delete.
    const { getDb } = await import('../../functions/data/service.js');
    const transaction = getDb().transaction;
    const write = transaction.write.bind(transaction);
    let deleted: Promise<ApiAnswer> | undefined;
    const spy = vi.spyOn(transaction, 'write').mockImplementation(((...args: Parameters<typeof write>) => {
      const written = write(...args);
      deleted ??= api.del(`/royalty_imports/${importId}`);
      return goAfter(written, () => deleted);
    }) as never);
    const outcome = await runImportPart(bucket, message).finally(() => spy.mockRestore());
    expect((await deleted)?.body).toEqual({ message: 'Import Deleted' });
    expect(outcome).toBe('skipped');
    for (const prefix of [`ledger/${tenantId}/${importId}/`, `work/${tenantId}/${importId}/`]) {
      expect(await keysUnder(prefix)).toEqual([]);
    }
    expect((await db.RoyaltyImportPart.query.byImport({ tenantId, importId }).go()).data).toEqual([]);
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body.total_count).toBe(0);
  });
});
