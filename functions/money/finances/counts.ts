import type { DashboardCounts } from '../../../shared/schemas/finance-views.js';
import { tenantLabelSummaries } from '../../catalogue/labels.js';
import { tenantCollectionOf, tenantRows } from '../../catalogue/tenant-lists.js';
import { LISTS } from '../../data/list-cache.js';
import { required } from '../../lib/required.js';
import { ledgerState } from '../../royalties/ledger/state.js';
import { moneyLists, moneyRecords, type MoneyRecords } from './money-records.js';

/**
 * The dashboard counts (GET dashboard "dashboard.counts"): the catalogue from the cached lists the
 * catalogue pages read (revalidated by the versions the auth check brings: no reads while they
 * hold), finished royalty imports from the ledger state, statements and payments from the money
 * records (held the same way, money-records.ts).
 */
const COLLECTIONS = ['artists', 'releases', 'recordings', 'songs', 'payees'] as const;

/** The cached lists the counts read: an operation declares them so their versions come with the auth check. */
export const countLists = (tenantId: string) => [
  LISTS.royalties(tenantId),
  LISTS.tenantLabels(tenantId),
  ...COLLECTIONS.map((collection) => LISTS.tenantCollection(collection, tenantId)),
  ...moneyLists(tenantId),
];

/** Statements in force, those unpaid, and payments (a payment is its entry on the account it paid). */
function moneyCounts(records: MoneyRecords) {
  const inForce = records.statements.filter((s) => !s.superseded_by && (s.queue_status ?? 'published') === 'published');
  return {
    statements: inForce.length,
    statements_unpaid: inForce.filter((s) => !s.paid).length,
    payments: records.entries.filter((e) => e.kind === 'payment').length,
  };
}

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
    moneyRecords(tenantId, versions[LISTS.money(tenantId)]),
  ]);
  return {
    labels,
    artists,
    releases,
    recordings,
    songs,
    payees,
    imports: state.imports.length,
    ...moneyCounts(money),
  };
}
