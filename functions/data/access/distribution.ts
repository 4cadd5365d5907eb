import type { DspConnectionStatus } from '../../../shared/distribution.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import type { CreateDspConnection, DistributionUpcItem, DspConnectionItem } from '../entities/distribution.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';

/** Every query of the distribution setup: companies' DSP connections and their UPC pools, by name. */

const connections = () => getDb().entities.DspConnection;
const upcs = () => getDb().entities.DistributionUpc;

export async function getDspConnection(tenantId: string, dspId: string): Promise<DspConnectionItem | null> {
  return (await connections().get({ tenantId, dspId }).go()).data;
}

/** A connection by its id, in any company (admin calls). */
export async function findDspConnection(id: string): Promise<DspConnectionItem | null> {
  return (await connections().query.byId({ id }).go()).data[0] ?? null;
}

export async function companyDspConnections(tenantId: string): Promise<DspConnectionItem[]> {
  return (await connections().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function allDspConnections(): Promise<DspConnectionItem[]> {
  return (await connections().query.all({}).go({ pages: 'all' })).data;
}

/** Creates a company's link to a store; false when the company already has one to it. */
export async function createDspConnection(connection: CreateDspConnection): Promise<boolean> {
  return writtenUnlessConditionFailed(() => connections().create(connection).go());
}

export async function updateDspConnection(
  key: { tenantId: string; dspId: string },
  set: { status: DspConnectionStatus; note?: string; connected_by?: string; connected_at?: string },
): Promise<void> {
  await connections().patch(key).set(set).go();
}

/** A company's whole pool, in code order. */
export async function companyUpcs(tenantId: string): Promise<DistributionUpcItem[]> {
  return (await upcs().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Which of these codes the company's pool holds already. */
export async function existingUpcs(tenantId: string, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 100) {
    const keys = codes.slice(i, i + 100).map((upc) => ({ tenantId, upc }));
    const { data } = await upcs()
      .get(keys)
      .go({ attributes: ['upc'] });
    for (const item of data) found.add(item.upc);
  }
  return found;
}

/** Which of these unique-value guards exist (a UPC already on one of the company's releases). */
export async function existingGuards(scope: string, values: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < values.length; i += 100) {
    const keys = values.slice(i, i + 100).map((value) => ({ scope, value }));
    const { data } = await getDb().entities.UniqueValue.get(keys).go();
    for (const item of data) found.add(item.value);
  }
  return found;
}

/**
 * Adds free codes in transactions of 100, each code only if it is not in the pool yet. If a later
 * batch is refused (another import took a code meanwhile), the batches already written are taken
 * out again, so an import is never half made; the refusal is rethrown.
 */
export async function addFreeUpcs(
  tenantId: string,
  codes: readonly string[],
  meta: { import_id: string; imported_by: string },
): Promise<void> {
  const written: string[][] = [];
  try {
    for (let i = 0; i < codes.length; i += 100) {
      const batch = codes.slice(i, i + 100);
      await writeTransaction(
        ({ DistributionUpc }) =>
          batch.map((upc) => DistributionUpc.create({ tenantId, upc, status: 'free', ...meta }).commit()),
        Object.fromEntries(batch.map((upc, n) => [n, { message: `${upc} is already in the pool`, field: 'upcs' }])),
      );
      written.push(batch);
    }
  } catch (error) {
    for (const batch of written)
      await upcs()
        .delete(batch.map((upc) => ({ tenantId, upc })))
        .go();
    throw error;
  }
}

/** Takes a free code for a release; false when another request took it first. */
export async function claimUpc(tenantId: string, upc: string, releaseId: string, at: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    upcs()
      .patch({ tenantId, upc })
      .set({ status: 'linked', release_id: releaseId, linked_at: at })
      .where(({ status }, { eq }) => eq(status, 'free'))
      .go(),
  );
}

/** Gives a claimed code back to the pool (the release could not take it). */
export async function releaseUpc(tenantId: string, upc: string, releaseId: string): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    upcs()
      .patch({ tenantId, upc })
      .set({ status: 'free' })
      .remove(['release_id', 'linked_at'])
      .where(({ release_id }, { eq }) => eq(release_id, releaseId))
      .go(),
  );
}

/** Store names by id, for the connection lists (a DSP's secrets are never read here). */
export async function dspNames(ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 100) {
    const keys = unique.slice(i, i + 100).map((id) => ({ id }));
    const { data } = await getDb()
      .entities.Dsp.get(keys)
      .go({ attributes: ['id', 'name'] });
    for (const dsp of data) names.set(dsp.id, dsp.name);
  }
  return names;
}

/** Distributor names by id (a company's distributor links). */
export async function distributorNames(ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { data } = await getDb()
    .entities.Distributor.get(unique.map((id) => ({ id })))
    .go({ attributes: ['id', 'name'] });
  return new Map(data.map((d) => [d.id, d.name]));
}

/** The guard item that lets one link at a time work on a release (its owner is when it was taken). */
const linkLock = (tenantId: string, releaseId: string) => ({ scope: `upc-link#${tenantId}`, value: releaseId });

/**
 * Takes the release's link lock; false while another link holds it. A lock older than `staleMs`
 * (its link died half-way) is taken over, so a crash never blocks the release for good.
 */
export async function lockReleaseLink(tenantId: string, releaseId: string, staleMs: number): Promise<boolean> {
  const key = linkLock(tenantId, releaseId);
  const now = Date.now();
  const taken = await writtenUnlessConditionFailed(() =>
    getDb()
      .entities.UniqueValue.create({ ...key, ownerId: String(now) })
      .go(),
  );
  if (taken) return true;
  const held = (await getDb().entities.UniqueValue.get(key).go()).data;
  if (!held || now - Number(held.ownerId) < staleMs) return false;
  return writtenUnlessConditionFailed(() =>
    getDb()
      .entities.UniqueValue.patch(key)
      .set({ ownerId: String(now) })
      .where(({ ownerId }, { eq }) => eq(ownerId, held.ownerId))
      .go(),
  );
}

export async function unlockReleaseLink(tenantId: string, releaseId: string): Promise<void> {
  await getDb().entities.UniqueValue.delete(linkLock(tenantId, releaseId)).go();
}
