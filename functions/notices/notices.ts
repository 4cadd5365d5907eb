import { ulid } from 'ulid';
import type { z } from 'zod';
import { NOTICES_CHANGED, type noticeInput, type noticeUpdate } from '../../shared/schemas/notice.js';
import { MESSAGES } from '../../shared/messages.js';
import { getDb } from '../data/service.js';
import { writeTransaction } from '../data/transaction.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { pageOf, type SortSpec } from '../lib/list-query.js';
import { pushToUser } from '../realtime/push.js';

type NoticeItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof getDb>['entities']['Notice']['get']>['go']>>['data']>;

function view(n: NoticeItem) {
  return {
    id: n.noticeId,
    title: n.title,
    content: n.content,
    type_of: n.type_of,
    readable: n.readable ?? true,
    recipients_count: n.recipients_count ?? 0,
    read_count: n.read_count ?? 0,
    created_at: n.createdAt ?? '',
    updated_at: n.updatedAt ?? '',
  };
}

async function load(noticeId: string): Promise<NoticeItem> {
  const found = await getDb().entities.Notice.get({ noticeId }).go();
  if (!found.data) throw new NotFound('Notice');
  return found.data;
}

/** How many users are told at once that their notices changed (each push reads the user's connections). */
const PUSH_BATCH = 25;

/**
 * Tells each user's open tabs that their notices changed, so the header's unread count follows
 * at once (as the upload worker pushes its progress). A push that fails never fails the change:
 * the count is right again on the next GET /me.
 */
async function pushNoticesChanged(userIds: string[], noticeId: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += PUSH_BATCH) {
    const batch = userIds.slice(i, i + PUSH_BATCH);
    await Promise.all(batch.map((userId) => pushToUser(userId, { type: NOTICES_CHANGED, notice_id: noticeId }).catch(() => 0)));
  }
}

async function recipients(noticeId: string) {
  return (await getDb().entities.UserNotice.query.byNotice({ noticeId }).go({ pages: 'all' })).data;
}

/**
 * Sends a notice to the chosen users; the answer's message names them (spec 1 §7), so the SPA
 * can say "Notice(s) Added for <names>". Every recipient must exist.
 */
export async function createNotice(input: z.infer<typeof noticeInput>) {
  const userIds = [...new Set(input.user_ids)];
  const users = (await getDb().entities.User.get(userIds.map((userId) => ({ userId }))).go()).data;
  const missing = userIds.filter((id) => !users.some((u) => u.userId === id));
  if (missing.length) throw new BadRequest(`Unknown users: ${missing.join(', ')}`, { user_ids: [`Unknown users: ${missing.join(', ')}`] });
  const noticeId = ulid();
  const { user_ids: _recipients, ...fields } = input;
  await getDb().entities.Notice.create({ ...fields, noticeId, recipients_count: userIds.length, read_count: 0 }).go();
  await getDb().entities.UserNotice.put(userIds.map((userId) => ({ userId, noticeId, read: false }))).go();
  await pushNoticesChanged(userIds, noticeId);
  return { notice: view(await load(noticeId)), message: users.map((u) => u.name).join(', ') };
}

export async function listNotices(query: { page: number; per_page: number; sort: SortSpec<string>; q?: string }) {
  const all = (await getDb().entities.Notice.query.all({}).go({ pages: 'all' })).data.map(view);
  const page = pageOf(all, { page: query.page, perPage: query.per_page, sort: query.sort, q: query.q, searchFields: ['title', 'content'], tieBreaker: 'id' });
  return { notices: page.items, total_count: page.total_count, total_pages: page.total_pages, page: page.page, per_page: page.per_page };
}

export async function getNotice(noticeId: string) {
  const notice = view(await load(noticeId));
  const sent = await recipients(noticeId);
  const users = sent.length ? (await getDb().entities.User.get(sent.map((r) => ({ userId: r.userId }))).go()).data : [];
  const byId = new Map(users.map((u) => [u.userId, u]));
  return {
    notice: {
      ...notice,
      users: sent.map((r) => ({ id: r.userId, name: byId.get(r.userId)?.name ?? '', email: byId.get(r.userId)?.email ?? '', read: r.read ?? false, read_at: r.read_at ?? null })),
    },
  };
}

export async function updateNotice(noticeId: string, changes: z.infer<typeof noticeUpdate>) {
  await load(noticeId);
  if (Object.keys(changes).length) await getDb().entities.Notice.patch({ noticeId }).set(changes).go();
  return { notice: view(await load(noticeId)), message: MESSAGES.noticeUpdated };
}

/** Deletes the notice and every recipient's copy together. */
export async function deleteNotice(noticeId: string) {
  await load(noticeId);
  const sent = await recipients(noticeId);
  for (let i = 0; i < Math.max(1, sent.length); i += 99) {
    const chunk = sent.slice(i, i + 99);
    await writeTransaction(({ Notice, UserNotice }) => [
      ...(i === 0 ? [Notice.delete({ noticeId }).commit()] : []),
      ...chunk.map((r) => UserNotice.delete({ userId: r.userId, noticeId }).commit()),
    ] as never);
  }
  await pushNoticesChanged(sent.filter((r) => !r.read).map((r) => r.userId), noticeId);
  return { message: MESSAGES.noticeDeleted };
}

/** The signed-in user's notices, newest first, with how many are unread. */
export async function myNotices(userId: string) {
  const mine = (await getDb().entities.UserNotice.query.byUser({ userId }).go({ pages: 'all' })).data;
  const notices = mine.length ? (await getDb().entities.Notice.get(mine.map((m) => ({ noticeId: m.noticeId }))).go()).data : [];
  const byId = new Map(notices.map((n) => [n.noticeId, n]));
  const list = mine
    .filter((m) => byId.has(m.noticeId))
    .map((m) => ({ id: m.noticeId, notice: { ...view(byId.get(m.noticeId)!) }, read: m.read ?? false, read_at: m.read_at ?? null }))
    .sort((a, b) => b.id.localeCompare(a.id));
  return { notices: list, unread_count: list.filter((n) => !n.read).length };
}

export async function unreadCount(userId: string): Promise<number> {
  const mine = await getDb().entities.UserNotice.query.byUser({ userId }).go({ pages: 'all', attributes: ['read'] });
  return mine.data.filter((m) => !m.read).length;
}

/** Opening a notice marks it read (spec 1 §4); only the recipient's own copy changes. */
export async function markRead(userId: string, noticeId: string) {
  const mine = await getDb().entities.UserNotice.get({ userId, noticeId }).go();
  if (!mine.data) throw new NotFound('Notice');
  if (mine.data.read) return { message: MESSAGES.noticeMarkedRead, read_at: mine.data.read_at ?? null };
  const readAt = new Date().toISOString();
  // The copy turns read only if it is still unread, so two tabs opening it count one read.
  await getDb()
    .transaction.write(({ UserNotice, Notice }) => [
      UserNotice.patch({ userId, noticeId }).set({ read: true, read_at: readAt }).where(({ read }, { eq }) => eq(read, false)).commit(),
      Notice.update({ noticeId }).add({ read_count: 1 }).commit(),
    ])
    .go();
  await pushNoticesChanged([userId], noticeId);
  return { message: MESSAGES.noticeMarkedRead, read_at: readAt };
}
