import type { EventBridgeEvent } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { startDueSends } from './scheduled-send.js';

/** The promo schedule (EventBridge every minute; locally on a timer and on demand): starts the sends that are due. */
export async function handler(
  event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>,
): Promise<{ started: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  return withRecordLog(event.id ?? `promoSends-${at}`, { worker: 'promoSends' }, async () => {
    const started = await startDueSends(new Date(at).toISOString());
    log().info('promo schedule done', { at, started });
    return { started, at };
  });
}
