import { artistIdsOf } from './contract-cover.js';
import type { Allocation, StatementCatalogue } from './weights.js';

/**
 * Which lines can pay one account (allocation.ts `paysAccount`, for a reader of that account's share alone): a line
 * whose recording's weight set (or, without a recording, its release's) has the account among its parties, or a line
 * that a contract with a term paying the account may cover: by the line's release, by an artist of its recording
 * (without one, of its release), or by its label, as contract-cover.ts finds a line's contract. Which contract and
 * term decide each line is still the engine's business over the lines kept: a kept line that pays the account
 * nothing adds nothing to its share, so these may be more lines than pay, never fewer.
 *
 * As rows of `st_paying` (kind, id), which PAYING_LINES reads.
 */
export type PayingRow = { kind: 'recording' | 'release' | 'any_release' | 'label'; id: string };

/** SQL: a line (of the ledger's relation) that PayingRows let pay the account. */
export const PAYING_LINES = `(recording_id IN (SELECT id FROM st_paying WHERE kind = 'recording')
  OR (recording_id IS NULL AND release_id IN (SELECT id FROM st_paying WHERE kind = 'release'))
  OR release_id IN (SELECT id FROM st_paying WHERE kind = 'any_release')
  OR label_id IN (SELECT id FROM st_paying WHERE kind = 'label'))`;

/** The rows of the lines that can pay `accountKey`; null when the account is none of the allocation's. */
export function payingRows(
  allocation: Allocation,
  catalogue: StatementCatalogue,
  accountKey: string,
): PayingRow[] | null {
  const account = allocation.accounts.find((a) => a.account_key === accountKey);
  if (!account) return null;
  const splits = new Set(allocation.parts.filter((p) => p.acct_no === account.acct_no).map((p) => p.sid));
  const paying = allocation.sets.filter((s) => splits.has(s.sid));
  const rows = new Map<string, PayingRow>();
  const add = (kind: PayingRow['kind'], id: string) => rows.set(`${kind}\u0000${id}`, { kind, id });
  for (const set of paying) {
    if (set.kind === 'recording') add('recording', set.owner_id);
    if (set.kind === 'release') add('release', set.owner_id);
  }
  const contracts = new Set(paying.flatMap((s) => (s.kind === 'term' && s.contract_id ? [s.contract_id] : [])));
  const artists = new Set<string>();
  for (const contract of catalogue.contracts ?? []) {
    if (!contracts.has(contract.id)) continue;
    if (contract.contractable_type === 'release') add('any_release', contract.contractable_id);
    if (contract.contractable_type === 'label') add('label', contract.contractable_id);
    if (contract.contractable_type === 'artist') artists.add(contract.contractable_id);
  }
  if (artists.size) {
    for (const recording of catalogue.recordings)
      if (artistIdsOf(recording.artist_recordings).some((id) => artists.has(id))) add('recording', recording.id);
    for (const release of catalogue.releases)
      if (artistIdsOf(release.artist_releases).some((id) => artists.has(id))) add('release', release.id);
  }
  return [...rows.values()];
}
