/**
 * The ledger engine seam (functions/royalties/ledger/engine/): every portable statement keeps to the
 * SQL subset Athena (Trino) and DuckDB share and parses with Trino's grammar (dt-sql-parser), answers
 * the golden rows on a small fixture through DuckDB, and the Athena engine drives a stubbed client
 * through start, poll, paged results and failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { TrinoSQL } from 'dt-sql-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AthenaApi,
  athenaEngine,
  LedgerQueryFailed,
} from '../../functions/royalties/ledger/engine/athena-engine.js';
import {
  DEFAULT_DISTRIBUTED_LINES,
  distributedLines,
  ledgerEngine,
  useAthenaApi,
} from '../../functions/royalties/ledger/engine/choose.js';
import { duckdbEngine } from '../../functions/royalties/ledger/engine/duckdb-engine.js';
import {
  type LedgerScope,
  lineSql,
  literal,
  pageSql,
  payPeriodsSql,
  sumsSql,
} from '../../functions/royalties/ledger/engine/portable-sql.js';
import { portablePage } from '../../functions/royalties/ledger/engine/portable-page.js';
import { LEDGER_COLUMNS } from '../../functions/royalties/ledger/schema.js';
import { routesToEngine } from '../../functions/royalties/ledger/engine/large-ledger.js';
import { ENV } from '../../infra/resources.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-engine-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two companies, three imports: A has 3 lines over two imports, B has 2 lines. */
const FIXTURE: Record<
  string,
  { importId: string; rows: [number, string, string, string, string][]; orphan?: boolean }
> = {
  'ledger/A/IA1/lines-1.parquet': {
    importId: 'IA1',
    rows: [
      [2, '2024-01', 'Spotify', 'Song One', '1.500000'],
      [3, '2024-02', 'Apple', "O'Brien Blues", '2.250000'],
    ],
  },
  'ledger/A/IA2/part-0001.parquet': { importId: 'IA2', rows: [[2, '2024-03', 'Spotify', 'Song Two', '0.125000']] },
  'ledger/B/IB1/lines-1.parquet': {
    importId: 'IB1',
    rows: [
      [2, '2024-02', 'Deezer', 'Other Song', '10.000000'],
      [3, '2024-01', 'Spotify', 'Song Three', '-1.000000'],
    ],
  },
  // A run of IB1 killed after writing its file and before recording it: the same lines again, in
  // IB1's folder but not in its manifest (Athena's folder projection reads it).
  'ledger/B/IB1/lines-0.parquet': {
    importId: 'IB1',
    orphan: true,
    rows: [
      [2, '2024-02', 'Deezer', 'Other Song', '10.000000'],
      [3, '2024-01', 'Spotify', 'Song Three', '-1.000000'],
    ],
  },
  // An unfinished import's part file: never in a scope, so never read.
  'ledger/B/IB9/part-0001.parquet': { importId: 'IB9', rows: [[2, '2024-04', 'Spotify', 'Half Done', '99.000000']] },
};
const files = (key: string) => Promise.resolve(path.join(dir, key.replaceAll('/', '_')));

beforeAll(async () => {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  for (const [key, { importId, rows }] of Object.entries(FIXTURE)) {
    const values = rows
      .map(([line, period, retailer, song, amount]) => {
        const set: Record<string, string> = {
          import_id: literal(importId),
          line: String(line),
          pay_period: literal(period),
          retailer: literal(retailer),
          song: literal(song),
          amount: literal(amount),
          label_payable: literal(amount),
          quantity: '1',
          estimated: 'false',
        };
        return `SELECT ${Object.entries(LEDGER_COLUMNS)
          .map(([c, type]) => `CAST(${set[c] ?? 'NULL'} AS ${type}) AS ${c}`)
          .join(', ')}`;
      })
      .join(' UNION ALL ');
    await duck.run(`COPY (${values}) TO ${literal(await files(key))} (FORMAT parquet)`);
  }
  duck.closeSync();
});

const BUCKET = 'ledger-bucket';
/** The fixture's files of one import, as its manifest lists them (the orphan file never is). */
const manifestOf = (tenantId: string, importId: string) =>
  Object.entries(FIXTURE)
    .filter(([key, f]) => f.importId === importId && key.startsWith(`ledger/${tenantId}/`) && !f.orphan)
    .map(([key]) => key);
const scopeOf = (entries: [string, string[]][]): LedgerScope => ({
  bucket: BUCKET,
  companies: entries.map(([tenantId, importIds]) => ({
    tenantId,
    imports: importIds.map((importId) => ({ importId, keys: manifestOf(tenantId, importId) })),
  })),
});
const EMPTY: LedgerScope = { bucket: BUCKET, companies: [] };
const ALL = scopeOf([
  ['A', ['IA1', 'IA2']],
  ['B', ['IB1']],
]);
const SORT = { field: 'pay_period', direction: 'desc' } as const;

/** Every statement the seam sends, with the variations its builders take. */
const STATEMENTS = [
  pageSql(ALL, {}, SORT, 1, 50),
  pageSql(
    ALL,
    { company_id: 'A', q: "o'brien", by_retailer: 'Apple', start_date: '2024-01-01', end_date: '2024-12' },
    { field: 'amount', direction: 'asc' },
    2,
    10,
  ),
  pageSql(ALL, { by_artist: 'X', by_label: 'L', import_id: 'IA1' }, SORT, 1, 50),
  pageSql(EMPTY, {}, SORT, 1, 50),
  sumsSql(ALL, {}),
  sumsSql(ALL, { company_id: 'B' }),
  lineSql(BUCKET, 'A', { importId: 'IA1', keys: manifestOf('A', 'IA1') }, 3),
  payPeriodsSql(ALL),
];

/** DuckDB-only constructs Athena (Trino) refuses or reads differently. */
const FORBIDDEN: [RegExp, string][] = [
  [/\bILIKE\b/i, 'ILIKE (use LOWER(...) LIKE)'],
  [/::/, ':: casts (use CAST)'],
  [/\bFILTER\s*\(/i, 'aggregate FILTER'],
  [/\bQUALIFY\b/i, 'QUALIFY'],
  [/read_parquet|read_csv|from_json|unnest\(|list_|struct_|regexp_matches|strftime|epoch_ms/i, 'DuckDB functions'],
  [/(?<!")\$\w+|\?/, 'bound parameters (Athena prunes injected partitions on literals only)'],
  // The one quoted identifier: the hidden column naming a row's file, in Athena and in the DuckDB view.
  [/"(?!\$path")[^"]*"/, 'double-quoted identifiers or strings'],
  [/\bLIMIT\s+\d+\s+OFFSET\b/i, 'LIMIT before OFFSET (Trino: OFFSET n LIMIT m)'],
  [/\bUNION ALL BY NAME\b|\bEXCLUDE\b|\bREPLACE\s*\(/i, 'DuckDB star and union extensions'],
  [/\bSUM\((?!amount|label_payable|artist_payable|aggregator_payable)/i, 'SUM of anything but money columns'],
];

/** Column types the statements cast to: Trino's names for them. */
const TRINO_TYPES = /CAST\([^()]*(?:\([^()]*\))?[^()]* AS (\w+(?:\(\d+,\d+\))?)\)/g;

describe('portable SQL: a subset Athena (Trino) and DuckDB read alike', () => {
  it.each(STATEMENTS.map((sql, i) => [i, sql]))('statement %i uses no DuckDB-only construct', (_, sql) => {
    for (const [pattern, what] of FORBIDDEN) expect(pattern.test(sql), `${what} in: ${sql}`).toBe(false);
    // Only types both engines name the same way.
    for (const [, type] of sql.matchAll(TRINO_TYPES))
      expect(['VARCHAR', 'BIGINT', 'BOOLEAN', 'DECIMAL(18,6)']).toContain(type);
    // Every statement names the projected folders with static values, as injected projection demands.
    expect(sql).toMatch(/tenant_id (IN \(|= )'/);
    expect(sql).toMatch(/import_folder (IN \(|= )'/);
  });

  it("parses with Trino's own grammar (Athena engine 3 is Trino): no syntax error in any statement", () => {
    const trino = new TrinoSQL();
    for (const sql of STATEMENTS)
      expect(
        trino.validate(sql).map((e) => e.message),
        sql,
      ).toEqual([]);
    // The check itself tells DuckDB's dialect from Trino's.
    expect(trino.validate("SELECT x::VARCHAR FROM t WHERE y ILIKE 'a'")).not.toEqual([]);
  });

  it('is the same text DuckDB runs: every statement parses in DuckDB over the ledger view', async () => {
    const engine = duckdbEngine(files);
    for (const sql of STATEMENTS) await expect(engine.rows(ALL, sql)).resolves.toBeInstanceOf(Array);
  });

  it('quotes values so they cannot end a string, and refuses control characters', () => {
    expect(literal("it's")).toBe("'it''s'");
    expect(() => literal('a\u0000b')).toThrow();
    const sql = pageSql(ALL, { q: "x') OR 1=1 --" }, SORT, 1, 5);
    expect(sql).toContain("'%x'') or 1=1 --%'");
  });
});

describe('golden results on the fixture (DuckDB)', () => {
  const engine = duckdbEngine(files);

  it('lists every company, newest pay period first, stable within a period, with company ids', async () => {
    const rows = await engine.rows(ALL, pageSql(ALL, {}, SORT, 1, 50));
    expect(rows.map((r) => [r.company_id, r.id, r.pay_period, r.amount])).toEqual([
      ['A', 'IA2-2', '2024-03', '0.125000'],
      ['A', 'IA1-3', '2024-02', '2.250000'],
      ['B', 'IB1-2', '2024-02', '10.000000'],
      ['A', 'IA1-2', '2024-01', '1.500000'],
      ['B', 'IB1-3', '2024-01', '-1.000000'],
    ]);
    expect(rows[0].line).toBe(2);
    expect(rows[0].quantity).toBe(1);
  });

  it('never reads an unfinished import, pages with OFFSET/LIMIT, filters and sums exactly', async () => {
    const all = await portablePage(engine, ALL, {}, SORT, 2, 2);
    expect(all.total_count).toBe(5);
    expect(all.total_pages).toBe(3);
    expect(all.royalties.map((r) => r.id)).toEqual(['IB1-2', 'IA1-2']);
    expect(all.sums).toEqual({
      amount: '12.875000',
      label_payable: '12.875000',
      aggregator_payable: '0.000000',
    });
    const a = await portablePage(engine, ALL, { company_id: 'A', q: "O'BRIEN" }, SORT, 1, 50);
    expect(a.royalties.map((r) => r.id)).toEqual(['IA1-3']);
    const period = await portablePage(engine, ALL, { start_date: '2024-02-01', end_date: '2024-02' }, SORT, 1, 50);
    expect(period.royalties.map((r) => r.id).sort()).toEqual(['IA1-3', 'IB1-2']);
    expect(period.sums.amount).toBe('12.250000');
  });

  it('reads one line, the pay periods, and nothing for an empty scope', async () => {
    expect(
      (await engine.rows(ALL, lineSql(BUCKET, 'A', { importId: 'IA1', keys: manifestOf('A', 'IA1') }, 3))).map(
        (r) => r.song,
      ),
    ).toEqual(["O'Brien Blues"]);
    expect((await engine.rows(ALL, payPeriodsSql(ALL))).map((r) => r.pay_period)).toEqual([
      '2024-03',
      '2024-02',
      '2024-01',
    ]);
    expect(await engine.rows(EMPTY, pageSql(EMPTY, {}, SORT, 1, 50))).toEqual([]);
  });
});

describe('an import folder holding a file its manifest does not list', () => {
  // Every file in the import's folder, as Athena's projection reads them (the orphan included).
  const wholeFolder = async (tenantId: string, entry: { importId: string }) =>
    Object.keys(FIXTURE).filter((key) => key.startsWith(`ledger/${tenantId}/${entry.importId}/`));
  const asAthena = duckdbEngine(files, wholeFolder);

  it('is counted once: the portable query reads only the files the manifest lists', async () => {
    expect(await wholeFolder('B', { importId: 'IB1' })).toHaveLength(2);
    const all = await portablePage(asAthena, ALL, {}, SORT, 1, 50);
    expect(all.total_count).toBe(5);
    expect(all.sums.amount).toBe('12.875000');
    expect(all.royalties.filter((r) => r.company_id === 'B').map((r) => r.id)).toEqual(['IB1-2', 'IB1-3']);
    const b = await portablePage(asAthena, ALL, { company_id: 'B' }, SORT, 1, 50);
    expect([b.total_count, b.sums.amount]).toEqual([2, '9.000000']);
    const line = await asAthena.rows(ALL, lineSql(BUCKET, 'B', { importId: 'IB1', keys: manifestOf('B', 'IB1') }, 2));
    expect(line.map((r) => r.song)).toEqual(['Other Song']);
  });
});

/** A stubbed Athena: states to go through, then result pages as Athena returns them (header row first). */
function stubAthena(states: string[], pages: { rows: string[][]; next?: string }[], reason = '') {
  const calls: { op: string; input: unknown }[] = [];
  const columns = [
    { Name: 'id', Type: 'varchar' },
    { Name: 'line', Type: 'bigint' },
    { Name: 'amount', Type: 'decimal' },
    { Name: 'estimated', Type: 'boolean' },
  ];
  let page = 0;
  const api: AthenaApi = {
    startQueryExecution: async (input) => {
      calls.push({ op: 'start', input });
      return { QueryExecutionId: 'q1' };
    },
    getQueryExecution: async (input) => {
      calls.push({ op: 'status', input });
      return { QueryExecution: { Status: { State: states.shift() ?? 'RUNNING', StateChangeReason: reason } } };
    },
    getQueryResults: async (input) => {
      calls.push({ op: 'results', input });
      const { rows, next } = pages[page++];
      const header = page === 1 ? [{ Data: columns.map((c) => ({ VarCharValue: c.Name })) }] : [];
      return {
        ResultSet: {
          Rows: [...header, ...rows.map((r) => ({ Data: r.map((v) => (v === '' ? {} : { VarCharValue: v })) }))],
          ResultSetMetadata: { ColumnInfo: columns },
        },
        NextToken: next,
      };
    },
    stopQueryExecution: async (input) => {
      calls.push({ op: 'stop', input });
      return {};
    },
  };
  return { api, calls };
}
const settings = { workgroup: 'wg', database: 'db', sleep: async () => {} };

describe('Athena engine (stubbed client)', () => {
  it('starts the query in the workgroup and database, polls until done, reads every page in the API shape', async () => {
    const { api, calls } = stubAthena(
      ['QUEUED', 'RUNNING', 'SUCCEEDED'],
      [{ rows: [['IA1-2', '2', '1.500000', 'false']], next: 't2' }, { rows: [['IB1-3', '3', '-1.000000', '']] }],
    );
    const sql = pageSql(ALL, {}, SORT, 1, 50);
    const rows = await athenaEngine(api, settings).rows(ALL, sql);
    expect(calls[0]).toEqual({
      op: 'start',
      input: { QueryString: sql, WorkGroup: 'wg', QueryExecutionContext: { Database: 'db' } },
    });
    expect(calls.filter((c) => c.op === 'status')).toHaveLength(3);
    expect(calls.filter((c) => c.op === 'results').map((c) => (c.input as { NextToken?: string }).NextToken)).toEqual([
      undefined,
      't2',
    ]);
    expect(rows).toEqual([
      { id: 'IA1-2', line: 2, amount: '1.500000', estimated: false },
      { id: 'IB1-3', line: 3, amount: '-1.000000', estimated: null },
    ]);
  });

  it('fails with the reason when Athena fails (the scan limit included), kept for the log', async () => {
    const { api } = stubAthena(['FAILED'], [], 'Query exhausted resources: bytes scanned limit');
    const failure = athenaEngine(api, settings).rows(ALL, sumsSql(ALL, {}));
    await expect(failure).rejects.toBeInstanceOf(LedgerQueryFailed);
    await expect(failure).rejects.toThrow(/bytes scanned limit/);
  });

  it('stops a query that outlives its time, so API Gateway never times out first', async () => {
    const { api, calls } = stubAthena([], []);
    const failure = athenaEngine(api, { ...settings, timeoutMs: 1000, pollMs: 250 }).rows(ALL, sumsSql(ALL, {}));
    await expect(failure).rejects.toThrow(/after 1000 ms/);
    expect(calls.filter((c) => c.op === 'stop')).toHaveLength(1);
  });
});

describe('engine choice', () => {
  it('is DuckDB without an Athena workgroup, and Athena through the SDK client where the stack set one', () => {
    expect(ledgerEngine({}).name).toBe('duckdb');
    expect(ledgerEngine({ [ENV.athenaWorkgroup]: 'wg', [ENV.ledgerDatabase]: 'db' }).name).toBe('athena');
  });

  it('is Athena in AWS once a client is registered', () => {
    useAthenaApi(() => stubAthena([], []).api);
    try {
      expect(ledgerEngine({ [ENV.athenaWorkgroup]: 'wg', [ENV.ledgerDatabase]: 'db' }).name).toBe('athena');
      expect(ledgerEngine({}).name).toBe('duckdb');
    } finally {
      useAthenaApi(undefined);
    }
  });

  it('reads the size threshold from its setting, with a default', () => {
    expect(distributedLines({})).toBe(DEFAULT_DISTRIBUTED_LINES);
    expect(distributedLines({ [ENV.ledgerDistributedLines]: '1000' })).toBe(1000);
    expect(distributedLines({ [ENV.ledgerDistributedLines]: 'lots' })).toBe(DEFAULT_DISTRIBUTED_LINES);
  });
});

describe('a company ledger above the configured size', () => {
  const aws = { [ENV.athenaWorkgroup]: 'wg', [ENV.ledgerDistributedLines]: '1000' };
  const request = {
    filter: { q: 'song', start_date: '2024-01' },
    sort: { field: 'pay_period', direction: 'desc' as const },
  };

  it('goes to Athena in AWS above the size, with portable filters and no overlays', () => {
    expect(routesToEngine(request, { lines: 1001, overlays: 0 }, aws)).toBe(true);
  });

  it('stays on the company path at or below the size, locally, with overlays, or with other filters or sorts', () => {
    expect(routesToEngine(request, { lines: 1000, overlays: 0 }, aws)).toBe(false);
    expect(routesToEngine(request, { lines: 10_000_000, overlays: 0 }, {})).toBe(false);
    expect(routesToEngine(request, { lines: 1001, overlays: 1 }, aws)).toBe(false);
    expect(routesToEngine({ ...request, filter: { state: 'paid' } }, { lines: 1001, overlays: 0 }, aws)).toBe(false);
    expect(
      routesToEngine({ ...request, sort: { field: 'isrc', direction: 'asc' } }, { lines: 1001, overlays: 0 }, aws),
    ).toBe(false);
    // The default size holds without the setting.
    const noSetting = { [ENV.athenaWorkgroup]: 'wg' };
    expect(routesToEngine(request, { lines: DEFAULT_DISTRIBUTED_LINES, overlays: 0 }, noSetting)).toBe(false);
    expect(routesToEngine(request, { lines: DEFAULT_DISTRIBUTED_LINES + 1, overlays: 0 }, noSetting)).toBe(true);
  });
});
