import type { ReleaseDeliveryView } from '../../shared/deliveries.js';
import { getDeliveryRelease, listTenantDeliveries } from '../data/access/deliveries.js';
import { NotFound } from '../lib/errors.js';
import { listAnswer, pageOf, type SortSpec } from '../lib/list-query.js';
import type { COMPANY_DELIVERY_SORTS } from './schemas.js';
import { bulkCreate, bulkDeliver, checkCreatable, viewsOf, type NewDelivery } from './release-deliveries.js';

/**
 * The product's distribution-area calls on release deliveries (release/deliveries,
 * release_deliveries with /new and /bulk), mapped onto the release-deliveries code: the company's
 * deliveries across its releases, one new delivery, and many at once for several releases.
 */

/** A delivery in the company-wide list: with its release's title and UPC. */
type CompanyDeliveryView = ReleaseDeliveryView & { release_title?: string; upc?: string };

export type CompanyDeliveryQuery = {
  page: number;
  per_page: number;
  sort: SortSpec<(typeof COMPANY_DELIVERY_SORTS)[number]>;
  q?: string;
  sort_field?: string;
  order?: string;
  status?: string;
  release_id?: string;
  dsp_id?: string;
};

/** GET release_deliveries: the company's deliveries, newest first unless sorted, filtered and paged. */
export async function listCompanyDeliveries(tenantId: string, query: CompanyDeliveryQuery) {
  const views = await viewsOf(await listTenantDeliveries(tenantId));
  const releases = new Map(
    await Promise.all(
      [...new Set(views.map((v) => v.release_id))].map(
        async (id) => [id, await getDeliveryRelease(tenantId, id)] as const,
      ),
    ),
  );
  const rows: CompanyDeliveryView[] = views.map((view) => {
    const release = releases.get(view.release_id);
    return {
      ...view,
      ...(release ? { release_title: release.title, ...(release.upc ? { upc: release.upc } : {}) } : {}),
    };
  });
  // Unsorted, the newest first (as the release's list reloads).
  const sorted = query.sort_field || query.order ? query.sort : { field: 'created_at', direction: 'desc' as const };
  const page = pageOf(rows, {
    page: query.page,
    perPage: query.per_page,
    sort: sorted,
    q: query.q,
    searchFields: ['release_title', 'upc', 'dsp_name', 'status', 'action'],
    tieBreaker: 'id',
    filter: (row) =>
      (!query.status || row.status === query.status) &&
      (!query.release_id || row.release_id === query.release_id) &&
      (!query.dsp_id || row.dsp_id === query.dsp_id),
  });
  return listAnswer('release_deliveries', page);
}

type CompanyDelivery = NewDelivery & { release_id: string };

/** POST release_deliveries/new: one delivery of a release to a store (status created). */
export async function createCompanyDelivery(tenantId: string, userId: string, row: CompanyDelivery) {
  const [created] = await bulkCreate(tenantId, userId, row.release_id, [withoutRelease(row)]);
  if (!created) throw new NotFound('Delivery');
  return created;
}

const withoutRelease = ({ dsp_id, action }: CompanyDelivery): NewDelivery => ({
  dsp_id,
  ...(action ? { action } : {}),
});

/**
 * POST release_deliveries/bulk: deliveries for several releases at once. Every release and store
 * is checked before anything is created (all or nothing); with `deliver`, they are queued too.
 */
export async function createCompanyDeliveries(
  tenantId: string,
  userId: string,
  rows: readonly CompanyDelivery[],
  deliver: boolean,
) {
  const byRelease = new Map<string, NewDelivery[]>();
  for (const row of rows)
    byRelease.set(row.release_id, [...(byRelease.get(row.release_id) ?? []), withoutRelease(row)]);
  for (const [releaseId, deliveries] of byRelease) await checkCreatable(tenantId, releaseId, deliveries);
  const created: ReleaseDeliveryView[] = [];
  for (const [releaseId, deliveries] of byRelease)
    created.push(...(await bulkCreate(tenantId, userId, releaseId, deliveries)));
  if (!deliver) return { release_deliveries: created, queued: 0 };
  return bulkDeliver(tenantId, userId, { ids: created.map((d) => d.id) });
}
