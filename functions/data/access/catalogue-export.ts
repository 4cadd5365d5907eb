import type { ArtistItem, ContributorItem, RecordingItem, ReleaseItem } from '../entities/catalogue.js';
import type {
  CatalogueExportItem,
  CreateCatalogueExport,
  UpdateCatalogueExport,
} from '../entities/catalogue-export.js';
import { inEachState } from '../entities/in-states-index.js';
import type { LabelItem } from '../entities/label.js';
import type { CountryItem, GenreItem, LanguageItem, PublisherItem } from '../entities/reference.js';
import { getDb } from '../service.js';
import { EXPORT_UNFINISHED } from '../../../shared/catalogue-exchange/exports.js';

/**
 * What catalogue exports read (functions/catalogue-exchange/exports/): a company's releases a
 * page at a time, and the records they link to in batch reads. Every key names the tenant, so
 * another company's release or recording is never read.
 */

type Row = Record<string, unknown>;
type BatchEntity = { get: (keys: Row[]) => { go: (options?: object) => Promise<{ data: unknown[] }> } };

/** Items by key in batch reads (ElectroDB cuts them into DynamoDB's batches of 100); absent ones left out. */
async function batch<T>(entity: BatchEntity, keys: Row[]): Promise<T[]> {
  if (!keys.length) return [];
  return (await entity.get(keys).go({ concurrency: 4 })).data as T[];
}

/** One page of the company's releases (by id) and the cursor of the next, null at the end. */
export async function releasePage(
  tenantId: string,
  cursor: string | null,
  limit = 100,
): Promise<{ items: ReleaseItem[]; cursor: string | null }> {
  const page = await getDb().entities.Release.query.byTenant({ tenantId }).go({ cursor, limit, pages: 1 });
  return { items: page.data, cursor: page.cursor };
}

export const releasesById = (tenantId: string, ids: readonly string[]) =>
  batch<ReleaseItem>(
    getDb().entities.Release as never,
    [...new Set(ids)].map((id) => ({ tenantId, id })),
  );

export const recordingsById = (tenantId: string, ids: readonly string[]) =>
  batch<RecordingItem>(
    getDb().entities.Recording as never,
    [...new Set(ids)].map((id) => ({ tenantId, id })),
  );

export const artistsById = (tenantId: string, ids: readonly string[]) =>
  batch<ArtistItem>(
    getDb().entities.Artist as never,
    [...new Set(ids)].map((id) => ({ tenantId, id })),
  );

export const contributorsById = (tenantId: string, ids: readonly string[]) =>
  batch<ContributorItem>(
    getDb().entities.Contributor as never,
    [...new Set(ids)].map((id) => ({ tenantId, id })),
  );

export const labelsById = (tenantId: string, ids: readonly string[]) =>
  batch<LabelItem>(
    getDb().entities.Label as never,
    [...new Set(ids)].map((labelId) => ({ tenantId, labelId })),
  );

/** Reference records (shared by every company) by id. */
export const referenceById = {
  publishers: (ids: readonly string[]) =>
    batch<PublisherItem>(
      getDb().entities.Publisher as never,
      [...new Set(ids)].map((id) => ({ id })),
    ),
  genres: (ids: readonly string[]) =>
    batch<GenreItem>(
      getDb().entities.Genre as never,
      [...new Set(ids)].map((id) => ({ id })),
    ),
  languages: (ids: readonly string[]) =>
    batch<LanguageItem>(
      getDb().entities.Language as never,
      [...new Set(ids)].map((id) => ({ id })),
    ),
  countries: (ids: readonly string[]) =>
    batch<CountryItem>(
      getDb().entities.Country as never,
      [...new Set(ids)].map((id) => ({ id })),
    ),
};

// ——— Export jobs ———

const jobs = () => getDb().entities.CatalogueExport;

export async function createExportJob(job: CreateCatalogueExport): Promise<void> {
  await jobs().create(job).go();
}

export async function getExportJob(tenantId: string, id: string): Promise<CatalogueExportItem | null> {
  return (await jobs().get({ tenantId, id }).go()).data;
}

/** A user's exports in a company, newest first. */
export async function listExportJobs(tenantId: string, userId: string): Promise<CatalogueExportItem[]> {
  return (await jobs().query.byUser({ tenantId, userId }).go({ order: 'desc', pages: 'all' })).data;
}

/** Every company's exports queued or being written (the jobs' resume and the admins' Jobs page). */
export async function listUnfinishedExportJobs(): Promise<CatalogueExportItem[]> {
  return inEachState(
    EXPORT_UNFINISHED,
    async (status) => (await jobs().query.unfinished({ status }).go({ pages: 'all' })).data,
  );
}

export async function updateExportJob(
  tenantId: string,
  id: string,
  changes: Omit<UpdateCatalogueExport, 'userId' | 'model' | 'format' | 'selection'>,
): Promise<void> {
  await jobs().patch({ tenantId, id }).set(changes).go();
}

export async function deleteExportJob(tenantId: string, id: string): Promise<void> {
  await jobs().delete({ tenantId, id }).go();
}
