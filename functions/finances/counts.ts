import type { DashboardCounts } from '../../shared/schemas/finance-views.js';
import { tenantLabelSummaries } from '../catalogue/labels.js';
import { tenantCollectionOf, tenantRows } from '../catalogue/tenant-lists.js';
import { moneyCounts } from '../data/access/finances.js';
import { LISTS } from '../data/list-cache.js';
import { required } from '../lib/required.js';
import { ledgerState } from '../royalties/ledger/state.js';

/**
 * The dashboard counts (GET dashboard "dashboard.counts"): the catalogue from the cached lists the
 * catalogue pages read (revalidated by the versions the auth check brings: no reads while they
 * hold), finished royalty imports from the ledger state, statements and payments from two queries.
 */
const COLLECTIONS = ['artists', 'releases', 'recordings', 'songs', 'payees'] as const;

/** The cached lists the counts read: an operation declares them so their versions come with the auth check. */
export const countLists = (tenantId: string) => [
  LISTS.royalties(tenantId),
  LISTS.tenantLabels(tenantId),
  ...COLLECTIONS.map((collection) => LISTS.tenantCollection(collection, tenantId)),
];

export async function companyCounts(tenantId: string, versions: Record<string, string> = {}): Promise<DashboardCounts> {
  const rows = (collection: (typeof COLLECTIONS)[number]) =>
    tenantRows(
      required(tenantCollectionOf(collection), `the ${collection} collection`),
      tenantId,
      versions[LISTS.tenantCollection(collection, tenantId)],
    ).then((found) => found.length);
  const [labels, artists, releases, recordings, songs, payees, state, money] = await Promise.all([
    tenantLabelSummaries(tenantId, versions[LISTS.tenantLabels(tenantId)]).then((found) => found.length),
    rows('artists'),
    rows('releases'),
    rows('recordings'),
    rows('songs'),
    rows('payees'),
    ledgerState(tenantId, versions[LISTS.royalties(tenantId)]),
    moneyCounts(tenantId),
  ]);
  return { labels, artists, releases, recordings, songs, payees, imports: state.imports.length, ...money };
}
