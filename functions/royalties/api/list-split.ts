import { currentTerms, exactFromUnits, splitTotals } from '../../money/index.js';
import { answerMemo } from '../../lib/answer-memo.js';
import { filterCondition, type RoyaltyFilter } from '../ledger/filter.js';
import { ledgerState } from '../ledger/state.js';
import { splitFromRollup } from './split-rollup.js';

/**
 * The royalties list's "of which payees and artists", "the label keeps" and "no one is entitled"
 * for every line the filter selects: the statements engine's split with the current terms
 * (statements/engine/line-split.ts), never the share stored on the lines at import. Held per
 * ledger version, terms and filter: paging through a list splits its lines once; a filter on the
 * list's own columns sums the split rollup (split-rollup.ts) instead of splitting its lines.
 */
export type ListSplit = { artist_sum: string; retained_sum: string; unaccountable_sum: string };

const memo = answerMemo(500);

export async function listSplit(
  tenantId: string,
  filter: RoyaltyFilter,
  ledgerVersion: string | undefined,
  versions: Record<string, string> = {},
): Promise<ListSplit> {
  const terms = await currentTerms(tenantId, versions);
  const key = JSON.stringify(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return memo(['listSplit', tenantId, ledgerVersion, terms.fingerprint, key], async () => {
    const state = await ledgerState(tenantId, ledgerVersion);
    // Summed from the split rollup when it answers; else the filter's lines split (with a parameter prefix of its
    // own: the engine binds its own names beside the filter's).
    const split =
      (await splitFromRollup(tenantId, state, terms, filter)) ??
      (await splitTotals(tenantId, terms, filterCondition(filter, 'lf'), state));
    return {
      artist_sum: exactFromUnits(split.payees),
      retained_sum: exactFromUnits(split.retained),
      unaccountable_sum: exactFromUnits(split.unaccountable),
    };
  });
}
