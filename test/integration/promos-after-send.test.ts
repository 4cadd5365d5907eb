import { beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * Promos after the first send: the mail service's events (a bounce or complaint suppresses the
 * address; a replayed event changes nothing twice; rates per send), plays arriving at the same moment
 * all counted, sends scheduled for later (fire once, cancellable until they start), and pruning a list
 * of the members who never played the last 3 promos.
 */
type Mail = { id: string; to: string; text: string };

let company: OwnCompany;
let releaseId: string;
let recordingId: string;

const mailsTo = async (to: string) =>
  (await call<{ mails: Mail[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)).body.mails.filter(
    (m) => m.to === to,
  );
const mailTo = (to: string) => until(async () => (await mailsTo(to))[0]);
const linkIn = (mail: Mail) => {
  const match = /\/promo\/([^/\s]+)\/(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no promo link in ${mail.text}`);
  return { promoId: match[1], token: match[2] };
};
/** What the mail service would report about an outbox mail (the local stand-in for SES → SNS → SQS). */
const report = (mail: Mail, event: Record<string, unknown>) =>
  call('POST', `/_local/outbox/${mail.id}/events`, { body: event });

async function sentPromo(emails: string[]) {
  const { api } = company;
  const promo = (await api.post('/promos', { release_id: releaseId })).body.promo as { id: string };
  const sent = await api.post(`/promos/${promo.id}/send`, { emails });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { promoId: promo.id, mails: await Promise.all(emails.map(mailTo)) };
}

const analysis = async (promoId: string) => (await company.api.get(`/promos/${promoId}/recipients`)).body;

beforeAll(async () => {
  company = await ownCompany('Promo events');
  const { api } = company;
  const recording = (await api.post('/recordings', { title: 'Event Horizon' })).body.recording;
  recordingId = recording.id;
  const release = await api.post('/releases', {
    title: `Events EP ${Date.now()}`,
    release_recordings_attributes: [{ recording_id: recordingId }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
});

describe('mail service events', () => {
  it('a bounce and a complaint suppress their addresses; replayed events change nothing twice; rates per send', async () => {
    const [bouncing, complaining, fine] = ['bouncing', 'complaining', 'fine'].map((who) => uniqueEmail(who));
    const { promoId, mails } = await sentPromo([bouncing, complaining, fine]);
    const [bounceMail, complaintMail, fineMail] = mails;

    const bounce = {
      type: 'Bounce',
      bounce_type: 'Permanent',
      feedback_id: 'bounce-1',
      timestamp: '2026-11-01T10:00:00Z',
    };
    expect((await report(bounceMail, bounce)).status).toBe(202);
    expect((await report(bounceMail, bounce)).status).toBe(202);
    const complaint = { type: 'Complaint', feedback_id: 'complaint-1', timestamp: '2026-11-01T10:01:00Z' };
    await report(complaintMail, complaint);
    await report(complaintMail, complaint);
    await report(fineMail, { type: 'Delivery', timestamp: '2026-11-01T10:00:30Z' });
    await expect
      .poll(async () => (await analysis(promoId)).summary, { timeout: 30_000 })
      .toMatchObject({ delivered: 3, bounced: 1, complained: 1, bounce_rate: '33.3%', complaint_rate: '33.3%' });
    const byEmail = async () =>
      Object.fromEntries((await analysis(promoId)).recipients.map((r: { email: string }) => [r.email, r])) as Record<
        string,
        Record<string, unknown>
      >;
    // The same open again is the one open replayed; another open (a later time) is another. The click is
    // queued after them: once it is counted, the replays before it were read and changed nothing.
    const open = { type: 'Open', timestamp: '2026-11-01T10:02:00Z' };
    await report(fineMail, open);
    await expect.poll(async () => (await byEmail())[fine].mail_opens, { timeout: 30_000 }).toBe(1);
    await report(fineMail, open);
    await report(fineMail, open);
    await report(fineMail, { type: 'Open', timestamp: '2026-11-01T10:03:00Z' });
    await report(fineMail, { type: 'Click', timestamp: '2026-11-01T10:04:00Z' });
    await expect.poll(async () => (await byEmail())[fine].mail_clicks, { timeout: 30_000 }).toBe(1);
    const rows = await byEmail();
    expect(rows[fine].mail_opens).toBe(2);
    expect(rows[fine].delivered_at).toBe('2026-11-01T10:00:30Z');
    expect(rows[bouncing]).toMatchObject({ bounced: true, bounce_type: 'Permanent', complained: false });
    expect(rows[complaining]).toMatchObject({ complained: true, bounced: false });

    // Suppressed: a later promo to all three mails only the one that neither bounced nor complained.
    const again = (await company.api.post('/promos', { release_id: releaseId })).body.promo;
    const resent = await company.api.post(`/promos/${again.id}/send`, { emails: [bouncing, complaining, fine] });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ queued: 1, suppressed: 2 });
  });

  it('a transient bounce (a full mailbox) is shown but does not suppress', async () => {
    const full = uniqueEmail('full-mailbox');
    const { promoId, mails } = await sentPromo([full]);
    await report(mails[0], { type: 'Bounce', bounce_type: 'Transient', feedback_id: 'soft-1' });
    await expect.poll(async () => (await analysis(promoId)).summary.bounced, { timeout: 30_000 }).toBe(1);
    const again = (await company.api.post('/promos', { release_id: releaseId })).body.promo;
    const resent = await company.api.post(`/promos/${again.id}/send`, { emails: [full] });
    expect(resent.body).toMatchObject({ queued: 1, suppressed: 0 });
  });
});

describe('plays', () => {
  it('plays arriving at the same moment are all counted', async () => {
    const listener = uniqueEmail('listener');
    const { promoId, mails } = await sentPromo([listener]);
    const { token } = linkIn(mails[0]);
    const plays = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('POST', `/api/v1/promo_pages/${promoId}/${token}/plays`, { body: { recording_id: recordingId } }),
      ),
    );
    expect(plays.map((p) => p.status)).toEqual(plays.map(() => 200));
    const [row] = (await analysis(promoId)).recipients;
    expect(row.play_count).toBe(12);
    expect(row.plays).toEqual({ [recordingId]: 12 });
  });
});

describe('scheduled sends', () => {
  const runSchedule = () => call('POST', '/_local/schedules/promoSends');
  const promoOf = async (id: string) => (await company.api.get(`/promos/${id}`)).body.promo;
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

  it('refuses a time in the past, naming the field', async () => {
    const promo = (await company.api.post('/promos', { release_id: releaseId })).body.promo;
    const answer = await company.api.post(`/promos/${promo.id}/send`, {
      emails: [uniqueEmail('past')],
      send_at: '2020-01-01T09:00:00Z',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.send_at).toEqual(['Send at must be in the future']);
  });

  it('a scheduled send starts once when due, even when the schedule runs twice at once', async () => {
    const dj = uniqueEmail('scheduled');
    const promo = (await company.api.post('/promos', { release_id: releaseId })).body.promo;
    const at = inSeconds(2);
    const scheduled = await company.api.post(`/promos/${promo.id}/send`, { emails: [dj], send_at: at });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.message).toMatch(/^Promo scheduled to send at /);
    expect(await promoOf(promo.id)).toMatchObject({ status: 'draft', schedule: 'scheduled' });
    expect(await mailsTo(dj)).toEqual([]);

    await expect
      .poll(
        async () => {
          await Promise.all([runSchedule(), runSchedule()]);
          return (await promoOf(promo.id)).schedule;
        },
        { timeout: 30_000 },
      )
      .toBe('started');
    await mailTo(dj);
    await runSchedule();
    await expect.poll(async () => (await promoOf(promo.id)).status, { timeout: 30_000 }).toBe('sent');
    expect(await mailsTo(dj)).toHaveLength(1);
  });

  it('a scheduled send can be cancelled until it starts, and then never starts', async () => {
    const dj = uniqueEmail('cancelled');
    const promo = (await company.api.post('/promos', { release_id: releaseId })).body.promo;
    const at = inSeconds(2);
    expect((await company.api.post(`/promos/${promo.id}/send`, { emails: [dj], send_at: at })).status).toBe(200);
    const cancelled = await company.api.del(`/promos/${promo.id}/scheduled_send`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Scheduled send cancelled');
    expect((await company.api.del(`/promos/${promo.id}/scheduled_send`)).status).toBe(409);
    // Once its time has passed, the schedule still does not start it.
    await expect.poll(() => Date.now() > Date.parse(at)).toBe(true);
    await runSchedule();
    expect(await promoOf(promo.id)).toMatchObject({ status: 'draft', schedule: 'cancelled' });
    expect(await mailsTo(dj)).toEqual([]);
  });
});

describe('pruning', () => {
  it('lists the members who never played the last 3 promos and takes the chosen ones off later sends', async () => {
    const { api } = company;
    const list = (await api.post('/mailing_lists', { name: `Pruned ${Date.now()}` })).body.mailing_list;
    const [listener, silent] = [uniqueEmail('listener'), uniqueEmail('silent')];
    for (const email of [listener, silent]) await api.post(`/mailing_lists/${list.id}/members`, { email });
    const before = await api.get(`/mailing_lists/${list.id}/unengaged`);
    expect(before.status).toBe(200);

    for (let n = 0; n < 3; n += 1) {
      const promo = (await api.post('/promos', { release_id: releaseId })).body.promo;
      expect((await api.post(`/promos/${promo.id}/send`, { mailing_list_ids: [list.id] })).status).toBe(200);
      const rows = async () => (await analysis(promo.id)).recipients as { email: string; status: string }[];
      await expect.poll(async () => (await rows()).every((r) => r.status === 'mailed'), { timeout: 30_000 }).toBe(true);
      if (n === 1) {
        const mail = (await mailsTo(listener)).find((m) => m.text.includes(promo.id));
        if (!mail) throw new Error('no mail of the second promo');
        const { token } = linkIn(mail);
        const played = await call('POST', `/api/v1/promo_pages/${promo.id}/${token}/plays`, {
          body: { recording_id: recordingId },
        });
        expect(played.status).toBe(200);
      }
    }
    const unengaged = await api.get(`/mailing_lists/${list.id}/unengaged`);
    expect(unengaged.body.enough_promos).toBe(true);
    expect(unengaged.body.members.map((m: { email: string }) => m.email)).toEqual([silent]);

    const pruned = await api.post(`/mailing_lists/${list.id}/deactivate`, { emails: [silent] });
    expect(pruned.status).toBe(200);
    expect(pruned.body.deactivated).toBe(1);
    const members = (await api.get(`/mailing_lists/${list.id}`)).body.mailing_list.mailing_list_members;
    expect(members.find((m: { email: string }) => m.email === silent).active).toBe(false);
    expect((await api.post(`/mailing_lists/${list.id}/deactivate`, { emails: [] })).status).toBe(400);

    const next = (await api.post('/promos', { release_id: releaseId })).body.promo;
    const sent = await api.post(`/promos/${next.id}/send`, { mailing_list_ids: [list.id] });
    expect(sent.body.queued).toBe(1);
    expect((await api.get(`/mailing_lists/${list.id}/unengaged`)).body.members).toEqual([]);
  });
});
