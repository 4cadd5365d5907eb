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
/** Raise when the rollup's columns change: files of an older layout are not read again. */
const ROLLUP_LAYOUT = 1;

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
        await connection.run(
          `COPY (SELECT ${ROLLUP_DIMENSIONS.join(', ')}, ${Object.entries(ROLLUP_SUMS)
            .map(([k, v]) => `${v} AS ${k}`)
            .join(', ')} FROM ${relation.sql} GROUP BY ALL) TO ${literal(partial)} (FORMAT parquet, COMPRESSION zstd)`,
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
