import { type CalendarEvent, dayEvent } from '../../shared/calendar-kinds.js';
import { licenceCalendarRows } from '../data/access/licenses.js';
import { nextReportDue } from './reminders.js';

/** Licences still being agreed: their days are plans, and the calendar says so. */
const PROPOSED = new Set(['enquiry', 'quoted', 'negotiating']);

/**
 * Each licence's days on the company's calendar: its start and end, its unpaid invoice's due date and the licensee's
 * next report (the days the licensing reminders are sent about, from the same rules). A declined licence has none.
 */
export async function licenceCalendarDates(tenantId: string): Promise<CalendarEvent[]> {
  const rows = await licenceCalendarRows(tenantId);
  return rows.flatMap((licence) => {
    if (licence.status === 'declined') return [];
    const name = `${licence.type === 'outgoing' ? 'To' : 'From'} ${licence.licensee_name}${licence.usage ? ` (${licence.usage})` : ''}`;
    const title = PROPOSED.has(licence.status) ? `${name} (not signed yet)` : name;
    const href = `/user/licensing/${encodeURIComponent(licence.id)}`;
    const at = (kind: CalendarEvent['kind'], date: string | null | undefined, words = title) =>
      dayEvent(kind, licence.id, date, { title: words, label_id: licence.label_id ?? null, href });
    const invoice = licence.status === 'invoiced' ? licence.invoice : undefined;
    return [
      ...at('licence_start', licence.license_start_date),
      ...at('licence_end', licence.license_end_date),
      ...at('licence_invoice_due', invoice?.due_date, `Invoice ${invoice?.number}: ${name}`),
      ...at('licence_report_due', nextReportDue(licence as Parameters<typeof nextReportDue>[0])),
    ];
  });
}
