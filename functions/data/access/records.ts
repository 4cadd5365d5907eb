import { humanizeField } from '../../../shared/messages.js';
import { listsChanged } from '../list-cache.js';
import { getDb } from '../service.js';
import { writeTransaction, type Commit, type TransactionEntities } from '../transaction.js';
import type { Guard } from '../unique-guards.js';
import type { ArtistIds, ContributorIds, PayeeIds, RecordingIds, ReleaseIds, SongIds } from '../entities/catalogue.js';
import type {
  CountryIds,
  DistributorIds,
  DspIds,
  GenreIds,
  LanguageIds,
  PerformerRoleIds,
  PublisherIds,
  RetailerIds,
  RightsholderIds,
  SocietyIds,
} from '../entities/reference.js';

/**
 * The one typed adapter between the two generic resources (a company's catalogue collections,
 * the reference collections) and ElectroDB. Those resources pick their entity by name at run
 * time and know a record's fields only from its input schema, which ElectroDB's per-entity
 * types cannot express; this file is the only place that bridges the two, and it checks at
 * compile time that every entity it serves has the key the adapter builds.
 */

/** A stored record as the generic resources see it: its attributes by name, keys included. */
export type StoredRecord = Record<string, unknown>;

/** The entities the catalogue resource serves, all keyed by company and id. */
export type CatalogueEntityName = 'Artist' | 'Contributor' | 'Payee' | 'Release' | 'Recording' | 'Song';
/** The entities the reference resource serves, all keyed by id alone. */
export type ReferenceEntityName =
  | 'Country'
  | 'Language'
  | 'Genre'
  | 'PerformerRole'
  | 'Society'
  | 'Retailer'
  | 'Rightsholder'
  | 'Publisher'
  | 'Distributor'
  | 'Dsp';

type CatalogueKey = { tenantId: string; id: string };
export type ReferenceKey = { id: string };

/** Fails to compile when an entity's key differs from the key its adapter builds. */
type SameKey<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const keysMatch: {
  [K in CatalogueEntityName | ReferenceEntityName]: true;
} = {
  Artist: true satisfies SameKey<ArtistIds, CatalogueKey>,
  Contributor: true satisfies SameKey<ContributorIds, CatalogueKey>,
  Payee: true satisfies SameKey<PayeeIds, CatalogueKey>,
  Release: true satisfies SameKey<ReleaseIds, CatalogueKey>,
  Recording: true satisfies SameKey<RecordingIds, CatalogueKey>,
  Song: true satisfies SameKey<SongIds, CatalogueKey>,
  Country: true satisfies SameKey<CountryIds, ReferenceKey>,
  Language: true satisfies SameKey<LanguageIds, ReferenceKey>,
  Genre: true satisfies SameKey<GenreIds, ReferenceKey>,
  PerformerRole: true satisfies SameKey<PerformerRoleIds, ReferenceKey>,
  Society: true satisfies SameKey<SocietyIds, ReferenceKey>,
  Retailer: true satisfies SameKey<RetailerIds, ReferenceKey>,
  Rightsholder: true satisfies SameKey<RightsholderIds, ReferenceKey>,
  Publisher: true satisfies SameKey<PublisherIds, ReferenceKey>,
  Distributor: true satisfies SameKey<DistributorIds, ReferenceKey>,
  Dsp: true satisfies SameKey<DspIds, ReferenceKey>,
};
void keysMatch;

type Read<T> = { go: (options?: { pages?: 'all'; attributes?: string[] }) => Promise<{ data: T }> };

/** The reads of an entity, with its records' fields left open. */
type RecordReader<Key> = {
  get: (key: Key) => Read<StoredRecord | null>;
  put: (records: StoredRecord[]) => { go: () => Promise<unknown> };
  query: {
    all: (key: Record<string, never>) => Read<StoredRecord[]>;
    byTenant: (key: { tenantId: string }) => Read<StoredRecord[]>;
    byId: (key: { id: string }) => Read<StoredRecord[]>;
  };
};

/** The transaction writes of an entity, with its records' fields left open. */
type RecordWriter<Key> = {
  create: (record: StoredRecord) => { commit: () => Commit };
  patch: (key: Key) => {
    set: (fields: StoredRecord) => { commit: () => Commit; remove: (fields: string[]) => { commit: () => Commit } };
  };
  delete: (key: Key) => { commit: () => Commit };
};

/** One change to a record inside a write. */
export type RecordChange<Key> =
  | { create: StoredRecord }
  | { patch: Key; set: StoredRecord; remove?: readonly string[] }
  | { delete: Key };

/** What a write also does: unique guards released and claimed for `ownerId`, and lists marked changed. */
type WriteEffects = {
  release?: readonly Guard[];
  claim?: readonly Guard[];
  ownerId?: string;
  lists: readonly string[];
};

/** The reads and writes of one entity the generic resources serve. */
type RecordStore<Key> = {
  get: (key: Key) => Promise<StoredRecord | null>;
  /** Every record of the entity's all-records index (gsi1). */
  listAll: () => Promise<StoredRecord[]>;
  /**
   * Writes the changes atomically with the guard items and list versions; a claimed guard
   * that exists already answers 409 "<Field> has already been taken" naming its field.
   */
  write: (changes: readonly RecordChange<Key>[], effects: WriteEffects) => Promise<void>;
  /** Puts records without a transaction (seeding). */
  putMany: (records: StoredRecord[]) => Promise<void>;
  reader: () => RecordReader<Key>;
};

function commitOf<Key>(writer: RecordWriter<Key>, change: RecordChange<Key>): Commit {
  if ('create' in change) return writer.create(change.create).commit();
  if ('delete' in change) return writer.delete(change.delete).commit();
  const patch = writer.patch(change.patch).set(change.set);
  return (change.remove?.length ? patch.remove([...change.remove]) : patch).commit();
}

/** Guard item writes: released ones deleted, claimed ones created (failing when taken). */
function guardCommits(tx: TransactionEntities, effects: Pick<WriteEffects, 'release' | 'claim' | 'ownerId'>): Commit[] {
  return [
    ...(effects.release ?? []).map((g) => tx.UniqueValue.delete({ scope: g.scope, value: g.value }).commit()),
    ...(effects.claim ?? []).map((g) =>
      tx.UniqueValue.create({ scope: g.scope, value: g.value, ownerId: effects.ownerId ?? '' }).commit(),
    ),
  ];
}

function recordStore<Key extends object>(name: CatalogueEntityName | ReferenceEntityName): RecordStore<Key> {
  // The one bridge (see above): the entity is chosen by name, its fields come from the resource's schema.
  const reader = () => getDb().entities[name] as unknown as RecordReader<Key>;
  const writerIn = (tx: TransactionEntities) => tx[name] as unknown as RecordWriter<Key>;
  return {
    reader,
    get: async (key) => (await reader().get(key).go()).data,
    listAll: async () => (await reader().query.all({}).go({ pages: 'all' })).data,
    putMany: async (records) => {
      await reader().put(records).go();
    },
    write: async (changes, effects) => {
      const before = changes.length + (effects.release?.length ?? 0);
      const taken = (field: string) => ({ field, message: `${humanizeField(field)} has already been taken` });
      await writeTransaction(
        (tx) => [
          ...changes.map((change) => commitOf(writerIn(tx), change)),
          ...guardCommits(tx, effects),
          ...listsChanged(tx.ListVersion, effects.lists),
        ],
        Object.fromEntries((effects.claim ?? []).map((g, i) => [before + i, taken(g.field)])),
      );
    },
  };
}

/** A company's catalogue records of one collection (artists, releases, …). */
export function catalogueStore(name: CatalogueEntityName) {
  const store = recordStore<CatalogueKey>(name);
  return {
    ...store,
    /** One company's records. */
    listTenant: async (tenantId: string) =>
      (await store.reader().query.byTenant({ tenantId }).go({ pages: 'all' })).data,
    /** A record of any company (admin calls), through its id index. */
    findAnyTenant: async (id: string) => (await store.reader().query.byId({ id }).go()).data[0] ?? null,
  };
}

/** The records of one reference collection (countries, DSPs, …). */
export function referenceStore(name: ReferenceEntityName) {
  return recordStore<ReferenceKey>(name);
}

/** One change to a record of a named catalogue entity, inside a write across entities. */
export type CatalogueChange = { entity: CatalogueEntityName; change: RecordChange<CatalogueKey> };

/**
 * Writes changes to records of several catalogue entities (a release and its recordings, an
 * import) atomically with their guard items and list versions. Guards carry their own owner.
 * A claimed guard that exists already answers 409 "<Field> has already been taken".
 */
export async function writeCatalogueChanges(
  changes: readonly CatalogueChange[],
  effects: { claim: readonly (Guard & { ownerId: string })[]; lists: readonly string[] },
): Promise<void> {
  const taken = (field: string) => ({ field, message: `${humanizeField(field)} has already been taken` });
  await writeTransaction(
    (tx) => [
      ...changes.map(({ entity, change }) => commitOf(tx[entity] as unknown as RecordWriter<CatalogueKey>, change)),
      ...effects.claim.map((g) =>
        tx.UniqueValue.create({ scope: g.scope, value: g.value, ownerId: g.ownerId }).commit(),
      ),
      ...listsChanged(tx.ListVersion, effects.lists),
    ],
    Object.fromEntries(effects.claim.map((g, i) => [changes.length + i, taken(g.field)])),
  );
}
