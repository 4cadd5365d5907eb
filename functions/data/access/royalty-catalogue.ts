import { getDb } from '../service.js';

/**
 * What the royalties area reads of other areas' records: the catalogue it matches lines against,
 * whether a record a royalty links to exists in the company, and the company's and a label's
 * money terms. Reads only; those areas own the writes.
 */
export type CatalogueLink = 'label_id' | 'release_id' | 'recording_id' | 'artist_id';

/**
 * The tenant's recordings, releases, labels and artists with only the attributes matching needs:
 * identifiers and shares to match and cut, titles and names for the lines a match names.
 */
export async function matchingCatalogue(tenantId: string) {
  const db = getDb().entities;
  const [recordings, releases, labels, artists] = await Promise.all([
    db.Recording.query
      .byTenant({ tenantId })
      .go({ pages: 'all', attributes: ['id', 'isrc', 'title', 'display_artists', 'artist_recordings'] }),
    db.Release.query.byTenant({ tenantId }).go({
      pages: 'all',
      attributes: [
        'id',
        'upc',
        'cat_no',
        'label_id',
        'title',
        'display_artists',
        'artist_releases',
        'release_recordings',
      ],
    }),
    db.Label.query.byTenant({ tenantId }).go({ pages: 'all', attributes: ['labelId', 'name', 'deal_percentage'] }),
    db.Artist.query.byTenant({ tenantId }).go({ pages: 'all', attributes: ['id', 'name'] }),
  ]);
  return { recordings: recordings.data, releases: releases.data, labels: labels.data, artists: artists.data };
}

/** Whether the company has the record a royalty links to (another tenant's id is not found). */
export async function catalogueRecordExists(tenantId: string, link: CatalogueLink, id: string): Promise<boolean> {
  const db = getDb().entities;
  if (link === 'label_id') return Boolean((await db.Label.get({ tenantId, labelId: id }).go()).data);
  if (link === 'release_id') return Boolean((await db.Release.get({ tenantId, id }).go()).data);
  if (link === 'recording_id') return Boolean((await db.Recording.get({ tenantId, id }).go()).data);
  return Boolean((await db.Artist.get({ tenantId, id }).go()).data);
}

/** The company's currency and deal percentage as stored (null: no such company). */
export async function companyMoneyTerms(
  tenantId: string,
): Promise<{ currency?: string; deal_percentage?: number } | null> {
  const company = (await getDb().entities.Company.get({ companyId: tenantId }).go()).data;
  return company ? { currency: company.currency, deal_percentage: company.deal_percentage } : null;
}

/** A label's deal percentage, when the label exists and has one. */
export async function labelDealPercentage(tenantId: string, labelId: string): Promise<number | undefined> {
  return (await getDb().entities.Label.get({ tenantId, labelId }).go()).data?.deal_percentage;
}
