import { bumpRoyaltiesVersion } from '../../data/access/royalty-ledger.js';
import { cachedList, LISTS } from '../../data/list-cache.js';
import { ledgerKeys } from './files.js';
import { listOverlays } from '../../data/access/royalty-overlays.js';
import type { Overlays } from './overlays.js';

/**
 * Everything a royalties read needs from DynamoDB: the tenant's finished imports (their ledger
 * keys), manual sales, edits and paid-state rules. It is held in memory and revalidated by one
 * version item that comes with the request's auth check (list-cache.ts), so a list request makes
 * no extra DynamoDB calls while nothing changed; every write that changes royalties bumps it.
 */
export type LedgerState = Overlays & {
  /** aggregatesVersion: the rollup that wrote the import's aggregates (aggregates.ts AGGREGATES_VERSION). */
  imports: { importId: string; keys: string[]; aggregatesVersion?: number }[];
};

/** The state for the version the auth check read (or the current one); the same object while the version holds. */
export async function ledgerState(tenantId: string, knownVersion?: string): Promise<LedgerState> {
  const [state] = await cachedList<LedgerState>(
    LISTS.royalties(tenantId),
    async () => {
      const [imports, overlays] = await Promise.all([ledgerKeys(tenantId), listOverlays(tenantId)]);
      return [{ imports, ...overlays }];
    },
    knownVersion,
  );
  return state;
}

/** Marks the tenant's royalties changed: call after any write to imports' ledgers or overlays. */
export async function royaltiesChanged(tenantId: string): Promise<void> {
  await bumpRoyaltiesVersion(tenantId);
}
