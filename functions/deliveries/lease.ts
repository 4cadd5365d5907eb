import { QUEUES } from '../../infra/resources.js';

/**
 * When a delivery is stuck. A worker holds a delivery it uploads until its lease lapses (the
 * worker's timeout: by then the worker cannot be alive). A delivery "delivering" past its lease
 * lost its worker; one "queued" for longer than a lease lost its message (the local queue keeps
 * messages in memory only) or waits behind a backlog, where a second message is harmless: the
 * first to claim it works on it and the other finds it taken.
 */
export const LEASE_MS = QUEUES.releaseDelivery.workerTimeoutSeconds * 1000;

type DeliveryState = { status: string; lease_until?: string; queued_at?: string };

/** Whether a delivery on its way has lost its worker or its message, so it may be queued again. */
export function deliveryIsStuck(item: DeliveryState, now: Date = new Date()): boolean {
  if (item.status === 'delivering') return !item.lease_until || String(item.lease_until) < now.toISOString();
  if (item.status === 'queued') return !item.queued_at || String(item.queued_at) < staleQueuedBefore(now);
  return false;
}

/** A delivery queued before this has waited longer than a lease. */
export const staleQueuedBefore = (now: Date = new Date()) => new Date(now.getTime() - LEASE_MS).toISOString();
