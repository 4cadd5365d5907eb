import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call } from '../support/api.js';
import { clearOfMidnight } from '../support/days.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * What a label asks the distributor’s team for — SoundCloud whitelisting, YouTube claims, marketing pitches —
 * checked against the company’s own catalogue and the lead times, then worked through the team’s queue.
 */
let own: OwnCompany;
let other: OwnCompany;
let labelId: string;
let releaseId: string;
let trackId: string;
let mixId: string;
let otherIsrc: string;
const stamp = String(Date.now()).slice(-7);
const isrc = `GBLR${stamp.slice(-1)}${stamp.slice(0, 7)}`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const admin = (method: string, path: string, body?: object) =>
  call(method, `/api/v1${path}`, { token: own.admin, ...(body ? { body } : {}) });

beforeAll(async () => {
  own = await ownCompany('Label requests', { distributed: true });
  other = await ownCompany('Label requests elsewhere');
  labelId = (await own.label('Requests Records')).id;
  const recording = await own.api.post('/recordings', { title: 'Claimed Song', isrc });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  trackId = recording.body.recording.id;
  const mix = await own.api.post('/recordings', { title: 'Claimed Song', mix_title: 'Extended Mix' });
  expect(mix.status, JSON.stringify(mix.body)).toBe(201);
  mixId = mix.body.recording.id;
  const release = await own.api.post('/releases', {
    title: 'Pitched EP',
    label_id: labelId,
    release_date: day(60),
    release_recordings_attributes: [{ recording_id: trackId }, { recording_id: mixId }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
  otherIsrc = `GBLS${stamp.slice(-1)}${stamp.slice(0, 7)}`;
  expect((await other.api.post('/recordings', { title: 'Not yours', isrc: otherIsrc })).status).toBe(201);
});

const whitelist = (form: Record<string, unknown>) =>
  own.api.post('/label_mailers/soundcloud_whitelist', {
    form: {
      label_id: labelId,
      type_of_form: 'own_accounts',
      soundcloud_urls: ['https://soundcloud.com/requests-records'],
      whitelist_date: day(10),
      ...form,
    },
  });
const claim = (form: Record<string, unknown>) =>
  own.api.post('/label_mailers/youtube_claim', {
    form: {
      label_id: labelId,
      type_of_form: 'release_claim',
      video_urls: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      isrcs: [isrc],
      timestamps: '0:30-1:10',
      policy: 'monetize',
      ...form,
    },
  });
const pitch = (path: string, form: Record<string, unknown>) =>
  own.api.post(`/marketing/${path}`, {
    form: {
      label_id: labelId,
      release_id: releaseId,
      release_date: day(60),
      genres: ['Indie'],
      instruments: ['Piano'],
      pitch: 'A hushed piano record for late nights and long drives.',
      ...form,
    },
  });

describe('SoundCloud whitelist', () => {
  it('sends the label’s own accounts with the spec’s answer shape (a message)', async () => {
    const sent = await whitelist({});
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.message).toBe('Your SoundCloud whitelist request was sent');
    // The one line the lists show writes its day as every page does.
    expect(sent.body.request.summary).toBe(`1 own account by ${formatDate(day(10))}`);
    expect(sent.body.request).toMatchObject({
      kind: 'soundcloud_whitelist',
      status: 'new',
      label_name: 'Requests Records',
    });
  });

  it('refuses other links, a date sooner than 2 working days, and third-party uploads without ISRCs', async () => {
    const link = await whitelist({ soundcloud_urls: ['https://soundcloud.com/ok', 'https://example.com/x'] });
    expect(link.status).toBe(400);
    expect(link.body.errors['form.soundcloud_urls']).toEqual(['https://example.com/x is not a SoundCloud link']);
    const soon = await whitelist({ whitelist_date: day(0) });
    expect(soon.status).toBe(400);
    expect(soon.body.errors['form.whitelist_date'][0]).toMatch(
      /^SoundCloud whitelisting is asked 2 working days ahead: choose \d{1,2}(st|nd|rd|th) \w{3} \d{4} or later$/,
    );
    const noIsrcs = await whitelist({ type_of_form: 'third_party' });
    expect(noIsrcs.body.errors['form.isrcs']).toEqual(['Add the ISRCs of the third-party uploads']);
    const foreign = await whitelist({ type_of_form: 'third_party', isrcs: [otherIsrc] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors['form.isrcs']).toEqual([`ISRC ${otherIsrc} is not in your catalogue`]);
    const thirdParty = await whitelist({ type_of_form: 'third_party', isrcs: [isrc.toLowerCase()] });
    expect(thirdParty.status, JSON.stringify(thirdParty.body)).toBe(201);
  });

  it('asks for a day left empty or not sent by its name, rather than calling it a malformed date', async () => {
    for (const whitelist_date of ['', '  ', undefined]) {
      const empty = await whitelist({ whitelist_date });
      expect(empty.status).toBe(400);
      expect(empty.body.errors['form.whitelist_date']).toEqual(['Whitelist date is required']);
    }
    expect((await whitelist({ whitelist_date: '2026-02-30' })).body.errors['form.whitelist_date']).toEqual([
      'Whitelist date must be a date (YYYY-MM-DD)',
    ]);
    const noRelease = await pitch('album_ep_email', { focus_track_id: trackId, release_date: '' });
    expect(noRelease.status).toBe(400);
    expect(noRelease.body.errors['form.release_date']).toEqual(['Release date is required']);
  });
});

describe('YouTube claims', () => {
  it('checks the links for the kind of claim and the ISRCs against the company’s catalogue', async () => {
    const channel = await claim({ video_urls: ['https://www.youtube.com/channel/UC1234567890123456789012'] });
    expect(channel.status).toBe(400);
    expect(channel.body.errors['form.video_urls']).toEqual([
      'https://www.youtube.com/channel/UC1234567890123456789012 is not a YouTube video link',
    ]);
    const allowlist = await claim({
      type_of_form: 'allowlist',
      video_urls: ['https://www.youtube.com/channel/UC1234567890123456789012'],
    });
    expect(allowlist.status, JSON.stringify(allowlist.body)).toBe(201);
    expect((await claim({ isrcs: [] })).body.errors['form.isrcs']).toEqual(['Add the ISRC of each song claimed']);
    expect((await claim({ isrcs: ['NOT-AN-ISRC'] })).body.errors['form.isrcs']).toEqual([
      'NOTANISRC is not an ISRC (e.g. GB-AAA-05-00001)',
    ]);
    expect((await claim({ isrcs: [otherIsrc] })).body.errors['form.isrcs']).toEqual([
      `ISRC ${otherIsrc} is not in your catalogue`,
    ]);
    expect((await claim({ policy: 'steal' })).body.errors['form.policy']).toEqual([
      'Policy must be one of: Monetise, Track, Block',
    ]);
    expect((await claim({ label_id: (await other.label('Not ours')).id })).body.errors['form.label_id']).toEqual([
      'Choose one of your labels',
    ]);
  });
});

describe('marketing pitches', () => {
  it('sends album/EP, single and official video pitches with their own genre lists', async () => {
    const album = await pitch('album_ep_email', { focus_track_id: trackId, instant_grat_date: day(40) });
    expect(album.status, JSON.stringify(album.body)).toBe(201);
    expect(album.body.message).toBe('Your album/EP pitch was sent');
    expect(album.body.request.summary).toBe(`Pitched EP (${formatDate(day(60))})`);
    const single = await pitch('standalone_single_email', { genres: ['Afrobeats'] });
    expect(single.status, JSON.stringify(single.body)).toBe(201);
    const video = await pitch('official_video_email', {
      genres: ['Live performance'],
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(video.status, JSON.stringify(video.body)).toBe(201);
    // Afrobeats is a single’s category, not an album’s.
    expect(
      (await pitch('album_ep_email', { focus_track_id: trackId, genres: ['Afrobeats'] })).body.errors,
    ).toHaveProperty('form.genres.0');
    const fourGenres = await pitch('standalone_single_email', { genres: ['Pop', 'Rock', 'Indie', 'House'] });
    expect(fourGenres.body.errors['form.genres']).toEqual(['Choose at most 3 genres']);
    expect((await pitch('album_ep_email', {})).body.errors['form.focus_track_id']).toEqual(['Focus track is required']);
    const lateGrat = await pitch('album_ep_email', { focus_track_id: trackId, instant_grat_date: day(61) });
    expect(lateGrat.body.errors['form.instant_grat_date']).toEqual([
      'The instant-grat date must be before the release date',
    ]);
    expect(
      (await pitch('official_video_email', { video_url: 'https://vimeo.com/1' })).body.errors['form.video_url'],
    ).toEqual(['Enter the video’s YouTube link']);
    expect((await pitch('standalone_single_email', { pitch: 'Too short' })).body.errors['form.pitch']).toEqual([
      'Write a pitch of at least 20 characters',
    ]);
  });

  it('takes the focus track from the release’s tracks, named by title and version, and refuses any other', async () => {
    const tracks = await own.api.get(`/marketing/releases/${releaseId}/tracks`);
    expect(tracks.status, JSON.stringify(tracks.body)).toBe(200);
    expect(tracks.body.tracks.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([
      [trackId, 'Claimed Song'],
      [mixId, 'Claimed Song (Extended Mix)'],
    ]);
    expect((await other.api.get(`/marketing/releases/${releaseId}/tracks`)).status).toBe(404);
    // A recording of the company's that is not on this release, and one of another company's.
    const loose = (await own.api.post('/recordings', { title: 'Not on the EP' })).body.recording.id;
    for (const stranger of [loose, 'nope']) {
      const refused = await pitch('album_ep_email', { focus_track_id: stranger });
      expect(refused.status).toBe(400);
      expect(refused.body.errors['form.focus_track_id']).toEqual([
        'The focus track must be one of the release’s tracks',
      ]);
      const single = await pitch('standalone_single_email', { focus_track_id: stranger });
      expect(single.body.errors['form.focus_track_id']).toEqual([
        'The focus track must be one of the release’s tracks',
      ]);
    }
    const sent = await pitch('album_ep_email', { focus_track_id: mixId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // Kept as the recording and, beside it, its name as it was: the request reads the same if the track is renamed.
    expect(sent.body.request.details).toMatchObject({
      focus_track_id: mixId,
      focus_track: 'Claimed Song (Extended Mix)',
    });
    // A single's focus track may be left out.
    expect((await pitch('standalone_single_email', {})).status).toBe(201);
  });

  it('still lists a pitch sent when the focus track was typed, with the name typed', async () => {
    const { createLabelRequest } = await import('../../functions/data/access/label-requests.js');
    const id = `01OLDPITCH${stamp}`;
    await createLabelRequest({
      tenantId: own.companyId,
      id,
      kind: 'album_ep',
      status: 'new',
      label_id: labelId,
      label_name: 'Requests Records',
      summary: 'Pitched EP (typed focus track)',
      details: { release_id: releaseId, focus_track: 'Typed Song' },
      sent_by: 'someone',
    });
    const listed = await own.api.get('/marketing');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.requests.find((r: { id: string }) => r.id === id)?.details).toMatchObject({
      focus_track: 'Typed Song',
    });
  });

  it('refuses a pitch later than the lead time the distributor sets (4 weeks unless changed)', async () => {
    // The lead time counts from the product's today, which must be the test's today for the three asks: they start
    // clear of midnight (UTC).
    await clearOfMidnight(30_000);
    const late = await pitch('standalone_single_email', { release_date: day(20) });
    expect(late.status).toBe(400);
    expect(late.body.errors['form.release_date']).toEqual([
      `Pitches are due 4 weeks before release: the release date must be ${formatDate(day(28))} or later`,
    ]);
    expect((await pitch('standalone_single_email', { release_date: day(28) })).status).toBe(201);
    expect((await pitch('standalone_single_email', { release_id: 'nope' })).body.errors['form.release_id']).toEqual([
      'Choose one of your releases',
    ]);
  });

  it('lets only the roles that change marketing send, and lists the company’s own requests', async () => {
    // Six requests of this case's own, whichever other cases sent theirs before.
    const sent = await Promise.all([
      whitelist({}),
      whitelist({ type_of_form: 'third_party', isrcs: [isrc] }),
      claim({}),
      pitch('album_ep_email', { focus_track_id: trackId }),
      pitch('standalone_single_email', {}),
      pitch('official_video_email', { genres: ['Live performance'], video_url: 'https://youtu.be/dQw4w9WgXcQ' }),
    ]);
    expect(
      sent.map((answer) => answer.status),
      JSON.stringify(sent.map((answer) => answer.body)),
    ).toEqual([201, 201, 201, 201, 201, 201]);
    const assistant = await own.member('label_assistant', 'Requests assistant');
    const refused = await assistant.api.post('/label_mailers/youtube_claim', {
      form: { label_id: labelId, type_of_form: 'release_claim', video_urls: [], isrcs: [isrc], policy: 'track' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(roleRefusal('label_assistant', 'promotion.write'));
    const mine = await assistant.api.get('/marketing');
    expect(mine.status).toBe(200);
    expect(mine.body.lead_weeks).toBe(4);
    expect(mine.body.requests.length).toBeGreaterThanOrEqual(6);
    expect((await other.api.get('/marketing')).body.requests).toEqual([]);
  });
});

describe('the distribution team’s queue', () => {
  it('moves a request new → in progress → done, telling the label each time, and only forward', async () => {
    const sent = await claim({});
    const id = sent.body.request.id;
    const accountant = await own.member('accounting', 'Requests accountant');
    const queue = await admin('GET', '/distribution/marketing?status=new');
    expect(queue.status).toBe(200);
    expect(queue.body.requests.find((r: { id: string }) => r.id === id)).toMatchObject({
      kind: 'youtube_claim',
      company_name: own.name,
      details: expect.objectContaining({ timestamps: '0:30-1:10', isrcs: [isrc] }),
    });
    expect((await own.api.get('/distribution/marketing')).status).toBe(403);

    const working = await admin('PATCH', `/distribution/marketing/${id}`, { status: 'in_progress' });
    expect(working.status, JSON.stringify(working.body)).toBe(200);
    expect(working.body.message).toBe('Request updated');
    const done = await admin('PATCH', `/distribution/marketing/${id}`, { status: 'done' });
    expect(done.body.request.status).toBe('done');
    const back = await admin('PATCH', `/distribution/marketing/${id}`, { status: 'in_progress' });
    expect(back.status).toBe(400);
    expect(back.body.errors.status).toEqual(['A done request cannot be moved to in progress']);

    const mine = (await own.api.get('/marketing')).body.requests.find((r: { id: string }) => r.id === id);
    expect(mine.status).toBe('done');
    const inbox = await call('GET', '/api/v1/notices', { token: own.manager.token });
    const titles = inbox.body.notices.map((n: { notice: { title: string } }) => n.notice.title);
    expect(titles).toContain('Your YouTube claim request for Requests Records is in progress');
    expect(titles).toContain('Your YouTube claim request for Requests Records is done');
    // Accountants do not work on marketing: they are not told.
    const theirs = await call('GET', '/api/v1/notices', { token: accountant.token });
    expect(JSON.stringify(theirs.body)).not.toContain('YouTube claim');
  });

  it('refuses with a reason the label reads, and asks for one', async () => {
    const id = (await whitelist({})).body.request.id;
    const noReason = await admin('PATCH', `/distribution/marketing/${id}`, { status: 'refused' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toEqual(['Say why the request is refused']);
    const refused = await admin('PATCH', `/distribution/marketing/${id}`, {
      status: 'refused',
      reason: 'That account is not the label’s',
    });
    expect(refused.body.request).toMatchObject({ status: 'refused', reason: 'That account is not the label’s' });
    const mine = (await own.api.get('/marketing')).body.requests.find((r: { id: string }) => r.id === id);
    expect(mine).toMatchObject({ status: 'refused', reason: 'That account is not the label’s' });
    const inbox = await call('GET', '/api/v1/notices', { token: own.manager.token });
    expect(JSON.stringify(inbox.body)).toContain('Reason: That account is not the label’s');
    expect((await admin('PATCH', '/distribution/marketing/unknown', { status: 'done' })).status).toBe(404);
  });

  it('keeps the lead time the distributor sets', async () => {
    const before = await admin('GET', '/distribution/marketing_settings');
    expect(before.status).toBe(200);
    const bad = await admin('PATCH', '/distribution/marketing_settings', { lead_weeks: 1.5 });
    expect(bad.body.errors.lead_weeks).toEqual(['Lead weeks must be a whole number']);
    expect((await own.api.patch('/distribution/marketing_settings', { lead_weeks: 1 })).status).toBe(403);
  });
});
