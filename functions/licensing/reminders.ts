import type { LicenseItem } from '../data/entities/license.js';
import type { Permission } from '../../shared/permissions.js';

/**
 * What a licence needs someone to do, and when: it is ending soon, its invoice is past due, or the
 * licensee's report is overdue. The same rules feed the hub's "what is due" and the scheduled
 * reminders (inbox and mail), so the page and the mail never disagree.
 */

/** How many days before a licence ends it is reminded of (and listed as ending). */
const ENDING_REMINDER_DAYS = 30;

type ReminderKind = 'ending' | 'invoice_overdue' | 'report_overdue';
export type Reminder = {
  kind: ReminderKind;
  /** Names the reminder for its licence and due date: sent once per key. */
  key: string;
  license_id: string;
  licensee_name: string;
  due_date: string;
  subject: string;
  text: string;
  /** Who is told: money people for an unpaid invoice, catalogue people otherwise. */
  permission: Permission;
};

const IN_FORCE = new Set(['signed', 'invoiced', 'paid']);

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The same day N months on, or the month's last day when it has no such day (31 Jan + 1 month → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * When the licensee's next report is due: every N months from the licence's start (or signing), the
 * next one N months after the last report received. None when the licence asks for no reports, is
 * not in force, or its reports are all in (the last one received is at or after its end).
 */
export function nextReportDue(
  license: Pick<
    LicenseItem,
    | 'type'
    | 'status'
    | 'report_every_months'
    | 'report_received_through'
    | 'license_start_date'
    | 'signed_date'
    | 'license_end_date'
  >,
): string | null {
  const every = license.report_every_months;
  if (!every || license.type !== 'outgoing' || !IN_FORCE.has(license.status)) return null;
  const from = license.report_received_through ?? license.license_start_date ?? license.signed_date;
  if (!from) return null;
  if (license.report_received_through && license.license_end_date && from >= license.license_end_date) return null;
  return addMonths(from, every);
}

/** "the licence to Film Co (opening titles)": a licence named the way its people know it. */
function licenceWords(license: Pick<LicenseItem, 'type' | 'licensee_name' | 'usage'>): string {
  const direction = license.type === 'outgoing' ? 'to' : 'from';
  return `the licence ${direction} ${license.licensee_name}${license.usage ? ` (${license.usage})` : ''}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every reminder a licence has on `today`. */
export function dueReminders(license: LicenseItem, today: string): Reminder[] {
  const name = licenceWords(license);
  const base = { license_id: license.id, licensee_name: license.licensee_name };
  const reminders: Reminder[] = [];
  const end = license.license_end_date;
  if (IN_FORCE.has(license.status) && end && end >= today && dayNumber(end) - dayNumber(today) <= ENDING_REMINDER_DAYS)
    reminders.push({
      ...base,
      kind: 'ending',
      key: `ending#${end}`,
      due_date: end,
      subject: `Licence ending on ${end}: ${license.licensee_name}`,
      text: `${capital(name)} ends on ${end}. Renew it with the licensee, or let it end.`,
      permission: 'catalogue.write',
    });
  const invoice = license.invoice;
  if (license.status === 'invoiced' && invoice && invoice.due_date < today)
    reminders.push({
      ...base,
      kind: 'invoice_overdue',
      key: `invoice#${invoice.number}#${invoice.due_date}`,
      due_date: invoice.due_date,
      subject: `Invoice ${invoice.number} is past due: ${license.licensee_name}`,
      text: `Invoice ${invoice.number} for ${name} was due on ${invoice.due_date} and is not paid yet. Ask the licensee for payment, or record it when it comes.`,
      permission: 'money.write',
    });
  const report = nextReportDue(license);
  if (report && report < today)
    reminders.push({
      ...base,
      kind: 'report_overdue',
      key: `report#${report}`,
      due_date: report,
      subject: `Licensee report overdue: ${license.licensee_name}`,
      text: `The report for ${name} was due on ${report} and has not come in. Ask the licensee for it, and record it as received when it comes.`,
      permission: 'catalogue.write',
    });
  return reminders;
}
