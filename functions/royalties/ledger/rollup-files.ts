import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LEDGER_CACHE_DIR } from './cache-dir.js';
import { withConnection } from './duck.js';
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
const ROLLUP_DIMENSIONS = [
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
/** How long a replaced rollup file stays for queries that started on it. */
const REMOVE_AFTER_MS = 60_000;

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
    if (file === null || (await exists(file))) return file;
  }
  const written = findOrWrite(tenantId, state, relation);
  rollups.set(state, written);
  written.catch(() => rollups.delete(state));
  return written;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function findOrWrite(tenantId: string, state: LedgerState, relation: BoundRelation): Promise<string | null> {
  const dir = path.join(LEDGER_CACHE_DIR, 'rollups', tenantId.replace(/[^0-9A-Za-z]/g, '_'));
  const name = createHash('sha256')
    .update(JSON.stringify([ROLLUP_LAYOUT, state.imports, state.edits, state.rules, state.manual]))
    .digest('hex');
  const file = path.join(dir, `${name}.parquet`);
  const none = path.join(dir, `${name}.none`);
  if (await exists(file)) return file;
  if (await exists(none)) return null;
  await mkdir(dir, { recursive: true });
  // Unique per write: two requests of one process may write the same state's rollup in the same millisecond
  // (their ledger states are equal but not the same object), and a shared name let one read the other's half file.
  const partial = `${file}.${process.pid}.${randomUUID()}.part`;
  const kept = await withConnection(async (connection) => {
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
    // A rollup nearly as long as the ledger saves nothing.
    return !(Number(row.rows) * 4 > Number(row.lines) && Number(row.lines) > 10_000);
  });
  if (kept) await rename(partial, file);
  else {
    await rm(partial, { force: true });
    await writeFile(none, '');
  }
  removeOthersLater(dir, kept ? file : none);
  return kept ? file : null;
}

/** Removes the tenant's rollups of older states once queries that started on them are done. */
function removeOthersLater(dir: string, current: string) {
  setTimeout(async () => {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const entry of names)
      if (path.join(dir, entry) !== current && !entry.endsWith('.part'))
        await rm(path.join(dir, entry), { force: true }).catch(() => undefined);
  }, REMOVE_AFTER_MS).unref();
}
