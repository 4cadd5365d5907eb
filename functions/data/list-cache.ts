import { ulid } from 'ulid';
import { SharedLoads, VersionedCache } from '../lib/versioned-cache.js';
import { getDb } from './service.js';

/**
 * Lists read only to name linked records (a recording's artists, a release's label) are checked
 * against their version at most once a second: a page of 50 recordings names its artists from
 * one version read instead of one per row. This process's own changes clear the check at once, once the write is
 * done (listsChangedAfterWrite, transactionWritten), and a version read begun before such a change is not trusted
 * after it.
 */
const RECHECK_MS = 1000;
const lastChecked = new Map<string, number>();

/**
 * How many times this process changed each list. A version read that began before one of those changes may answer
 * the version from before it: it must not stand for the calls after the change, neither as the last check (the
 * one-second window) nor as a read in flight that later calls join.
 */
const changesHere = new Map<string, number>();
const changesOf = (list: string) => changesHere.get(list) ?? 0;
/** Version reads under way, by list. */
const readsUnderWay = new Map<string, number>();

/**
 * This process changed these lists: the next call of each reads its version again. Counted only for a list held or
 * being read here (no other can be served from before the change), so the counts stay as few as the lists held.
 */
function changedHere(lists: readonly string[]) {
  for (const list of lists) {
    lastChecked.delete(list);
    if (cache.peek(list) || readsUnderWay.has(list)) changesHere.set(list, changesOf(list) + 1);
  }
}

/**
 * Reads a list's version (`read` is given the count of this process's changes to it so far), counted as under way
 * while it is; says whether this process changed the list meanwhile.
 */
async function versionRead(
  list: string,
  read: (changes: number) => Promise<string>,
): Promise<{ version: string; changedMeanwhile: boolean }> {
  const changes = changesOf(list);
  readsUnderWay.set(list, (readsUnderWay.get(list) ?? 0) + 1);
  try {
    const version = await read(changes);
    return { version, changedMeanwhile: changesOf(list) !== changes };
  } finally {
    const left = (readsUnderWay.get(list) ?? 1) - 1;
    if (left > 0) readsUnderWay.set(list, left);
    else {
      readsUnderWay.delete(list);
      if (!cache.peek(list)) changesHere.delete(list);
    }
  }
}

/**
 * Lists a user pages, sorts and searches (labels now, artists and releases later) are held in
 * memory per warm Lambda and revalidated with one GetItem of the list's version per request.
 * DynamoDB cannot page by offset, count or search substrings without reading the whole
 * partition, so reading it once per change instead of once per request is what keeps a
 * 5,000-label list fast. Writers change the version in the same transaction as the data.
 * At most 500 lists, least recently used first out (lib/versioned-cache.ts).
 */
const cache = new VersionedCache<unknown[]>({
  entries: 500,
  onEvict: (list) => {
    lastChecked.delete(list);
    if (!readsUnderWay.has(list)) changesHere.delete(list);
  },
});

/** The version of a list that has never been written. */
export const NO_VERSION = 'none';

/** A list's current version (NO_VERSION while it was never written): one GetItem. */
export const readVersion = async (list: string) =>
  (
    await getDb()
      .entities.ListVersion.get({ list })
      .go({ attributes: ['version'] })
  ).data?.version ?? NO_VERSION;

/**
 * The current versions of many lists (NO_VERSION for those never written), 100 keys per
 * BatchGetItem (DynamoDB's limit): the platform dashboard checks every company's lists at once.
 */
export async function readVersions(lists: readonly string[]): Promise<Map<string, string>> {
  const versions = new Map<string, string>(lists.map((list) => [list, NO_VERSION]));
  const unique = [...versions.keys()];
  for (let i = 0; i < unique.length; i += 100) {
    const keys = unique.slice(i, i + 100).map((list) => ({ list }));
    const { data } = await getDb()
      .entities.ListVersion.get(keys)
      .go({ attributes: ['list', 'version'] });
    for (const item of data) versions.set(item.list, item.version);
  }
  return versions;
}

/**
 * Reads that only name linked records share one version read per list while it is in flight.
 * Without this, when the one-second recheck falls due every row of every concurrent page
 * (50 rows × several linked lists × 20 clients) sent its own GetItem before the first answered.
 * Only these reads share: they already accept a version up to a second old, whereas a list a
 * user pages must see a write that finished before their request began.
 */
const versionChecks = new SharedLoads<string>();
const sharedVersionCheck = (list: string, changes: number) =>
  versionChecks.run(`${list}\u0000${changes}`, () => readVersion(list));

/**
 * The list, from memory when its version is current. `knownVersion` is the version the
 * caller already read (the handler wrapper reads declared lists with the auth check).
 */
export async function cachedList<T>(
  list: string,
  load: () => Promise<T[]>,
  knownVersion?: string,
  options: { recheck?: boolean } = {},
): Promise<T[]> {
  const hit = cache.peek(list);
  const checkedAt = lastChecked.get(list);
  const forLinks = options.recheck === false;
  if (forLinks && hit && knownVersion === undefined && checkedAt !== undefined && Date.now() - checkedAt < RECHECK_MS)
    return hit.value as T[];
  const { version, changedMeanwhile } =
    knownVersion === undefined
      ? await versionRead(list, (changes) => (forLinks ? sharedVersionCheck(list, changes) : readVersion(list)))
      : { version: knownVersion, changedMeanwhile: false };
  // Kept as the last check only when this process did not change the list while it was read.
  if (!changedMeanwhile) lastChecked.set(list, Date.now());
  // Concurrent requests that miss the same version share one load instead of each reading the partition.
  return (await cache.get(list, version, load)) as T[];
}

/** The ListVersion entity as a transaction hands it over. */
type ListVersionWriter = { put: (item: { list: string; version: string }) => { commit: () => unknown } };

/** The list each item made by listsChanged marks, so the transaction that writes it can say so once written. */
const listOfItem = new WeakMap<object, string>();
const isObject = (item: unknown): item is object => typeof item === 'object' && item !== null;

/**
 * The transaction items that mark lists changed; include them in every write to those lists. They count as this
 * process's change once the transaction is written: writeTransaction (data/transaction.ts) calls transactionWritten.
 */
export function listsChanged<W extends ListVersionWriter>(ListVersion: W, lists: readonly string[]) {
  return lists.map((list) => {
    const item = ListVersion.put({ list, version: ulid() }).commit() as ReturnType<ReturnType<W['put']>['commit']>;
    if (isObject(item)) listOfItem.set(item, list);
    return item;
  });
}

/**
 * A transaction was written: the lists its items mark changed are this process's change from now (a version read
 * begun before the write may have answered the version from before it).
 */
export function transactionWritten(items: readonly unknown[]): void {
  changedHere(items.flatMap((item) => (isObject(item) && listOfItem.get(item)) || []));
}

/**
 * Marks lists changed after a write that cannot carry the versions in its own transaction (a
 * single conditional write, or a transaction already at DynamoDB's item limit). Call it once the
 * write succeeded: a reader loading in between then holds the new records under the old version
 * (and reloads at the new one), never the old records under the new version.
 */
export async function listsChangedAfterWrite(lists: readonly string[]): Promise<void> {
  await Promise.all(lists.map((list) => getDb().entities.ListVersion.put({ list, version: ulid() }).go()));
  changedHere(lists);
}

/**
 * Marks a tenant's money records changed (LISTS.money). Always after the write, never inside a
 * transaction: concurrent publications and payments would otherwise conflict on this one item.
 */
export const moneyRecordsChanged = (tenantId: string) => listsChangedAfterWrite([LISTS.money(tenantId)]);

/**
 * Names of the cached lists, in one place so readers and writers agree (the catalogue, the
 * reference data and the upload worker all mark the same lists changed).
 */
export const LISTS = {
  tenantLabels: (tenantId: string) => `labels#${tenantId}`,
  allLabels: 'labels#all',
  /** A company's records of a catalogue collection: `artists#<tenantId>`. */
  tenantCollection: (collection: string, tenantId: string) => `${collection}#${tenantId}`,
  /** Every company's records of a catalogue collection (admin lists): `artists#all`. */
  allTenantsCollection: (collection: string) => `${collection}#all`,
  /** A reference collection admins maintain: `reference#countries`. */
  reference: (collection: string) => `reference#${collection}`,
  /** A tenant's royalty ledger state: finished imports and the overlays on their lines. */
  royalties: (tenantId: string) => `royalties#${tenantId}`,
  /**
   * A tenant's money records as finances and dashboards hold them: its statements, expenses,
   * account entries, payments and the company's name and currency. Every writer of those marks it.
   */
  money: (tenantId: string) => `money#${tenantId}`,
  /** The subscription plans (every company's plan is one of them). */
  plans: 'plans',
} as const;
