import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, expect, it } from 'vitest';
import { loadTable } from '../../functions/royalties/ledger/duck-tables.js';
import { queryRows } from '../../functions/royalties/ledger/query.js';

/**
 * loadTable writes its rows a slice at a time (a table of millions of rows is more text than one JS string holds):
 * every row arrives once, in its column types, across the slices' edges; empty text and missing values are NULL.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'duck-tables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('loads every row once across the slices it writes, typed, with empty values as NULL', async () => {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = Array.from({ length: 45_001 }, (_, i) => ({
    n: i,
    name: i % 10 === 0 ? '' : `row "${i}"\n`,
    amount: i % 7 === 0 ? null : `${i}.000001`,
  }));
  await loadTable(connection, dir, 'loaded', { n: 'INTEGER', name: 'VARCHAR', amount: 'DECIMAL(20,6)' }, rows);
  const [sums] = await queryRows(
    connection,
    `SELECT count(*) AS rows, count(DISTINCT n) AS distinct_n, CAST(sum(n) AS VARCHAR) AS sum_n, count(name) AS names,
       count(amount) AS amounts, CAST(sum(amount) AS VARCHAR) AS total FROM loaded`,
    {},
  );
  const amounts = rows.filter((r) => r.amount !== null);
  // Σ of n.000001 over the rows with an amount, in millionths.
  const micros = amounts.reduce((t, r) => t + BigInt(r.n) * 1_000_000n + 1n, 0n);
  expect(sums).toEqual({
    rows: '45001',
    distinct_n: '45001',
    sum_n: String((45_000 * 45_001) / 2),
    names: String(rows.filter((r) => r.name !== '').length),
    amounts: String(amounts.length),
    total: `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`,
  });
  expect(
    await queryRows(connection, 'SELECT name FROM loaded WHERE n IN (20000, 20001, 40001) ORDER BY n', {}),
  ).toEqual([{ name: null }, { name: 'row "20001"\n' }, { name: 'row "40001"\n' }]);
  connection.closeSync();
});
