import { listImports } from '../../data/access/royalty-imports.js';
import { log } from '../../lib/logger.js';
import { currentTerms, notYetStated } from '../../money/index.js';
import { prepareStateRollup } from '../ledger/query.js';
import { ledgerState } from '../ledger/state.js';
import { writeSplitRollup } from './split-rollup.js';

/**
 * Below this many lines in a company's ledger, the first list splits its own lines, and the first view of the "Not yet
 * stated" notice computes its stated months, in well under a second, so an import prepares nothing (most imports of a
 * small label: a few hundred lines).
 */
const PREPARE_FROM_LINES = 100_000;

/**
 * After an import, what the first pages opened after it would otherwise compute over every line, computed by the
 * import's worker once the import is done (so the import's own time does not grow):
 * - the royalties list's rollup and split rollup of the new ledger state, so that the first list anyone opens reads
 *   two small files (found on disk, or copied from the ledger bucket by an API Lambda that never read this ledger)
 *   instead of splitting every line itself: at 10 million lines that split takes tens of seconds;
 * - the earnings of every stated period that the "Not yet stated" notice (the dashboard, the statements page)
 *   compares its statements with: an import names a new ledger state, so the notice's kept earnings
 *   (kept-allocation.ts `keptAnswer`) are all of an older one, and its next view would compute every stated period
 *   again (about 25 s each at 10 million lines) while the person who imported waits on the dashboard.
 *
 * Each is an optimisation only: a page opened before its part is ready computes it itself, as it always could, and a
 * failure (or a worker stopped halfway) is logged and costs that page its own work, never the import.
 */
export async function prepareAfterImport(tenantId: string, fromLines = PREPARE_FROM_LINES): Promise<void> {
  const lines = await ledgerLines(tenantId).catch(() => 0);
  if (lines < fromLines) return;
  await prepared('royalties list files', lines, async () => {
    const state = await ledgerState(tenantId);
    await prepareStateRollup(tenantId, state);
    await writeSplitRollup(tenantId, state, await currentTerms(tenantId));
  });
  await prepared('late lines check', lines, () => notYetStated(tenantId));
}

/** The lines of the company's finished imports. */
const ledgerLines = async (tenantId: string) =>
  (await listImports(tenantId))
    .filter((item) => item.status === 'done')
    .reduce((sum, item) => sum + (item.totals?.stored ?? 0), 0);

/** Runs one preparation, logging how long it took, or why it failed without failing the import. */
async function prepared(what: string, lines: number, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  try {
    await work();
    log().info(`${what} prepared`, { lines, ms: Math.round(performance.now() - started) });
  } catch (error) {
    log().warn(`${what} not prepared`, { error: String(error) });
  }
}
