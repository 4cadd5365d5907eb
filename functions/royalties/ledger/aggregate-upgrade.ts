import { getImport, updateImport } from '../../data/access/royalty-imports.js';
import { getSource } from '../../data/access/royalty-sources.js';
import { log } from '../../lib/logger.js';
import { AGGREGATES_VERSION, writeAggregates } from './aggregates.js';
import { withScratchDuck } from './duck.js';
import { importLedgerKeys, localLedgerFile } from './files.js';
import { sumLedgerFiles } from './rules.js';
import { royaltiesChanged, type LedgerState } from './state.js';

/**
 * Imports whose aggregates an older rollup wrote (before the cross dimensions label × store,
 * label × territory, label × release, artist × store) are brought up to date without anyone
 * asking: the finances cube finds them in the ledger state (`aggregatesVersion` below
 * AGGREGATES_VERSION) and rebuilds their aggregates from their ledger files, as a re-match
 * writes them (writeAggregates over the summed files) but without matching again: the lines stay
 * exactly as they are, only their sums are written anew.
 */

/**
 * Rebuilds one finished import's aggregates from its ledger files and stamps the rollup's version (also after a
 * re-match whose new file was not recorded: its aggregates were written for that file).
 */
export async function rebuildAggregates(tenantId: string, importId: string): Promise<void> {
  const item = await getImport(tenantId, importId);
  const keys = item?.status === 'done' ? importLedgerKeys(item) : [];
  if (!item || !keys.length) return;
  const [files, source] = await Promise.all([
    Promise.all(keys.map(localLedgerFile)),
    getSource(tenantId, item.source_id),
  ]);
  await withScratchDuck('royalty-aggregates-', async (duck) => {
    await sumLedgerFiles(duck, files, source?.name ?? item.source_id);
    const written = await writeAggregates(duck, tenantId, importId);
    await updateImport(tenantId, importId, { aggregates: written.items, aggregates_version: AGGREGATES_VERSION });
  });
}

// One rebuild of an import at a time in this process, however many readers find it stale.
const rebuilding = new Map<string, Promise<void>>();

/**
 * Rebuilds the aggregates of the state's imports an older rollup wrote, one after another (each
 * holds a DuckDB and its files), then marks the royalties changed so readers take the new state.
 * A rebuild that fails is logged and left for the next reader: the plain dimensions still hold.
 * Returns how many imports were rebuilt.
 */
export async function upgradeStaleAggregates(tenantId: string, state: LedgerState): Promise<number> {
  const stale = state.imports.filter((entry) => (entry.aggregatesVersion ?? 1) < AGGREGATES_VERSION);
  let rebuilt = 0;
  for (const { importId } of stale) {
    const key = `${tenantId}/${importId}`;
    let pending = rebuilding.get(key);
    if (!pending) {
      pending = rebuildAggregates(tenantId, importId).finally(() => rebuilding.delete(key));
      rebuilding.set(key, pending);
    }
    try {
      await pending;
      rebuilt += 1;
    } catch (error) {
      log().error('Aggregates not rebuilt', { tenantId, importId, error });
    }
  }
  if (rebuilt) await royaltiesChanged(tenantId);
  return rebuilt;
}
