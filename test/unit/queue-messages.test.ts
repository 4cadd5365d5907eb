import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Every queue worker reads its message through the schema its sender builds the message from
 * (lib/queue-message.ts): a message that does not parse is logged naming the wrong field and its record
 * fails, so the queue's redrive moves it to the dead-letter queue with its bytes; a well-formed one passes.
 * Every worker of infra/functions.ts WORKERS is listed here, and a test fails when one is missing.
 */
const refused = vi.fn();
vi.mock('../../functions/lib/logger.js', async (original) => {
  const actual = await original<typeof import('../../functions/lib/logger.js')>();
  return { ...actual, log: () => ({ error: refused, info: vi.fn(), warn: vi.fn() }) };
});

const { parseQueueMessage } = await import('../../functions/lib/queue-message.js');
const { WORKERS: DECLARED } = await import('../../infra/functions.js');

afterEach(() => refused.mockClear());

const s3Record = (key: string) => ({ s3: { bucket: { name: 'ledger' }, object: { key } } });
const map = { columns: { isrc: 'ISRC', subtotal_payable: 'Net' }, delimiter: ',' as const };
const part = {
  tenantId: 't1',
  importId: 'i1',
  part: 0,
  parts: 2,
  textKey: 'drop/t1/report.csv',
  header: [0, 40],
  range: [40, 900],
  map,
  sourceName: 'Store',
  inputsKey: 'work/t1/i1/inputs.json',
  lineOffset: 0,
  last: false,
};

/** Each worker: its handler (and the file infra/functions.ts names), its schema, a well-formed message, and a malformed one with the field it names. */
const WORKERS = [
  {
    worker: 'deliveries',
    handler: async () => (await import('../../functions/deliveries/worker.js')).handler,
    entry: 'functions/deliveries/worker.ts',
    schema: async () => (await import('../../functions/deliveries/queue.js')).deliveryMessage,
    good: { tenantId: 't1', deliveryId: 'd1', batchId: 'b1' },
    bad: { tenantId: 't1', batchId: 'b1' },
    field: 'deliveryId',
  },
  {
    worker: 'billing',
    handler: async () => (await import('../../functions/billing/worker.js')).handler,
    entry: 'functions/billing/worker.ts',
    schema: async () => (await import('../../functions/billing/queue.js')).billingEventMessage,
    good: { id: 'ev1', type: 'invoice.paid', created: 1, companyId: 'c1' },
    bad: { id: 'ev1', type: 'invoice.paid', created: -1, companyId: 'c1' },
    field: 'created',
  },
  {
    worker: 'catalogue exports',
    handler: async () => (await import('../../functions/catalogue-exchange/exports/worker.js')).handler,
    entry: 'functions/catalogue-exchange/exports/worker.ts',
    schema: async () => (await import('../../functions/catalogue-exchange/exports/queue.js')).exportMessage,
    good: { tenantId: 't1', exportId: 'e1' },
    bad: { tenantId: 't1', exportId: '' },
    field: 'exportId',
  },
  {
    worker: 'catalogue imports',
    handler: async () => (await import('../../functions/catalogue-exchange/imports/worker.js')).handler,
    entry: 'functions/catalogue-exchange/imports/worker.ts',
    schema: async () => (await import('../../functions/catalogue-exchange/imports/queue.js')).importStep,
    good: { tenantId: 't1', importId: 'i1', step: 'chunk', chunk: 3 },
    bad: { tenantId: 't1', importId: 'i1', step: 'chunk', chunk: 'three' },
    field: 'chunk',
  },
  {
    worker: 'statement runs',
    handler: async () => (await import('../../functions/money/statements/runs/worker.js')).handler,
    entry: 'functions/money/statements/runs/worker.ts',
    schema: async () => (await import('../../functions/money/statements/runs/queue.js')).runMessage,
    good: { type: 'account', tenantId: 't1', runId: 'r1', account: { type: 'Payee', id: 'p1' } },
    bad: { type: 'account', tenantId: 't1', runId: 'r1', account: { type: 'Payee' } },
    field: 'account.id',
  },
  {
    worker: 'royalty imports',
    handler: async () => (await import('../../functions/royalties/import/worker.js')).handler,
    entry: 'functions/royalties/import/worker.ts',
    schema: async () => (await import('../../functions/royalties/import/run-claim.js')).importMessage,
    good: { Records: [s3Record('drop/t1/report.csv')], rerun: 'claim-1' },
    bad: { Records: [{ s3: { bucket: { name: 'ledger' }, object: {} } }] },
    field: 'Records.0.s3.object.key',
  },
  {
    worker: 'royalty import parts',
    handler: async () => (await import('../../functions/royalties/import/part-worker.js')).handler,
    entry: 'functions/royalties/import/part-worker.ts',
    schema: async () => (await import('../../functions/royalties/import/part-message.js')).partMessage,
    good: part,
    bad: { ...part, range: [40] },
    field: 'range',
  },
  {
    worker: 'promo download files',
    handler: async () => (await import('../../functions/promos/audio-worker.js')).handler,
    entry: 'functions/promos/audio-worker.ts',
    schema: async () => (await import('../../functions/promos/queue.js')).promoAudioMessage,
    good: { tenantId: 't1', promoId: 'p1' },
    bad: { tenantId: 't1', promoId: '' },
    field: 'promoId',
  },
  {
    worker: 'promo sends',
    handler: async () => (await import('../../functions/promos/worker.js')).handler,
    entry: 'functions/promos/worker.ts',
    schema: async () => (await import('../../functions/promos/queue.js')).promoSendMessage,
    good: { tenantId: 't1', promoId: 'p1' },
    bad: { tenantId: 't1' },
    field: 'promoId',
  },
  {
    worker: 'mail events',
    handler: async () => (await import('../../functions/promos/mail-events-worker.js')).handler,
    entry: 'functions/promos/mail-events-worker.ts',
    schema: async () => (await import('../../functions/promos/mail-events.js')).mailEventMessage,
    // SNS wraps the mail service's event in a notification; the worker reads either.
    good: { Type: 'Notification', Message: JSON.stringify({ eventType: 'Delivery', mail: { messageId: 'ses-1' } }) },
    bad: { eventType: 'Delivered', mail: { messageId: 'ses-1' } },
    field: 'eventType',
  },
  {
    worker: 'uploads',
    handler: async () => (await import('../../functions/uploads/worker.js')).handler,
    entry: 'functions/uploads/worker.ts',
    schema: async () => (await import('../../functions/uploads/s3-event.js')).s3EventMessage,
    good: { Records: [s3Record('audio/t1/r1/take.wav')] },
    bad: { Records: [{ s3: { object: { key: 'audio/t1/r1/take.wav' } } }] },
    field: 'Records.0.s3.bucket',
  },
] as const;

const event = (body: string) =>
  ({ Records: [{ messageId: 'm1', body, attributes: { ApproximateReceiveCount: '1' } }] }) as unknown as SQSEvent;

type Loaded = { handler: (event: SQSEvent) => Promise<unknown>; schema: Parameters<typeof parseQueueMessage>[0] };
const loaded = new Map<string, Loaded>();
const of = (worker: string) => {
  const found = loaded.get(worker);
  if (!found) throw new Error(`${worker} not loaded`);
  return found;
};

// The workers bring their areas' modules (DuckDB, the audio tools' resolvers): loaded once, before the timed tests.
beforeAll(async () => {
  for (const w of WORKERS)
    loaded.set(w.worker, { handler: (await w.handler()) as Loaded['handler'], schema: await w.schema() });
}, 180_000);

describe('queue messages', () => {
  it.each(WORKERS)('$worker: a well-formed message parses, a malformed one is refused naming $field', (w) => {
    const { schema } = of(w.worker);
    expect(parseQueueMessage(schema, JSON.stringify(w.good))).toMatchObject({ ok: true });
    const answer = parseQueueMessage(schema, JSON.stringify(w.bad));
    expect(answer.ok).toBe(false);
    expect(answer.ok ? [] : Object.keys(answer.errors)).toContain(w.field);
  });

  it.each(WORKERS)(
    '$worker: the worker logs a malformed message with its field and fails the record, so redrive keeps it in the dead-letter queue',
    async (w) => {
      const { handler } = of(w.worker);
      // The one record of the batch failed: the batch processor fails the whole invocation, and SQS redelivers.
      await expect(handler(event(JSON.stringify(w.bad)))).rejects.toMatchObject({ name: 'FullBatchFailureError' });
      expect(refused).toHaveBeenCalledTimes(1);
      expect(refused.mock.calls[0]?.[0]).toBe('queue message refused');
      expect(Object.keys(refused.mock.calls[0]?.[1]?.errors ?? {})).toContain(w.field);
    },
  );

  it('covers every queue worker the stack declares', () => {
    const declared = Object.values(DECLARED).map((worker) => worker.entry);
    expect(WORKERS.map((w) => w.entry).sort()).toEqual([...new Set(declared)].sort());
  });

  it('refuses a body that is not JSON', () => {
    expect(parseQueueMessage(of('deliveries').schema, '{oops')).toEqual({
      ok: false,
      errors: { body: ['The message is not JSON'] },
    });
  });
});
