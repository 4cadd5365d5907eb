import { ulid } from 'ulid';
import type { z } from 'zod';
import { NOTICES_CHANGED, type noticeInput, type noticeUpdate } from '../../shared/schemas/notice.js';
import type { AdminNotice, AdminNoticeDetail, Inbox } from '../../shared/schemas/notice-views.js';
import { MESSAGES } from '../../shared/messages.js';
import * as store from '../data/access/notices.js';
import { getUsers } from '../data/access/users.js';
import type { NoticeItem } from '../data/entities/notice.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { listAnswer, pageOfQuery, type ListQuery } from '../lib/list-query.js';
import { pushToUser } from '../realtime/push.js';

function view(n: NoticeItem): AdminNotice {
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
  const found = await store.getNotice(noticeId);
  if (!found) throw new NotFound('Notice');
  return found;
}

/** How many users are told at once that their notices changed (each push reads the user's connections). */
const PUSH_BATCH = 25;

/**
 * Tells each user's open tabs that their notices changed, so the header's unread count follows
 * at once (as the upload worker pushes its progress). A push that fails never fails the change:
 * the count is right again on the next GET /me.
 */
async function pushNoticesChanged(userIds: string[], noticeId: string, title?: string): Promise<void> {
  // A notice the product sends carries its title, so an open tab can show it at once, wherever the user is.
  const message = { type: NOTICES_CHANGED, notice_id: noticeId, ...(title ? { title } : {}) };
  for (let i = 0; i < userIds.length; i += PUSH_BATCH) {
    const batch = userIds.slice(i, i + PUSH_BATCH);
    await Promise.all(batch.map((userId) => pushToUser(userId, message).catch(() => 0)));
  }
}

/**
 * Sends a notice to the chosen users; the answer's message names them, so the SPA
 * can say "Notice(s) Added for <names>". Every recipient must exist.
 */
export async function createNotice(input: z.infer<typeof noticeInput>) {
  const userIds = [...new Set(input.user_ids)];
  const users = await getUsers(userIds);
  const missing = userIds.filter((id) => !users.some((u) => u.userId === id));
  if (missing.length)
    throw new BadRequest(`Unknown users: ${missing.join(', ')}`, {
      user_ids: [`Unknown users: ${missing.join(', ')}`],
    });
  const noticeId = ulid();
  const { user_ids: _recipients, ...fields } = input;
  await store.createNotice({ ...fields, noticeId, recipients_count: userIds.length, read_count: 0 }, userIds);
  await pushNoticesChanged(userIds, noticeId);
  return { notice: view(await load(noticeId)), message: users.map((u) => u.name).join(', ') };
}

export async function listNotices(query: ListQuery) {
  const all = (await store.listNotices()).map(view);
  const page = pageOfQuery(all, query, {
    searchFields: ['title', 'content'],
    tieBreaker: 'id',
  });
  return listAnswer('notices', page);
}

export async function getNotice(noticeId: string): Promise<{ notice: AdminNoticeDetail }> {
  const notice = view(await load(noticeId));
  const sent = await store.copiesOfNotice(noticeId);
  const users = await getUsers(sent.map((r) => r.userId));
  const byId = new Map(users.map((u) => [u.userId, u]));
  return {
    notice: {
      ...notice,
      users: sent.map((r) => ({
        id: r.userId,
        name: byId.get(r.userId)?.name ?? '',
        email: byId.get(r.userId)?.email ?? '',
        read: r.read ?? false,
        read_at: r.read_at ?? null,
      })),
    },
  };
}

export async function updateNotice(noticeId: string, changes: z.infer<typeof noticeUpdate>) {
  await load(noticeId);
  if (Object.keys(changes).length) await store.patchNotice(noticeId, changes);
  return { notice: view(await load(noticeId)), message: MESSAGES.noticeUpdated };
}

/** Deletes the notice and every recipient's copy together. */
export async function deleteNotice(noticeId: string) {
  await load(noticeId);
  const sent = await store.copiesOfNotice(noticeId);
  await store.deleteNoticeAndCopies(
    noticeId,
    sent.map((r) => r.userId),
  );
  await pushNoticesChanged(
    sent.filter((r) => !r.read).map((r) => r.userId),
    noticeId,
  );
  return { message: MESSAGES.noticeDeleted };
}

/** The signed-in user's notices, newest first, with how many are unread. */
export async function myNotices(userId: string): Promise<Inbox> {
  const mine = await store.copiesOfUser(userId);
  const notices = await store.getNotices(mine.map((m) => m.noticeId));
  const byId = new Map(notices.map((n) => [n.noticeId, n]));
  const list = mine
    .flatMap((m) => {
      const notice = byId.get(m.noticeId);
      return notice ? [{ m, notice }] : [];
    })
    .map(({ m, notice }) => ({
      id: m.noticeId,
      notice: { ...view(notice) },
      read: m.read ?? false,
      read_at: m.read_at ?? null,
    }))
    .sort((a, b) => b.id.localeCompare(a.id));
  return { notices: list, unread_count: list.filter((n) => !n.read).length };
}

export async function unreadCount(userId: string): Promise<number> {
  return store.unreadCountOf(userId);
}

/** Opening a notice marks it read; only the recipient's own copy changes. */
export async function markRead(userId: string, noticeId: string) {
  const mine = await store.getCopy(userId, noticeId);
  if (!mine) throw new NotFound('Notice');
  if (mine.read) return { message: MESSAGES.noticeMarkedRead, read_at: mine.read_at ?? null };
  const readAt = new Date().toISOString();
  await store.markCopyRead(userId, noticeId, readAt);
  await pushNoticesChanged([userId], noticeId);
  return { message: MESSAGES.noticeMarkedRead, read_at: readAt };
}

/**
 * A notice the product sends itself (a quality-control decision …) to the given users: in their inbox
 * at once, with their open tabs told (the header's count follows). Answers the notice's id.
 */
export async function noticeFromProduct(input: { title: string; content: string; userIds: readonly string[] }) {
  const userIds = [...new Set(input.userIds)];
  if (!userIds.length) return null;
  const noticeId = ulid();
  await store.createNotice(
    {
      title: input.title,
      content: input.content,
      type_of: 'news',
      noticeId,
      recipients_count: userIds.length,
      read_count: 0,
    },
    userIds,
  );
  await pushNoticesChanged(userIds, noticeId, input.title);
  return noticeId;
}
