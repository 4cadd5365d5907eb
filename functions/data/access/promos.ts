import type { PromoFollowUp } from '../../../shared/schemas/promos.js';
import { inEachState } from '../entities/in-states-index.js';
import {
  SENDS_TO_START,
  type MailingListItem,
  type MailingMemberItem,
  type PromoItem,
  type PromoRecipientItem,
} from '../entities/promo.js';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../lib/clients.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';
import { writeTransaction, writtenUnlessRefused } from '../transaction.js';

/** Every query of a company's mailing lists, promos and promo recipients, by name. */
const db = () => getDb().entities;

type ListFields = Omit<MailingListItem, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
type MemberFields = Omit<MailingMemberItem, 'tenantId' | 'list_id' | 'email' | 'createdAt' | 'updatedAt'>;
type PromoFields = Omit<PromoItem, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
type RecipientFields = Pick<PromoRecipientItem, 'email' | 'name' | 'role' | 'list_id'>;

export async function listMailingLists(tenantId: string): Promise<MailingListItem[]> {
  return (await db().MailingList.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function getMailingList(tenantId: string, id: string): Promise<MailingListItem | null> {
  return (await db().MailingList.get({ tenantId, id }).go()).data;
}

export async function createMailingList(tenantId: string, id: string, fields: ListFields): Promise<void> {
  await db()
    .MailingList.create({ tenantId, id, ...fields })
    .go();
}

export async function patchMailingList(tenantId: string, id: string, set: Partial<ListFields>): Promise<boolean> {
  return writtenUnlessConditionFailed(() => db().MailingList.patch({ tenantId, id }).set(set).go());
}

export async function listMembers(tenantId: string, listId: string): Promise<MailingMemberItem[]> {
  return (await db().MailingMember.query.byList({ tenantId, list_id: listId }).go({ pages: 'all' })).data;
}

/** Adds a member or merges into the one with the same address (the newer fields win, tags are joined). */
export async function upsertMember(
  tenantId: string,
  listId: string,
  email: string,
  fields: MemberFields,
): Promise<'added' | 'merged'> {
  const existing = (await db().MailingMember.get({ tenantId, list_id: listId, email }).go()).data;
  const tags = [...new Set([...(existing?.tags ?? []), ...(fields.tags ?? [])])];
  await db()
    .MailingMember.upsert({ tenantId, list_id: listId, email, ...fields, tags })
    .go();
  return existing ? 'merged' : 'added';
}

export async function getMember(tenantId: string, listId: string, email: string): Promise<MailingMemberItem | null> {
  return (await db().MailingMember.get({ tenantId, list_id: listId, email }).go()).data;
}

/**
 * Writes a member's edit over the member as it was read (`before`). The same address: one write, only while the
 * member is still there. A new address: the member moves to it in one transaction (the new one only if that
 * address is not on the list yet, the old one only if still there), so two edits at once cannot make two of one
 * address; refused with 409 naming `email` when the address is taken.
 */
export async function replaceMember(
  before: MailingMemberItem,
  after: { email: string } & MemberFields,
  taken: string,
): Promise<boolean> {
  const { tenantId, list_id: listId } = before;
  const { email, ...fields } = after;
  const remove = (['name', 'country', 'tags'] as const).filter((field) => fields[field] === undefined);
  const kept = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as MemberFields;
  if (email === before.email) {
    const patch = db().MailingMember.patch({ tenantId, list_id: listId, email }).set(kept);
    return writtenUnlessConditionFailed(() => (remove.length ? patch.remove(remove) : patch).go());
  }
  await writeTransaction(
    ({ MailingMember }) => [
      MailingMember.create({ tenantId, list_id: listId, email, ...kept }).commit(),
      MailingMember.delete({ tenantId, list_id: listId, email: before.email })
        .where(({ email: stored }, { exists }) => exists(stored))
        .commit(),
    ],
    {
      0: { message: taken, field: 'email' },
      1: { message: 'This member was removed or changed by someone else; reload the list' },
    },
  );
  return true;
}

/** Takes one member off the list; false when they were not on it (already removed). */
export async function removeMember(tenantId: string, listId: string, email: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .MailingMember.delete({ tenantId, list_id: listId, email })
      .where(({ email: stored }, { exists }) => exists(stored))
      .go(),
  );
}

/** The company's suppressed addresses, address → why. */
export async function suppressedAddresses(tenantId: string): Promise<Map<string, string>> {
  const items = (await db().PromoSuppression.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
  return new Map(items.map((item) => [item.email, item.reason]));
}

/** Suppresses an address once: a replayed unsubscribe, bounce or complaint changes nothing (false). */
export async function suppressAddress(
  tenantId: string,
  email: string,
  reason: 'unsubscribed' | 'bounced' | 'complained',
): Promise<boolean> {
  return writtenUnlessConditionFailed(() => db().PromoSuppression.create({ tenantId, email, reason }).go());
}

export async function listPromos(tenantId: string, releaseId?: string): Promise<PromoItem[]> {
  if (releaseId)
    return (await db().Promo.query.byRelease({ tenantId, release_id: releaseId }).go({ pages: 'all' })).data;
  return (await db().Promo.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function getPromo(tenantId: string, id: string): Promise<PromoItem | null> {
  return (await db().Promo.get({ tenantId, id }).go()).data;
}

/** A promo by its id alone, whichever company it is of: the public page's first step (the link is checked after). */
export async function findPromoById(id: string): Promise<PromoItem | null> {
  return (await db().Promo.query.byId({ id }).go({ limit: 1 })).data[0] ?? null;
}

export async function createPromo(tenantId: string, id: string, fields: PromoFields): Promise<void> {
  await db()
    .Promo.create({ tenantId, id, ...fields })
    .go();
}

/** Edits a promo only while it is a draft: once sent, what recipients were promised does not change. */
export async function patchDraftPromo(
  tenantId: string,
  id: string,
  set: Partial<PromoFields>,
  remove: 'template_id'[] = [],
): Promise<boolean> {
  const patch = db().Promo.patch({ tenantId, id }).set(set);
  // An empty REMOVE would be an invalid update expression: only name it when something goes.
  return writtenUnlessConditionFailed(() =>
    (remove.length ? patch.remove(remove) : patch).where(({ status }, { eq }) => eq(status, 'draft')).go(),
  );
}

/**
 * Deletes a promo only while it is a draft with no send chosen for later (scheduled, or being started by the
 * schedule): a promo anyone was mailed keeps its recipients' links, plays and downloads.
 */
export async function deleteDraftPromo(tenantId: string, id: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.delete({ tenantId, id })
      .where(
        ({ status, schedule }, { eq, notExists, ne }) =>
          `${eq(status, 'draft')} AND (${notExists(schedule)} OR (${ne(schedule, 'scheduled')} AND ${ne(schedule, 'starting')}))`,
      )
      .go(),
  );
}

/**
 * The first send of a draft: the promo becomes `sending` and the month's count of sent promos goes up
 * by one, in one transaction whose condition is the plan's free promos (`max`, null for none), so two
 * sends at once can never both pass the limit. Throws 409 naming `promo` when the limit is reached.
 */
export async function startFirstSend(
  tenantId: string,
  id: string,
  month: string,
  max: number | null,
  refusal: string,
): Promise<void> {
  await writeTransaction(
    ({ Promo, PromoUsage }) => [
      Promo.patch({ tenantId, id })
        .set({ status: 'sending', sent_at: new Date().toISOString(), counted_month: month })
        .where(({ status }, { eq }) => eq(status, 'draft'))
        .commit(),
      max === null
        ? PromoUsage.update({ tenantId, month }).add({ sent: 1 }).commit()
        : PromoUsage.update({ tenantId, month })
            .add({ sent: 1 })
            .where(({ sent }, { notExists, lt }) => `${notExists(sent)} OR ${lt(sent, max)}`)
            .commit(),
    ],
    {
      0: { message: 'The promo was sent or changed by someone else; reload it' },
      1: { message: refusal, field: 'promo' },
    },
  );
}

/** A later send of a sent promo (to more people) sets it sending again; it is not counted again. */
export async function markSending(tenantId: string, id: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({ status: 'sending' })
      .where(({ status }, { ne }) => ne(status, 'draft'))
      .go(),
  );
}

export async function markSent(tenantId: string, id: string): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({ status: 'sent' })
      .where(({ status }, { eq }) => eq(status, 'sending'))
      .go(),
  );
}

/** Every promo whose send job has not finished, across companies (the job resumer's list). */
export async function listPromosSending(): Promise<PromoItem[]> {
  return (await db().Promo.query.sending({ status: 'sending' }).go({ pages: 'all' })).data;
}

/** Queues a recipient once: an address already on the promo is left as it is (false). */
export async function addRecipient(tenantId: string, promoId: string, id: string, fields: RecipientFields) {
  return writtenUnlessConditionFailed(() =>
    db()
      .PromoRecipient.create({ tenantId, promo_id: promoId, id, status: 'queued', ...fields })
      .go(),
  );
}

export async function listRecipients(tenantId: string, promoId: string): Promise<PromoRecipientItem[]> {
  return (await db().PromoRecipient.query.byPromo({ tenantId, promo_id: promoId }).go({ pages: 'all' })).data;
}

export async function getRecipient(tenantId: string, promoId: string, id: string): Promise<PromoRecipientItem | null> {
  return (await db().PromoRecipient.get({ tenantId, promo_id: promoId, id }).go()).data;
}

/**
 * Claims a queued recipient for mailing and stores their link's hash, in one conditional write: a
 * re-delivered send message finds them claimed already and mails nobody twice.
 */
export async function claimRecipient(tenantId: string, promoId: string, id: string, tokenHash: string) {
  return writtenUnlessConditionFailed(() =>
    db()
      .PromoRecipient.patch({ tenantId, promo_id: promoId, id })
      .set({ status: 'sending', token_hash: tokenHash })
      .where(({ status }, { eq }) => eq(status, 'queued'))
      .go(),
  );
}

/**
 * Starts follow-up number `followUp.number` of a sent promo: it is numbered once (the write holds only while the
 * promo is sent and has had `followUp.number - 1` follow-ups), and the promo is sending again, so the send job (and
 * a restart's resume) mails it. False when the promo is not sent or another follow-up took the number.
 */
export async function startFollowUp(
  tenantId: string,
  promoId: string,
  followUp: PromoFollowUp,
  earlier: PromoFollowUp[],
) {
  const before = followUp.number - 1;
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id: promoId })
      .set({ status: 'sending', follow_ups: [...earlier, followUp], follow_up_count: followUp.number })
      .where(({ status, follow_up_count }, { eq, notExists }) =>
        before === 0
          ? `${eq(status, 'sent')} AND ${notExists(follow_up_count)}`
          : `${eq(status, 'sent')} AND ${eq(follow_up_count, before)}`,
      )
      .go(),
  );
}

/**
 * Claims follow-up `number` for a recipient once: their link becomes the new one (`tokenHash`) and the one they
 * were mailed before keeps working (kept among the earlier hashes). Holds only while they are mailed, were not
 * claimed for this follow-up, and their link is still the one read, so a re-delivered message mails nobody twice.
 */
export async function claimFollowUp(
  tenantId: string,
  promoId: string,
  recipient: PromoRecipientItem,
  number: number,
  tokenHash: string,
) {
  const earlier = [...(recipient.earlier_token_hashes ?? []), ...(recipient.token_hash ? [recipient.token_hash] : [])];
  return writtenUnlessConditionFailed(() =>
    db()
      .PromoRecipient.patch({ tenantId, promo_id: promoId, id: recipient.id })
      .set({ follow_up: number, token_hash: tokenHash, earlier_token_hashes: earlier })
      .where(({ status, follow_up, token_hash }, { eq, lt, notExists }) =>
        [
          eq(status, 'mailed'),
          `(${notExists(follow_up)} OR ${lt(follow_up, number)})`,
          recipient.token_hash ? eq(token_hash, recipient.token_hash) : notExists(token_hash),
        ].join(' AND '),
      )
      .go(),
  );
}

export async function followedUp(tenantId: string, promoId: string, id: string) {
  await db()
    .PromoRecipient.patch({ tenantId, promo_id: promoId, id })
    .set({ followed_up_at: new Date().toISOString() })
    .go();
}

export async function finishRecipient(tenantId: string, promoId: string, id: string, status: 'mailed' | 'failed') {
  await db()
    .PromoRecipient.patch({ tenantId, promo_id: promoId, id })
    .set({ status, ...(status === 'mailed' ? { mailed_at: new Date().toISOString() } : {}) })
    .go();
}

/** Changes a recipient's record: revoke, opens, plays and feedback. */
export async function patchRecipient(
  tenantId: string,
  promoId: string,
  id: string,
  set: Partial<Pick<PromoRecipientItem, 'revoked' | 'opened_at' | 'feedback'>>,
  add: Partial<Record<'opens' | 'play_count', number>> = {},
): Promise<void> {
  let update = db().PromoRecipient.patch({ tenantId, promo_id: promoId, id }).set(set);
  if (Object.keys(add).length) update = update.add(add);
  await update.go();
}

/**
 * Counts a play of one recording (plays per recording kept as a map, and the total) in ONE UpdateItem
 * that adds to the stored numbers, so plays arriving at the same moment are all counted (a read, then a
 * write of the sum, would lose all but one). A recipient's first play finds no map yet: DynamoDB cannot
 * set a path inside a missing map, so the map is made (only if still missing) and the add tried again.
 */
export async function countPlay(tenantId: string, promoId: string, id: string, recordingId: string): Promise<void> {
  const { TableName, Key } = db().PromoRecipient.get({ tenantId, promo_id: promoId, id }).params() as {
    TableName: string;
    Key: Record<string, string>;
  };
  const exists = 'attribute_exists(pk)';
  const add = new UpdateCommand({
    TableName,
    Key,
    UpdateExpression: 'SET plays.#recording = if_not_exists(plays.#recording, :zero) + :one ADD play_count :one',
    ConditionExpression: exists,
    ExpressionAttributeNames: { '#recording': recordingId },
    ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
  });
  try {
    await dynamoClient().send(add);
  } catch (error) {
    if ((error as { name?: string }).name !== 'ValidationException') throw error;
    await dynamoClient().send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'SET plays = if_not_exists(plays, :empty)',
        ConditionExpression: exists,
        ExpressionAttributeValues: { ':empty': {} },
      }),
    );
    await dynamoClient().send(add);
  }
}

/** Takes one of the recipient's downloads, only while fewer than `limit` were taken (false when none is left). */
export async function takeDownload(tenantId: string, promoId: string, id: string, limit: number): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .PromoRecipient.patch({ tenantId, promo_id: promoId, id })
      .add({ downloads: 1 })
      .where(({ downloads }, { notExists, lt }) => `${notExists(downloads)} OR ${lt(downloads, limit)}`)
      .go(),
  );
}

/** A company's release and the recordings on it (in the release's order), for a promo made from it. */
export async function promoRelease(tenantId: string, releaseId: string) {
  const release = (await db().Release.get({ tenantId, id: releaseId }).go()).data;
  if (!release) return null;
  const rows = (release.release_recordings as { recording_id?: unknown }[] | undefined) ?? [];
  const ids = rows.map((row) => String(row.recording_id ?? '')).filter(Boolean);
  const found = ids.length
    ? (
        await db()
          .Recording.get(ids.map((id) => ({ tenantId, id })))
          .go()
      ).data
    : [];
  const byId = new Map(found.map((recording) => [recording.id, recording]));
  const recordings = ids.flatMap((id) => {
    const recording = byId.get(id);
    return recording ? [recording] : [];
  });
  return { release, recordings };
}

/** The label a promo's release is under, as its recipients see it: its name and logo. */
export async function promoLabel(tenantId: string, labelId: string | undefined | null) {
  if (!labelId) return null;
  return (
    await db()
      .Label.get({ tenantId, labelId })
      .go({ attributes: ['name', 'logo'] })
  ).data;
}

/** Records a file made for a recipient under its hash (the same file made again finds its record). */
export async function recordDownloadFile(
  tenantId: string,
  file: { sha256: string; promo_id: string; recipient_id: string; recording_id: string },
): Promise<void> {
  await db()
    .PromoDownload.upsert({ tenantId, ...file })
    .go();
}

/** The recipient a company's file with this hash was made for, or null. */
export async function downloadByHash(tenantId: string, sha256: string) {
  return (await db().PromoDownload.get({ tenantId, sha256 }).go()).data;
}

/** What one mail service event does to its recipient's row. */
export type MailEventEffect = {
  set: Partial<Pick<PromoRecipientItem, 'delivered_at' | 'bounced_at' | 'bounce_type' | 'complained_at'>>;
  add: Partial<Record<'mail_opens' | 'mail_clicks', number>>;
};

/**
 * Applies a mail event to its recipient once: the event's record (condition: not there yet) and the
 * recipient's change go in one transaction, so a replayed event is refused whole (false) and changes
 * nothing twice. False too when the recipient is gone.
 */
export async function applyMailEvent(
  tenantId: string,
  event: { id: string; type: string; promoId: string; recipientId: string },
  effect: MailEventEffect,
): Promise<boolean> {
  const key = { tenantId, promo_id: event.promoId, id: event.recipientId };
  return writtenUnlessRefused(({ PromoMailEvent, PromoRecipient }) => [
    PromoMailEvent.create({
      tenantId,
      event_id: event.id,
      type: event.type,
      promo_id: event.promoId,
      recipient_id: event.recipientId,
    }).commit(),
    Object.keys(effect.add).length
      ? PromoRecipient.patch(key).set(effect.set).add(effect.add).commit()
      : PromoRecipient.patch(key).set(effect.set).commit(),
  ]);
}

/** Stores a send for later; refused (false) while one is already starting. */
export async function scheduleSend(
  tenantId: string,
  id: string,
  send: { send_at: string; mailing_list_ids: string[]; emails: string[] },
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({
        send_at: send.send_at,
        scheduled_lists: send.mailing_list_ids,
        scheduled_emails: send.emails,
        schedule: 'scheduled',
      })
      .remove(['schedule_error'])
      .where(({ schedule }, { notExists, ne }) => `${notExists(schedule)} OR ${ne(schedule, 'starting')}`)
      .go(),
  );
}

/** Cancels a scheduled send, only while it is still scheduled (a cancel after the schedule took it changes nothing). */
export async function cancelSchedule(tenantId: string, id: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({ schedule: 'cancelled' })
      .where(({ schedule }, { eq }) => eq(schedule, 'scheduled'))
      .go(),
  );
}

/**
 * A schedule run takes a send (scheduled → starting) only if it is still scheduled and due by `now`; the
 * run's lease on it starts at `now`, in the same conditional write, so two runs at once cannot both take it.
 */
export async function claimScheduledSend(tenantId: string, id: string, now: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({ schedule: 'starting', schedule_lease_at: now })
      .where(({ schedule, send_at }, { eq, lte }) => `${eq(schedule, 'scheduled')} AND ${lte(send_at, now)}`)
      .go(),
  );
}

/**
 * A run takes over a send left `starting` only when its lease began at or before `expiredBy` (or it has
 * none: taken before sends had leases); its own lease starts at `now`, so two runs cannot both take it over.
 */
export async function takeOverStartingSend(tenantId: string, id: string, now: string, expiredBy: string) {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({ schedule_lease_at: now })
      .where(
        ({ schedule, schedule_lease_at }, { eq, notExists, lte }) =>
          `${eq(schedule, 'starting')} AND (${notExists(schedule_lease_at)} OR ${lte(schedule_lease_at, expiredBy)})`,
      )
      .go(),
  );
}

/** starting → started or failed (with the reason), only by the run whose lease began at `leaseAt`. */
export async function endScheduledSend(
  tenantId: string,
  id: string,
  leaseAt: string,
  outcome: { to: 'started' } | { to: 'failed'; error: string },
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .Promo.patch({ tenantId, id })
      .set({ schedule: outcome.to, ...(outcome.to === 'failed' ? { schedule_error: outcome.error } : {}) })
      .where(
        ({ schedule, schedule_lease_at }, { eq }) =>
          `${eq(schedule, 'starting')} AND ${eq(schedule_lease_at, leaseAt)}`,
      )
      .go(),
  );
}

/**
 * Every promo with a send still to start (scheduled) or started but not finished (starting), across companies:
 * from their sparse index, not a scan (the schedule asks every minute).
 */
export async function listScheduledSends(): Promise<PromoItem[]> {
  return inEachState(
    SENDS_TO_START,
    async (schedule) => (await db().Promo.query.scheduledSends({ schedule }).go({ pages: 'all' })).data,
  );
}

/** Takes members off a list's sends (they stay on the list, shown inactive); an address not on the list is skipped. */
export async function deactivateMembers(tenantId: string, listId: string, emails: string[]): Promise<number> {
  let done = 0;
  for (const email of emails) {
    const written = await writtenUnlessConditionFailed(() =>
      db().MailingMember.patch({ tenantId, list_id: listId, email }).set({ active: false }).go(),
    );
    if (written) done += 1;
  }
  return done;
}
