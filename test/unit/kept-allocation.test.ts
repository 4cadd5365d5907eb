/**
 * A statement run's publish step loads the groups and split its preview kept, but only for the very inputs they were
 * computed from: the same tables, with their exact types, where the inputs are the same; computed again where
 * anything differs or the kept file cannot be read.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { DuckDBConnection } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { LEDGER_CACHE_DIR } from '../../functions/royalties/ledger/cache-dir.js';
import { withTempTables } from '../../functions/royalties/ledger/duck.js';
import { keptOrComputed } from '../../functions/money/earnings/kept-allocation.js';

/** Groups whose sums need 128 bits (a DOUBLE would round them) and a split, as the allocation makes them. */
async function computeTables(connection: DuckDBConnection): Promise<void> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE st_groups AS
    SELECT 'rec-' || i AS recording_id, i * 1000001 AS u, CAST(i AS BIGINT) AS lines,
      CAST(170141183460469231731687303715884105 AS HUGEINT) + i AS agg_u, CAST(i % 3 AS INTEGER) AS sid
    FROM range(1, 2001) t(i)`);
  await connection.run(`CREATE OR REPLACE TEMP TABLE st_split AS
    SELECT CAST(i % 3 AS INTEGER) AS sid, i AS ua, CAST(i % 7 AS INTEGER) AS acct_no,
      CAST(0.123456 AS DECIMAL(10,6)) AS weight, CAST(i * 7 AS BIGINT) AS share
    FROM range(1, 501) t(i)`);
}

type Snapshot = { types: string[]; rows: string[] };

async function snapshot(connection: DuckDBConnection): Promise<Snapshot> {
  const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  const types: string[] = [];
  const rows: string[] = [];
  for (const table of ['st_groups', 'st_split']) {
    for (const c of await read(`DESCRIBE ${table}`)) types.push(`${table}.${c.column_name}:${c.column_type}`);
    for (const r of await read(`SELECT * FROM ${table} ORDER BY ALL`)) rows.push(JSON.stringify(r));
  }
  return { types, rows };
}

/** Runs keptOrComputed on a fresh connection, as a later computation would; answers whether it computed. */
async function prepare(kept: { tenantId: string; inputs: unknown }): Promise<{ computed: boolean; tables: Snapshot }> {
  return withTempTables(async (connection) => {
    let computed = false;
    await keptOrComputed(connection, kept, async () => {
      computed = true;
      await computeTables(connection);
    });
    return { computed, tables: await snapshot(connection) };
  });
}

const inputs = (imports: string[]) => ({
  ledger: { imports, edits: [], rules: [], manual: [] },
  catalogue: { payees: [{ id: 'p1', name: 'A payee' }] },
  scope: { kind: 'payee', start_pay_period: '2026-04', end_pay_period: '2026-06', label_ids: [], accounts: [] },
});

describe('the allocation a preview keeps for its publish step', () => {
  it('is loaded, with the same rows and types, by the next computation of the same inputs', async () => {
    const tenantId = ulid();
    const first = await prepare({ tenantId, inputs: inputs(['import-1']) });
    expect(first.computed).toBe(true);
    const second = await prepare({ tenantId, inputs: inputs(['import-1']) });
    expect(second.computed).toBe(false);
    expect(second.tables).toEqual(first.tables);
    expect(second.tables.types).toContain('st_groups.agg_u:HUGEINT');
    expect(second.tables.rows).toHaveLength(2500);
  });

  it('is computed again when any input differs: another ledger state, or another company', async () => {
    const tenantId = ulid();
    expect((await prepare({ tenantId, inputs: inputs(['import-1']) })).computed).toBe(true);
    expect((await prepare({ tenantId, inputs: inputs(['import-1', 'import-2']) })).computed).toBe(true);
    expect((await prepare({ tenantId: ulid(), inputs: inputs(['import-1']) })).computed).toBe(true);
    expect((await prepare({ tenantId, inputs: inputs(['import-1', 'import-2']) })).computed).toBe(false);
  });

  it('is computed again, without failing, when the kept file cannot be read, and kept again', async () => {
    const tenantId = ulid();
    const first = await prepare({ tenantId, inputs: inputs(['import-1']) });
    const folder = path.join(LEDGER_CACHE_DIR, 'allocations', tenantId);
    const files = readdirSync(folder).filter((name) => name.endsWith('.duckdb'));
    expect(files).toHaveLength(1);
    writeFileSync(path.join(folder, files[0]), 'not a database');
    const again = await prepare({ tenantId, inputs: inputs(['import-1']) });
    expect(again.computed).toBe(true);
    expect(again.tables).toEqual(first.tables);
    // Kept again in its place.
    expect((await prepare({ tenantId, inputs: inputs(['import-1']) })).computed).toBe(false);
  });
});
