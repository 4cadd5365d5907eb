import { ulid } from 'ulid';
import {
  ARTIST_ROW_SHARES,
  displayArtists,
  equalPayeeShares,
  PRODUCT_DEFAULTS,
  RELEASE_DEFAULTS,
} from '../../../shared/catalogue.js';
import { catalogueStore } from '../../data/access/catalogue.js';
import { writeCatalogueChanges, type CatalogueChange } from '../../data/access/records.js';
import { LISTS, listsChangedAfterWrite } from '../../data/list-cache.js';
import { guardsFor } from '../../data/unique-guards.js';
import type { ImportContext, PlannedRecord } from '../import-model.js';
import { derivedId, importMemo, retryLostRace } from '../imported-ids.js';
import { nameKey, type CatalogueNames } from './catalogue-names.js';
import type { ArtistRef, ReadRecording, ReadRelease } from './read-release.js';

/**
 * Writes one read release: its new artists and writers first (each created once per import, under
 * an id derived from the import and the name), then the release and its recordings, all or
 * nothing, with status imported. Every id derives from (import id, release key), so a retried
 * chunk finds the release written and creates nothing twice. A release with more recordings than
 * one transaction holds writes them in batches first and deletes them again if the release
 * itself cannot be written (the compensating cleanup).
 */

/** The release id an import gives the record of this key. */
export const importedReleaseId = (importId: string, key: string) => derivedId(importId, 'release', key);

/** DynamoDB holds 100 items per transaction: a release, its 2 guards and 2 per recording. */
const RECORDINGS_IN_ONE_WRITE = 48;
const RECORDING_BATCH = 45;

const lists = (tenantId: string, collection: string) => [
  LISTS.tenantCollection(collection, tenantId),
  LISTS.allTenantsCollection(collection),
];
const withoutUnset = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));

/**
 * The named records (artists, writers) this process's imports made or found, per import: releases
 * of a chunk name the same writers over and over, and each would otherwise try its own create.
 */
const namedByImport = importMemo<Map<string, Promise<string>>>();

/**
 * Creates a named record (artist, writer) unless this import created it already, under an id
 * derived from the import and the name. Answers its id. Names are not counted here: a retried chunk
 * finds the names its dead try made, so the import counts them once at its end (countNamesMade).
 */
async function createNamed(
  ctx: ImportContext,
  entity: NamedEntity,
  collection: NamedCollection,
  name: string,
): Promise<string> {
  const named = namedByImport.get(ctx.importId, () => new Map());
  const memoKey = `${collection}\u0000${nameKey(name)}`;
  const known = named.get(memoKey);
  if (known) return known;
  const id = derivedId(ctx.importId, collection, nameKey(name));
  const store = catalogueStore(entity);
  const record = { ...(entity === 'Artist' ? { config: 'individual' } : {}), tenantId: ctx.tenantId, id, name };
  // Lists are marked changed once per chunk (importListsChanged), not by each write: see there.
  const making = retryLostRace(
    async () => {
      if (!(await store.get({ tenantId: ctx.tenantId, id }))) await store.write([{ create: record }], { lists: [] });
      return id;
    },
    async () => ((await store.get({ tenantId: ctx.tenantId, id })) ? id : undefined),
  );
  named.set(memoKey, making);
  making.catch(() => named.delete(memoKey));
  return making;
}

type NamedCollection = 'artists' | 'contributors';
type NamedEntity = 'Artist' | 'Contributor';
const ENTITY_OF: Record<NamedCollection, NamedEntity> = { artists: 'Artist', contributors: 'Contributor' };

/** The artists and writers a planned record makes when it is written: kept with the plan (PlannedRecord.alsoCreates). */
export const namesToCreate = (read: { newArtists: readonly string[]; newWriters: readonly string[] }) => [
  ...read.newArtists.map((name) => ({ collection: 'artists' as const, name })),
  ...read.newWriters.map((name) => ({ collection: 'contributors' as const, name })),
];

/** How many names are looked up at once when the import counts them. */
const NAME_LOOKUPS_AT_ONCE = 25;

/**
 * How many artists and writers the import created, counted once its records are written. A new name's id
 * derives from the import and the name, so a record found under that id is one this import made — whichever
 * try of whichever chunk made it. Counted by what exists at the end, "N records were added" stays true when a
 * chunk ran twice or a worker died between making a name and counting its chunk.
 */
export async function countNamesMade(ctx: ImportContext, records: readonly PlannedRecord[]): Promise<number> {
  const wanted = new Map<string, NamedEntity>();
  for (const record of records) {
    if (record.errors.length || record.duplicate) continue;
    for (const { collection, name } of record.alsoCreates ?? [])
      wanted.set(derivedId(ctx.importId, collection, nameKey(name)), ENTITY_OF[collection as NamedCollection]);
  }
  const ids = [...wanted];
  let found = 0;
  for (let i = 0; i < ids.length; i += NAME_LOOKUPS_AT_ONCE) {
    const batch = ids.slice(i, i + NAME_LOOKUPS_AT_ONCE);
    const stored = await Promise.all(
      batch.map(([id, entity]) => catalogueStore(entity).get({ tenantId: ctx.tenantId, id })),
    );
    found += stored.filter(Boolean).length;
  }
  return found;
}

/**
 * Marks the company's catalogue lists changed after a chunk of an import was written. The import's
 * writes leave the list versions alone: each write changing the same few version items made the
 * releases of a chunk, written side by side, lose races on them and wait to try again. A list a
 * member pages shows the chunk's records once the chunk is done.
 */
export function importListsChanged(tenantId: string): Promise<void> {
  return listsChangedAfterWrite(
    ['releases', 'recordings', 'artists', 'contributors'].flatMap((collection) => lists(tenantId, collection)),
  );
}

/**
 * Artist rows as the catalogue stores them (release-rules.ts): sequence, the first Main, payee shares split
 * equally. The sheet has no join text, so none is made up: the artists show as the same rows made through the
 * API or the form do ("A, B"), whatever their roles.
 */
function artistRows(refs: readonly ArtistRef[], ids: Map<string, string>, extra: Record<string, unknown> = {}) {
  const shares = equalPayeeShares(refs.length);
  return refs.map((ref, index) => ({
    id: ulid(),
    artist_id: ids.get(nameKey(ref.name)) ?? '',
    role: ref.role,
    sequence: index + 1,
    payee_share: shares[index],
    ...extra,
  }));
}

const display = (refs: readonly ArtistRef[]) => displayArtists(refs.map((ref) => ({ artist_name: ref.name })));

/** The ids of the artists and writers a release names (name key → id). */
export type MadeNames = { artistIds: Map<string, string>; writerIds: Map<string, string> };

/** Creates the artists and writers a read release or recording names and the company lacks. */
async function createNewNames(
  ctx: ImportContext,
  read: { newArtists: readonly string[]; newWriters: readonly string[] },
  names: CatalogueNames,
): Promise<MadeNames> {
  const artistIds = new Map(names.artists);
  for (const name of read.newArtists) artistIds.set(nameKey(name), await createNamed(ctx, 'Artist', 'artists', name));
  const writerIds = new Map(names.contributors);
  for (const name of read.newWriters)
    writerIds.set(nameKey(name), await createNamed(ctx, 'Contributor', 'contributors', name));
  return { artistIds, writerIds };
}

/**
 * A recording as stored, status imported; without its own artists it takes the release's. The fields the sheet
 * leaves unset (configuration, length, copyright year …) the Recording entity fills with every new recording's
 * defaults.
 */
function storedRecording(
  ctx: ImportContext,
  id: string,
  read: ReadRecording,
  fallbackArtists: readonly ArtistRef[],
  made: MadeNames,
): Record<string, unknown> {
  const {
    publisher_ids,
    product_items,
    disc_number: _disc,
    position: _position,
    ...fields
  } = read.fields as Record<string, unknown> & { publisher_ids: string[]; product_items?: object[] };
  const artists = read.artists.length ? read.artists : fallbackArtists;
  return withoutUnset({
    ...fields,
    tenantId: ctx.tenantId,
    id,
    status: 'imported',
    artist_recordings: artistRows(artists, made.artistIds, { ...ARTIST_ROW_SHARES }),
    display_artists: display(artists),
    contributor_recordings: read.writers.map((w) => ({
      id: ulid(),
      contributor_id: made.writerIds.get(nameKey(w.name)) ?? '',
      roles: w.roles,
    })),
    publisher_recordings: publisher_ids.map((publisher_id) => ({ id: ulid(), publisher_id })),
    product_items: product_items?.map((item) => ({ ...item, id: ulid() })),
  });
}

/**
 * Writes a recording on its own (the recordings model), with its ISRC guard. Answers the records this import
 * added for it: the recording, also when an earlier try of the chunk wrote it (its id is this import's). Its new
 * artists and writers are counted once for the whole import (countNamesMade).
 */
export async function writeStandaloneRecording(
  ctx: ImportContext,
  key: string,
  read: ReadRecording & { newArtists: readonly string[]; newWriters: readonly string[] },
  names: CatalogueNames,
): Promise<number> {
  const id = derivedId(ctx.importId, 'recording', key);
  const store = catalogueStore('Recording');
  if (await store.get({ tenantId: ctx.tenantId, id })) return 1;
  const made = await createNewNames(ctx, read, names);
  const record = storedRecording(ctx, id, read, [], made);
  try {
    await retryLostRace(() =>
      store.write([{ create: record }], {
        claim: guardsFor(`recordings#${ctx.tenantId}`, ['isrc'], record),
        ownerId: id,
        lists: [],
      }),
    );
  } catch (error) {
    if (await store.get({ tenantId: ctx.tenantId, id })) return 1;
    throw error;
  }
  return 1;
}

/**
 * The release and its recordings as stored, status imported, from a read release and the ids of the names it
 * uses. Pure: what writeRelease writes, and what the round-trip test exports again without a database.
 */
export function storedRelease(ctx: ImportContext, key: string, read: ReadRelease, made: MadeNames) {
  const recordings = read.recordings.map((r) => ({
    place: { disc_number: r.fields.disc_number, position: r.fields.position },
    record: storedRecording(ctx, derivedId(ctx.importId, 'recording', key, String(r.n)), r, read.artists, made),
  }));
  const { products, ...releaseFields } = read.fields as Record<string, unknown> & { products: object[] };
  const release = withoutUnset({
    ...RELEASE_DEFAULTS,
    ...releaseFields,
    tenantId: ctx.tenantId,
    id: importedReleaseId(ctx.importId, key),
    status: 'imported',
    artist_releases: artistRows(read.artists, made.artistIds),
    display_artists: display(read.artists),
    products: products.map((p) => ({ ...PRODUCT_DEFAULTS, ...p, id: ulid() })),
    release_recordings: recordings.map(({ record, place }) => ({ id: ulid(), recording_id: record.id, ...place })),
    release_identifiers: [{ id: 'upc', type_of: 'UPC', value: read.upc }],
  });
  return { release, records: recordings.map((r) => r.record) };
}

/**
 * Writes the release; answers how many catalogue records this import added for it. A release found under its
 * id (this import's own) was written by an earlier try of the chunk that died before counting it: it and its
 * recordings count, so "N records were added" stays true after a crash. Its new artists and writers are counted
 * once for the whole import when it ends (countNamesMade): several releases share them.
 */
export async function writeRelease(
  ctx: ImportContext,
  key: string,
  read: ReadRelease,
  names: CatalogueNames,
): Promise<number> {
  const { tenantId } = ctx;
  const releaseId = importedReleaseId(ctx.importId, key);
  const releases = catalogueStore('Release');
  if (await releases.get({ tenantId, id: releaseId })) return 1 + read.recordings.length;

  const made = await createNewNames(ctx, read, names);
  const { release, records } = storedRelease(ctx, key, read, made);

  const recordingGuards = (records: readonly Record<string, unknown>[]) =>
    records.flatMap((r) =>
      guardsFor(`recordings#${tenantId}`, ['isrc'], r).map((g) => ({ ...g, ownerId: String(r.id) })),
    );
  const releaseGuards = guardsFor(`releases#${tenantId}`, ['upc', 'cat_no'], release).map((g) => ({
    ...g,
    ownerId: releaseId,
  }));
  const recordingChanges = (records: readonly Record<string, unknown>[]): CatalogueChange[] =>
    records.map((r) => ({ entity: 'Recording', change: { create: r } }));

  if (records.length <= RECORDINGS_IN_ONE_WRITE) {
    // A retry of the same chunk running beside this one may write it first: then nothing twice.
    await retryLostRace(
      async () => {
        await writeCatalogueChanges(
          [{ entity: 'Release', change: { create: release } }, ...recordingChanges(records)],
          { claim: [...releaseGuards, ...recordingGuards(records)], lists: [] },
        );
        return true;
      },
      async () => ((await releases.get({ tenantId, id: releaseId })) ? false : undefined),
    );
    // Written now, or by that retry: either way the release and its recordings are this import's.
    return 1 + records.length;
  }
  // Too many recordings for one transaction: recordings in batches, then the release; undone if the release fails.
  const written: Record<string, unknown>[] = [];
  try {
    for (let i = 0; i < records.length; i += RECORDING_BATCH) {
      const batch = records.slice(i, i + RECORDING_BATCH);
      const stored = await Promise.all(
        batch.map((r) => catalogueStore('Recording').get({ tenantId, id: String(r.id) })),
      );
      const fresh = batch.filter((_, j) => !stored[j]);
      if (fresh.length)
        await retryLostRace(() =>
          writeCatalogueChanges(recordingChanges(fresh), { claim: recordingGuards(fresh), lists: [] }),
        );
      written.push(...fresh);
    }
    await retryLostRace(() =>
      writeCatalogueChanges([{ entity: 'Release', change: { create: release } }], {
        claim: releaseGuards,
        lists: [],
      }),
    );
  } catch (error) {
    await undoRecordings(tenantId, written);
    throw error;
  }
  // Recordings an earlier try wrote count too: the release and all its recordings are this import's.
  return 1 + records.length;
}

/** The compensating cleanup: deletes the recordings a failed release wrote, and frees their ISRCs. */
async function undoRecordings(tenantId: string, records: readonly Record<string, unknown>[]) {
  for (let i = 0; i < records.length; i += RECORDING_BATCH) {
    const batch = records.slice(i, i + RECORDING_BATCH);
    await catalogueStore('Recording').write(
      batch.map((r) => ({ delete: { tenantId, id: String(r.id) } })),
      {
        release: batch.flatMap((r) => guardsFor(`recordings#${tenantId}`, ['isrc'], r)),
        lists: lists(tenantId, 'recordings'),
      },
    );
  }
}
