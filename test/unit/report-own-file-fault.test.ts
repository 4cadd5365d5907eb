import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withScratchDuck } from '../../functions/royalties/ledger/duck.js';
import { isOwnFileFault } from '../../functions/royalties/import/report-problem.js';

/** DuckDB's own error for a query, or undefined when it ran. */
const errorOf = (sql: (dir: string) => string) =>
  withScratchDuck('own-file-fault-', async (duck, dir) => {
    try {
      await duck.run(sql(dir));
      return { dir, error: undefined };
    } catch (error) {
      return { dir, error };
    }
  });

describe("an import's own file gone is this machine's fault, not the report's", () => {
  it('takes DuckDB’s error for a missing CSV or Parquet file in the scratch folder for ours', async () => {
    const csv = await errorOf((dir) => `SELECT * FROM read_csv('${path.join(dir, 'part.csv')}')`);
    expect(isOwnFileFault(csv.error, csv.dir)).toBe(true);
    const parquet = await errorOf((dir) => `SELECT * FROM read_parquet('${path.join(dir, 'part.parquet')}')`);
    expect(isOwnFileFault(parquet.error, parquet.dir)).toBe(true);
  });

  it('takes a full disk for ours', () => {
    const error = new Error('IO Error: Could not write file "/tmp/x/duckdb.tmp/a.block": No space left on device');
    expect(isOwnFileFault(error, '/elsewhere')).toBe(true);
  });

  it('leaves a report DuckDB cannot make sense of to the user, and a missing file outside the folder', async () => {
    const bad = await errorOf(
      (dir) =>
        `COPY (SELECT 'twelve' AS a) TO '${dir}/bad.csv'; ` +
        `SELECT * FROM read_csv('${dir}/bad.csv', header = true, columns = {'a': 'INTEGER'})`,
    );
    expect(bad.error).toBeDefined();
    expect(isOwnFileFault(bad.error, bad.dir)).toBe(false);
    const elsewhere = await errorOf(() => `SELECT * FROM read_csv('/no/such/folder/part.csv')`);
    expect(isOwnFileFault(elsewhere.error, elsewhere.dir)).toBe(false);
  });
});
