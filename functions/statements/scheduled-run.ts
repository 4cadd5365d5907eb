import type { EventBridgeEvent } from 'aws-lambda';
import { monthEndedBefore } from '../../shared/statement-periods.js';
import { listCompanyNames } from '../data/access/companies.js';
import { listStatements, scheduledPayees } from '../data/access/statements.js';
import { log, withRecordLog } from '../lib/logger.js';
import { dueRuns, scheduledRunId, statedKey } from './runs/schedule.js';
import { startRun } from './runs/start-run.js';

/**
 * The statement schedule (EventBridge, the first of each month; locally on a timer and on
 * demand): per company, the payees whose statement settings frequency makes a period due for
 * the month just ended get their statements, in one run per period, published straight away and
 * marked scheduled. Accounts stated for the period already are left out; a run the schedule
 * started before is not started again.
 */
export async function handler(
  event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>,
): Promise<{ generated: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  return withRecordLog(event.id ?? `statementRun-${at}`, { worker: 'statementRun' }, async () => {
    const endedMonth = monthEndedBefore(new Date(at));
    let generated = 0;
    for (const { companyId: tenantId } of await listCompanyNames()) {
      generated += await startDueRuns(tenantId, endedMonth);
    }
    log().info('statement schedule done', { at, endedMonth, generated });
    return { generated, at };
  });
}

/** Starts the company's due runs; how many it started. */
async function startDueRuns(tenantId: string, endedMonth: string): Promise<number> {
  const payees = await scheduledPayees(tenantId);
  if (!payees.length) return 0;
  const stated = new Set(
    (await listStatements(tenantId)).flatMap((s) => (s.superseded_by ? [] : [statedKey(s.accountKey, s)])),
  );
  const accounts = payees.map((p) => ({ account: { type: 'Payee' as const, id: p.id }, frequency: p.frequency }));
  let started = 0;
  for (const due of dueRuns(endedMonth, accounts, stated)) {
    const run = await startRun(tenantId, {
      kind: 'payee',
      start_pay_period: due.start_pay_period,
      end_pay_period: due.end_pay_period,
      accounts: due.accounts,
      scheduled: true,
      publishNow: true,
      runId: scheduledRunId('payee', due),
    });
    if (run) started += 1;
  }
  return started;
}
