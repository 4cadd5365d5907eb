import { calendarActivity, calendarReleases } from '../data/access/label-requests.js';
import { getDsps } from '../data/access/deliveries.js';
import { labelsOf } from '../data/access/labels.js';
import type { LabelItem } from '../data/entities/label.js';
import { storeDates } from './dates.js';
import type { CalendarEvent, CalendarKind } from '../../shared/calendar-kinds.js';
import { contractCalendarDates } from '../contracts/calendar-dates.js';
import { licenceCalendarDates } from '../licensing/index.js';
import type { TodoTask } from './tools-store.js';
import { periodLabel } from '../../shared/format.js';

const day = (value: string | undefined | null) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

/**
 * Every dated thing of the company between `from` and `to` (inclusive), optionally of one label, by date: releases
 * and their store dates, deliveries, promos, statement runs, to-dos, contracts and licences.
 * Statement runs not limited to labels belong to every label.
 */
export async function calendarEvents(
  tenantId: string,
  window: { from: string; to: string; label_id?: string | undefined },
): Promise<CalendarEvent[]> {
  const [releases, activity, labels, licences] = await Promise.all([
    calendarReleases(tenantId),
    calendarActivity(tenantId),
    labelsOf(tenantId),
    licenceCalendarDates(tenantId),
  ]);
  const releaseById = new Map(releases.map((r) => [r.id, r]));
  const labelOfRelease = (id: string) => releaseById.get(id)?.label_id ?? null;
  const titleOf = (id: string) => releaseById.get(id)?.title ?? 'A release';
  const dsps = new Map((await getDsps(activity.deliveries.map((d) => d.dsp_id))).map((d) => [d.id, d.name]));

  const events: (CalendarEvent | null)[] = [
    ...releases.flatMap((r) => {
      const href = `/user/releases/${r.id}`;
      const { preOrder, goLiveTime } = storeDates(r.products as Parameters<typeof storeDates>[0]);
      return [
        event(`release-${r.id}`, r.release_date, 'release', r.title, r.label_id ?? null, href),
        event(`pre-order-${r.id}`, preOrder, 'pre_order', r.title, r.label_id ?? null, `${href}/products`),
        // A timed release goes live at a set hour on its release day: the hour is what the team plans around.
        goLiveTime
          ? event(
              `go-live-${r.id}`,
              r.release_date,
              'go_live',
              `${r.title} at ${goLiveTime} UTC`,
              r.label_id ?? null,
              href,
            )
          : null,
      ];
    }),
    ...activity.deliveries.map((d) =>
      event(
        `delivery-${d.id}`,
        d.delivered_at,
        'delivery',
        `${titleOf(d.release_id)} to ${dsps.get(d.dsp_id) ?? 'a store'}`,
        labelOfRelease(d.release_id),
        `/user/releases/${d.release_id}/distribution`,
      ),
    ),
    ...activity.promos.flatMap((p) => [
      // A draft goes out only when someone sends it: its day is a plan, and the calendar says so.
      event(
        `promo-send-${p.id}`,
        p.start_date,
        'promo_send',
        p.status === 'draft' ? `${p.title} (draft, not sent yet)` : p.title,
        labelOfRelease(p.release_id),
        promoHref(p),
      ),
      event(`promo-expiry-${p.id}`, p.expiry_date, 'promo_expiry', p.title, labelOfRelease(p.release_id), promoHref(p)),
    ]),
    ...activity.runs.map((run) =>
      event(
        `statement-run-${run.runId}`,
        run.publishedAt ?? run.createdAt,
        'statement_run',
        `Statements to ${periodLabel(run.end_pay_period)}`,
        null,
        '/user/finances/statements',
        run.label_ids ?? [],
      ),
    ),
    ...labels.flatMap((label) => todoEvents(label)),
    ...(await contractCalendarDates(tenantId, labelOfRelease)),
    ...licences,
  ];
  return (events.filter(Boolean) as (CalendarEvent & { labels?: string[] })[])
    .filter((e) => e.date >= window.from && e.date <= window.to)
    .filter((e) => !window.label_id || forLabel(e, window.label_id))
    .map(({ labels: _labels, ...e }) => e)
    .sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title));
}

function forLabel(e: CalendarEvent & { labels?: string[] }, labelId: string) {
  if (e.kind === 'statement_run') return !e.labels?.length || e.labels.includes(labelId);
  return e.label_id === labelId;
}

function event(
  id: string,
  date: string | undefined | null,
  kind: CalendarKind,
  title: string,
  labelId: string | null,
  href: string,
  labels?: string[],
): (CalendarEvent & { labels?: string[] }) | null {
  const when = day(date);
  return when ? { id, date: when, kind, title, label_id: labelId, href, ...(labels ? { labels } : {}) } : null;
}

const promoHref = (p: { id: string; release_id: string }) => `/user/releases/${p.release_id}/promos/${p.id}`;

function todoEvents(label: LabelItem) {
  const tasks = (label.todo_tasks as TodoTask[] | undefined) ?? [];
  return tasks
    .filter((t) => !t.done)
    .map((t) =>
      event(
        `todo-${t.id}`,
        t.due_date,
        'todo_due',
        t.body,
        label.labelId,
        `/user/labels/tools/todo_list?label_id=${label.labelId}&label_name=${encodeURIComponent(label.name)}`,
      ),
    );
}
