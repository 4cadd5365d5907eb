import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../support/days.js';
import { call } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { handRun } from '../support/published-statements.js';

/** The company’s calendar (release dates, to-dos due …) and each user’s iCal feed: valid, private and revocable. */
let own: OwnCompany;
let other: OwnCompany;
let northId: string;
let southId: string;

// The clock read once: the dates set up in beforeAll are the dates expected back, whenever midnight passes.
const NOW = Date.now();
const day = (offset: number) => utcDay(offset, NOW);
const window = `from=${day(-30)}&to=${day(300)}`;

beforeAll(async () => {
  own = await ownCompany('Label calendar');
  other = await ownCompany('Label calendar elsewhere');
  northId = (await own.label('North Calendar')).id;
  southId = (await own.label('South Calendar')).id;
  for (const [title, label_id, release_date] of [
    ['Northern Dawn', northId, day(20)],
    ['Southern Dusk', southId, day(40)],
  ]) {
    const made = await own.api.post('/releases', { title, label_id, release_date });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const list = (await own.api.post(`/labels/${northId}/todo_list`, {})).body.todo_list;
  await own.api.post('/todo_tasks', { id: list.id, todo_task: { body: 'Send the artwork', due_date: day(10) } });
  await own.api.post('/todo_tasks', {
    id: list.id,
    todo_task: { body: 'Already done', due_date: day(11), done: true },
  });
  await other.api.post('/releases', {
    title: 'Not ours',
    label_id: (await other.label('Elsewhere')).id,
    release_date: day(20),
  });
});

const fetchFeed = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

describe('calendar', () => {
  it('says a draft promo’s day is a plan: it goes out only when sent', async () => {
    const elsewhere = await ownCompany('Label calendar promos');
    const release = await elsewhere.api.post('/releases', { title: 'Promo Dawn', release_date: day(50) });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    const promo = await elsewhere.api.post('/promos', { release_id: release.body.release.id });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const { start_date, title } = promo.body.promo as { start_date: string; title: string };
    const events = (await elsewhere.api.get(`/calendar?from=${start_date}&to=${start_date}`)).body.events as {
      kind: string;
      title: string;
    }[];
    expect(events.filter((e) => e.kind === 'promo_send').map((e) => e.title)).toEqual([
      `${title} (draft, not sent yet)`,
    ]);
  });

  it('names a statement run by the month it states to, as every page names a month', async () => {
    const runs = await ownCompany('Label calendar runs');
    const userId = (await call('GET', '/api/v1/me', { token: runs.manager.token })).body.user.id;
    const payee = await runs.api.post('/payees', { name: 'Calendar Payee' });
    expect(payee.status, JSON.stringify(payee.body)).toBe(201);
    const account = { type: 'Payee' as const, id: payee.body.payee.id, name: 'Calendar Payee' };
    await handRun(runs.companyId, userId, account, ['2026-01', '2026-03'], '1.000000');
    const events = (await runs.api.get(`/calendar?${window}`)).body.events as { kind: string; title: string }[];
    expect(events.filter((e) => e.kind === 'statement_run').map((e) => e.title)).toEqual(['Statements to Mar 2026']);
  });

  it('shows release dates and open to-dos by date, and narrows to one label', async () => {
    const all = await own.api.get(`/calendar?${window}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const seen = all.body.events.map((e: { kind: string; title: string; date: string }) => [e.kind, e.title, e.date]);
    expect(seen).toEqual([
      ['todo_due', 'Send the artwork', day(10)],
      ['release', 'Northern Dawn', day(20)],
      ['release', 'Southern Dusk', day(40)],
    ]);
    const north = await own.api.get(`/calendar?${window}&label_id=${southId}`);
    expect(north.body.events.map((e: { title: string }) => e.title)).toEqual(['Southern Dusk']);
    const narrow = await own.api.get(`/calendar?from=${day(15)}&to=${day(25)}`);
    expect(narrow.body.events.map((e: { title: string }) => e.title)).toEqual(['Northern Dawn']);
    const intern = await own.member('intern', 'Calendar intern');
    expect((await intern.api.get(`/calendar?${window}`)).body.events).toHaveLength(3);
  });

  it('shows the day pre-orders open and the hour a timed release goes live', async () => {
    // In the second company, so the first one's feed below holds only its own three dates.
    const labelId = (await other.label('Timed Calendar')).id;
    const made = await other.api.post('/releases', {
      title: 'Timed Drop',
      label_id: labelId,
      release_date: day(60),
      products_attributes: [{ format: 'Digital', pre_order: true, pre_order_date: day(30), release_time: '18:00' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const events = (await other.api.get(`/calendar?${window}&label_id=${labelId}`)).body.events;
    expect(events.map((e: { kind: string; title: string; date: string }) => [e.kind, e.title, e.date])).toEqual([
      ['pre_order', 'Timed Drop', day(30)],
      ['go_live', 'Timed Drop at 18:00 UTC', day(60)],
      ['release', 'Timed Drop', day(60)],
    ]);
    expect(events[0].href).toBe(`/user/releases/${made.body.release.id}/products`);
  });

  it('refuses a window backwards, too long or without dates', async () => {
    const backwards = await own.api.get(`/calendar?from=${day(10)}&to=${day(0)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.to).toEqual(['To must not be before From']);
    expect((await own.api.get(`/calendar?from=${day(0)}&to=${day(500)}`)).body.errors.to).toEqual([
      'Choose at most a year',
    ]);
    expect((await own.api.get(`/calendar?to=${day(0)}`)).body.errors).toHaveProperty('from');
  });
});

describe('iCal feed', () => {
  it('is a valid calendar a maintained parser reads back, with the company’s dates only', async () => {
    expect((await own.api.get('/calendar/feed')).body).toMatchObject({ active: false });
    const made = await own.api.post('/calendar/feed', {});
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Calendar feed link made');
    expect((await own.api.get('/calendar/feed')).body).toMatchObject({ active: true });

    const feed = await fetchFeed(made.body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
    const parsed = Object.values(ical.sync.parseICS(feed.text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    const byTitle = new Map(parsed.map((e) => [String(e.summary), e]));
    expect([...byTitle.keys()].sort()).toEqual([
      'Release: Northern Dawn',
      'Release: Southern Dusk',
      'To do: Send the artwork',
    ]);
    const dawn = byTitle.get('Release: Northern Dawn')!;
    expect(dawn.datetype).toBe('date');
    expect(dawn.start.toISOString().slice(0, 10)).toBe(day(20));
    expect(String(dawn.uid)).toMatch(/^release-.+@label-platform$/);
  });

  it('stops working when revoked or replaced, and a guessed link finds nothing', async () => {
    const first = (await own.api.post('/calendar/feed', {})).body.url;
    const second = (await own.api.post('/calendar/feed', {})).body.url;
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const revoked = await own.api.del('/calendar/feed');
    expect(revoked.body.message).toBe('Calendar feed link revoked');
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await own.api.get('/calendar/feed')).body).toMatchObject({ active: false });
    expect((await fetchFeed(second.replace(/[^/]+$/, 'guessed-token'))).status).toBe(404);
  });

  it('is each user’s own: another member’s link is theirs to revoke', async () => {
    const assistant = await own.member('label_assistant', 'Calendar assistant');
    const theirs = (await assistant.api.post('/calendar/feed', {})).body.url;
    const mine = (await own.api.post('/calendar/feed', {})).body.url;
    await own.api.del('/calendar/feed');
    expect((await fetchFeed(mine)).status).toBe(404);
    expect((await fetchFeed(theirs)).status).toBe(200);
  });
});
