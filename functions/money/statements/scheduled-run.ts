import type { EventBridgeEvent } from 'aws-lambda';
import { monthEndedBefore } from '../../../shared/statement-periods.js';
import { listCompanyNames } from '../../data/access/companies.js';
import { listRuns, listStatements, scheduledLabels, scheduledPayees } from '../../data/access/statements.js';
import { log, withRecordLog } from '../../lib/logger.js';
import { coveredAccounts, dueRuns, scheduledRunId } from './runs/schedule.js';
import { startRun } from './runs/start-run.js';

/**
 * The statement schedule (EventBridge, the first of each month; locally on a timer and on
 * demand): per company, the payees and distributed labels whose statement settings frequency
 * makes a period due for the month just ended get their statements (artist and distribution
 * statements), in one run per kind and period, published straight away and marked scheduled.
 * Accounts stated for the period already are left out, and so are accounts a scheduled run of
 * the period holds already (one still publishing included): a schedule that fires again while
 * its run is half way through must not start a second run for the accounts not yet done.
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

/** What the schedule states: payees (artist statements) and distributed labels (distribution statements). */
const SCHEDULED = [
  { kind: 'payee', type: 'Payee', accounts: scheduledPayees },
  { kind: 'distribution', type: 'Label', accounts: scheduledLabels },
] as const;

/** Starts the company's due runs; how many it started. */
async function startDueRuns(tenantId: string, endedMonth: string): Promise<number> {
  const due = await Promise.all(
    SCHEDULED.map(async ({ kind, type, accounts }) => ({
      kind,
      accounts: (await accounts(tenantId)).map((a) => ({ account: { type, id: a.id }, frequency: a.frequency })),
    })),
  );
  if (!due.some((d) => d.accounts.length)) return 0;
  const [statements, runs] = await Promise.all([listStatements(tenantId), listRuns(tenantId)]);
  const covered = coveredAccounts(statements, runs);
  let started = 0;
  for (const { kind, accounts } of due) {
    for (const run of dueRuns(endedMonth, accounts, covered)) {
      const startedRun = await startRun(tenantId, {
        kind,
        start_pay_period: run.start_pay_period,
        end_pay_period: run.end_pay_period,
        accounts: run.accounts,
        scheduled: true,
        publishNow: true,
        runId: scheduledRunId(kind, run),
      });
      if (startedRun) started += 1;
    }
  }
  return started;
}
