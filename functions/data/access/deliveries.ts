import { inEachState } from '../entities/in-states-index.js';
import type { DeliveryStatus } from '../../../shared/deliveries.js';
import {
  DELIVERY_ON_ITS_WAY,
  type CreateDistributionDelivery,
  type CreateReleaseDelivery,
  type DistributionDeliveryItem,
  type ReleaseDeliveryItem,
} from '../entities/deliveries.js';
import type { ReleaseItem } from '../entities/catalogue.js';
import type { DspItem } from '../entities/reference.js';
import { isConditionFailed, writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/**
 * Every read and write of release deliveries and distribution records. The
 * status moves are conditional writes, so two workers (or a worker and a user) never both move
 * one delivery: queued only from created/failed, claimed only from queued (or a lapsed claim),
 * finished only while claimed.
 */
const db = () => getDb().entities;

export async function getReleaseDelivery(tenantId: string, id: string): Promise<ReleaseDeliveryItem | null> {
  return (await db().ReleaseDelivery.get({ tenantId, id }).go()).data;
}

/** A release's deliveries in one company. */
export async function listReleaseDeliveries(tenantId: string, releaseId: string): Promise<ReleaseDeliveryItem[]> {
  return (await db().ReleaseDelivery.query.byRelease({ tenantId, release_id: releaseId }).go({ pages: 'all' })).data;
}

/** Every delivery of one company. */
export async function listTenantDeliveries(tenantId: string): Promise<ReleaseDeliveryItem[]> {
  return (await db().ReleaseDelivery.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function createReleaseDeliveries(items: readonly CreateReleaseDelivery[]): Promise<void> {
  if (items.length)
    await db()
      .ReleaseDelivery.put([...items])
      .go();
}

/** Changes a delivery's action (only while nothing is on its way). Whether it was changed. */
export async function setDeliveryAction(
  tenantId: string,
  id: string,
  action: ReleaseDeliveryItem['action'],
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .ReleaseDelivery.patch({ tenantId, id })
      .set({ action })
      .where((a, op) => `${op.ne(a.status, 'queued')} AND ${op.ne(a.status, 'delivering')}`)
      .go(),
  );
}

/** Deletes a delivery unless it is on its way. Whether it was deleted. */
export async function deleteReleaseDelivery(tenantId: string, id: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .ReleaseDelivery.delete({ tenantId, id })
      .where((a, op) => `${op.exists(a.id)} AND ${op.ne(a.status, 'queued')} AND ${op.ne(a.status, 'delivering')}`)
      .go(),
  );
}

/** One of `from` → queued, with the batch it will upload as. Whether it moved. */
export async function markQueued(
  tenantId: string,
  id: string,
  batchId: string,
  from: readonly DeliveryStatus[],
  queuedAt = new Date().toISOString(),
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .ReleaseDelivery.patch({ tenantId, id })
      .set({ status: 'queued', batch_id: batchId, queued_at: queuedAt })
      .remove(['reason', 'lease_until'])
      .where((a, op) => from.map((status) => op.eq(a.status, status)).join(' OR '))
      .go(),
  );
}

/** Puts a queued delivery back where it was when its message could not be sent. */
export async function unqueue(tenantId: string, id: string, reason: string): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    db()
      .ReleaseDelivery.patch({ tenantId, id })
      .set({ status: 'failed', reason })
      .where((a, op) => op.eq(a.status, 'queued'))
      .go(),
  );
}

/**
 * The worker's claim: queued → delivering (or a delivering one whose claim lapsed), attempts + 1.
 * The claimed delivery, or null when it is not this message's to work on (delivered, failed, or
 * another worker holds it).
 */
export async function claimDelivery(
  tenantId: string,
  id: string,
  batchId: string,
  leaseUntil: string,
): Promise<ReleaseDeliveryItem | null> {
  const now = new Date().toISOString();
  try {
    const { data } = await db()
      .ReleaseDelivery.patch({ tenantId, id })
      .set({ status: 'delivering', lease_until: leaseUntil })
      .add({ attempts: 1 })
      .where(
        (a, op) =>
          `${op.eq(a.batch_id, batchId)} AND (${op.eq(a.status, 'queued')} OR ` +
          `(${op.eq(a.status, 'delivering')} AND ${op.lt(a.lease_until, now)}))`,
      )
      .go({ response: 'all_new' });
    return data as ReleaseDeliveryItem;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/**
 * A stuck delivery queued again in the batch it began (so its worker carries that batch on: the
 * store sees one batch, complete, whatever died on the way): one delivering whose lease lapsed, or
 * one queued before `queuedBefore` (its message lost). `anyClaim`: the local cloud has just
 * started, so no worker of before is alive and every delivery on its way is queued again. The
 * delivery as it now is, or null when it is not stuck (it moved on, or a live worker holds it).
 */
export async function requeueStuckDelivery(
  tenantId: string,
  id: string,
  options: { queuedBefore: string; anyClaim: boolean },
): Promise<ReleaseDeliveryItem | null> {
  const now = new Date().toISOString();
  try {
    const { data } = await db()
      .ReleaseDelivery.patch({ tenantId, id })
      .set({ status: 'queued', queued_at: now })
      .remove(['lease_until'])
      .where((a, op) =>
        options.anyClaim
          ? `${op.exists(a.batch_id)} AND (${op.eq(a.status, 'delivering')} OR ${op.eq(a.status, 'queued')})`
          : `${op.exists(a.batch_id)} AND ((${op.eq(a.status, 'delivering')} AND ` +
            `(${op.notExists(a.lease_until)} OR ${op.lt(a.lease_until, now)})) OR ` +
            `(${op.eq(a.status, 'queued')} AND (${op.notExists(a.queued_at)} OR ${op.lt(a.queued_at, options.queuedBefore)})))`,
      )
      .go({ response: 'all_new' });
    return data as ReleaseDeliveryItem;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** Every delivery on its way (queued or delivering), in every company: the local cloud's start and the admins' Jobs page. */
export async function listDeliveriesOnTheirWay(): Promise<ReleaseDeliveryItem[]> {
  return inEachState(
    DELIVERY_ON_ITS_WAY,
    async (status) => (await db().ReleaseDelivery.query.unfinished({ status }).go({ pages: 'all' })).data,
  );
}

/** Ends a claimed delivery: delivered (with its files) or failed (with the reason). */
export async function finishDelivery(
  tenantId: string,
  id: string,
  outcome: { status: Extract<DeliveryStatus, 'delivered'>; files: string[] } | { status: 'failed'; reason: string },
): Promise<ReleaseDeliveryItem | null> {
  const set =
    outcome.status === 'delivered'
      ? { status: outcome.status, files: outcome.files, delivered_at: new Date().toISOString() }
      : { status: outcome.status, reason: outcome.reason };
  const { data } = await db()
    .ReleaseDelivery.patch({ tenantId, id })
    .set(set)
    .remove(outcome.status === 'delivered' ? ['lease_until', 'reason'] : ['lease_until'])
    .go({ response: 'all_new' });
  return data as ReleaseDeliveryItem;
}

/** Every distribution record (the distribution area works across companies). */
export async function listDistributionDeliveries(): Promise<DistributionDeliveryItem[]> {
  return (await db().DistributionDelivery.query.all({}).go({ pages: 'all' })).data;
}

export async function getDistributionDelivery(id: string): Promise<DistributionDeliveryItem | null> {
  return (await db().DistributionDelivery.get({ id }).go()).data;
}

export async function putDistributionDeliveries(items: readonly CreateDistributionDelivery[]): Promise<void> {
  if (items.length)
    await db()
      .DistributionDelivery.put([...items])
      .go();
}

/** Whether the record existed. */
export async function deleteDistributionDelivery(id: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .DistributionDelivery.delete({ id })
      .where((a, op) => op.exists(a.id))
      .go(),
  );
}

/** The release a delivery sends, in its company (null for another company's id). */
export async function getDeliveryRelease(tenantId: string, releaseId: string): Promise<ReleaseItem | null> {
  return (await db().Release.get({ tenantId, id: releaseId }).go()).data;
}

/** A store (DSP) reference record, with its technical specification. */
export async function getDsp(dspId: string): Promise<DspItem | null> {
  return (await db().Dsp.get({ id: dspId }).go()).data;
}

/** Several stores at once, by id (names for lists). */
export async function getDsps(dspIds: readonly string[]): Promise<DspItem[]> {
  const unique = [...new Set(dspIds)];
  if (!unique.length) return [];
  return (
    await db()
      .Dsp.get(unique.map((id) => ({ id })))
      .go()
  ).data;
}
