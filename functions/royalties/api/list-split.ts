import { currentTerms, exactFromUnits, splitTotals } from '../../money/index.js';
import { answerMemo } from '../../lib/answer-memo.js';
import { filterCondition, type RoyaltyFilter } from '../ledger/filter.js';

/**
 * The royalties list's "of which payees and artists", "the label keeps" and "no one is entitled"
 * for every line the filter selects: the statements engine's split with the current terms
 * (statements/engine/line-split.ts), never the share stored on the lines at import. Held per
 * ledger version, terms and filter: paging through a list splits its lines once.
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
    // Its own parameter prefix: the engine binds its own names beside the filter's.
    const split = await splitTotals(tenantId, terms, filterCondition(filter, 'lf'));
    return {
      artist_sum: exactFromUnits(split.payees),
      retained_sum: exactFromUnits(split.retained),
      unaccountable_sum: exactFromUnits(split.unaccountable),
    };
  });
}
