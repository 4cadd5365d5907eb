import { findOrWriteFile, stillThere, worthKeeping } from './cached-files.js';
import { withConnection } from './duck.js';
import type { RoyaltyFilter } from './filter.js';
import type { BoundRelation } from './overlays.js';
import { literal } from './sql.js';
import type { LedgerState } from './state.js';

/**
 * The royalties list's rollup: the effective lines of one ledger state summed by the list's
 * filter columns, one row per combination instead of one per line. Sums and filter menus over a
 * filter on these columns only are read from it. It is written once per state as a Parquet file
 * in the local disk cache, named by a hash of everything the state holds, so it survives a
 * restart (the first list after one reads it instead of the ledger) and is never stale.
 */
export const ROLLUP_DIMENSIONS = [
  'pay_period',
  'retailer',
  'label_id',
  'label_name',
  'artist',
  'album',
  'import_id',
  'release_id',
  'delivered_by',
  'matched_by',
  'paid',
  'artist_paid',
] as const;
/**
 * Whether a rollup (one row per combination of the list's filter columns) answers this filter: free
 * text, territory, artist ids and recording ids (which "unmatched" reads) are not its columns, so
 * those filters sum the lines.
 */
export const rollupable = (filter: RoyaltyFilter) =>
  !filter.q && !filter.recording_id && !filter.by_territory && !filter.artist_id && filter.unmatched !== 'true';

export const ROLLUP_SUMS = {
  lines: 'count(*)',
  amount: 'sum(amount)',
  label_payable: 'sum(label_payable)',
  aggregator_payable: 'sum(aggregator_payable)',
  estimated: 'sum(amount) FILTER (WHERE estimated)',
  unconverted: 'count(*) FILTER (WHERE amount IS NULL)',
};
/** ROLLUP_SUMS as the in-memory index reads them (rollup-index.ts): counts whole, money in millionths. */
export const ROLLUP_MEASURES = [
  { column: 'lines', scale: 0 },
  { column: 'amount', scale: 6 },
  { column: 'label_payable', scale: 6 },
  { column: 'aggregator_payable', scale: 6 },
  { column: 'estimated', scale: 6 },
  { column: 'unconverted', scale: 0 },
];
/** Raise when the rollup's columns or layout change: files of an older layout are not read again. */
const ROLLUP_LAYOUT = 2;

/**
 * The columns a rollup file is sorted by first: those the list is filtered by most (an artist, a release, a store),
 * then the period, which nearly every filter bounds.
 */
const ROLLUP_ORDER = ['artist', 'album', 'retailer', 'pay_period'];
/** Rows per row group of a rollup file (DuckDB's default is 122,880). */
export const ROLLUP_ROW_GROUP_ROWS = 16_384;

/**
 * The COPY that writes a rollup file (this one and the split rollup, api/split-rollup.ts) from `select`, whose
 * output columns include `columns`: the rows sorted by ROLLUP_ORDER and then the other columns, in row groups of
 * ROLLUP_ROW_GROUP_ROWS. Every list of a filter nobody opened before reads both files once; sorted, a filter on
 * the leading columns skips the row groups whose value ranges leave it out, and the sorted columns decode faster
 * whatever the filter. Replayed over the 10,000,000-line bench's rollup (33,000 rows), a filter's sums took 6.4,
 * 12.6, 9.1 and 10.6 ms of CPU (an artist and a store, a store, an album, a period range) against 11.4, 13.4, 15.9
 * and 17.7 ms unsorted, the same answers; in the API's own answers the gain was within the host's noise
 * (docs/ledger.md).
 */
export function rollupCopy(select: string, columns: readonly string[], file: string): string {
  const order = [
    ...ROLLUP_ORDER.filter((c) => columns.includes(c)),
    ...columns.filter((c) => !ROLLUP_ORDER.includes(c)),
  ];
  return `COPY (${select} ORDER BY ${order.join(', ')}) TO ${literal(file)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROLLUP_ROW_GROUP_ROWS})`;
}

const rollups = new WeakMap<LedgerState, Promise<string | null>>();

/**
 * The rollup file of `state` (null when it would be nearly as long as the ledger, so it would
 * save nothing); `relation` is the state's effective royalties.
 */
export async function stateRollup(
  tenantId: string,
  state: LedgerState,
  relation: BoundRelation,
): Promise<string | null> {
  const pending = rollups.get(state);
  if (pending) {
    const file = await pending;
    // Another process sharing the cache folder may have removed it as older than its own state.
    if (file === null || (await stillThere(file))) return file;
  }
  const written = findOrWrite(tenantId, state, relation);
  rollups.set(state, written);
  written.catch(() => rollups.delete(state));
  return written;
}

async function findOrWrite(tenantId: string, state: LedgerState, relation: BoundRelation): Promise<string | null> {
  return findOrWriteFile(
    'rollups',
    tenantId,
    [ROLLUP_LAYOUT, state.imports, state.edits, state.rules, state.manual],
    (partial) =>
      withConnection(async (connection) => {
        const sums = Object.entries(ROLLUP_SUMS).map(([k, v]) => `${v} AS ${k}`);
        await connection.run(
          rollupCopy(
            `SELECT ${ROLLUP_DIMENSIONS.join(', ')}, ${sums.join(', ')} FROM ${relation.sql} GROUP BY ALL`,
            ROLLUP_DIMENSIONS,
            partial,
          ),
          relation.params,
        );
        const [row] = (
          await connection.runAndReadAll(
            `SELECT count(*) AS rows, coalesce(sum(lines), 0) AS lines FROM read_parquet(${literal(partial)})`,
          )
        ).getRowObjectsJson();
        return worthKeeping(Number(row.rows), Number(row.lines));
      }),
  );
}
