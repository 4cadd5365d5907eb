import type { EventBridgeEvent } from 'aws-lambda';

/**
 * The monthly statement run (EventBridge schedule slot). Statements arrive with the money
 * issue; until then the run has no statements to generate and says so.
 */
export async function handler(event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>): Promise<{ generated: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  console.log(JSON.stringify({ job: 'statementRun', at, generated: 0, note: 'no statement settings are due' }));
  return { generated: 0, at };
}
