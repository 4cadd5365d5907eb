import { beforeAll, describe, expect, it } from 'vitest';
import { FAN_CONSENT } from '../../shared/schemas/smart-links.js';
import { call, uniqueEmail } from '../support/api.js';
import { utcDay } from '../support/days.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * "Notify me" on a pre-release smart link: the fan's address kept only with the box ticked, bounded and
 * rate-limited per link; on release day the schedule mails each fan once (two runs at once, and a run
 * again, mail nobody twice) with the store links and a one-click unsubscribe that acts on POST only.
 */
type Mail = {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  sender?: { name: string };
};

let own: OwnCompany;
let slug: string;
let linkId: string;

// The clock read once, so "today" below is never a day later than the days set up from it.
const NOW = Date.now();
const dayFromToday = (days: number) => utcDay(days, NOW);
const mailsTo = async (to: string): Promise<Mail[]> =>
  (await call<{ mails: Mail[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)).body.mails.filter(
    (m) => m.to === to,
  );
const signUp = (email: unknown, consent: unknown, to = slug) =>
  call('POST', `/api/v1/link_pages/${to}/fans`, { body: { fan: { email, consent } } });
const runSchedule = () => call('POST', '/_local/schedules/fanNotices');
const fans = async (id = linkId) => (await own.api.get(`/smart_links/${id}`)).body.fans;

/**
 * A release out in a week with a smart link; its slug and id. A week, not tomorrow: a run that crosses midnight must
 * still find it before release day.
 */
async function preReleaseLink(title: string, upc: string) {
  const release = await own.api.post('/releases', { title, upc, release_date: dayFromToday(7) });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  const link = await own.api.post('/smart_links', { smart_link: { release_id: release.body.release.id } });
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  return { releaseId: release.body.release.id as string, ...(link.body.smart_link as { id: string; slug: string }) };
}

beforeAll(async () => {
  own = await ownCompany('Fans waiting');
  const made = await preReleaseLink('Coming Soon', '036000291452');
  ({ slug, id: linkId } = made);
});

describe('notify me', () => {
  it('is offered before release day, and keeps an address only with the box ticked', async () => {
    const page = await call('GET', `/api/v1/link_pages/${slug}`);
    expect(page.body.smart_link.notify_me).toBe(true);

    const unticked = await signUp(uniqueEmail('fan'), false);
    expect(unticked.status).toBe(400);
    expect(unticked.body.errors).toEqual({ 'fan.consent': [FAN_CONSENT] });
    const noBox = await call('POST', `/api/v1/link_pages/${slug}/fans`, { body: { fan: { email: uniqueEmail('x') } } });
    expect(noBox.status).toBe(400);
    expect(Object.keys(noBox.body.errors)).toEqual(['fan.consent']);
    const notAnAddress = await signUp('not-an-address', true);
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.errors).toEqual({ 'fan.email': ['This field must be a valid email'] });
    const tooLong = await signUp(`${'a'.repeat(300)}@example.test`, true);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors)).toEqual(['fan.email']);
    expect((await signUp(uniqueEmail('x'), true, 'NoSuchLink1')).status).toBe(404);
    expect(await fans()).toEqual({ total: 0, waiting: 0, mailed: 0, unsubscribed: 0 });
  });

  it('mails each fan once on release day, with the stores and a one-click unsubscribe that acts on POST only', async () => {
    // A link of its own: this test signs fans up and moves its release to today, and the first test counts on a
    // link still before release day with nobody signed up.
    const { releaseId, slug, id } = await preReleaseLink('Coming Soon', '073101002341');
    const [a, b] = [uniqueEmail('fan-a'), uniqueEmail('fan-b')];
    const first = await signUp(a, true, slug);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe('Thanks: we will e-mail you when it is out.');
    // The same address again (any case) is the same fan, answered alike.
    expect((await signUp(a.toUpperCase(), true, slug)).body.message).toBe(first.body.message);
    expect((await signUp(b, true, slug)).status).toBe(201);
    expect(await fans(id)).toEqual({ total: 2, waiting: 2, mailed: 0, unsubscribed: 0 });

    // Not yet release day: the schedule mails nobody.
    expect((await runSchedule()).status).toBe(200);
    expect(await mailsTo(a)).toEqual([]);

    // The release moves to today: two runs at once (a re-delivered schedule event) mail each fan once.
    expect((await own.api.patch(`/releases/${releaseId}`, { release_date: dayFromToday(0) })).status).toBe(200);
    await Promise.all([runSchedule(), runSchedule()]);
    await runSchedule();
    const [mailA] = await mailsTo(a);
    expect(await mailsTo(a)).toHaveLength(1);
    expect(await mailsTo(b)).toHaveLength(1);
    expect(mailA.subject).toBe('Coming Soon is out now');
    // A link naming no artist: the mail comes in the label's name.
    expect(mailA.sender?.name).toBe(own.name);
    expect(mailA.text).toContain(`Spotify: `);
    expect(mailA.text).toContain(`/api/v1/go/${slug}/spotify?ref=email`);
    expect(mailA.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await fans(id)).toEqual({ total: 2, waiting: 0, mailed: 2, unsubscribed: 0 });

    // The page no longer offers it, and a late sign-up is refused.
    expect((await call('GET', `/api/v1/link_pages/${slug}`)).body.smart_link.notify_me).toBe(false);
    const late = await signUp(uniqueEmail('late'), true, slug);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This release is out already: choose a store to listen');

    // Unsubscribe: a GET (a link scanner) changes nothing, a stray body is refused, the one-click POST works
    // and a replay answers the same.
    const path = new URL(mailA.headers?.['List-Unsubscribe']?.slice(1, -1) as string).pathname;
    expect(path).toMatch(new RegExp(`^/api/v1/link_pages/${slug}/unsubscribe/`));
    expect((await call('GET', path)).status).not.toBe(200);
    expect(await fans(id)).toMatchObject({ unsubscribed: 0 });
    expect((await call('POST', path, { rawBody: 'unsubscribe=me' })).status).toBe(400);
    for (let n = 0; n < 2; n++) {
      const posted = await call('POST', path, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      expect(posted.body.message).toBe('You are unsubscribed: this label will not e-mail you again.');
    }
    expect(await fans(id)).toEqual({ total: 2, waiting: 0, mailed: 1, unsubscribed: 1 });
    const forged = path.replace(/\.[\w-]+$/, `.${'x'.repeat(43)}`);
    expect((await call('POST', path.replace(/\/[^/]+$/, '/nonsense'))).status).toBe(404);
    expect((await call('POST', forged)).status).toBe(404);
  });

  it('takes at most 30 sign-ups a minute on one link', async () => {
    const link = await preReleaseLink('Flooded', '012345678905');
    // 70 at once: however a minute's turn splits them, one minute gets more than 30.
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, n) => signUp(uniqueEmail(`flood-${n}`), true, link.slug)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(60);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.message).toBe('Too many sign-ups on this link just now: try again in a minute');
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  });
});
