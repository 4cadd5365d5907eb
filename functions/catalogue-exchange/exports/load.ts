import type { RecordingItem, ReleaseItem } from '../../data/entities/catalogue.js';
import {
  artistsById,
  contributorsById,
  labelsById,
  recordingsById,
  referenceById,
  releasePage,
  releasesById,
} from '../../data/access/catalogue-export.js';
import { toExportRelease, type Names } from './resolve.js';
import type { ExportRelease, ExportSelection } from './types.js';

/** Releases read per batch: one page, its recordings and the names they link to in a few batch reads. */
const PAGE = 100;

type Row = Record<string, unknown>;
const rowsOf = (record: object, field: string): Row[] => {
  const value = (record as Row)[field];
  return Array.isArray(value) ? (value as Row[]) : [];
};
const idsIn = (rows: Row[], field: string): string[] =>
  rows.map((row) => row[field]).filter((v): v is string => typeof v === 'string' && v !== '');
const fieldIds = (records: object[], field: string): string[] => idsIn(records as Row[], field);

/** A name cache filled in batches: only ids not seen before are read. */
class NameCache<T extends { id: string }> {
  private readonly known = new Map<string, T>();
  constructor(private readonly read: (ids: readonly string[]) => Promise<T[]>) {}
  async fill(ids: readonly string[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.known.has(id));
    for (const item of await this.read(missing)) this.known.set(item.id, item);
  }
  get(id: unknown): T | undefined {
    return typeof id === 'string' ? this.known.get(id) : undefined;
  }
}

/** The releases a selection names, a page at a time. */
async function* selectedReleasePages(tenantId: string, selection: ExportSelection): AsyncGenerator<ReleaseItem[]> {
  if ('ids' in selection && selection.model !== 'recordings') {
    for (let i = 0; i < selection.ids.length; i += PAGE) {
      const ids = selection.ids.slice(i, i + PAGE);
      const found = new Map((await releasesById(tenantId, ids)).map((r) => [r.id, r]));
      // In the order chosen; ids of another company (or gone) are simply not found.
      yield ids.flatMap((id) => found.get(id) ?? []);
    }
    return;
  }
  const wanted = 'ids' in selection ? new Set(selection.ids) : null;
  let cursor: string | null = null;
  do {
    const page = await releasePage(tenantId, cursor, PAGE);
    cursor = page.cursor;
    yield page.items.filter((release) => {
      if ('label_id' in selection) return release.label_id === selection.label_id;
      if (wanted) return idsIn(rowsOf(release, 'release_recordings'), 'recording_id').some((id) => wanted.has(id));
      return true;
    });
  } while (cursor);
}

/** Everything a page of releases links to, read in batches; the caches carry names over to later pages. */
function namesLoader(tenantId: string) {
  const caches = {
    artists: new NameCache((ids) => artistsById(tenantId, ids)),
    contributors: new NameCache((ids) => contributorsById(tenantId, ids)),
    labels: new NameCache(async (ids) =>
      (await labelsById(tenantId, ids)).map((label) => ({ ...label, id: label.labelId })),
    ),
    publishers: new NameCache(referenceById.publishers),
    genres: new NameCache(referenceById.genres),
    languages: new NameCache(referenceById.languages),
    countries: new NameCache(referenceById.countries),
  };
  return async (releases: ReleaseItem[], recordings: RecordingItem[]): Promise<Names> => {
    const all: object[] = [...releases, ...recordings];
    const artistRows = [
      ...releases.flatMap((r) => rowsOf(r, 'artist_releases')),
      ...recordings.flatMap((r) => rowsOf(r, 'artist_recordings')),
    ];
    const creditRows = recordings.flatMap((r) => [
      ...rowsOf(r, 'contributor_recordings'),
      ...rowsOf(r, 'recording_performers'),
    ]);
    await Promise.all([
      caches.artists.fill(idsIn(artistRows, 'artist_id')),
      caches.contributors.fill(idsIn(creditRows, 'contributor_id')),
      caches.labels.fill(fieldIds(releases, 'label_id')),
      caches.publishers.fill(
        idsIn(
          recordings.flatMap((r) => rowsOf(r, 'publisher_recordings')),
          'publisher_id',
        ),
      ),
      caches.genres.fill([...fieldIds(all, 'primary_genre_id'), ...fieldIds(all, 'secondary_genre_id')]),
      caches.languages.fill([...fieldIds(all, 'metadata_language_id'), ...fieldIds(all, 'audio_language_id')]),
      caches.countries.fill(
        ['country_id', 'recording_country_id', 'commissioning_country_id', 'first_publication_country_id'].flatMap(
          (field) => fieldIds(all, field),
        ),
      ),
    ]);
    return {
      artist: (id) => caches.artists.get(id)?.name,
      contributor: (id) => caches.contributors.get(id)?.name,
      label: (id) => caches.labels.get(id)?.name,
      publisher: (id) => caches.publishers.get(id)?.name,
      genre: (id) => caches.genres.get(id)?.name,
      language: (id) => caches.languages.get(id),
      country: (id) => caches.countries.get(id)?.iso_alpha_two,
    };
  };
}

/**
 * The releases of a selection as export values, read a page at a time through batch reads: all
 * of the company's releases, chosen releases, the
 * releases the chosen recordings are on, or one label's releases. Only the caller's company is read.
 */
export async function* loadExportReleases(tenantId: string, selection: ExportSelection): AsyncGenerator<ExportRelease> {
  const names = namesLoader(tenantId);
  for await (const releases of selectedReleasePages(tenantId, selection)) {
    if (!releases.length) continue;
    const recordings = await recordingsById(
      tenantId,
      releases.flatMap((r) => idsIn(rowsOf(r, 'release_recordings'), 'recording_id')),
    );
    const resolved = await names(releases, recordings);
    const byId = new Map(recordings.map((r) => [r.id, r]));
    for (const release of releases) yield toExportRelease(release, byId, resolved);
  }
}

/** How many releases a selection names (the job's total): exact for ids, counted a page at a time otherwise. */
export async function countSelection(tenantId: string, selection: ExportSelection): Promise<number> {
  if ('ids' in selection && selection.model !== 'recordings') return selection.ids.length;
  let count = 0;
  for await (const page of selectedReleasePages(tenantId, selection)) count += page.length;
  return count;
}
