import { getDb } from '../service.js';

/**
 * What the dashboards count (GET dashboard, spec 3 §7.4 "dashboard.counts"): one key-only
 * query per collection of a company, reading ids only.
 */
export async function companyCounts(tenantId: string) {
  const db = getDb().entities;
  const ids = { pages: 'all' } as const;
  const [labels, artists, releases, recordings, songs, payees, imports, statements, payments] = await Promise.all([
    db.Label.query.byTenant({ tenantId }).go({ ...ids, attributes: ['labelId'] }),
    db.Artist.query.byTenant({ tenantId }).go({ ...ids, attributes: ['id'] }),
    db.Release.query.byTenant({ tenantId }).go({ ...ids, attributes: ['id'] }),
    db.Recording.query.byTenant({ tenantId }).go({ ...ids, attributes: ['id'] }),
    db.Song.query.byTenant({ tenantId }).go({ ...ids, attributes: ['id'] }),
    db.Payee.query.byTenant({ tenantId }).go({ ...ids, attributes: ['id'] }),
    db.RoyaltyImport.query.byTenant({ tenantId }).go({ ...ids, attributes: ['id'] }),
    db.Statement.query
      .byTenant({ tenantId })
      .go({ ...ids, attributes: ['statementId', 'superseded_by', 'queue_status', 'paid'] }),
    // Until the payments slice's Payment records land, a payment is its entry on an account.
    db.AccountEntry.query.byAccount({ tenantId }).go({ ...ids, attributes: ['entryId', 'kind'] }),
  ]);
  const inForce = statements.data.filter((s) => !s.superseded_by && (s.queue_status ?? 'published') === 'published');
  return {
    labels: labels.data.length,
    artists: artists.data.length,
    releases: releases.data.length,
    recordings: recordings.data.length,
    songs: songs.data.length,
    payees: payees.data.length,
    imports: imports.data.length,
    statements: inForce.length,
    statements_unpaid: inForce.filter((s) => !s.paid).length,
    payments: payments.data.filter((e) => e.kind === 'payment').length,
  };
}

/** A company's releases, newest first, as the dashboard lists them (GET dashboard/releases). */
export async function latestReleases(tenantId: string, limit: number) {
  const found = await getDb()
    .entities.Release.query.byTenant({ tenantId })
    .go({ pages: 'all', attributes: ['id', 'title', 'upc', 'label_id', 'status', 'release_date', 'createdAt'] });
  return found.data.sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))).slice(0, limit);
}
