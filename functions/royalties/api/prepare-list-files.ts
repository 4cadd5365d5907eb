import { listImports } from '../../data/access/royalty-imports.js';
import { log } from '../../lib/logger.js';
import { currentTerms } from '../../money/index.js';
import { prepareStateRollup } from '../ledger/query.js';
import { ledgerState } from '../ledger/state.js';
import { writeSplitRollup } from './split-rollup.js';

/**
 * Below this many lines in a company's ledger, the first list splits its own lines in well under a second, so
 * an import does not prepare anything (most imports of a small label: a few hundred lines).
 */
const PREPARE_FROM_LINES = 100_000;

/**
 * After an import: the royalties list's rollup and split rollup of the new ledger state, written by the
 * import's worker so that the first list anyone opens reads two small files (found on disk, or copied
 * from the ledger bucket by an API Lambda that never read this ledger) instead of splitting every line
 * itself: at 10 million lines that split takes tens of seconds.
 *
 * It runs once the import is done, so the import's own time does not grow; a list opened before the files
 * are there writes them itself, as it always could. It is an optimisation only: a failure (or a worker
 * stopped halfway) is logged and costs the next list its own write, never the import.
 */
export async function prepareListFiles(tenantId: string, fromLines = PREPARE_FROM_LINES): Promise<void> {
  const started = performance.now();
  try {
    const lines = (await listImports(tenantId))
      .filter((item) => item.status === 'done')
      .reduce((sum, item) => sum + (item.totals?.stored ?? 0), 0);
    if (lines < fromLines) return;
    const state = await ledgerState(tenantId);
    await prepareStateRollup(tenantId, state);
    await writeSplitRollup(tenantId, state, await currentTerms(tenantId));
    log().info('royalties list files prepared', { lines, ms: Math.round(performance.now() - started) });
  } catch (error) {
    log().warn('royalties list files not prepared', { error: String(error) });
  }
}
