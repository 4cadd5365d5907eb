import type { EventBridgeEvent } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';

/**
 * The monthly statement run (EventBridge schedule slot). Statements arrive with the money
 * issue; until then the run has no statements to generate and says so.
 */
export async function handler(
  event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>,
): Promise<{ generated: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  return withRecordLog(event.id ?? `statementRun-${at}`, { worker: 'statementRun' }, async () => {
    log().info('statement run: no statement settings are due', { at, generated: 0 });
    return { generated: 0, at };
  });
}
