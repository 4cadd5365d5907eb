import * as store from '../data/access/licenses.js';
import { BadRequest, Conflict, InvalidField, LOST_RACE_MESSAGE } from '../lib/errors.js';
import { readLicense, today } from './licenses.js';
import { presentLicense } from './present.js';
import { nextReportDue } from './reminders.js';

/**
 * Records the licensee's report as received: the report due for `dueDate` (the one due next when not
 * given) is in, so the next is due N months after it. Saying so again for a report already in changes
 * nothing, so a double click or a replayed call never skips a report.
 */
export async function recordReportReceived(
  tenantId: string,
  id: string,
  input: { received_on?: string; due_date?: string },
) {
  const license = await readLicense(tenantId, id);
  const receivedOn = input.received_on ?? today();
  if (receivedOn > today()) throw new InvalidField('received_on', 'Received on must not be in the future');
  const answer = async (message: string) => ({
    license: await presentLicense(tenantId, await readLicense(tenantId, id)),
    message,
  });
  if (input.due_date && license.report_received_through && input.due_date <= license.report_received_through)
    return answer('Report already recorded');
  const due = nextReportDue(license);
  if (!due) throw new BadRequest('This licence has no licensee report due: set how often the licensee reports');
  if (input.due_date && input.due_date !== due)
    throw new InvalidField('due_date', `The next report is due on ${due}: record that one first`);
  const written = await store.patchLicense(tenantId, id, license.revision, {
    report_received_through: due,
    report_received_on: receivedOn,
  });
  if (!written) throw new Conflict(LOST_RACE_MESSAGE);
  return answer('Report recorded as received');
}
