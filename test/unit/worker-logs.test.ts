import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addLogContext, log } from '../../functions/lib/logger.js';

/**
 * Workers log through the one Powertools logger (functions/lib/logger.ts): every line of a record
 * carries its correlation id (the SQS message id), the tenant and the import, also when records
 * of the same queue run side by side in one process (the local cloud's part workers).
 */
const runImportPart = vi.fn();
const runImport = vi.fn();
vi.mock('../../functions/royalties/import/parts.js', () => ({
  runImportPart: (...args: unknown[]) => runImportPart(...args),
}));
vi.mock('../../functions/royalties/import/run-import.js', () => ({
  runImport: (...args: unknown[]) => runImport(...args),
}));

let lines: Record<string, unknown>[];
beforeEach(() => {
  process.env.LEDGER_BUCKET = 'ledger-bucket';
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    for (const line of String(chunk).split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const sqsEvent = (messageId: string, body: unknown): SQSEvent => ({
  Records: [{ messageId, body: JSON.stringify(body) } as SQSEvent['Records'][number]],
});
const partMessage = (tenantId: string, importId: string, part: number) => ({
  tenantId,
  importId,
  part,
  parts: 2,
  textKey: 'drop/x',
  header: [0, 1],
  range: [1, 2],
  map: { columns: { isrc: 'ISRC' } },
  sourceName: 'Store',
  inputsKey: 'work/inputs.json',
  lineOffset: 0,
  last: false,
});

describe('worker log lines', () => {
  it("carry the part worker's correlation id, tenant, import and part", async () => {
    runImportPart.mockResolvedValue('stored');
    const { handler } = await import('../../functions/royalties/import/part-worker.js');
    expect(await handler(sqsEvent('message-1', partMessage('TENANT1', 'IMPORT1', 1)))).toEqual({
      batchItemFailures: [],
    });
    expect(lines.find((l) => l.message === 'royalty report part imported')).toMatchObject({
      level: 'INFO',
      correlation_id: 'message-1',
      worker: 'royaltyImportPart',
      tenantId: 'TENANT1',
      importId: 'IMPORT1',
      part: 1,
      outcome: 'stored',
    });
  });

  it("carry the import's id once the import worker knows it, and the tenant from the dropped file's key", async () => {
    runImport.mockImplementation(async () => {
      addLogContext({ importId: 'IMPORT2' });
      return 'imported';
    });
    const { handler } = await import('../../functions/royalties/import/worker.js');
    const s3 = {
      Records: [{ s3: { bucket: { name: 'ledger-bucket' }, object: { key: 'drop/TENANT2/SOURCE/june.csv' } } }],
    };
    await handler(sqsEvent('message-2', s3));
    expect(lines.find((l) => l.message === 'royalty report imported')).toMatchObject({
      correlation_id: 'message-2',
      worker: 'royaltyImport',
      tenantId: 'TENANT2',
      importId: 'IMPORT2',
      key: 'drop/TENANT2/SOURCE/june.csv',
      outcome: 'imported',
    });
  });

  it('keep the keys of records running side by side apart', async () => {
    runImportPart.mockImplementation(async (_bucket: string, message: { importId: string }) => {
      await new Promise((resolve) => setTimeout(resolve, message.importId === 'SLOW' ? 20 : 1));
      log().info('part step');
      return 'stored';
    });
    const { handler } = await import('../../functions/royalties/import/part-worker.js');
    await Promise.all([
      handler(sqsEvent('m-slow', partMessage('TA', 'SLOW', 0))),
      handler(sqsEvent('m-fast', partMessage('TB', 'FAST', 1))),
    ]);
    const steps = lines.filter((l) => l.message === 'part step');
    expect(steps).toHaveLength(2);
    expect(steps.find((l) => l.importId === 'SLOW')).toMatchObject({ correlation_id: 'm-slow', tenantId: 'TA' });
    expect(steps.find((l) => l.importId === 'FAST')).toMatchObject({ correlation_id: 'm-fast', tenantId: 'TB' });
  });

  it('add nothing outside a record', () => {
    addLogContext({ importId: 'STRAY' });
    log().info('outside');
    expect(lines.find((l) => l.message === 'outside')).not.toHaveProperty('importId');
  });
});
