/**
 * A rollup held in memory answers every filter it can read exactly as DuckDB's SQL over the same file does (the
 * list's totals per pay period, to the millionth and in the same text), and gives way to the SQL for the filters
 * and files it cannot hold.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../functions/royalties/ledger/duck.js';
import { filterCondition, royaltyFilterShape, type RoyaltyFilter } from '../../functions/royalties/ledger/filter.js';
import { queryRows } from '../../functions/royalties/ledger/query.js';
import {
  ROLLUP_DIMENSIONS,
  ROLLUP_MEASURES,
  ROLLUP_SUMS,
  rollupCopy,
} from '../../functions/royalties/ledger/rollup-files.js';
import { MAX_ROWS, rollupIndex, sumRollup } from '../../functions/royalties/ledger/rollup-index.js';
import { literal } from '../../functions/royalties/ledger/sql.js';
import { exactFromUnits } from '../../functions/royalties/ledger/units.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rollup-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A whole number of millionths as the ledger's DECIMAL(18,6). */
const money = (units: string) => `CAST((${units}) * CAST(0.000001 AS DECIMAL(7,6)) AS DECIMAL(18,6))`;

/** Synthetic lines: every filter column has NULLs, text beyond ASCII, amounts of both signs and NULL amounts. */
const LINES = `SELECT
    CASE WHEN i % 7 = 0 THEN NULL ELSE '2026-0' || (i % 6 + 1) END AS pay_period,
    CASE WHEN i % 11 = 0 THEN NULL ELSE 'Store ' || (i % 5) END AS retailer,
    CASE WHEN i % 8 = 0 THEN NULL ELSE 'L' || (i % 3) END AS label_id,
    CASE WHEN i % 29 = 0 THEN NULL ELSE 'Label ' || (i % 3) END AS label_name,
    CASE WHEN i % 13 = 0 THEN NULL WHEN i % 9 = 1 THEN 'Sigur Rós' ELSE 'Artist ' || (i % 9) END AS artist,
    CASE WHEN i % 10 = 0 THEN NULL ELSE 'Album ' || (i % 8) END AS album,
    'I' || (i % 4) AS import_id,
    CASE WHEN i % 6 = 0 THEN NULL ELSE 'R' || (i % 12) END AS release_id,
    CASE WHEN i % 3 = 0 THEN NULL ELSE 'D' || (i % 2) END AS delivered_by,
    CASE WHEN i % 4 = 0 THEN 'isrc' ELSE 'upc' END AS matched_by,
    CASE WHEN i % 19 = 0 THEN NULL ELSE i % 2 = 0 END AS paid,
    CASE WHEN i % 23 = 0 THEN NULL ELSE i % 3 = 0 END AS artist_paid,
    i % 5 = 0 AS estimated,
    CASE WHEN i % 17 = 0 THEN NULL ELSE ${money('CAST(hash(i) % 2000000000000 AS BIGINT) - 1000000000000')} END AS amount,
    ${money('CAST(hash(i + 1) % 900000000000 AS BIGINT)')} AS label_payable,
    ${money('CAST(hash(i + 2) % 900000000000 AS BIGINT) - 450000000000')} AS aggregator_payable
  FROM range(20000) t(i)`;

const rollupFile = path.join(dir, 'rollup.parquet');

beforeAll(async () => {
  const sums = Object.entries(ROLLUP_SUMS).map(([k, v]) => `${v} AS ${k}`);
  await withConnection((connection) =>
    connection.run(
      rollupCopy(
        `SELECT ${ROLLUP_DIMENSIONS.join(', ')}, ${sums.join(', ')} FROM (${LINES}) GROUP BY ALL`,
        ROLLUP_DIMENSIONS,
        rollupFile,
      ),
    ),
  );
});

/** The list's totals per pay period as DuckDB sums them over the file (the SQL the list runs without the index). */
async function sqlTotals(filter: RoyaltyFilter) {
  const where = filterCondition(filter);
  const money = (column: string) => `CAST(CAST(coalesce(sum(${column}), 0) AS DECIMAL(38,6)) AS VARCHAR) AS ${column}`;
  return withConnection((connection) =>
    queryRows(
      connection,
      `SELECT pay_period, CAST(coalesce(sum(lines), 0) AS VARCHAR) AS lines, ${money('amount')}, ${money('label_payable')},
         ${money('aggregator_payable')}, ${money('estimated')}, CAST(coalesce(sum(unconverted), 0) AS VARCHAR) AS unconverted
       FROM read_parquet(${literal(rollupFile)}) WHERE ${where.sql} GROUP BY pay_period ORDER BY pay_period`,
      where.params,
    ),
  );
}

function memoryTotals(groups: NonNullable<ReturnType<typeof sumRollup>>) {
  return groups.map(({ key, sums }) => ({
    pay_period: key,
    lines: String(sums.get('lines')),
    amount: exactFromUnits(sums.get('amount') ?? 0n),
    label_payable: exactFromUnits(sums.get('label_payable') ?? 0n),
    aggregator_payable: exactFromUnits(sums.get('aggregator_payable') ?? 0n),
    estimated: exactFromUnits(sums.get('estimated') ?? 0n),
    unconverted: String(sums.get('unconverted')),
  }));
}

/** A small seeded generator, so a failing filter can be found again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Values each filter the rollup reads may take: some in the lines, one in none of them. */
const CHOICES: Partial<Record<keyof RoyaltyFilter, string[]>> = {
  // A label id, or the report's label name of lines the catalogue gives no label.
  by_label: ['L0', 'L2', 'L9', 'Label 1'],
  by_retailer: ['Store 1', 'Store 4', 'Nowhere'],
  by_artist: ['Artist 2', 'Sigur Rós', 'Artist 0', 'Nobody'],
  by_album: ['Album 3', 'Album 7', 'None'],
  delivered_by: ['D0', 'D1', 'D9'],
  import_id: ['I0', 'I3', 'I7'],
  release_id: ['R1', 'R11', 'R99'],
  start_date: ['2026-01-01', '2026-03-15', '2026-07-01'],
  end_date: ['2026-02-28', '2026-05-31', '2025-12-31'],
  state: ['paid', 'unpaid', 'artist_paid', 'artist_unpaid'],
  unmatched: ['false'],
};

describe('a rollup held in memory', () => {
  it('sums 300 filters exactly as the SQL over the file does, per pay period and in the same text', async () => {
    const index = await rollupIndex(rollupFile, ROLLUP_MEASURES);
    expect(index).not.toBeNull();
    const next = random(7);
    const keys = Object.keys(CHOICES) as (keyof RoyaltyFilter)[];
    let matchedSome = 0;
    for (let n = 0; n < 300; n++) {
      const filter: Record<string, string> = {};
      for (const key of keys) {
        const values = CHOICES[key] as string[];
        if (next() < 0.2) filter[key] = values[Math.floor(next() * values.length)];
      }
      const groups = sumRollup(index!, filter, 'pay_period');
      expect(groups, JSON.stringify(filter)).not.toBeNull();
      const expected = await sqlTotals(filter);
      expect(memoryTotals(groups!), JSON.stringify(filter)).toEqual(expected);
      if (expected.length) matchedSome++;
    }
    // Many filters select some lines (were all empty, the comparison would hold trivially).
    expect(matchedSome).toBeGreaterThan(100);
  });

  it('sums the whole filter in one group, zero when nothing matches', async () => {
    const index = await rollupIndex(rollupFile, ROLLUP_MEASURES);
    const [all] = sumRollup(index!, {}) ?? [];
    const [sql] = await withConnection((connection) =>
      queryRows(
        connection,
        `SELECT CAST(sum(lines) AS VARCHAR) AS lines, CAST(sum(amount) AS VARCHAR) AS amount FROM read_parquet(${literal(rollupFile)})`,
        {},
      ),
    );
    expect(String(all?.sums.get('lines'))).toBe('20000');
    expect(String(all?.sums.get('lines'))).toBe(sql?.lines);
    expect(exactFromUnits(all?.sums.get('amount') ?? 0n)).toBe(sql?.amount);
    const none = sumRollup(index!, { by_artist: 'Nobody' });
    expect(none).toHaveLength(1);
    expect([...(none?.[0]?.sums.values() ?? [])]).toEqual(ROLLUP_MEASURES.map(() => 0n));
  });

  it('leaves to the SQL every filter on a column the rollup does not have', async () => {
    const index = await rollupIndex(rollupFile, ROLLUP_MEASURES);
    const readable = new Set([...Object.keys(CHOICES)]);
    const others = Object.keys(royaltyFilterShape).filter((key) => !readable.has(key));
    expect(others.sort()).toEqual(['artist_id', 'by_territory', 'q', 'recording_id'].sort());
    for (const key of others) expect(sumRollup(index!, { [key]: 'true' }), key).toBeNull();
    expect(sumRollup(index!, { unmatched: 'true' })).toBeNull();
  });

  it('is not held for a file of more than MAX_ROWS rows, nor one with a sum beyond 64 bits', async () => {
    const big = path.join(dir, 'big.parquet');
    const wide = path.join(dir, 'wide.parquet');
    const columns = `${ROLLUP_DIMENSIONS.map((c) => `CAST(NULL AS VARCHAR) AS ${c}`).join(', ')}`;
    await withConnection(async (connection) => {
      await connection.run(
        `COPY (SELECT ${columns}, CAST(i AS DECIMAL(38,0)) AS payees_u FROM range(${MAX_ROWS + 1}) t(i)) TO ${literal(big)} (FORMAT parquet)`,
      );
      await connection.run(
        `COPY (SELECT ${columns}, CAST(x AS DECIMAL(38,0)) AS payees_u FROM (VALUES (9223372036854775807), (1)) v(x)) TO ${literal(wide)} (FORMAT parquet)`,
      );
    });
    const measures = [{ column: 'payees_u', scale: 0 }];
    expect(await rollupIndex(big, measures)).toBeNull();
    // 2⁶³ − 1 itself fits; its sum with 1 does not fit in a number's parts, but the parts hold each row exactly.
    const fits = await rollupIndex(wide, measures);
    expect(sumRollup(fits!, {})?.[0]?.sums.get('payees_u')).toBe(9223372036854775808n);
    const beyond = path.join(dir, 'beyond.parquet');
    await withConnection((connection) =>
      connection.run(
        `COPY (SELECT ${columns}, CAST(9223372036854775808 AS DECIMAL(38,0)) AS payees_u) TO ${literal(beyond)} (FORMAT parquet)`,
      ),
    );
    expect(await rollupIndex(beyond, measures)).toBeNull();
  });
});
