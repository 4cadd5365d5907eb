/**
 * What a date on the company's calendar is, and the words the calendar page and the calendar feed give it (one
 * list, so the page, the feed and the API's answer never disagree).
 */
export const CALENDAR_KIND_WORDS = {
  release: 'Release',
  pre_order: 'Pre-orders open',
  go_live: 'Goes live',
  delivery: 'Delivered',
  promo_send: 'Promo goes out',
  promo_expiry: 'Promo ends',
  statement_run: 'Statement run',
  todo_due: 'To do',
  contract_start: 'Contract starts',
  contract_end: 'Contract ends',
  contract_delivery: 'Delivery due under contract',
  licence_start: 'Licence starts',
  licence_end: 'Licence ends',
  licence_invoice_due: 'Licence invoice due',
  licence_report_due: 'Licensee report due',
} as const;

export type CalendarKind = keyof typeof CALENDAR_KIND_WORDS;
export const CALENDAR_KINDS = Object.keys(CALENDAR_KIND_WORDS) as [CalendarKind, ...CalendarKind[]];

/** One dated thing on the company's calendar. */
export type CalendarEvent = {
  /** Stable across reads: a calendar app updates the event instead of adding it twice. */
  id: string;
  date: string;
  kind: CalendarKind;
  title: string;
  label_id: string | null;
  /** The page in the app the event is about. */
  href: string;
};

/**
 * A thing's day as a calendar event, or none when it has no such day. The id is the kind and the thing's id
 * ("licence-end-<id>"): stable, so a calendar app updates the event instead of adding it twice.
 */
export function dayEvent(
  kind: CalendarKind,
  thingId: string,
  date: string | null | undefined,
  about: Pick<CalendarEvent, 'title' | 'label_id' | 'href'>,
): CalendarEvent[] {
  const day = date && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null;
  return day ? [{ id: `${kind.replaceAll('_', '-')}-${thingId}`, date: day, kind, ...about }] : [];
}
