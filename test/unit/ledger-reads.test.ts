/**
 * The royalties reader's bounded-memory pieces: ledger files say they are in ledger
 * order, a default page is planned period by period, DuckDB's memory follows the process's
 * budget, and a state's rollup is a file on local disk that a restarted process finds again
 * instead of summing the ledger a second time.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LEDGER_MEMORY_MB,
  dropTempTables,
  duckMemoryMb,
  withConnection,
  withScratchDuck,
  withTempTables,
} from '../../functions/royalties/ledger/duck.js';
import { inLedgerOrder, LEDGER_FILE_OPTIONS, sameColumns } from '../../functions/royalties/ledger/ledger-order.js';
import { planDefaultPage } from '../../functions/royalties/ledger/query.js';
import { ROLLUP_ROW_GROUP_ROWS, stateRollup } from '../../functions/royalties/ledger/rollup-files.js';
import type { LedgerState } from '../../functions/royalties/ledger/state.js';
import { fileOrder } from '../support/parquet-order.js';
import { ENV } from '../../infra/resources.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a default page', () => {
  const periods = [
    { pay_period: '2026-01', lines: 10 },
    { pay_period: null, lines: 4 },
    { pay_period: '2026-03', lines: 3 },
    { pay_period: '2026-02', lines: 0 },
  ];

  it('starts in the newest period and skips whole periods before its first line', () => {
    expect(planDefaultPage(periods, 0, 2)).toEqual([{ pay_period: '2026-03', skip: 0, take: 2 }]);
    expect(planDefaultPage(periods, 5, 4)).toEqual([{ pay_period: '2026-01', skip: 2, take: 4 }]);
  });

  it('runs on into the next periods, lines without a period last', () => {
    expect(planDefaultPage(periods, 2, 5)).toEqual([
      { pay_period: '2026-03', skip: 2, take: 1 },
      { pay_period: '2026-01', skip: 0, take: 4 },
    ]);
    expect(planDefaultPage(periods, 11, 10)).toEqual([
      { pay_period: '2026-01', skip: 8, take: 2 },
      { pay_period: null, skip: 0, take: 4 },
    ]);
  });

  it('is empty past the last line', () => {
    expect(planDefaultPage(periods, 17, 5)).toEqual([]);
  });
});

describe('the memory budget', () => {
  it('gives DuckDB the budget less what Node needs, 1 GB by default', () => {
    expect(duckMemoryMb({})).toBeLessThan(DEFAULT_LEDGER_MEMORY_MB);
    expect(duckMemoryMb({})).toBeGreaterThan(DEFAULT_LEDGER_MEMORY_MB / 2);
    expect(duckMemoryMb({ [ENV.ledgerMemoryMb]: '4096' })).toBe(duckMemoryMb({}) + 3072);
    // Nonsense falls back to the default; a tiny budget still leaves DuckDB enough to run.
    expect(duckMemoryMb({ [ENV.ledgerMemoryMb]: 'lots' })).toBe(duckMemoryMb({}));
    expect(duckMemoryMb({ [ENV.ledgerMemoryMb]: '100' })).toBeGreaterThanOrEqual(128);
  });

  it("is the reader's DuckDB memory limit", async () => {
    const [row] = await withConnection(async (connection) =>
      (await connection.runAndReadAll("SELECT current_setting('memory_limit') AS limit")).getRowObjectsJson(),
    );
    // DuckDB shows it rounded, in MiB or (from 1,000 MiB) GiB: read back, it is the budget within that rounding.
    const shown = /^([\d.]+) (MiB|GiB)$/.exec(String(row.limit));
    expect(shown, String(row.limit)).not.toBeNull();
    const mb = Number(shown?.[1]) * (shown?.[2] === 'GiB' ? 1024 : 1) * 1.048576;
    expect(Math.abs(mb - duckMemoryMb()) / duckMemoryMb()).toBeLessThan(0.05);
  });
});

describe('ledger files', () => {
  it('written with the ledger options say they are in ledger order; older files do not', async () => {
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const marked = path.join(dir, 'marked.parquet');
    const plain = path.join(dir, 'plain.parquet');
    await duck.run(`COPY (SELECT 1 AS line) TO '${marked}' (${LEDGER_FILE_OPTIONS})`);
    await duck.run(`COPY (SELECT 1 AS line) TO '${plain}' (FORMAT parquet)`);
    expect(await inLedgerOrder(duck, [marked])).toBe(true);
    expect(await inLedgerOrder(duck, [marked, plain])).toBe(false);
    duck.closeSync();
  });

  it('are read as one table only when their columns are the same, in the same order', async () => {
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const file = (name: string, select: string) => {
      const target = path.join(dir, `${name}.parquet`);
      return duck.run(`COPY (${select}) TO '${target}' (FORMAT parquet)`).then(() => target);
    };
    const a = await file('cols-a', 'SELECT 1 AS line, 2.5::DECIMAL(18,6) AS amount');
    const b = await file('cols-b', 'SELECT 7 AS line, 1.0::DECIMAL(18,6) AS amount');
    const older = await file('cols-older', 'SELECT 1 AS line');
    const swapped = await file('cols-swapped', 'SELECT 1.0::DECIMAL(18,6) AS amount, 1 AS line');
    expect(await sameColumns(duck, [a, b])).toBe(true);
    expect(await sameColumns(duck, [a, older])).toBe(false);
    expect(await sameColumns(duck, [a, swapped])).toBe(false);
    duck.closeSync();
  });
});

describe("a state's rollup", () => {
  const tenantId = `T${Date.now()}`;
  const stateOf = (rows: number): LedgerState => ({
    imports: [{ importId: 'IMP', keys: [`ledger/${tenantId}/IMP/${rows}.parquet`] }],
    edits: [],
    rules: [],
    manual: [],
  });
  // 20,000 lines in 6 combinations of the list's columns.
  const relation = (
    rows: number,
    {
      album = "'Album'",
      artist = "'Ann'",
      retailer = "['A','B','C'][1 + i % 3]",
      period = "['2026-01','2026-02'][1 + i % 2]",
    } = {},
  ) => ({
    sql: `(SELECT ${period} AS pay_period, ${retailer} AS retailer,
      'L' AS label_id, 'Label' AS label_name, ${artist} AS artist, ${album} AS album, 'IMP' AS import_id,
      NULL AS release_id, NULL AS delivered_by, 'isrc' AS matched_by, false AS paid, false AS artist_paid,
      CAST(0.5 AS DECIMAL(18,6)) AS amount, CAST(0.1 AS DECIMAL(18,6)) AS artist_payable,
      CAST(0.4 AS DECIMAL(18,6)) AS label_payable, CAST(0.1 AS DECIMAL(18,6)) AS aggregator_payable,
      false AS estimated FROM range(${rows}) t(i))`,
    params: {},
  });

  it('is written once and found again by a restarted process (a new state object with the same content)', async () => {
    const first = await stateRollup(tenantId, stateOf(20_000), relation(20_000));
    expect(first).toMatch(/\.parquet$/);
    // The file's inode: a file written again is a new file renamed into place (its time is no proof: a file found
    // again is touched, so that removals of older states pass over it).
    const written = statSync(first ?? '').ino;
    // What a restarted process has: the same state read again, nothing in memory.
    const again = await stateRollup(tenantId, stateOf(20_000), {
      sql: "(SELECT error('the ledger was read again'))",
      params: {},
    });
    expect(again).toBe(first);
    expect(statSync(again ?? '').ino).toBe(written);
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const [row] = (
      await duck.runAndReadAll(`SELECT count(*) AS rows, sum(lines) AS lines, CAST(sum(amount) AS VARCHAR) AS amount
        FROM read_parquet('${first}')`)
    ).getRowObjectsJson();
    duck.closeSync();
    expect(row).toEqual({ rows: '6', lines: '20000', amount: '10000.000000' });
  });

  it('is sorted by artist, album, store and period, in row groups small enough for a filter to skip', async () => {
    // 100,000 lines of 20,000 artists (kept: five lines a row), the artists in no order, one store and one month.
    const scattered = {
      artist: "'Artist ' || CAST((i * 7919) % 20000 AS VARCHAR)",
      retailer: "'A'",
      period: "'2026-01'",
    };
    const file = await stateRollup(tenantId, stateOf(100_000), relation(100_000, scattered));
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const groups = (
      await duck.runAndReadAll(`SELECT row_group_id, any_value(row_group_num_rows) AS rows,
          any_value(stats_min_value) FILTER (WHERE path_in_schema = 'artist') AS first_artist,
          any_value(stats_max_value) FILTER (WHERE path_in_schema = 'artist') AS last_artist
        FROM parquet_metadata('${file}') GROUP BY row_group_id ORDER BY row_group_id`)
    ).getRowObjectsJson();
    duck.closeSync();
    expect(groups.map((g) => Number(g.rows))).toEqual([ROLLUP_ROW_GROUP_ROWS, 20_000 - ROLLUP_ROW_GROUP_ROWS]);
    // Sorted: each row group's artists come after the previous one's, so a filter on an artist reads one of them.
    expect(String(groups[0].last_artist) < String(groups[1].first_artist)).toBe(true);
    expect((await fileOrder(file ?? '', ['artist', 'album', 'retailer', 'pay_period'])).outOfOrder).toEqual([]);
  });

  it('is not kept when it would be nearly as long as the ledger', async () => {
    // Every line its own album: 20,000 combinations.
    expect(await stateRollup(tenantId, stateOf(1), relation(20_000, { album: 'CAST(i AS VARCHAR)' }))).toBeNull();
  });
});

describe('a connection done with its temp tables', () => {
  it('drops every one of them, whatever their names, before it closes', async () => {
    const left = await withConnection(async (connection) => {
      await connection.run('CREATE TEMP TABLE st_lines AS SELECT range AS i FROM range(100000)');
      await connection.run('CREATE TEMP TABLE "a ""quoted"" name" AS SELECT 1 AS one');
      await connection.run('CREATE TABLE kept AS SELECT 1 AS one');
      await dropTempTables(connection);
      const tables = await connection.runAndReadAll(
        'SELECT table_name, temporary FROM duckdb_tables() ORDER BY table_name',
      );
      await connection.run('DROP TABLE kept');
      return tables.getRowObjectsJson();
    });
    // Only the temp tables go: a table of the database itself is not the connection's to drop.
    expect(left).toEqual([{ table_name: 'kept', temporary: false }]);
  });

  it('are dropped before a connection for such work closes, also when the work fails', async () => {
    const events: string[] = [];
    // Records the connection's drops and its close, in order.
    const watched = async (connection: DuckDBConnection, fail: boolean) => {
      const run = connection.run.bind(connection);
      connection.run = ((sql: string, ...rest: []) => {
        if (sql.startsWith('DROP')) events.push(sql);
        return run(sql, ...rest);
      }) as typeof connection.run;
      const close = connection.closeSync.bind(connection);
      connection.closeSync = () => {
        events.push('close');
        close();
      };
      await connection.run('CREATE TEMP TABLE st_split AS SELECT range AS i FROM range(1000)');
      if (fail) throw new Error('the work failed');
      return 'done';
    };
    expect(await withTempTables((connection) => watched(connection, false))).toBe('done');
    expect(events).toEqual(['DROP TABLE IF EXISTS temp.main."st_split"', 'close']);
    events.length = 0;
    await expect(withTempTables((connection) => watched(connection, true))).rejects.toThrow('the work failed');
    expect(events).toEqual(['DROP TABLE IF EXISTS temp.main."st_split"', 'close']);
  });
});

describe('pieces of work side by side', () => {
  it('each see only their own tables, under the same names, and leave nothing behind', async () => {
    // Both works have made their table before either reads its own.
    let madeOne: () => void = () => undefined;
    const firstMade = new Promise<void>((resolve) => {
      madeOne = resolve;
    });
    let made = 0;
    const keeping = (value: number) =>
      withScratchDuck('scratch-test-', async (duck, folder) => {
        await duck.run(`CREATE TEMP TABLE mine AS SELECT ${value} AS value FROM range(1000)`);
        made += 1;
        if (made === 2) madeOne();
        await firstMade;
        const read = await duck.runAndReadAll('SELECT DISTINCT value FROM mine');
        return { values: read.getRowObjectsJson().map((row) => Number(row.value)), folder };
      });
    const [first, second] = await Promise.all([keeping(1), keeping(2)]);
    expect(first.values).toEqual([1]);
    expect(second.values).toEqual([2]);
    // Their folders go with them, and a later work starts with no table of theirs.
    expect(existsSync(first.folder) || existsSync(second.folder)).toBe(false);
    const left = await withScratchDuck('scratch-test-', async (duck) =>
      (await duck.runAndReadAll('SELECT table_name FROM duckdb_tables()')).getRowObjectsJson(),
    );
    expect(left).toEqual([]);
  });

  it('spill into a folder other than the reader’s (two databases in one folder crashed the process)', async () => {
    const spillOf = async (connection: DuckDBConnection) =>
      String((await connection.runAndReadAll("SELECT current_setting('temp_directory')")).getRows()[0][0]);
    const reader = await withConnection(spillOf);
    const scratch = await withScratchDuck('scratch-test-', spillOf);
    expect(existsSync(reader) && existsSync(scratch)).toBe(true);
    expect(path.resolve(scratch)).not.toBe(path.resolve(reader));
  });
});
