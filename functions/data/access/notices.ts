import type { CreateNotice, NoticeItem, UpdateNotice, UserNoticeItem } from '../entities/notice.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';

/** Every query of notices and their recipients' copies, by name. */

const notices = () => getDb().entities.Notice;
const copies = () => getDb().entities.UserNotice;

/** A transaction holds up to 100 items: the notice and 99 copies, then 99 copies at a time. */
const COPIES_PER_WRITE = 99;

export async function getNotice(noticeId: string): Promise<NoticeItem | null> {
  return (await notices().get({ noticeId }).go()).data;
}

/** Several notices in one batch read; absent ones are left out. */
export async function getNotices(noticeIds: readonly string[]): Promise<NoticeItem[]> {
  if (!noticeIds.length) return [];
  return (
    await notices()
      .get(noticeIds.map((noticeId) => ({ noticeId })))
      .go()
  ).data;
}

export async function listNotices(): Promise<NoticeItem[]> {
  return (await notices().query.all({}).go({ pages: 'all' })).data;
}

/** Writes the notice, then one unread copy per recipient. */
export async function createNotice(notice: CreateNotice, userIds: readonly string[]): Promise<void> {
  await notices().create(notice).go();
  await copies()
    .put(userIds.map((userId) => ({ userId, noticeId: notice.noticeId, read: false })))
    .go();
}

export async function patchNotice(noticeId: string, changes: UpdateNotice): Promise<void> {
  await notices().patch({ noticeId }).set(changes).go();
}

/** Deletes the notice and every recipient's copy, a transaction per 99 copies. */
export async function deleteNoticeAndCopies(noticeId: string, userIds: readonly string[]): Promise<void> {
  for (let i = 0; i < Math.max(1, userIds.length); i += COPIES_PER_WRITE) {
    const chunk = userIds.slice(i, i + COPIES_PER_WRITE);
    await writeTransaction(({ Notice, UserNotice }) => [
      ...(i === 0 ? [Notice.delete({ noticeId }).commit()] : []),
      ...chunk.map((userId) => UserNotice.delete({ userId, noticeId }).commit()),
    ]);
  }
}

/** The copies of a notice: who it was sent to and whether they read it. */
export async function copiesOfNotice(noticeId: string): Promise<UserNoticeItem[]> {
  return (await copies().query.byNotice({ noticeId }).go({ pages: 'all' })).data;
}

/** A user's copies of notices. */
export async function copiesOfUser(userId: string): Promise<UserNoticeItem[]> {
  return (await copies().query.byUser({ userId }).go({ pages: 'all' })).data;
}

/** How many of the user's notices are unread, reading only the read flags. */
export async function unreadCountOf(userId: string): Promise<number> {
  const mine = await copies()
    .query.byUser({ userId })
    .go({ pages: 'all', attributes: ['read'] });
  return mine.data.filter((m) => !m.read).length;
}

export async function getCopy(userId: string, noticeId: string): Promise<UserNoticeItem | null> {
  return (await copies().get({ userId, noticeId }).go()).data;
}

/**
 * Marks the user's copy read and counts the read on the notice, in one transaction that only
 * succeeds while the copy is still unread, so two tabs opening it count one read.
 */
export async function markCopyRead(userId: string, noticeId: string, readAt: string): Promise<void> {
  await getDb()
    .transaction.write(({ UserNotice, Notice }) => [
      UserNotice.patch({ userId, noticeId })
        .set({ read: true, read_at: readAt })
        .where(({ read }, { eq }) => eq(read, false))
        .commit(),
      Notice.update({ noticeId }).add({ read_count: 1 }).commit(),
    ])
    .go();
}

/** Deletes every copy of notices the user holds (the user is being deleted). */
export async function deleteNoticesOfUser(userId: string): Promise<void> {
  const mine = await copiesOfUser(userId);
  if (mine.length)
    await copies()
      .delete(mine.map((n) => ({ userId, noticeId: n.noticeId })))
      .go();
}
