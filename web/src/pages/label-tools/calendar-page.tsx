import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { LabelFilter } from '../../components/label-filter';
import { RouterLink } from '../../components/router-link';
import { LoadState } from '../money/finances/period-views';
import { useLabelParam } from '../money/finances/use-period';
import { type CalendarEvent, requestsApi, useCalendar, useFeedState, useRefreshFeed } from './requests-api';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const iso = (d: Date) => d.toISOString().slice(0, 10);
const firstOfMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const shiftMonth = (d: Date, by: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1));

/** The month's days in weeks from Monday; days outside the month are blank. */
function monthWeeks(month: Date): (string | null)[][] {
  const lead = (month.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: (string | null)[] = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length: days }, (_, i) =>
      iso(new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), i + 1))),
    ),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

const eventWord = (e: CalendarEvent) => displayLabel(`calendar_${e.kind}`);

function MonthGrid({ month, events }: { month: Date; events: CalendarEvent[] }) {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const e of events) byDay.set(e.date, [...(byDay.get(e.date) ?? []), e]);
  return (
    <table data-testid="calendar-month" style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }}>
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} style={{ textAlign: 'left', padding: 4 }}>
              {d}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? ''}>
            {week.map((day, i) => (
              <td
                key={day ?? `blank-${i}`}
                data-date={day ?? undefined}
                style={{ verticalAlign: 'top', height: 90, border: '1px solid #e9ebed', padding: 4 }}
              >
                {day && <Box variant="small">{Number(day.slice(8))}</Box>}
                {(day ? (byDay.get(day) ?? []) : []).map((e) => (
                  <div key={e.id} style={{ fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    <RouterLink href={e.href}>{`${eventWord(e)}: ${e.title}`}</RouterLink>
                  </div>
                ))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The user's own link for Google, Apple or Outlook calendars: shown once when made, revocable. */
function FeedPanel() {
  const { data } = useFeedState();
  const refresh = useRefreshFeed();
  const [url, setUrl] = useState('');
  const run = async (call: () => Promise<{ message?: string; url?: string }>) => {
    try {
      const answer = await call();
      setUrl(answer.url ?? '');
      await refresh();
      if (answer.message) notify('notification', answer.message);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Subscribe to the calendar from Google, Apple or Outlook calendars with your own private link. Anyone with the link sees the dates: revoke it if it is shared by mistake."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => void run(requestsApi.makeFeed)} data-testid="calendar-feed-make">
                {data?.active ? 'Make a new link' : 'Make a calendar link'}
              </Button>
              <Button
                disabled={!data?.active}
                onClick={() => void run(requestsApi.revokeFeed)}
                data-testid="calendar-feed-revoke"
              >
                Revoke link
              </Button>
            </SpaceBetween>
          }
        >
          Calendar feed
        </Header>
      }
    >
      {url ? (
        <SpaceBetween size="xs">
          <Box>Copy this link into your calendar app now: it is shown only once.</Box>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <div style={{ flex: 1 }}>
              <Input value={url} readOnly data-testid="calendar-feed-url" ariaLabel="Calendar link" />
            </div>
            <CopyToClipboard
              variant="icon"
              textToCopy={url}
              copyButtonAriaLabel="Copy the calendar link"
              copySuccessText="Calendar link copied"
              copyErrorText="The link could not be copied"
            />
          </div>
        </SpaceBetween>
      ) : (
        <Box color="text-status-inactive">
          {data?.active ? 'Your calendar link is active.' : 'You have no calendar link.'}
        </Box>
      )}
    </Container>
  );
}

/**
 * An empty month says so, and what would show there: the grid alone reads as a calendar that did not load. The dates
 * come from the records themselves, so there is nothing to add on this page.
 */
const NOTHING_THIS_MONTH =
  'Nothing this month: release dates, promo sends, contract and licence dates, due tasks and statement runs show here as they are set';

/** UserLabelTools calendar: the company's dates by month or as a list, optionally of one label (in the address). */
export function CalendarPage() {
  const [month, setMonth] = useState(() => firstOfMonth(new Date()));
  const [view, setView] = useState('month');
  // The label is kept in the address (label_id, label_name) as on the other tools pages: a tools page's link, a reload
  // or a shared link opens the same label's dates; none is every label's.
  const [label, setLabel] = useLabelParam();
  const from = iso(month);
  const to = iso(new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)));
  const load = useCalendar(from, to, label?.id ?? null);
  const title = month.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <ContentLayout header={<Header variant="h1">Calendar</Header>}>
      <SpaceBetween size="l">
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <LabelFilter
                    value={label}
                    onChange={(next) => setLabel(next)}
                    testId="calendar-label"
                    placeholder="All labels"
                  />
                  <SegmentedControl
                    selectedId={view}
                    onChange={({ detail }) => setView(detail.selectedId)}
                    label="View"
                    options={[
                      { id: 'month', text: 'Month' },
                      { id: 'list', text: 'List' },
                    ]}
                  />
                  <Button
                    iconName="angle-left"
                    ariaLabel="Previous month"
                    onClick={() => setMonth(shiftMonth(month, -1))}
                  />
                  <Button onClick={() => setMonth(firstOfMonth(new Date()))}>Today</Button>
                  <Button
                    iconName="angle-right"
                    ariaLabel="Next month"
                    onClick={() => setMonth(shiftMonth(month, 1))}
                    data-testid="calendar-next"
                  />
                </SpaceBetween>
              }
            >
              <span data-testid="calendar-title">{title}</span>
            </Header>
          }
        >
          <LoadState load={load} errorHeader="Could not load the calendar">
            {(data) =>
              view === 'month' ? (
                <SpaceBetween size="s">
                  {data.events.length ? null : (
                    <Box color="text-status-inactive" data-testid="calendar-empty">
                      {NOTHING_THIS_MONTH}
                    </Box>
                  )}
                  <MonthGrid month={month} events={data.events} />
                </SpaceBetween>
              ) : (
                <Table
                  data-testid="calendar-list"
                  variant="embedded"
                  items={data.events}
                  trackBy="id"
                  empty={<Box color="text-status-inactive">{NOTHING_THIS_MONTH}</Box>}
                  columnDefinitions={[
                    { id: 'date', header: 'Date', cell: (e) => formatDate(e.date) },
                    { id: 'kind', header: 'What', cell: eventWord },
                    { id: 'title', header: 'Title', cell: (e) => <RouterLink href={e.href}>{e.title}</RouterLink> },
                  ]}
                />
              )
            }
          </LoadState>
        </Container>
        <FeedPanel />
      </SpaceBetween>
    </ContentLayout>
  );
}
