import type { CompanyItem } from '../entities/company.js';
import type { BillingEventItem, LocalBillingKind } from '../entities/billing.js';
import { isConditionFailed, writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/** Every read and write of billing: provider events, the out-of-order clock, the local provider's objects. */
const db = () => getDb().entities;

/** The company's billing map as stored (customer, contact details, card as reported, delinquency). */
export type CompanyBilling = NonNullable<CompanyItem['billing']>;

/** What claiming an event found: a new event, one already finished, or one a previous attempt left unfinished. */
export type EventClaim = 'new' | 'processed' | 'unfinished';

/**
 * Records an event before it is acted on, only if its id is new (a conditional create). A replay
 * finds it: finished → nothing to do; unfinished (a worker died between the claim and the finish)
 * → the worker acts again, its effects being set operations that land on the same state.
 */
export async function claimBillingEvent(event: {
  eventId: string;
  type: string;
  companyId: string;
  created: number;
  providerSubscriptionId?: string;
}): Promise<EventClaim> {
  if (await writtenUnlessConditionFailed(() => db().BillingEvent.create(event).go())) return 'new';
  const stored = (await db().BillingEvent.get({ eventId: event.eventId }).go()).data;
  return stored?.processedAt ? 'processed' : 'unfinished';
}

/** Marks an event finished, with what it did. */
export async function finishBillingEvent(eventId: string, outcome: 'applied' | 'ignored', summary: string) {
  await db().BillingEvent.patch({ eventId }).set({ outcome, summary, processedAt: new Date().toISOString() }).go();
}

/** The events, newest first by the provider's time, a page at a time. */
export async function listBillingEvents(
  limit: number,
  cursor?: string,
): Promise<{ events: BillingEventItem[]; cursor: string | null }> {
  const page = await db()
    .BillingEvent.query.all({})
    .go({ order: 'desc', limit, ...(cursor ? { cursor } : {}) });
  return { events: page.data, cursor: page.cursor };
}

/** The provider time of the last event applied to the company's subscription (0 when none was). */
export async function lastAppliedEventTime(companyId: string): Promise<number> {
  return (await db().BillingClock.get({ companyId }).go()).data?.lastEventCreated ?? 0;
}

/**
 * Moves the company's clock to an applied event's time, never backwards (a conditional write):
 * false when a newer event got there first.
 */
export async function advanceBillingClock(companyId: string, created: number, eventId: string): Promise<boolean> {
  try {
    await db()
      .BillingClock.upsert({ companyId, lastEventCreated: created, lastEventId: eventId })
      .where((attr, op) => `${op.notExists(attr.lastEventCreated)} OR ${op.lte(attr.lastEventCreated, created)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Takes the company's billing lease for `leaseMs` unless another owner holds a live one; false when it does. */
export async function takeBillingLock(companyId: string, owner: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  return writtenUnlessConditionFailed(() =>
    db()
      .BillingLock.upsert({ companyId, owner, lockedUntil: now + leaseMs })
      .where((attr, op) => `${op.notExists(attr.lockedUntil)} OR ${op.lt(attr.lockedUntil, now)}`)
      .go(),
  );
}

/** Gives the lease back (only the owner's: a lapsed lease someone else took is theirs). */
export async function releaseBillingLock(companyId: string, owner: string): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    db()
      .BillingLock.delete({ companyId })
      .where((attr, op) => op.eq(attr.owner, owner))
      .go(),
  );
}

/** Merges fields into the company's billing map (the rest of the map is kept). */
export async function patchCompanyBilling(companyId: string, change: Partial<CompanyBilling>): Promise<void> {
  const company = (await db().Company.get({ companyId }).go()).data;
  if (!company) return;
  const billing = Object.fromEntries(
    Object.entries({ ...company.billing, ...change }).filter(([, value]) => value !== undefined),
  );
  await db().Company.patch({ companyId }).set({ billing }).go();
}

/** One object of the local billing provider, in Stripe's shape. */
export async function getLocalBillingObject<T>(kind: LocalBillingKind, objectId: string): Promise<T | null> {
  const item = (await db().LocalBillingObject.get({ kind, objectId }).go()).data;
  return item ? (item.data as T) : null;
}

/** Every object of one kind the local provider keeps (a local cloud holds a handful). */
export async function listLocalBillingObjects<T>(kind: LocalBillingKind): Promise<T[]> {
  const items = (await db().LocalBillingObject.query.byKind({ kind }).go({ pages: 'all' })).data;
  return items.map((item) => item.data as T);
}

/** Saves an object of the local provider (created or replaced whole). */
export async function putLocalBillingObject(
  kind: LocalBillingKind,
  objectId: string,
  data: Record<string, unknown>,
  companyId?: string,
): Promise<void> {
  await db()
    .LocalBillingObject.put({ kind, objectId, data, ...(companyId ? { companyId } : {}) })
    .go();
}

export async function deleteLocalBillingObject(kind: LocalBillingKind, objectId: string): Promise<void> {
  await db().LocalBillingObject.delete({ kind, objectId }).go();
}
