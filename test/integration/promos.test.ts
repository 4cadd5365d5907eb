import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readMarker } from '../../shared/promo-marker.js';
import { PLAN_FEATURES, SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { call, uniqueEmail } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../functions/audio/ffmpeg.js';
import { clearOfMidnight } from '../support/days.js';
import { probeAudio } from '../support/probe-audio.js';
import { seedPreviewAudio } from '../support/seeded-files.js';
import { until } from '../support/wait.js';
import { writeSineWav } from '../support/wav.js';

/**
 * Promos end to end through the API: mailing lists (CSV errors by row, duplicates merged), a promo
 * prefilled from a release, a send that mails each person their own link once, the public page that
 * only a recipient's own live link opens, plays, feedback before download, download limits,
 * one-click unsubscribe by POST only, the analysis and its formula-safe CSV, and the plan's free promos.
 */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
type Mail = {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  sender?: { name: string; replyTo?: string | null };
};

let company: OwnCompany;
let releaseId: string;
let recordingIds: string[];
const labelName = `Promo Label ${Date.now()}`;

const mailsTo = async (to: string): Promise<Mail[]> =>
  (await call<{ mails: Mail[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)).body.mails.filter(
    (m) => m.to === to,
  );
/** The promo id and access token of the link in a mail. */
const linkIn = (mail: Mail) => {
  const match = /\/promo\/([^/\s]+)\/(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no promo link in ${mail.text}`);
  return { promoId: match[1], token: match[2] };
};
const page = (promoId: string, token: string, rest = '', method = 'GET', body?: unknown) =>
  call(method, `/api/v1/promo_pages/${promoId}/${token}${rest}`, body === undefined ? {} : { body });
/**
 * A download once its file is made: the promo audio job makes it beside the mailing, and until then
 * the page answers 409 "still being prepared" without taking one of the recipient's downloads.
 */
async function downloaded(promoId: string, token: string, recordingId: string, format = 'mp3') {
  const answer = await until(async () => {
    const tried = await page(promoId, token, '/downloads', 'POST', { recording_id: recordingId, format });
    if (tried.status !== 409) return tried;
    expect(tried.body.message).toBe('This download is still being prepared. Please try again in a minute.');
    return undefined;
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { url: string };
}
const mailOnce = (to: string) => until(async () => ((await mailsTo(to)).length ? (await mailsTo(to))[0] : undefined));

async function newPromo(api = company.api, fields: Record<string, unknown> = {}) {
  const made = await api.post('/promos', { release_id: releaseId, ...fields });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.promo as { id: string } & Record<string, any>;
}

async function sendTo(promoId: string, emails: string[], api = company.api) {
  const sent = await api.post(`/promos/${promoId}/send`, { emails });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return Promise.all(emails.map(async (email) => linkIn(await mailOnce(email))));
}

beforeAll(async () => {
  company = await ownCompany('Promos');
  const { api } = company;
  const artist = (await api.post('/artists', { name: `Promo Artist ${Date.now()}` })).body.artist;
  // Real originals, short: a WAV, and a 24-bit FLAC the promo audio job converts to WAV for downloads.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'promo-originals-'));
  const wav = path.join(folder, 'original.wav');
  writeSineWav(wav, { seconds: 1, amplitude: 0.5 });
  const flac = path.join(folder, 'original.flac');
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, '-c:a', 'flac', '-sample_fmt', 's32', flac]);
  const originals = [
    { bytes: readFileSync(wav), filename: 'original.wav' },
    { bytes: readFileSync(flac), filename: 'original.flac' },
  ];
  rmSync(folder, { recursive: true, force: true });
  recordingIds = [];
  for (const [index, title] of ['Night Drive', 'Morning Light'].entries()) {
    const recording = (await api.post('/recordings', { title })).body.recording;
    recordingIds.push(recording.id);
    const { bytes, filename } = originals[index];
    await seedPreviewAudio(company.companyId, recording.id, undefined, undefined, bytes, filename);
  }
  // Under a label with a logo: the recipient's page says whose promo it is.
  const logo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
  const upload = await api.post('/labels/new/logo_upload', {
    filename: 'logo.png',
    content_type: 'image/png',
    size: logo.length,
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: new Uint8Array(logo) });
  expect(put.status).toBe(200);
  const label = await api.post('/labels', { name: labelName, logo_key: upload.body.key });
  expect(label.status, JSON.stringify(label.body)).toBe(201);
  const release = await api.post('/releases', {
    title: `Promo EP ${Date.now()}`,
    label_id: label.body.label.id,
    release_date: '2027-03-01',
    artist_releases_attributes: [{ artist_id: artist.id, role: 'Main' }],
    release_recordings_attributes: recordingIds.map((recording_id) => ({ recording_id })),
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
});

describe('mailing lists', () => {
  it('adds members one by one and by CSV: errors by row, duplicates merged, the field of bad input named', async () => {
    const { api } = company;
    const made = await api.post('/mailing_lists', { name: 'Club DJs', tags: ['house'] });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Mailing List Added');
    const id = made.body.mailing_list.id;
    const one = await api.post(`/mailing_lists/${id}/members`, { email: 'DJ.One@Example.test', name: 'DJ One' });
    expect(one.status).toBe(200);
    expect(one.body.mailing_list.mailing_list_members.map((m: { email: string }) => m.email)).toEqual([
      'dj.one@example.test',
    ]);
    const csv = [
      'email,name,role,country,tags',
      'dj.one@example.test,DJ One Again,dj,GB,techno',
      'writer@example.test,Press Writer,press,DE,',
      'not-an-address,Nobody,dj,,',
      'writer@example.test,Press Writer,press,DE,',
      'radio@example.test,Radio Host,wizard,,',
    ].join('\n');
    const imported = await api.post(`/mailing_lists/${id}/members_csv`, { csv });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.added).toBe(1);
    expect(imported.body.merged).toBe(2);
    expect(imported.body.errors).toEqual([
      { row: 4, column: 'email', message: 'Email is not a valid address' },
      { row: 6, column: 'role', message: 'Role must be DJ, press, radio or other' },
    ]);
    const list = (await api.get(`/mailing_lists/${id}`)).body.mailing_list;
    const djOne = list.mailing_list_members.find((m: { email: string }) => m.email === 'dj.one@example.test');
    expect(djOne).toMatchObject({ name: 'DJ One Again', country: 'GB', tags: ['techno'], suppressed: null });
    const bad = await api.post(`/mailing_lists/${id}/members`, { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeDefined();
    const tooBig = await api.post(`/mailing_lists/${id}/members_csv`, {
      csv: `email\n${Array.from({ length: 5001 }, (_, i) => `m${i}@example.test`).join('\n')}`,
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.csv[0]).toMatch(/more than 5000 members/);
  });
});

describe('promos', () => {
  it('prefills a new promo from the release and can be edited until it is sent', async () => {
    const { api } = company;
    const made = await api.post('/promos', { release_id: releaseId });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Promo Added');
    const promo = made.body.promo;
    expect(promo).toMatchObject({
      title: expect.stringMatching(/^Promo EP/),
      artists: expect.stringMatching(/^Promo Artist/),
      release_date: '2027-03-01',
      status: 'draft',
      access: 'stream',
      recording_ids: recordingIds,
    });
    expect(promo.recordings.map((r: { title: string }) => r.title)).toEqual(['Night Drive', 'Morning Light']);
    const edited = await api.patch(`/promos/${promo.id}`, { biog: 'A record for the night.', access: 'download' });
    expect(edited.status).toBe(200);
    expect(edited.body.promo.biog).toBe('A record for the night.');
    const badDates = await api.patch(`/promos/${promo.id}`, { start_date: '2027-01-10', expiry_date: '2027-01-01' });
    expect(badDates.status).toBe(400);
    expect(badDates.body.errors.expiry_date).toBeDefined();
    await sendTo(promo.id, [uniqueEmail('edit-check')]);
    const late = await api.patch(`/promos/${promo.id}`, { biog: 'Changed after sending' });
    expect(late.status).toBe(409);
    const other = await company.sibling('Promos other');
    expect((await other.api.get(`/promos/${promo.id}`)).status).toBe(404);
  });

  it('mails each person their own link once in the label’s name, with one-click unsubscribe headers, and skips suppressed members', async () => {
    const { api } = company;
    const office = uniqueEmail('label-office');
    expect((await api.patch(`/companies/${company.companyId}`, { email: office })).status).toBe(200);
    const list = (await api.post('/mailing_lists', { name: 'Press' })).body.mailing_list;
    const [a, b] = [uniqueEmail('press-a'), uniqueEmail('press-b')];
    await api.post(`/mailing_lists/${list.id}/members`, { email: a, role: 'press' });
    await api.post(`/mailing_lists/${list.id}/members`, { email: b, role: 'press' });
    const promo = await newPromo();
    const sent = await api.post(`/promos/${promo.id}/send`, { mailing_list_ids: [list.id], emails: [a] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.queued).toBe(2);
    const [mailA, mailB] = [await mailOnce(a), await mailOnce(b)];
    expect(linkIn(mailA).token).not.toBe(linkIn(mailB).token);
    // Sent in the label's name from the platform's address: a reply reaches the label.
    expect(mailA.sender).toEqual({ name: company.name, replyTo: office });
    expect(mailA.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/v1\/promo_unsubscribe\//);
    expect(mailA.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // A re-delivered send message (the worker run again) mails nobody twice.
    const { mailQueuedRecipients } = await import('../../functions/promos/send.js');
    expect(await mailQueuedRecipients(company.companyId, promo.id)).toEqual({ mailed: 0, unfinished: false });
    const again = await api.post(`/promos/${promo.id}/send`, { emails: [a, b] });
    expect(again.body).toMatchObject({ queued: 0, already_sent: 2 });
    await until(async () => ((await api.get(`/promos/${promo.id}`)).body.promo.status === 'sent' ? true : undefined));
    expect(await mailsTo(a)).toHaveLength(1);
    expect(await mailsTo(b)).toHaveLength(1);

    // Unsubscribe: a GET (a link scanner) changes nothing; the one-click POST suppresses the member for good.
    const unsubscribe = mailB.headers?.['List-Unsubscribe']?.slice(1, -1) as string;
    const path = new URL(unsubscribe).pathname;
    expect((await call('GET', path)).status).not.toBe(200);
    const stillThere = (await api.get(`/mailing_lists/${list.id}`)).body.mailing_list.mailing_list_members;
    expect(stillThere.find((m: { email: string }) => m.email === b).suppressed).toBeNull();
    const posted = await call('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect((await call('POST', path)).status).toBe(200);
    const members = (await api.get(`/mailing_lists/${list.id}`)).body.mailing_list.mailing_list_members;
    expect(members.find((m: { email: string }) => m.email === b).suppressed).toBe('unsubscribed');
    const next = await newPromo();
    const nextSend = await api.post(`/promos/${next.id}/send`, { mailing_list_ids: [list.id] });
    expect(nextSend.body).toMatchObject({ queued: 1, suppressed: 1 });
    await until(async () => ((await mailsTo(a)).length === 2 ? true : undefined));
    expect(await mailsTo(b)).toHaveLength(1);
  });
});

describe('the public promo page', () => {
  it('opens only for a recipient’s own live link: never another’s token, a guessed, an expired or a revoked one', async () => {
    const { api } = company;
    const promo = await newPromo(api, { access: 'download', feedback_required: false });
    const other = await newPromo();
    const [mine, revokedOne] = await sendTo(promo.id, [uniqueEmail('page-own'), uniqueEmail('page-revoked')]);
    const [theirs] = await sendTo(other.id, [uniqueEmail('page-other')]);
    const expiring = await newPromo();
    const [expired] = await sendTo(expiring.id, [uniqueEmail('page-expired')]);

    const opened = await page(promo.id, mine.token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.promo.tracks.map((t: { title: string }) => t.title)).toEqual(['Night Drive', 'Morning Light']);
    expect(opened.body.promo.tracks[0].preview_url).toMatch(/^http/);
    expect(opened.body.promo.label).toEqual({ name: labelName, logo_url: expect.stringMatching(/^http/) });
    expect((await fetch(opened.body.promo.label.logo_url)).headers.get('content-type')).toBe('image/png');

    const recipients = (await api.get(`/promos/${promo.id}/recipients`)).body.recipients;
    const revokedRow = recipients.find((r: { id: string }) => revokedOne.token.startsWith(`${r.id}.`));
    expect((await api.post(`/promos/${promo.id}/recipients/${revokedRow.id}/revoke`)).status).toBe(200);
    const { getDb } = await import('../../functions/data/service.js');
    await getDb()
      .entities.Promo.patch({ tenantId: company.companyId, id: expiring.id })
      .set({ expiry_date: '2020-01-01' })
      .go();

    const [recipientId] = mine.token.split('.');
    const guessed = `${recipientId}.${'A'.repeat(43)}`;
    const refused: [string, string, number, RegExp][] = [
      ['another recipient’s token', theirs.token, 404, /not valid/],
      ['a guessed token', guessed, 404, /not valid/],
      ['a made-up token', 'nothing-like-a-token', 404, /not valid/],
      ['a revoked token', revokedOne.token, 403, /withdrawn/],
    ];
    const calls = (token: string, id = promo.id) => [
      page(id, token),
      page(id, token, '/plays', 'POST', { recording_id: recordingIds[0] }),
      page(id, token, '/feedback', 'POST', { rating: 5, support: 'yes' }),
      page(id, token, '/downloads', 'POST', { recording_id: recordingIds[0] }),
    ];
    for (const [what, token, status, message] of refused) {
      for (const answer of await Promise.all(calls(token))) {
        expect(answer.status, what).toBe(status);
        expect(answer.body.message, what).toMatch(message);
      }
    }
    for (const answer of await Promise.all(calls(expired.token, expiring.id))) {
      expect(answer.status).toBe(410);
      expect(answer.body.message).toBe('This promo expired on 1st Jan 2020.');
    }
    // The right token on another promo's id opens nothing either.
    expect((await page(other.id, mine.token)).status).toBe(404);
  });

  it('counts plays, asks for feedback before a download when required, keeps to the download limit and traces the file to its recipient', async () => {
    const { api } = company;
    const promo = await newPromo(api, { access: 'download', feedback_required: true, download_limit: 1 });
    const listener = uniqueEmail('listener');
    const [sent] = await sendTo(promo.id, [listener]);
    const link = { ...sent, email: listener };
    expect((await page(link.promoId, link.token)).status).toBe(200);
    expect((await page(promo.id, link.token, '/plays', 'POST', { recording_id: recordingIds[1] })).status).toBe(200);
    const early = await page(promo.id, link.token, '/downloads', 'POST', { recording_id: recordingIds[0] });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/leave your feedback first/);
    const badFeedback = await page(promo.id, link.token, '/feedback', 'POST', { rating: 9, support: 'yes' });
    expect(badFeedback.status).toBe(400);
    expect(badFeedback.body.errors.rating).toBeDefined();
    const feedback = await page(promo.id, link.token, '/feedback', 'POST', {
      rating: 4,
      support: 'maybe',
      favourite_recording_id: recordingIds[1],
      comment: '=HYPERLINK("http://evil.test")',
    });
    expect(feedback.status).toBe(200);
    const download = await downloaded(promo.id, link.token, recordingIds[0]);
    const file = await fetch(download.url);
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(probeAudio(bytes)).toMatch(/^mp3\b.* 320 kb\/s/);

    // The file was made for this recipient: its hash names them; changed, its tag still does; re-encoded, nothing.
    const marker = readMarker(bytes) as string;
    expect(marker).toMatch(new RegExp(`^${promo.id}/`));
    const trace = (body: Record<string, unknown>, api = company.api) => api.post('/promo_traces', body);
    const exact = await trace({ sha256: sha256(bytes) });
    expect(exact.body).toMatchObject({ match: 'exact', recipient: { email: link.email } });
    const altered = await trace({ sha256: sha256(new Uint8Array([...bytes, 0])), marker });
    expect(altered.body).toMatchObject({ match: 'tag', recipient: { email: link.email } });
    expect((await trace({ sha256: sha256(bytes.subarray(40)) })).body.match).toBe('none');
    const stranger = await company.sibling('Promos tracer');
    expect((await trace({ sha256: sha256(bytes), marker }, stranger.api)).body.match).toBe('none');
    expect((await trace({ sha256: 'not-a-hash' })).body.errors.sha256).toBeDefined();
    const overLimit = await page(promo.id, link.token, '/downloads', 'POST', { recording_id: recordingIds[0] });
    expect(overLimit.status).toBe(403);
    expect(overLimit.body.message).toMatch(/used all 1 of your downloads/);

    const analysis = (await api.get(`/promos/${promo.id}/recipients`)).body;
    expect(analysis.summary).toMatchObject({
      recipients: 1,
      delivered: 1,
      opened: 1,
      played: 1,
      downloaded: 1,
      feedback: 1,
    });
    expect(analysis.recipients[0].plays).toEqual({ [recordingIds[1]]: 1 });
    const csv = (await api.get(`/promos/${promo.id}/recipients_csv`)).body.csv as string;
    expect(csv.split('\r\n')[0]).toBe(
      'Email,Name,Delivered,Bounced,Complained,Opened (unreliable),Plays,Downloads,Rating,Support,Favourite track,Comment',
    );
    expect(csv).toContain(`,1,1,4,maybe,Morning Light,"'=HYPERLINK(""http://evil.test"")"`);
  });

  it('hands out a 320 kbps MP3 and a WAV made from a FLAC original, both made by the promo audio job', async () => {
    const promo = await newPromo(company.api, { access: 'download', feedback_required: false, download_limit: 2 });
    const [link] = await sendTo(promo.id, [uniqueEmail('wav-lover')]);
    const flacTrack = recordingIds[1];
    expect((await page(promo.id, link.token)).body.promo.tracks[1]).toMatchObject({ id: flacTrack, wav: true });
    const fetched = async (format: string) =>
      new Uint8Array(
        await (await fetch((await downloaded(promo.id, link.token, flacTrack, format)).url)).arrayBuffer(),
      );
    const mp3 = await fetched('mp3');
    expect(probeAudio(mp3)).toMatch(/^mp3\b.*44100 Hz, stereo,.* 320 kb\/s/);
    const wav = await fetched('wav');
    expect(Buffer.from(wav.subarray(0, 4)).toString('latin1')).toBe('RIFF');
    expect(probeAudio(wav)).toMatch(/^pcm_s24le\b.*44100 Hz, stereo/);
    // Each is the recipient's own file: traced to them by its hash.
    const exact = await company.api.post('/promo_traces', { sha256: sha256(wav) });
    expect(exact.body).toMatchObject({ match: 'exact' });
  });
});

describe('follow-ups', () => {
  it('mails once more only those who have not opened it (or left no feedback), a new link beside the old, at most twice', async () => {
    const { api } = company;
    const promo = await newPromo();
    const followUp = (audience: string) => api.post(`/promos/${promo.id}/follow_ups`, { audience });
    const early = await followUp('not_opened');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Send the promo first: a follow-up goes to the people it was sent to');
    const [opener, quiet, leaver] = ['fu-open', 'fu-quiet', 'fu-leave'].map((who) => uniqueEmail(who));
    const [openerLink, quietLink, leaverLink] = await sendTo(promo.id, [opener, quiet, leaver] as string[]);
    const sent = () =>
      until(async () => ((await api.get(`/promos/${promo.id}`)).body.promo.status === 'sent' ? true : undefined));
    await sent();
    expect((await page(openerLink.promoId, openerLink.token)).status).toBe(200);
    // The open is counted just after the page's answer (an analytic never holds a page up): the follow-up asked
    // below must find it counted.
    await until(async () => {
      const recipients = (await api.get(`/promos/${promo.id}/recipients`)).body.recipients as {
        email: string;
        opened: boolean;
      }[];
      return recipients.find((r) => r.email === opener)?.opened ? true : undefined;
    });
    const left = await call('POST', `/api/v1/promo_unsubscribe/${leaverLink.promoId}/${leaverLink.token}`);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const wrong = await followUp('everyone');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.audience).toEqual(['Audience must be one of: Not opened, No feedback']);

    // Asked twice at once: numbered once.
    const answers = await Promise.all([followUp('not_opened'), followUp('not_opened')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 201)?.body.message).toBe('Follow-up sending to 1 person');
    const reminded = await until(async () => ((await mailsTo(quiet)).length === 2 ? mailsTo(quiet) : undefined));
    // The outbox lists the newest first: the reminder, then the first mail.
    const reminder = reminded.find((m) => m.subject.startsWith('Reminder: '));
    expect(reminded.filter((m) => m !== reminder).map((m) => `Reminder: ${m.subject}`)).toEqual([reminder?.subject]);
    await sent();
    // The analysis says who was reminded, and when.
    const rows = (await api.get(`/promos/${promo.id}/recipients`)).body.recipients as {
      email: string;
      followed_up_at: string | null;
    }[];
    expect(rows.filter((r) => r.followed_up_at).map((r) => r.email)).toEqual([quiet]);
    // Nobody else: the one who opened it, and the one who unsubscribed, got the first mail only.
    expect(await mailsTo(opener)).toHaveLength(1);
    expect(await mailsTo(leaver)).toHaveLength(1);
    // The reminder's link is new, and the first mail's still opens the page.
    const newLink = linkIn(reminder as Mail);
    expect(newLink.token).not.toBe(quietLink.token);
    expect((await page(quietLink.promoId, quietLink.token)).status).toBe(200);
    expect((await page(newLink.promoId, newLink.token)).status).toBe(200);

    // Everyone left has opened it now: nobody to remind that way; those without feedback get the second.
    const nobody = await followUp('not_opened');
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors.audience).toEqual([
      'Everyone it was mailed to has opened it: there is nobody to follow up',
    ]);
    const second = await followUp('no_feedback');
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.queued).toBe(2);
    await until(async () => ((await mailsTo(opener)).length === 2 ? true : undefined));
    await until(async () => ((await mailsTo(quiet)).length === 3 ? true : undefined));
    await sent();
    const third = await followUp('no_feedback');
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('A promo is followed up at most twice');
    // The promo keeps what was followed up, and when.
    const kept = (await api.get(`/promos/${promo.id}`)).body.promo.follow_ups;
    expect(kept.map((f: { number: number; audience: string }) => [f.number, f.audience])).toEqual([
      [1, 'not_opened'],
      [2, 'no_feedback'],
    ]);
  });
});

describe('plans and roles', () => {
  it('refuses promos on a plan without the promo system, naming a plan that has it', async () => {
    const starter = await ownCompany('Promos on Starter', { subscriptionId: SEEDED_PLAN_IDS.starter });
    const answer = await starter.api.get('/promos');
    expect(answer.status).toBe(402);
    expect(answer.body.message).toMatch(/Label and Enterprise/);
  });

  it('counts free promos at the send that passes the limit', async () => {
    const planId = `plan_promos_two_${Date.now()}`;
    const made = await call('POST', '/api/v1/subscriptions', {
      token: company.admin,
      body: {
        id: planId,
        name: 'Two promos',
        amount: 0,
        currency: 'GBP',
        interval: 'month',
        features: Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, true])),
        limits: { file_storage_capacity: null, max_users: null, max_labels: null, free_promos: 2 },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const small = await ownCompany('Promos two a month', { subscriptionId: planId });
    const release = (await small.api.post('/releases', { title: 'Small EP' })).body.release;
    const promos = [];
    for (let i = 0; i < 3; i += 1)
      promos.push((await small.api.post('/promos', { release_id: release.id, recording_ids: [] })).body.promo);
    // A promo with no recordings is refused before anything is counted.
    expect((await small.api.post(`/promos/${promos[0].id}/send`, { emails: [uniqueEmail('none')] })).status).toBe(400);
    const recording = (await small.api.post('/recordings', { title: 'Only track' })).body.recording;
    await small.api.patch(`/releases/${release.id}`, {
      release_recordings_attributes: [{ recording_id: recording.id }],
    });
    for (const promo of promos) await small.api.patch(`/promos/${promo.id}`, { recording_ids: [recording.id] });
    // Free promos are counted per month of the product's clock: the three sends start clear of a month's end (UTC),
    // so they count against one month.
    await clearOfMidnight(30_000, 'month');
    expect((await small.api.post(`/promos/${promos[0].id}/send`, { emails: [uniqueEmail('free-1')] })).status).toBe(
      200,
    );
    // Sending the same promo to more people is not another promo.
    expect((await small.api.post(`/promos/${promos[0].id}/send`, { emails: [uniqueEmail('free-1b')] })).status).toBe(
      200,
    );
    expect((await small.api.post(`/promos/${promos[1].id}/send`, { emails: [uniqueEmail('free-2')] })).status).toBe(
      200,
    );
    const third = await small.api.post(`/promos/${promos[2].id}/send`, { emails: [uniqueEmail('free-3')] });
    expect(third.status).toBe(402);
    expect(third.body.errors.promo[0]).toMatch(/allows 2 free promos/);
    expect((await small.api.get(`/promos/${promos[2].id}`)).body.promo.status).toBe('draft');
  });

  it('lets the promotions role make and send promos and an intern only read them', async () => {
    const promoter = await company.member('promotions');
    const promo = await newPromo(promoter.api);
    await sendTo(promo.id, [uniqueEmail('by-promoter')], promoter.api);
    const intern = await company.member('intern');
    expect((await intern.api.get(`/promos/${promo.id}`)).status).toBe(200);
    const refused = await intern.api.post('/promos', { release_id: releaseId });
    expect(refused.status).toBe(403);
  });
});
