import type { EventBridgeEvent } from 'aws-lambda';
import { listCompanyNames } from '../data/access/companies.js';
import * as store from '../data/access/licenses.js';
import { log, withRecordLog } from '../lib/logger.js';
import { tellCompanyMembers } from '../notices/tell-company.js';
import { dueReminders } from './reminders.js';

/**
 * The licensing reminders (EventBridge once a day; locally on a timer and on demand): per company,
 * each licence ending soon, each invoice past due and each licensee report overdue is told to the
 * members who act on it, in their inbox and by mail. Each reminder is claimed before it is sent
 * (a guard item per licence, kind and due date, created only when absent), so a schedule that
 * fires twice, or a re-delivered event, sends it once; a claim whose sending then fails is logged
 * and not retried, since a second mail is worse than the hub's "what is due", which lists it anyway.
 */
export async function handler(
  event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>,
): Promise<{ sent: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  return withRecordLog(event.id ?? `licenseReminders-${at}`, { worker: 'licenseReminders' }, async () => {
    const today = at.slice(0, 10);
    let sent = 0;
    for (const { companyId: tenantId } of await listCompanyNames()) {
      for (const license of await store.listLicenses(tenantId)) {
        for (const reminder of dueReminders(license, today)) {
          if (!(await store.claimReminder(tenantId, license.id, reminder.key))) continue;
          await tellCompanyMembers({
            tenantId,
            permission: reminder.permission,
            subject: reminder.subject,
            text: reminder.text,
            about: { licenseId: license.id, reminder: reminder.key },
          });
          sent += 1;
        }
      }
    }
    log().info('licensing reminders done', { at, sent });
    return { sent, at };
  });
}
