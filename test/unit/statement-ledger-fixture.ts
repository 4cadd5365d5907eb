import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { loadTable } from '../../functions/royalties/ledger/duck-tables.js';
import { effectiveRelation } from '../../functions/royalties/ledger/overlays.js';
import { LEDGER_COLUMNS } from '../../functions/royalties/ledger/schema.js';
import { prepareAllocation, type PrepareOptions, type Prepared } from '../../functions/money/earnings/allocation.js';
import type { EarningsScope } from '../../functions/money/earnings/earnings.js';
import type { StatementCatalogue } from '../../functions/money/earnings/weights.js';

/**
 * A tenant's ledger without the cloud: lines as a DuckDB table shaped like ledger/tables.ts
 * builds it, read through the same effective relation the royalties list uses, and a catalogue
 * as the engine reads it from DynamoDB.
 */
export type Line = Partial<Record<keyof typeof LEDGER_COLUMNS | 'manual_id', string | number | null>>;

export const EMPTY_CATALOGUE: StatementCatalogue = {
  recordings: [],
  releases: [],
  artists: [],
  payees: [],
  labels: [],
  imports: [],
};

let tables = 0;
export async function ledgerFixture() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-engine-'));
  const connection: DuckDBConnection = await (await DuckDBInstance.create(':memory:')).connect();
  /** Loads `lines` (line numbers and ids filled in) and prepares the allocation over them. */
  const prepare = async (
    lines: Line[],
    catalogue: Partial<StatementCatalogue>,
    scope: Partial<EarningsScope> = {},
    options: PrepareOptions = {},
  ): Promise<Prepared> => {
    const table = `ledger_fixture_${++tables}`;
    await loadTable(
      connection,
      dir,
      table,
      { ...LEDGER_COLUMNS, manual_id: 'VARCHAR' },
      lines.map((l, index) => ({
        import_id: l.manual_id ? null : 'IMP1',
        line: index + 2,
        pay_period: '2026-01',
        quantity: 1,
        currency: 'GBP',
        exchange_rate: '1',
        amount: l.label_payable ?? null,
        company_currency: 'GBP',
        ...l,
      })),
    );
    await connection.run(`ALTER TABLE ${table} ADD COLUMN manual BOOLEAN`);
    await connection.run(`UPDATE ${table} SET manual = manual_id IS NOT NULL`);
    const { sql, params } = effectiveRelation(table, { edits: [], rules: [] });
    return prepareAllocation(
      { connection, relation: sql, params, workDir: dir },
      { ...EMPTY_CATALOGUE, ...catalogue },
      { kind: 'payee', start_pay_period: '', end_pay_period: '', label_ids: [], accounts: [], ...scope },
      options,
    );
  };
  const close = () => {
    connection.closeSync();
    rmSync(dir, { recursive: true, force: true });
  };
  return { prepare, close, dir, connection };
}
