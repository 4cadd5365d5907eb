import type { EventBridgeEvent } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { mailFansOnReleaseDay } from './fan-notices.js';

/** The fan-notices schedule (EventBridge hourly; locally on a timer and on demand): mails fans on release day. */
export async function handler(
  event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>,
): Promise<{ links: number; mailed: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  return withRecordLog(event.id ?? `fanNotices-${at}`, { worker: 'fanNotices' }, async () => {
    const done = await mailFansOnReleaseDay(new Date(at));
    log().info('fan notices done', { at, ...done });
    return { ...done, at };
  });
}
