import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, inCompany, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { makeCheckable } from '../support/checkable-release.js';

/** Releases and recordings of a company: defaults, identifiers, artist rows, rules, checker, tenancy. */
let admin: string;
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let A: string;
let B: string;
const unique = () => Math.random().toString(36).slice(2, 8);
/** A random UPC-A with a right check digit, so reruns against a kept local cloud never collide. */
function upc(): string {
  const body = Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join('');
  const sum = body.split('').reduce((total, d, i) => total + Number(d) * ((11 - i) % 2 === 1 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const isrc = () =>
  `GB${unique().slice(0, 3).toUpperCase()}26${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Releases recordings');
  A = manager.distributed.id;
  B = manager.publisher.id;
});

const api = (company: string) => inCompany(manager.token, company);
const reference = async (collection: string, q: string) =>
  (await call('GET', `/api/v1/${collection}?selectable=true&q=${encodeURIComponent(q)}`, { token: admin })).body[
    collection
  ][0];

describe('recordings', () => {
  it('start with the product’s defaults and keep the ISRC normalised and unique within the company', async () => {
    const code = isrc();
    const dashed = `${code.slice(0, 2)}-${code.slice(2, 5)}-${code.slice(5, 7)}-${code.slice(7)}`.toLowerCase();
    const created = await api(A).post('/recordings', { title: `Track ${unique()}`, isrc: dashed });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Recording Added',
      recording: { isrc: code, copyright_year: 2020, length: '00:00:00', status: 'drafted', category: 'Recording' },
    });
    // The form sends what was left empty as '': a new recording still starts with its defaults.
    const blank = await api(A).post('/recordings', { title: `Blank ${unique()}`, copyright_year: '', length: '' });
    expect(blank.status, JSON.stringify(blank.body)).toBe(201);
    expect(blank.body.recording).toMatchObject({ copyright_year: 2020, length: '00:00:00', status: 'drafted' });
    // A recording starts drafted: its status is not set by hand, neither on create nor after.
    const live = await api(A).post('/recordings', { title: `Live ${unique()}`, status: 'live' });
    expect(live.status).toBe(400);
    expect(live.body.errors).toEqual({ status: ['Status is not a known field'] });
    const accepted = await api(A).patch(`/recordings/${blank.body.recording.id}`, { status: 'accepted' });
    expect(accepted.status).toBe(400);
    expect((await api(A).get(`/recordings/${blank.body.recording.id}`)).body.recording.status).toBe('drafted');
    const again = await api(A).post('/recordings', { title: 'Same code', isrc: code });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ isrc: ['ISRC has already been taken'] });
    expect((await api(B).post('/recordings', { title: 'Other company, same code', isrc: code })).status).toBe(201);
    const gb = (await call('GET', '/api/v1/countries?q=GBR', { token: admin })).body.countries[0];
    const placed = await api(A).post('/recordings', {
      title: `Placed ${unique()}`,
      recording_country_id: gb.id,
      first_publication_country_id: gb.id,
    });
    expect(placed.body.recording).toMatchObject({
      recording_country: { id: gb.id },
      first_publication_country: { id: gb.id },
      commissioning_country: null,
    });
    const malformed = await api(A).post('/recordings', { title: 'Bad', isrc: 'GB-AAA-05-0001' });
    expect(malformed.body.errors.isrc).toEqual([
      'ISRC must be 2 letters, 3 characters, 2 digits and 5 digits (e.g. GB-AAA-05-00001)',
    ]);
  });

  it('number artist rows, make the first Main, split payee shares equally and refuse a total over 100', async () => {
    const [a, b, c] = await Promise.all(
      ['Ada', 'Bo', 'Cy'].map(async (n) => (await api(A).post('/artists', { name: `${n} ${unique()}` })).body.artist),
    );
    const created = await api(A).post('/recordings', {
      title: `Trio ${unique()}`,
      artist_recordings_attributes: [
        { artist_id: a.id },
        { artist_id: b.id, join_text: ' & ', role: 'Main' },
        { artist_id: c.id, join_text: ' feat. ', role: 'Featuring' },
      ],
    });
    const recording = created.body.recording;
    expect(
      recording.artist_recordings.map((r: Record<string, unknown>) => [
        r.sequence,
        r.role,
        r.payee_share,
        r.digital_royalty_share,
        r.physical_royalty_share,
        r.licensing_royalty_share,
      ]),
    ).toEqual([
      [1, 'Main', 33.33, 100, 0, 0],
      [2, 'Main', 33.33, 100, 0, 0],
      [3, 'Featuring', 33.34, 100, 0, 0],
    ]);
    expect(recording.display_artists).toBe(`${a.name} & ${b.name} feat. ${c.name}`);
    const tooHigh = await api(A).patch(`/recordings/${recording.id}`, {
      artist_recordings_attributes: [{ id: recording.artist_recordings[0].id, payee_share: 60 }],
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors).toEqual({ artist_recordings_attributes: ['Payee share total must be under 100'] });
    expect((await api(A).get(`/recordings/${recording.id}`)).body.recording.artist_recordings[0].payee_share).toBe(
      33.33,
    );
  });

  it('refuse Instrumental as metadata language but take it as audio language', async () => {
    const instrumental = (await call('GET', '/api/v1/languages?all=true', { token: admin })).body.languages[0];
    expect(instrumental.name).toBe('Instrumental');
    const refused = await api(A).post('/recordings', { title: 'Wordless', metadata_language_id: instrumental.id });
    expect(refused.body.errors).toEqual({ metadata_language_id: ['Metadata language must not be Instrumental'] });
    expect((await api(A).post('/recordings', { title: 'Wordless', audio_language_id: instrumental.id })).status).toBe(
      201,
    );
  });
});

describe('releases', () => {
  it('start drafted with their defaults, refuse an invalid UPC, take "assign", and predict the next catalogue number', async () => {
    const label = (await api(A).post('/labels', { name: `Cat Label ${unique()}` })).body.label;
    const code = upc();
    const first = await api(A).post('/releases', {
      title: `First ${unique()}`,
      label_id: label.id,
      cat_no: `AUR${unique().slice(0, 2)}009`,
      upc: code,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Release Successfully Added',
      release: {
        status: 'drafted',
        total_volumes: 1,
        config: 'audio_release',
        locked_payee_shares: true,
        label: { id: label.id },
        release_identifiers: [{ type_of: 'UPC', value: code }],
      },
    });
    const second = await api(A).post('/releases', {
      title: `Second ${unique()}`,
      label_id: label.id,
      products_attributes: [{}],
    });
    expect(second.body.release.cat_no).toBe(first.body.release.cat_no.replace(/009$/, '010'));
    expect(second.body.release.products[0]).toMatchObject({
      format: 'Digital',
      type_of: 'Distributed',
      price_tier: 'Front',
    });
    const next = await api(A).get(`/labels/${label.id}/last_release`);
    expect(next.body).toEqual({
      cat_no: second.body.release.cat_no,
      next_cat_no: second.body.release.cat_no.replace(/010$/, '011'),
    });

    const invalid = await api(A).post('/releases', { title: 'Bad UPC', upc: '036000291453' });
    expect(invalid.body.errors).toEqual({ upc: ['UPC invalid'] });
    expect((await api(A).post('/releases', { title: 'Placeholder', upc: 'assign later' })).status).toBe(201);
    expect((await api(A).post('/releases', { title: 'Another placeholder', upc: 'Assign later' })).status).toBe(201);
    const taken = await api(A).post('/releases', { title: 'Same UPC', upc: code });
    expect(taken.body.errors).toEqual({ upc: ['UPC has already been taken'] });
    const territories = await api(A).post('/releases', { title: 'Twice', territories: ['GB', 'gb'] });
    expect(territories.body.errors).toEqual({ territories: ['Territories must not list a country twice'] });
  });

  it('take recordings of the company only, once each, and lists drafts; only drafts can be deleted', async () => {
    const ours = (await api(A).post('/recordings', { title: `Ours ${unique()}` })).body.recording;
    const theirs = (await api(B).post('/recordings', { title: `Theirs ${unique()}` })).body.recording;
    const stolen = await api(A).post('/releases', {
      title: 'Thief',
      release_recordings_attributes: [{ recording_id: theirs.id }],
    });
    expect(stolen.body.errors).toEqual({ 'release_recordings_attributes.0.recording_id': ['Recording not found'] });
    const twice = await api(A).post('/releases', {
      title: 'Twice',
      release_recordings_attributes: [{ recording_id: ours.id }, { recording_id: ours.id }],
    });
    expect(twice.body.errors).toEqual({
      'release_recordings_attributes.1.recording_id': ['This recording is already on the release'],
    });
    const release = (
      await api(A).post('/releases', {
        title: `Draft ${unique()}`,
        release_recordings_attributes: [{ recording_id: ours.id }],
      })
    ).body.release;
    expect(release.release_recordings[0]).toMatchObject({
      recording_id: ours.id,
      position: 1,
      disc_number: 1,
      recording: { name: ours.title },
    });
    expect((await api(A).del(`/recordings/${ours.id}`)).body.message).toBe(
      `Recording ${ours.title} is used by 1 release`,
    );

    const drafts = await api(A).get(`/releases?drafts=true&q=${encodeURIComponent(release.title)}`);
    expect(drafts.body.total_count).toBe(1);
    // Sending needs a release the metadata checker passes.
    await makeCheckable(api(A), admin, release.id, [ours.id]);
    expect((await api(A).post(`/releases/${release.id}/quality_control`)).status).toBe(200);
    expect((await api(A).get(`/releases?drafts=true&q=${encodeURIComponent(release.title)}`)).body.total_count).toBe(0);
    const refused = await api(A).del(`/releases/${release.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only drafted releases can be deleted');
    expect((await api(B).get(`/releases/${release.id}`)).status).toBe(404);
  });

  it('report the metadata checker’s findings until they are fixed', async () => {
    const genre = await reference('genres', 'pop');
    const english = await reference('languages', 'english');
    const composer = (await api(A).post('/contributors', { name: `Composer ${unique()}` })).body.contributor;
    const publisher =
      (await call('POST', '/api/v1/publishers', { token: admin, body: { name: 'Copyright Control' } })).body
        .publisher ?? (await reference('publishers', 'Copyright Control'));
    const recording = (await api(A).post('/recordings', { title: `Checked ${unique()}` })).body.recording;
    const release = (
      await api(A).post('/releases', {
        title: `Checked ${unique()}`,
        release_recordings_attributes: [{ recording_id: recording.id }],
      })
    ).body.release;
    const before = await api(A).get(`/releases/${release.id}/check`);
    expect(before.body.ok).toBe(false);
    expect(before.body.problems.map((p: { field: string }) => p.field)).toEqual(
      expect.arrayContaining([
        'release_date',
        'original_release_date',
        'primary_genre_id',
        'products',
        'contributor_recordings',
      ]),
    );
    await api(A).patch(`/recordings/${recording.id}`, {
      primary_genre_id: genre.id,
      audio_language_id: english.id,
      contributor_recordings_attributes: [{ contributor_id: composer.id, roles: ['Composer', 'Lyricist'] }],
      publisher_recordings_attributes: [{ publisher_id: publisher.id }],
    });
    await api(A).patch(`/releases/${release.id}`, {
      release_date: '2026-12-04',
      original_release_date: '2026-12-04',
      primary_genre_id: genre.id,
      products_attributes: [{}],
    });
    const after = await api(A).get(`/releases/${release.id}/check`);
    expect(after.body).toEqual({ problems: [], ok: true });
  });
});

describe('an artist’s and a recording’s catalogue', () => {
  it('lists the releases and recordings an artist is on, and the releases a recording is on', async () => {
    const artist = (await api(A).post('/artists', { name: `Listed ${unique()}` })).body.artist;
    const other = (await api(A).post('/artists', { name: `Unlisted ${unique()}` })).body.artist;
    const recording = (
      await api(A).post('/recordings', {
        title: `On it ${unique()}`,
        artist_recordings_attributes: [{ artist_id: artist.id }],
      })
    ).body.recording;
    await api(A).post('/recordings', {
      title: `Not on it ${unique()}`,
      artist_recordings_attributes: [{ artist_id: other.id }],
    });
    const release = (
      await api(A).post('/releases', {
        title: `With it ${unique()}`,
        artist_releases_attributes: [{ artist_id: artist.id }],
        release_recordings_attributes: [{ recording_id: recording.id }],
      })
    ).body.release;
    expect(
      (await api(A).get(`/recordings?artist_id=${artist.id}`)).body.recordings.map((r: { id: string }) => r.id),
    ).toEqual([recording.id]);
    expect(
      (await api(A).get(`/releases?artist_id=${artist.id}`)).body.releases.map((r: { id: string }) => r.id),
    ).toEqual([release.id]);
    expect(
      (await api(A).get(`/releases?recording_id=${recording.id}`)).body.releases.map((r: { id: string }) => r.id),
    ).toEqual([release.id]);
    expect((await api(B).get(`/releases?recording_id=${recording.id}`)).body.releases).toEqual([]);
  });

  it('lists the recordings a release holds in one call, with what their cards show, in its company only', async () => {
    const titles = [`Held One ${unique()}`, `Held Two ${unique()}`, `Held Three ${unique()}`];
    const held: { id: string; isrc: string }[] = [];
    for (const [index, title] of titles.entries())
      held.push(
        (await api(A).post('/recordings', { title, isrc: isrc(), length: `00:0${index + 2}:30` })).body.recording,
      );
    const outside = (await api(A).post('/recordings', { title: `Not held ${unique()}` })).body.recording;
    const release = (
      await api(A).post('/releases', {
        title: `Holding ${unique()}`,
        release_recordings_attributes: held.map((r, i) => ({ recording_id: r.id, position: String(i + 1) })),
      })
    ).body.release;
    const ids = (body: { recordings: { id: string }[] }) => body.recordings.map((r) => r.id).sort();
    const listed = await api(A).get(`/recordings?release_id=${release.id}&per_page=1000`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(ids(listed.body)).toEqual(held.map((r) => r.id).sort());
    expect(ids(listed.body)).not.toContain(outside.id);
    // Each row is the recording's own record: its ISRC and length, as the release page's cards show them.
    const first = listed.body.recordings.find((r: { id: string }) => r.id === held[0].id);
    expect(first).toMatchObject({ title: titles[0], isrc: held[0].isrc, length: '00:02:30' });
    // Another company's release holds nothing for the caller, and an admin's list across companies finds the release.
    expect((await api(B).get(`/recordings?release_id=${release.id}`)).body.recordings).toEqual([]);
    const across = await call('GET', `/api/v1/admin/recordings?release_id=${release.id}&per_page=1000`, {
      token: admin,
    });
    expect(across.status, JSON.stringify(across.body)).toBe(200);
    expect(ids(across.body)).toEqual(held.map((r) => r.id).sort());
    // Recordings taken off the release are no longer listed with it.
    const rows = release.release_recordings as { id: string; recording_id: string }[];
    const off = await api(A).patch(`/releases/${release.id}`, {
      release_recordings_attributes: rows
        .filter((row) => row.recording_id !== held[0].id)
        .map((row) => ({ id: row.id, _destroy: true })),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(ids((await api(A).get(`/recordings?release_id=${release.id}`)).body)).toEqual([held[0].id]);
  });
});

describe('reference data a catalogue uses', () => {
  it('cannot be deleted while a company’s recordings use it', async () => {
    const genre = (await call('POST', '/api/v1/genres', { token: admin, body: { name: `Used Genre ${unique()}` } }))
      .body.genre;
    const recording = (await api(A).post('/recordings', { title: `Genred ${unique()}`, primary_genre_id: genre.id }))
      .body.recording;
    const refused = await call('DELETE', `/api/v1/genres/${genre.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Genre ${genre.name} is used by 1 recording`);
    await api(A).patch(`/recordings/${recording.id}`, { primary_genre_id: '' });
    expect((await call('DELETE', `/api/v1/genres/${genre.id}`, { token: admin })).status).toBe(200);
  });
});
