import { ulid } from 'ulid';
import {
  NOT_DELIVERABLE_MESSAGE,
  QUEUEABLE_STATUSES,
  type DeliveryAction,
  type DeliveryStatus,
  type ReleaseDeliveryView,
} from '../../shared/deliveries.js';
import { RELEASE_STATUS_IN_SENTENCE } from '../../shared/catalogue.js';
import { mayDeliver } from '../catalogue/release-status.js';
import { companyDspConnected } from '../companies/dsp-connections.js';
import { requireAuthorisedStores } from '../crm/index.js';
import {
  createReleaseDeliveries,
  deleteReleaseDelivery,
  getDeliveryRelease,
  getDsp,
  getDsps,
  getReleaseDelivery,
  listReleaseDeliveries,
  markQueued,
  requeueStuckDelivery,
  setDeliveryAction,
  unqueue,
} from '../data/access/deliveries.js';
import type { ReleaseDeliveryItem } from '../data/entities/deliveries.js';
import type { ReleaseItem } from '../data/entities/catalogue.js';
import { BadRequest, Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { deliveryIsStuck, LEASE_MS, staleQueuedBefore } from './lease.js';
import { deliveryView } from './present.js';
import { queueDelivery } from './queue.js';

/**
 * A release's deliveries to stores: created for chosen stores, then queued to the delivery worker. Every call
 * works in the caller's company: another company's release or delivery is not found.
 */

/** A release of this company, or 404. */
async function releaseOf(tenantId: string, releaseId: string): Promise<ReleaseItem> {
  const release = await getDeliveryRelease(tenantId, releaseId);
  if (!release) throw new NotFound('Release');
  return release;
}

/** A release's status in the refusal's words ("in quality control"), never its stored value. */
const statusInSentence = (status: string | undefined) =>
  RELEASE_STATUS_IN_SENTENCE[(status ?? 'drafted') as keyof typeof RELEASE_STATUS_IN_SENTENCE] ?? 'not ready';

/**
 * A release that has not passed quality control is never delivered; a takedown of a
 * release stores have may go while an edit is in review again (mayDeliver).
 */
function requireDeliverable(release: ReleaseItem, actions: readonly string[] = ['insert']): void {
  if (!actions.every((action) => mayDeliver(release, action)))
    throw new BadRequest(NOT_DELIVERABLE_MESSAGE, {
      release: [
        `${release.title} is ${statusInSentence(release.status)}: it must pass quality control before delivery`,
      ],
    });
}

/** Only stores the company is connected to; an unknown store is named too. */
async function requireConnected(tenantId: string, dspIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const dspId of new Set(dspIds)) {
    const dsp = await getDsp(dspId);
    if (!dsp) throw new InvalidField('dsp_id', 'DSP not found');
    if (!(await companyDspConnected(tenantId, dspId)))
      throw new BadRequest(`Your company is not connected to ${dsp.name}`, {
        dsp_id: [`Your company is not connected to ${dsp.name}`],
      });
    names.set(dspId, dsp.name);
  }
  return names;
}

/**
 * Views with their stores' names, newest first (release deliveries reload sorted by
 * created_at desc); the company-wide list (company-deliveries.ts) builds on it.
 */
export async function viewsOf(items: readonly ReleaseDeliveryItem[]): Promise<ReleaseDeliveryView[]> {
  const names = new Map((await getDsps(items.map((i) => i.dsp_id))).map((d) => [d.id, d.name]));
  return [...items]
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id.localeCompare(a.id))
    .map((item) => deliveryView(item, names.get(item.dsp_id)));
}

export async function listForRelease(tenantId: string, releaseId: string) {
  await releaseOf(tenantId, releaseId);
  const views = await viewsOf(await listReleaseDeliveries(tenantId, releaseId));
  return { release_deliveries: views, total_count: views.length, total_pages: 1 };
}

export type NewDelivery = { dsp_id: string; action?: DeliveryAction };

/**
 * Refuses deliveries of a release that may not be created: not the company's (404), not
 * deliverable for the action, or a store the company is not connected to.
 */
export async function checkCreatable(tenantId: string, releaseId: string, rows: readonly NewDelivery[]) {
  const release = await releaseOf(tenantId, releaseId);
  requireDeliverable(
    release,
    rows.map((r) => r.action ?? 'insert'),
  );
  const stores = await requireConnected(
    tenantId,
    rows.map((r) => r.dsp_id),
  );
  await requireAuthorisedStores(tenantId, release, stores);
}

/**
 * Creates a delivery per chosen store (action insert unless said, status created). Refused whole
 * when the release is not deliverable or a store is not connected.
 */
export async function bulkCreate(
  tenantId: string,
  userId: string,
  releaseId: string,
  rows: readonly NewDelivery[],
): Promise<ReleaseDeliveryView[]> {
  await checkCreatable(tenantId, releaseId, rows);
  const items = rows.map((row) => ({
    tenantId,
    id: ulid(),
    release_id: releaseId,
    dsp_id: row.dsp_id,
    action: row.action ?? 'insert',
    status: 'created' as const,
    attempts: 0,
    created_by: userId,
  }));
  await createReleaseDeliveries(items);
  const stored = await Promise.all(items.map((i) => getReleaseDelivery(tenantId, i.id)));
  return viewsOf(stored.filter((i): i is ReleaseDeliveryItem => i !== null));
}

async function deliveryOf(tenantId: string, id: string): Promise<ReleaseDeliveryItem> {
  const item = await getReleaseDelivery(tenantId, id);
  if (!item) throw new NotFound('Delivery');
  return item;
}

const ON_ITS_WAY = 'The delivery is on its way to the store; wait until it is delivered or failed';
const LEASE_MINUTES = Math.round(LEASE_MS / 60_000);

export async function changeAction(tenantId: string, id: string, action: DeliveryAction) {
  await deliveryOf(tenantId, id);
  if (!(await setDeliveryAction(tenantId, id, action))) throw new Conflict(ON_ITS_WAY);
  return (await viewsOf([await deliveryOf(tenantId, id)]))[0];
}

export async function removeDelivery(tenantId: string, id: string): Promise<void> {
  await deliveryOf(tenantId, id);
  if (!(await deleteReleaseDelivery(tenantId, id))) throw new Conflict(ON_ITS_WAY);
}

/**
 * Queues one delivery (from one of `from`) and sends its message; a message that cannot be sent
 * fails it. Answers the delivery as this call left it (queued), or null when it did not queue it.
 * Not read again: by then the worker may have taken it on.
 */
async function queueOne(
  item: ReleaseDeliveryItem,
  userId: string,
  from: readonly DeliveryStatus[],
): Promise<ReleaseDeliveryItem | null> {
  const queuedAt = new Date().toISOString();
  const batchId = `${queuedAt.replace(/\D/g, '').slice(0, 17)}${ulid().slice(-6)}`;
  if (!(await markQueued(item.tenantId, item.id, batchId, from, queuedAt))) return null;
  try {
    await queueDelivery({ tenantId: item.tenantId, deliveryId: item.id, batchId, userId });
  } catch {
    await unqueue(item.tenantId, item.id, 'The delivery could not be queued; try again');
    return null;
  }
  const { reason: _reason, lease_until: _lease, ...rest } = item;
  return { ...rest, status: 'queued', batch_id: batchId, queued_at: queuedAt };
}

/**
 * A stuck delivery (its worker died, or its message was lost) queued again in the batch it began,
 * so the store gets that batch once, complete. Answers it as this call left it, or null when it was
 * not stuck any more (it moved on meanwhile) or its message could not be sent.
 */
async function requeueStuck(item: ReleaseDeliveryItem, userId: string): Promise<ReleaseDeliveryItem | null> {
  const requeued = await requeueStuckDelivery(item.tenantId, item.id, {
    queuedBefore: staleQueuedBefore(),
    anyClaim: false,
  });
  if (!requeued?.batch_id) return null;
  try {
    await queueDelivery({ tenantId: item.tenantId, deliveryId: item.id, batchId: requeued.batch_id, userId });
  } catch {
    await unqueue(item.tenantId, item.id, 'The delivery could not be queued; try again');
    return null;
  }
  return requeued;
}

/** What bulk_deliver answers: how many it queued, the deliveries, and why none was queued when none was. */
type DeliverAnswer = { queued: number; release_deliveries: ReleaseDeliveryView[]; message?: string };

/**
 * bulk_deliver: queues the chosen deliveries, or every created or failed one of a release. Each
 * release must still be deliverable and each store connected when it is sent. A chosen delivery
 * that is stuck on its way (its worker died, or its message was lost) is queued again; one on its
 * way with a live worker, or delivered, is left alone, and when nothing was queued the answer says why.
 */
export async function bulkDeliver(
  tenantId: string,
  userId: string,
  input: { ids?: string[]; release_id?: string },
): Promise<DeliverAnswer> {
  if (!input.ids?.length && !input.release_id)
    throw new BadRequest('Choose the deliveries to deliver', { ids: ['Choose the deliveries to deliver'] });
  const chosen = input.ids?.length
    ? await Promise.all(input.ids.map((id) => deliveryOf(tenantId, id)))
    : (await listForReleaseItems(tenantId, input.release_id ?? '')).filter(
        (d) => (QUEUEABLE_STATUSES as readonly string[]).includes(d.status) || deliveryIsStuck(d),
      );
  if (!chosen.length)
    return {
      queued: 0,
      release_deliveries: [],
      message: 'No delivery was queued: none of this release is waiting to be delivered',
    };
  return queueAll(tenantId, userId, chosen, QUEUEABLE_STATUSES);
}

/**
 * Re-delivery: a delivered or failed delivery uploaded again, as a new batch; a stuck one (its
 * worker died on the way) is carried on in the batch it began. One a live worker holds is refused.
 */
export async function redeliver(tenantId: string, userId: string, id: string) {
  const item = await deliveryOf(tenantId, id);
  if (item.status !== 'delivered' && item.status !== 'failed' && !deliveryIsStuck(item))
    throw new Conflict(
      item.status === 'created'
        ? 'Only a delivered or failed delivery can be delivered again'
        : `${ON_ITS_WAY}, or deliver it again once it has been on its way for ${LEASE_MINUTES} minutes`,
    );
  return queueAll(tenantId, userId, [item], ['delivered', 'failed']);
}

async function listForReleaseItems(tenantId: string, releaseId: string) {
  await releaseOf(tenantId, releaseId);
  return listReleaseDeliveries(tenantId, releaseId);
}

async function queueAll(
  tenantId: string,
  userId: string,
  items: readonly ReleaseDeliveryItem[],
  from: readonly DeliveryStatus[],
) {
  const releases = new Map<string, ReleaseItem>();
  for (const releaseId of new Set(items.map((i) => i.release_id))) {
    const release = await releaseOf(tenantId, releaseId);
    releases.set(releaseId, release);
    requireDeliverable(
      release,
      items.filter((i) => i.release_id === releaseId).map((i) => i.action),
    );
  }
  const stores = await requireConnected(
    tenantId,
    items.map((i) => i.dsp_id),
  );
  for (const [releaseId, release] of releases) {
    const ofRelease = items.filter((i) => i.release_id === releaseId);
    await requireAuthorisedStores(
      tenantId,
      release,
      new Map(ofRelease.map((i) => [i.dsp_id, stores.get(i.dsp_id) ?? i.dsp_id])),
    );
  }
  let queued = 0;
  const answered: ReleaseDeliveryItem[] = [];
  for (const item of items) {
    const now = deliveryIsStuck(item) ? await requeueStuck(item, userId) : await queueOne(item, userId, from);
    if (now) queued += 1;
    // One that was not queued here (moved on meanwhile, or its message failed) is read as it is.
    const current = now ?? (await getReleaseDelivery(tenantId, item.id));
    if (current) answered.push(current);
  }
  return {
    queued,
    release_deliveries: await viewsOf(answered),
    ...(queued ? {} : { message: whyNoneQueued(answered) }),
  };
}

/** Why a bulk_deliver queued nothing, in the label's words: what each chosen delivery is doing. */
function whyNoneQueued(items: readonly ReleaseDeliveryItem[]): string {
  const count = (status: readonly string[]) => items.filter((i) => status.includes(i.status)).length;
  const onTheirWay = count(['queued', 'delivering']);
  const delivered = count(['delivered']);
  const notSent = count(['failed', 'created']);
  const parts = [
    onTheirWay === 1 ? '1 is on its way to the store (wait until it is delivered or failed)' : '',
    onTheirWay > 1 ? `${onTheirWay} are on their way to the store (wait until they are delivered or failed)` : '',
    delivered === 1 ? '1 is delivered already (use Deliver again to send it again)' : '',
    delivered > 1 ? `${delivered} are delivered already (use Deliver again to send them again)` : '',
    notSent ? `${notSent} could not be queued; try again` : '',
  ].filter(Boolean);
  return `No delivery was queued: ${parts.join('; ') || 'none was chosen'}`;
}
