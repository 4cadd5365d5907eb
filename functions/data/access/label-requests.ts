import type { LabelRequestItem, LabelRequestStatus } from '../entities/label-requests.js';
import { getDb } from '../service.js';
import { isConditionFailed } from '../../lib/errors.js';

/** Every query of the label tools' requests queue, calendar feeds and the calendar's sources, by name. */

const db = () => getDb().entities;

type NewLabelRequest = Omit<LabelRequestItem, 'createdAt' | 'updatedAt' | 'reason'>;

export async function createLabelRequest(request: NewLabelRequest): Promise<void> {
  await db().LabelRequest.create(request).go();
}

/** One company's requests. */
export async function companyRequests(tenantId: string): Promise<LabelRequestItem[]> {
  return (await db().LabelRequest.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Every company's requests: the distribution team's queue. */
export async function queuedRequests(): Promise<LabelRequestItem[]> {
  return (await db().LabelRequest.query.queue({}).go({ pages: 'all' })).data;
}

export async function findRequest(id: string): Promise<LabelRequestItem | null> {
  return (await db().LabelRequest.query.byId({ id }).go()).data[0] ?? null;
}

/**
 * Moves a request on only if it is still in the state it was read in, so two admins working the queue at once
 * cannot both move it (the second is told it changed). False when it had moved.
 */
export async function moveRequest(
  request: Pick<LabelRequestItem, 'tenantId' | 'id' | 'status'>,
  to: LabelRequestStatus,
  reason: string | undefined,
): Promise<boolean> {
  try {
    await db()
      .LabelRequest.patch({ tenantId: request.tenantId, id: request.id })
      .set({ status: to, ...(reason ? { reason } : {}) })
      .where(({ status }, { eq }) => eq(status, request.status))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function saveCalendarFeed(feed: { tokenHash: string; userId: string; tenantId: string }) {
  await db().CalendarFeed.create(feed).go();
}

export async function feedByToken(tokenHash: string) {
  return (await db().CalendarFeed.get({ tokenHash }).go()).data;
}

export async function feedsOfUser(userId: string, tenantId: string) {
  return (await db().CalendarFeed.query.byUser({ userId, tenantId }).go({ pages: 'all' })).data;
}

export async function deleteCalendarFeed(tokenHash: string): Promise<void> {
  await db().CalendarFeed.delete({ tokenHash }).go();
}

export async function readLeadWeeks(): Promise<number | undefined> {
  return (await db().MarketingSettings.get({}).go()).data?.lead_weeks;
}

export async function saveLeadWeeks(leadWeeks: number): Promise<void> {
  await db().MarketingSettings.put({ lead_weeks: leadWeeks }).go();
}

/** The company's recordings' ISRCs, normalised by the caller: what a claim may name. */
export async function companyIsrcs(tenantId: string): Promise<string[]> {
  const rows = (
    await db()
      .Recording.query.byTenant({ tenantId })
      .go({ pages: 'all', attributes: ['isrc'] })
  ).data;
  return rows.map((r) => r.isrc ?? '').filter(Boolean);
}

/** The company's releases with what the calendar and the pitch forms show. */
export async function calendarReleases(tenantId: string) {
  return (
    await db()
      .Release.query.byTenant({ tenantId })
      .go({
        pages: 'all',
        attributes: ['id', 'title', 'label_id', 'release_date', 'display_artists', 'status', 'products'],
      })
  ).data;
}

/** The company's promos, deliveries and statement runs with their dates. */
export async function calendarActivity(tenantId: string) {
  const [promos, deliveries, runs] = await Promise.all([
    db()
      .Promo.query.byTenant({ tenantId })
      .go({ pages: 'all', attributes: ['id', 'release_id', 'title', 'start_date', 'expiry_date', 'status'] }),
    db()
      .ReleaseDelivery.query.byTenant({ tenantId })
      .go({ pages: 'all', attributes: ['id', 'release_id', 'dsp_id', 'status', 'delivered_at'] }),
    db()
      .StatementRun.query.byTenant({ tenantId })
      .go({ pages: 'all', attributes: ['runId', 'kind', 'label_ids', 'createdAt', 'publishedAt', 'end_pay_period'] }),
  ]);
  return { promos: promos.data, deliveries: deliveries.data, runs: runs.data };
}

/**
 * The recordings on one of the company's releases, in the release's order, with what a pitch's focus-track choice
 * shows (title and version); null when the company has no such release.
 */
export async function releaseTracks(tenantId: string, releaseId: string) {
  const release = (
    await db()
      .Release.get({ tenantId, id: releaseId })
      .go({ attributes: ['id', 'release_recordings'] })
  ).data;
  if (!release) return null;
  const rows = (release.release_recordings as { recording_id?: unknown }[] | undefined) ?? [];
  const ids = [...new Set(rows.map((row) => String(row.recording_id ?? '')).filter(Boolean))];
  if (!ids.length) return [];
  const found = (
    await db()
      .Recording.get(ids.map((id) => ({ tenantId, id })))
      .go({ attributes: ['id', 'title', 'mix_title'] })
  ).data;
  const byId = new Map(found.map((recording) => [recording.id, recording]));
  return ids.flatMap((id) => {
    const recording = byId.get(id);
    return recording ? [{ id, title: recording.title, version: recording.mix_title ?? null }] : [];
  });
}
