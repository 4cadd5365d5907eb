import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readMarker } from '../../shared/promo-marker.js';
import { call, cloudUrl, uniqueEmail } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { pdfText } from '../support/pdf-text.js';
import { savedAs } from '../support/saved-as.js';
import { seedCoverArt, seedPreviewAudio } from '../support/seeded-files.js';
import { until } from '../support/wait.js';

/**
 * The template designer (a label's mail templates from blocks: preview, test send to oneself, a promo
 * sent with its chosen template), WAV downloads marked for their recipient, and the artist's PDF report.
 */
type Mail = { to: string; subject: string; text: string; html?: string };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let company: OwnCompany;
let releaseId: string;
let recordingId: string;

/** A 16-bit mono WAV of a few samples: a real RIFF file, as uploads are. */
function tinyWav(): Buffer {
  const samples = Buffer.from([1, 0, 2, 0, 3, 0, 4, 0]);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const mailTo = (to: string) =>
  until(async () =>
    (await call<{ mails: Mail[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)).body.mails.find(
      (m) => m.to === to,
    ),
  );
const linkIn = (mail: Mail) => {
  const match = /\/promo\/([^/\s]+)\/([^\s#]+)/.exec(mail.text);
  if (!match) throw new Error(`no promo link in ${mail.text}`);
  return { promoId: match[1], token: match[2] };
};

const blocks = [
  { type: 'cover' },
  { type: 'text', text: 'Hello {name}, here is {title} <b>early</b>.' },
  { type: 'player_button', label: 'Play it loud' },
  { type: 'feedback_button', label: 'Tell us' },
  { type: 'footer', text: 'You get this as a friend of the label.' },
];

beforeAll(async () => {
  company = await ownCompany('Promo templates');
  const { api } = company;
  const artist = (await api.post('/artists', { name: 'Mira Solen' })).body.artist;
  const recording = (
    await api.post('/recordings', {
      title: 'Harbour Lights',
      artist_recordings_attributes: [{ artist_id: artist.id, role: 'Main' }],
    })
  ).body.recording;
  recordingId = recording.id;
  await seedPreviewAudio(company.companyId, recordingId, undefined, undefined, tinyWav());
  const release = await api.post('/releases', {
    title: `Template EP ${Date.now()}`,
    release_recordings_attributes: [{ recording_id: recordingId }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
  await seedCoverArt(company.companyId, releaseId);
});

describe('the template designer', () => {
  it('keeps a label’s templates from blocks, refuses bad ones by field, previews and test-sends them to oneself', async () => {
    // A company of its own: it counts the company's templates, and the other tests make templates of theirs.
    const designer = await ownCompany('Promo template designer');
    const { api } = designer;
    const noFooter = await api.post('/promo_templates', { name: 'Bare', blocks: [{ type: 'text', text: 'Hi' }] });
    expect(noFooter.status).toBe(400);
    expect(noFooter.body.errors.blocks[0]).toMatch(/exactly one footer/);
    const odd = await api.post('/promo_templates', { name: 'Odd', blocks: [{ type: 'iframe' }, { type: 'footer' }] });
    expect(odd.status).toBe(400);
    expect(Object.keys(odd.body.errors)).toEqual(['blocks.0.type']);

    const made = await api.post('/promo_templates', { name: 'Club night', accent_colour: '#aa3300', blocks });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe('Template Added');
    const id = made.body.template.id;
    expect(made.body.template.blocks[2]).toEqual({ type: 'player_button', label: 'Play it loud' });
    const renamed = await api.patch(`/promo_templates/${id}`, { name: 'Club nights' });
    expect(renamed.body.template).toMatchObject({ name: 'Club nights', accent_colour: '#aa3300' });
    expect((await api.get('/promo_templates')).body.templates.map((t: { name: string }) => t.name)).toEqual([
      'Club nights',
    ]);

    const preview = await api.post('/promo_template_previews', { accent_colour: '#aa3300', blocks });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('Hello Alex, here is Your release &lt;b&gt;early&lt;/b&gt;.');
    expect(preview.body.html).toContain('background:#aa3300');
    // The sample has no release to take a cover from: the cover block shows where the cover art sits.
    expect(preview.body.html).toContain('The release&#x27;s cover art');
    expect(preview.body.html).toContain(designer.name);
    expect(preview.body.text).toContain('Play it loud: ');

    const test = await api.post(`/promo_templates/${id}/test_send`, {});
    expect(test.status).toBe(200);
    expect(test.body.message).toBe(`Test mail sent to ${designer.manager.email}`);
    const mail = await mailTo(designer.manager.email);
    expect(mail.subject).toMatch(/^\[Test\] Club nights: /);
    expect(mail.html).toContain('Play it loud');

    // Another company neither sees the template nor can send its promos with it.
    const stranger = await designer.sibling('Promo templates stranger');
    expect((await stranger.api.get(`/promo_templates/${id}`)).status).toBe(404);
    expect((await stranger.api.get('/promo_templates')).body.templates).toEqual([]);
  });

  it('sends a promo with its chosen template: the recipient’s own links in the buttons, the cover through the link', async () => {
    const { api } = company;
    const template = (await api.post('/promo_templates', { name: 'Press', blocks })).body.template;
    const foreign = (
      await (
        await company.sibling('Promo templates other')
      ).api.post('/promo_templates', {
        name: 'Theirs',
        blocks,
      })
    ).body.template;
    const refused = await api.post('/promos', { release_id: releaseId, template_id: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.template_id).toEqual(['Choose one of your templates']);
    const plain = (await api.post('/promos', { release_id: releaseId, template_id: template.id })).body.promo;
    const cleared = await api.patch(`/promos/${plain.id}`, { template_id: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.promo.template_id).toBeUndefined();
    const promo = (await api.post('/promos', { release_id: releaseId, template_id: template.id })).body.promo;
    expect(promo.template_id).toBe(template.id);
    const listener = uniqueEmail('templated');
    expect((await api.post(`/promos/${promo.id}/send`, { emails: [listener] })).status).toBe(200);
    const mail = await mailTo(listener);
    const { token } = linkIn(mail);
    expect(mail.text).toContain(`Play it loud: `);
    expect(mail.html).toContain(`/promo/${promo.id}/${token}"`);
    expect(mail.html).toContain(`/promo/${promo.id}/${token}#feedback"`);
    expect(mail.html).toContain(`/api/v1/promo_unsubscribe/${promo.id}/${token}"`);
    const cover = await fetch(`${cloudUrl()}/api/v1/promo_pages/${promo.id}/${token}/cover`, { redirect: 'manual' });
    expect(cover.status).toBe(302);
    expect(cover.headers.get('location')).toContain('cover.jpg.medium.jpg');
    expect((await call('GET', `/api/v1/promo_pages/${promo.id}/${token}x/cover`)).status).toBe(404);
  });
});

describe('downloads and the report', () => {
  it('hands out the original WAV marked for its recipient, traced by hash and by its INFO chunk', async () => {
    const { api } = company;
    const promo = (await api.post('/promos', { release_id: releaseId, access: 'download', feedback_required: false }))
      .body.promo;
    const listener = uniqueEmail('wav');
    await api.post(`/promos/${promo.id}/send`, { emails: [listener] });
    const { token } = linkIn(await mailTo(listener));
    const page = (await call('GET', `/api/v1/promo_pages/${promo.id}/${token}`)).body;
    expect(page.promo.tracks[0]).toMatchObject({ id: recordingId, wav: true });
    const badFormat = await call('POST', `/api/v1/promo_pages/${promo.id}/${token}/downloads`, {
      body: { recording_id: recordingId, format: 'flac' },
    });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.errors.format[0]).toMatch(/^Format must be/);
    const download = await call('POST', `/api/v1/promo_pages/${promo.id}/${token}/downloads`, {
      body: { recording_id: recordingId, format: 'wav' },
    });
    expect(download.status, JSON.stringify(download.body)).toBe(200);
    const saved = await savedAs(download.body.url);
    // The recipient's file is named by the track, as a DJ files it, never by an id.
    expect(saved).toMatchObject({ type: 'attachment', filename: 'Mira Solen - Harbour Lights.wav' });
    const bytes = saved.bytes;
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('RIFF');
    const wav = tinyWav();
    expect(Buffer.from(bytes.subarray(bytes.length - 16))).toEqual(wav.subarray(wav.length - 16));
    const marker = readMarker(bytes) as string;
    expect(marker).toMatch(new RegExp(`^${promo.id}/`));
    const exact = await api.post('/promo_traces', { sha256: sha256(bytes) });
    expect(exact.body).toMatchObject({ match: 'exact', recipient: { email: listener } });
    const trimmed = await api.post('/promo_traces', { sha256: sha256(bytes.subarray(0, -2)), marker });
    expect(trimmed.body).toMatchObject({ match: 'tag', recipient: { email: listener } });
  });

  it('writes the artist’s PDF report: the figures, who played and downloaded, feedback with rating and comment', async () => {
    const { api } = company;
    const promo = (await api.post('/promos', { release_id: releaseId, access: 'download', download_limit: 2 })).body
      .promo;
    const fan = uniqueEmail('fan');
    const quiet = uniqueEmail('quiet');
    await api.post(`/promos/${promo.id}/send`, { emails: [fan, quiet] });
    const { token } = linkIn(await mailTo(fan));
    await mailTo(quiet);
    const at = (rest: string, body: unknown) =>
      call('POST', `/api/v1/promo_pages/${promo.id}/${token}${rest}`, { body });
    await at('/plays', { recording_id: recordingId });
    await at('/feedback', {
      rating: 5,
      support: 'yes',
      favourite_recording_id: recordingId,
      comment: 'Žižek’s favourite',
    });
    // The MP3 is made by the promo audio job beside the mailing: until then the page answers 409, taking no download.
    const download = await until(async () => {
      const tried = await at('/downloads', { recording_id: recordingId });
      return tried.status === 409 ? undefined : tried;
    });
    expect(download.status, JSON.stringify(download.body)).toBe(200);

    const report = await api.get(`/promos/${promo.id}/report_pdf`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.filename).toBe(`Promo report — ${promo.title}.pdf`);
    const saved = await savedAs(report.body.url);
    expect(saved.filename).toBe(report.body.filename);
    const text = await pdfText(saved.bytes);
    expect(text).toContain(`Promo report: ${promo.title}`);
    expect(text).toMatch(/Recipients\s+2/);
    expect(text).toMatch(/Played\s+1/);
    expect(text).toMatch(/Average rating \(1–5\)\s+5\.0/);
    expect(text).toMatch(/Harbour Lights\s+1/);
    expect(text).toMatch(new RegExp(`${fan.replace(/[.+]/g, '\\$&')}\\)?\\s+1\\s+1`));
    expect(text).toContain('5 / 5');
    expect(text).toContain('Will support');
    expect(text).toContain('Žižek’s favourite');
    expect(text).not.toContain(quiet);
    const stranger = await company.sibling('Promo report stranger');
    expect((await stranger.api.get(`/promos/${promo.id}/report_pdf`)).status).toBe(404);
  });
});
