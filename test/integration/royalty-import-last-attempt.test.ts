import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { inCompany } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * The import worker's attempts at a message: an attempt that throws gives its run
 * back, so the queue's next delivery runs the import (and is not taken for a duplicate); the
 * last attempt before the DLQ marks the import failed with the reason in the user's words,
 * never leaving it "processing" for ever. Writing the ledger fails here on purpose (in this
 * test's process only: the local cloud's own workers are untouched).
 */
// Installed per test, on a fresh module graph: this file may share its worker with files that
// already loaded the real store (the integration project does not isolate files), so a hoisted
// vi.mock would not reach the worker's import of it.
const failingLedgerStore = () => ({
  storeLedger: async () => {
    throw new Error('EIO: i/o error, write');
  },
});

afterAll(() => {
  vi.doUnmock('../../functions/royalties/ledger/store.js');
  vi.resetModules();
});

let api: ReturnType<typeof inCompany>;
let tenantId: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  const own = await ownCompany('Last attempt');
  tenantId = own.companyId;
  api = own.api;
});

const eventOf = (bucket: string, key: string, receiveCount: number): SQSEvent =>
  ({
    Records: [
      {
        messageId: `m-${receiveCount}`,
        receiptHandle: 'r',
        body: JSON.stringify({ Records: [{ s3: { bucket: { name: bucket }, object: { key } } }] }),
        attributes: { ApproximateReceiveCount: String(receiveCount) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:eu-west-2:000000000000:label-platform-royalty-import',
        awsRegion: 'eu-west-2',
      },
    ],
  }) as unknown as SQSEvent;

describe('the import worker on a message that keeps failing', () => {
  it('retries as a new run, and on its third attempt marks the import failed in words', async () => {
    vi.resetModules();
    vi.doMock('../../functions/royalties/ledger/store.js', failingLedgerStore);
    const { handler } = await import('../../functions/royalties/import/worker.js');
    const { getDb } = await import('../../functions/data/service.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const bucket = BUCKETS.ledger.localName;
    const map = await api.post('/royalty_maps', {
      name: `Last attempt ${Date.now()}`,
      map: { columns: { pay_period: 'Period', subtotal_payable: 'Net' }, currency: 'GBP' },
    });
    const report = 'Period,Net\n2026-01,1.00\n2026-02,2.00\n';
    const upload = await api.post('/royalties/bulk', {
      filename: 'last-attempt.csv',
      size: report.length,
      source_id: map.body.royalty_map.id,
    });
    await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: report });
    const key: string = upload.body.key;
    // The local cloud's worker imports it; then the state a redelivered message finds: processing, no run alive.
    const done = await until(async () => {
      const list = (await api.get('/royalty_imports?per_page=1000')).body.royalty_imports;
      return list.find((i: { source_key: string; status: string }) => i.source_key === key && i.status === 'done');
    });
    const db = getDb().entities.RoyaltyImport;
    await db.patch({ tenantId, id: done.id }).set({ status: 'processing', progress: 20 }).remove(['ledger_key']).go();

    // A batch whose every record failed is thrown (Powertools); the queue retries it either way.
    const failedDelivery = (attempt: number) =>
      handler(eventOf(bucket, key, attempt)).then(
        (answer) => answer.batchItemFailures.some((f) => f.itemIdentifier === `m-${attempt}`),
        () => true,
      );
    // Attempts 1 and 2 fail: the message is reported failed, the import waits for the next delivery.
    for (const attempt of [1, 2]) {
      expect(await failedDelivery(attempt)).toBe(true);
      const item = (await db.get({ tenantId, id: done.id }).go()).data;
      expect(item).toMatchObject({ status: 'processing' });
      // Its run was given back: the next delivery is not a duplicate of a live run.
      expect(item?.running_since).toBeUndefined();
    }
    // Attempt 3 is the last before the DLQ.
    expect(await failedDelivery(3)).toBe(true);
    const failed = (await api.get(`/royalty_imports/${done.id}`)).body.royalty_import;
    expect(failed).toMatchObject({
      status: 'failed',
      progress: 100,
      can_rerun: true,
      error:
        'The import failed 3 times on our side, not because of the file, and was stopped. ' +
        'Re-run the import; if it stops again, contact support.',
    });
    expect(failed.error).not.toMatch(/EIO|i\/o/);
  }, 60_000);
});
