import type { CreateLog, LogItem } from '../entities/log.js';
import { getDb } from '../service.js';

/** Every query of the activity log, by name. */

const logs = () => getDb().entities.Log;

/** Writes a log entry; fails with a condition error when one with the same id exists. */
export async function createLog(entry: CreateLog): Promise<void> {
  await logs().create(entry).go();
}

/** A user's logs, newest id first. */
export async function logsOf(userId: string): Promise<LogItem[]> {
  return (await logs().query.byUser({ userId }).go({ pages: 'all', order: 'desc' })).data;
}

/** Deletes every log of a user; answers how many. */
export async function deleteLogsOf(userId: string): Promise<number> {
  const items = (
    await logs()
      .query.byUser({ userId })
      .go({ pages: 'all', attributes: ['logId'] })
  ).data;
  if (items.length)
    await logs()
      .delete(items.map((l) => ({ userId, logId: l.logId })))
      .go();
  return items.length;
}
