import type { EventBridgeEvent } from 'aws-lambda';
import { listCompanyNames } from '../data/access/companies.js';
import * as store from '../data/access/licenses.js';
import type { Permission } from '../../shared/permissions.js';
import { log, withRecordLog } from '../lib/logger.js';
import { tellCompanyMembers } from '../notices/tell-company.js';
import { dueReminders } from './reminders.js';

/**
 * The licensing reminders (EventBridge once a day; locally on a timer and on demand): per company,
 * each licence ending soon, each invoice past due and each licensee report overdue is told to the
 * members who act on it, in their inbox and by mail. Each reminder is claimed before it is sent
 * (an item per licence, kind and due date, created only when absent), so a schedule that fires
 * twice, or a re-delivered event, sends it once. The claim says `sending` until the telling is done:
 * a run killed in between leaves it so, and the resumer (reminders-resume.ts) sends it then, so
 * none is lost either. A telling that fails is logged, not retried: a second mail is worse than the
 * hub's "what is due", which lists it anyway.
 */

/** Tells the company's members (the job's one side effect; a test stands in for it to stop a run midway). */
export type Tell = typeof tellCompanyMembers;

/** Sends one claimed reminder and marks its claim done. */
export async function sendClaimedReminder(
  tenantId: string,
  key: string,
  message: store.ReminderMessage,
  tell: Tell = tellCompanyMembers,
): Promise<void> {
  await tell({
    tenantId,
    permission: message.permission as Permission,
    subject: message.subject,
    text: message.text,
    about: { licenseId: message.license_id, reminder: key },
  });
  await store.reminderSent(tenantId, key);
}

/** One run on `at` (ISO): every company's due reminders not claimed before. How many it sent. */
export async function runReminders(at: string, tell: Tell = tellCompanyMembers): Promise<number> {
  const today = at.slice(0, 10);
  let sent = 0;
  for (const { companyId: tenantId } of await listCompanyNames()) {
    for (const license of await store.listLicenses(tenantId)) {
      for (const reminder of dueReminders(license, today)) {
        const key = `${license.id}#${reminder.key}`;
        const message = {
          license_id: license.id,
          subject: reminder.subject,
          text: reminder.text,
          permission: reminder.permission,
        };
        if (!(await store.claimReminder(tenantId, key, message, new Date().toISOString()))) continue;
        await sendClaimedReminder(tenantId, key, message, tell);
        sent += 1;
      }
    }
  }
  return sent;
}

export async function handler(
  event: Partial<EventBridgeEvent<'Scheduled Event', unknown>>,
): Promise<{ sent: number; at: string }> {
  const at = event.time ?? new Date().toISOString();
  return withRecordLog(event.id ?? `licenseReminders-${at}`, { worker: 'licenseReminders' }, async () => {
    const sent = await runReminders(at);
    log().info('licensing reminders done', { at, sent });
    return { sent, at };
  });
}
