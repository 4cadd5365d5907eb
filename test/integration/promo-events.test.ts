import { beforeAll, describe, expect, it } from 'vitest';
import { call, uniqueEmail } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * What happens to a promo after it is mailed: the mail service's events (a bounce or complaint
 * suppresses the address; a replayed event changes nothing twice; rates per send), plays arriving at
 * the same moment all counted.
 */
type Mail = { id: string; to: string; text: string };

let company: OwnCompany;
let releaseId: string;
let recordingId: string;

const mailTo = (to: string) =>
  until(async () => (await call<{ mails: Mail[] }>('GET', '/_local/outbox')).body.mails.find((m) => m.to === to));
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
