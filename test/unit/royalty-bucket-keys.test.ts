import { describe, expect, it } from 'vitest';
import { BUCKETS } from '../../infra/resources.js';
import {
  DROP_PREFIX,
  dropKey,
  importPrefixes,
  isWorkKey,
  newLedgerKey,
  parseDropKey,
  partLedgerKey,
  workKeys,
} from '../../functions/royalties/bucket-keys.js';

/**
 * The ledger bucket's key layout lives in one module (functions/royalties/bucket-keys.ts): these
 * pin it, since stored imports point at these keys and the bucket notifies the import queue by prefix.
 */
describe('royalty bucket keys', () => {
  it('drops reports under the prefix the bucket notifies the import queue for, and reads them back', () => {
    expect(BUCKETS.ledger.prefix).toBe(DROP_PREFIX);
    const key = dropKey('T1', 'S1', '01JABC-june sales.csv');
    expect(key).toBe('drop/T1/S1/01JABC-june sales.csv');
    expect(parseDropKey(key)).toEqual({ tenantId: 'T1', sourceId: 'S1', filename: '01JABC-june sales.csv' });
    expect(parseDropKey('drop/T1/S1/nested/file.csv')).toEqual({
      tenantId: 'T1',
      sourceId: 'S1',
      filename: 'nested/file.csv',
    });
    expect(parseDropKey('drop/T1/file.csv')).toBeNull();
    expect(parseDropKey('ledger/T1/I1/lines-x.parquet')).toBeNull();
  });

  it('keeps every file of an import under the two prefixes its deletion removes', () => {
    const [ledger, work] = importPrefixes('T1', 'I1');
    expect([ledger, work]).toEqual(['ledger/T1/I1/', 'work/T1/I1/']);
    expect(newLedgerKey('T1', 'I1')).toMatch(/^ledger\/T1\/I1\/lines-[0-9A-Z]{26}\.parquet$/);
    expect(newLedgerKey('T1', 'I1')).not.toBe(newLedgerKey('T1', 'I1'));
    expect(partLedgerKey('T1', 'I1', 3)).toBe('ledger/T1/I1/part-0003.parquet');
    // A run's parts have keys of their own: a late part of an earlier run never writes over a re-run's file.
    expect(partLedgerKey('T1', 'I1', 3, 'RUN1')).toBe('ledger/T1/I1/part-0003-RUN1.parquet');
    expect(workKeys.partCube('T1', 'I1', 3, 'RUN1')).toBe('work/T1/I1/cube-0003-RUN1.parquet');
    const scratch = [workKeys.reportText('T1', 'I1'), workKeys.inputs('T1', 'I1'), workKeys.partCube('T1', 'I1', 12)];
    expect(scratch).toEqual(['work/T1/I1/report.txt', 'work/T1/I1/inputs.json', 'work/T1/I1/cube-0012.parquet']);
    for (const key of scratch) expect(key.startsWith(work) && isWorkKey(key)).toBe(true);
    expect(isWorkKey(dropKey('T1', 'S1', 'work.csv'))).toBe(false);
  });
});
