import { getDb } from '../service.js';

/**
 * What the dashboards count of a company's money (GET dashboard, spec 3 §7.4 "dashboard.counts"):
 * statements in force, those unpaid, and payments, reading only the attributes counted.
 */
export async function moneyCounts(tenantId: string) {
  const db = getDb().entities;
  const all = { pages: 'all' } as const;
  const [statements, payments] = await Promise.all([
    db.Statement.query
      .byTenant({ tenantId })
      .go({ ...all, attributes: ['statementId', 'superseded_by', 'queue_status', 'paid'] }),
    // Until the payments slice's Payment records land, a payment is its entry on an account.
    db.AccountEntry.query.byAccount({ tenantId }).go({ ...all, attributes: ['entryId', 'kind'] }),
  ]);
  const inForce = statements.data.filter((s) => !s.superseded_by && (s.queue_status ?? 'published') === 'published');
  return {
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
