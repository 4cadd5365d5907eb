import type { ArtistItem, ContributorItem, RecordingItem, ReleaseItem } from '../entities/catalogue.js';
import type { GenreItem, LanguageItem, RightsholderItem } from '../entities/reference.js';
import { getDb } from '../service.js';

/**
 * What an ERN message reads of a company's catalogue: the release, its
 * recordings, the artists and contributors they name, the label, the company's currency and the
 * genres, languages and rightsholders they link to. Reads only, keyed by the tenant: another
 * company's release is simply not found.
 */
export type ErnCatalogue = {
  release: ReleaseItem;
  recordings: RecordingItem[];
  artists: ArtistItem[];
  contributors: ContributorItem[];
  rightsholders: RightsholderItem[];
  genres: GenreItem[];
  languages: LanguageItem[];
  labelName?: string;
  currency?: string;
};

type Row = Record<string, unknown>;
const rowsOf = (record: Row, field: string): Row[] => (Array.isArray(record[field]) ? (record[field] as Row[]) : []);
const idsOf = (rows: Row[], field: string) => [
  ...new Set(rows.map((r) => r[field]).filter((v): v is string => typeof v === 'string' && v !== '')),
];

/** Items by key in one batch (ElectroDB batch get); an empty list asks nothing. */
async function batch<T>(
  entity: { get: (keys: Row[]) => { go: () => Promise<{ data: unknown[] }> } },
  keys: Row[],
): Promise<T[]> {
  if (!keys.length) return [];
  return (await entity.get(keys).go()).data as T[];
}

/** The release and everything its message names, or null when the company has no such release. */
export async function ernCatalogue(tenantId: string, releaseId: string): Promise<ErnCatalogue | null> {
  const db = getDb().entities;
  const release = (await db.Release.get({ tenantId, id: releaseId }).go()).data;
  if (!release) return null;
  const recordingIds = idsOf(rowsOf(release, 'release_recordings'), 'recording_id');
  const [recordings, label, company] = await Promise.all([
    batch<RecordingItem>(
      db.Recording as never,
      recordingIds.map((id) => ({ tenantId, id })),
    ),
    release.label_id ? db.Label.get({ tenantId, labelId: release.label_id }).go() : null,
    db.Company.get({ companyId: tenantId }).go(),
  ]);
  const all: Row[] = [release, ...recordings];
  const artistIds = idsOf(
    [...rowsOf(release, 'artist_releases'), ...all.flatMap((r) => rowsOf(r, 'artist_recordings'))],
    'artist_id',
  );
  const contributorIds = idsOf(
    all.flatMap((r) => rowsOf(r, 'contributor_recordings')),
    'contributor_id',
  );
  const rightsholderIds = idsOf(
    all.flatMap((r) => rowsOf(r, 'rightsholdings')),
    'rightsholder_id',
  );
  const genreIds = idsOf(all, 'primary_genre_id').concat(idsOf(all, 'primary_subgenre_id'));
  const languageIds = idsOf(all, 'metadata_language_id').concat(idsOf(all, 'audio_language_id'));
  const [artists, contributors, rightsholders, genres, languages] = await Promise.all([
    batch<ArtistItem>(
      db.Artist as never,
      artistIds.map((id) => ({ tenantId, id })),
    ),
    batch<ContributorItem>(
      db.Contributor as never,
      contributorIds.map((id) => ({ tenantId, id })),
    ),
    batch<RightsholderItem>(
      db.Rightsholder as never,
      rightsholderIds.map((id) => ({ id })),
    ),
    batch<GenreItem>(
      db.Genre as never,
      [...new Set(genreIds)].map((id) => ({ id })),
    ),
    batch<LanguageItem>(
      db.Language as never,
      [...new Set(languageIds)].map((id) => ({ id })),
    ),
  ]);
  return {
    release,
    recordings,
    artists,
    contributors,
    rightsholders,
    genres,
    languages,
    labelName: label?.data?.name,
    currency: company.data?.currency,
  };
}
