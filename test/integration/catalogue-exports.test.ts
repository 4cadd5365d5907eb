import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  loadExportReleases,
  type ExportRelease,
  type ExportSelection,
} from '../../functions/catalogue-exchange/exports/build.js';
import { exportDownloadUrl } from '../../functions/catalogue-exchange/exports/file-store.js';
import { runExport } from '../../functions/catalogue-exchange/exports/jobs.js';
import { RELEASE_SHEET_COLUMNS } from '../../shared/catalogue-exchange/release-sheet.js';
import { MESSAGES } from '../../shared/messages.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { openSocket } from '../support/realtime.js';
import { until } from '../support/wait.js';
import { savedAs } from '../support/saved-as.js';

/**
 * Catalogue exports through the real API, queue and worker: a file read back gives the
 * releases and recordings that were created, field by field; the c/p line year rule reports what
 * it leaves out; a whole catalogue goes through the worker with its progress pushed; nothing
 * selected is refused with the product’s words; another company's or another user's export is not
 * found; a download link stops working once it has expired.
 */
let admin: string;
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let A: string;
let B: string;
const unique = () => Math.random().toString(36).slice(2, 8);
const api = (company: string) => inCompany(manager.token, company);

type Created = {
  release: { id: string; title: string; upc: string; cat_no: string };
  recordings: { id: string; title: string; isrc: string }[];
  label: string;
  artist: string;
  writer: string;
  genre: string;
};
let good: Created;
let noYear: { id: string; title: string; cat_no: string };

/** A GTIN-13 with its check digit, unique per run. */
function gtin13(): string {
  const body = `50${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`.slice(
    0,
    12,
  );
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}
const isrc = () => `GBAAA26${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}`;

async function reference(collection: string, q: string) {
  const answer = await call('GET', `/api/v1/${collection}?selectable=true&q=${encodeURIComponent(q)}`, {
    token: admin,
  });
  return answer.body[collection][0] as { id: string; name: string };
}

async function download(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

async function makeRelease(company: string, overrides: Record<string, unknown> = {}): Promise<Created> {
  const a = api(company);
  const label = `Export Label ${unique()}`;
  const labelId = (await a.post('/labels', { name: label })).body.label.id;
  const artist = `Earth, Wind & Export ${unique()}`;
  const artistId = (await a.post('/artists', { name: artist })).body.artist.id;
  const writer = `Writer ${unique()}`;
  const writerId = (await a.post('/contributors', { name: writer })).body.contributor.id;
  const genre = await reference('genres', 'pop');
  const english = await reference('languages', 'english');
  const publisher = (
    await call('POST', '/api/v1/publishers', { token: admin, body: { name: `Export Publisher ${unique()}` } })
  ).body.publisher;
  const recordings = [];
  for (const [i, title] of [`Night Drive, "Pt. 1"`, 'Night Drive Pt. 2'].entries()) {
    const made = await a.post('/recordings', {
      title,
      isrc: isrc(),
      mix_title: i === 0 ? 'Radio Edit' : '',
      length: i === 0 ? '00:03:21' : '',
      explicit_lyrics: i === 0,
      album_only: i === 1,
      primary_genre_id: genre.id,
      audio_language_id: english.id,
      lyrics: 'line one\nline two',
      preview_start: 30,
      artist_recordings_attributes: [{ artist_id: artistId, role: 'Main' }],
      contributor_recordings_attributes: [{ contributor_id: writerId, roles: ['Composer'] }],
      publisher_recordings_attributes: [{ publisher_id: publisher.id }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    recordings.push(made.body.recording);
  }
  const made = await a.post('/releases', {
    title: `Export Release ${unique()}`,
    version: 'Deluxe',
    cat_no: `EXP${unique()}`,
    upc: gtin13(),
    label_id: labelId,
    release_date: '2026-05-01',
    original_release_date: '2026-04-01',
    c_line: 'Northern Lights Records',
    c_line_year: 2026,
    p_line: '2025 Northern Lights Records',
    explicit: true,
    total_volumes: 1,
    territories: ['GB', 'IE'],
    primary_genre_id: genre.id,
    metadata_language_id: english.id,
    artist_releases_attributes: [{ artist_id: artistId, role: 'Main' }],
    products_attributes: [{ format: 'Digital', price_tier: 'Mid' }],
    release_recordings_attributes: recordings.map((r, i) => ({ recording_id: r.id, position: i + 1, disc_number: 1 })),
    ...overrides,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { release: made.body.release, recordings, label, artist, writer, genre: genre.name };
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Catalogue exports');
  A = manager.distributed.id;
  B = manager.publisher.id;
  good = await makeRelease(A);
  noYear = (await makeRelease(A, { c_line: 'No Year Records', c_line_year: '' })).release;
}, 60_000);

let socket: Awaited<ReturnType<typeof openSocket>> | undefined;
afterAll(() => socket?.socket.close());

describe('exports: files read back', () => {
  it('release_csv of chosen releases is written at once and reads back to what was created, field by field', async () => {
    const answer = await api(A).get(
      `/exports/export?company_id=${A}&model_name=releases&format=release_csv&ids=${good.release.id},${noYear.id}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const job = answer.body.export;
    expect(job).toMatchObject({ status: 'done', format: 'release_csv', model: 'releases', rows: 2, done: 2 });
    // The c/p line rule: left out, and said why.
    expect(job.skipped).toEqual([
      {
        release_id: noYear.id,
        release: expect.stringContaining(noYear.title),
        reasons: ['C line "No Year Records" has no four-digit year'],
      },
    ]);
    // Saved under what it is and when it was asked for, never an id or a format's code.
    expect(job.filename).toMatch(
      /^Releases — Release sheet \(CSV, imports again\) — \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.csv$/,
    );
    expect((await savedAs(job.download_url)).filename).toBe(job.filename);
    const file = await download(job.download_url);
    expect(file.status).toBe(200);
    const [header] = parse(file.text, { to_line: 1 }) as string[][];
    expect(header).toEqual(RELEASE_SHEET_COLUMNS.map((c) => c.key));
    const rows = parse(file.text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(file.text).not.toContain(noYear.cat_no);
    const release = good.release;
    for (const row of rows)
      expect(row).toMatchObject({
        release_title: release.title,
        release_version: 'Deluxe',
        upc: release.upc,
        cat_no: release.cat_no,
        label: good.label,
        primary_artists: good.artist,
        release_date: '2026-05-01',
        original_release_date: '2026-04-01',
        primary_genre: good.genre,
        c_line: '2026 Northern Lights Records',
        p_line: '2025 Northern Lights Records',
        explicit: 'Y',
        format: 'Digital', // the product’s default format of a new release
        total_volumes: '1',
        territories: 'GB|IE',
        metadata_language: 'English',
        price_tier: 'Mid',
        status: 'drafted',
        writers: `${good.writer} (Composer)`, // each writer with its writing roles
        track_primary_artists: good.artist,
        audio_language: 'English',
      });
    expect(
      rows.map((r) => [r.position, r.isrc, r.track_title, r.mix_title, r.length, r.explicit_lyrics, r.album_only]),
    ).toEqual([
      ['1', good.recordings[0].isrc, good.recordings[0].title, 'Radio Edit', '00:03:21', 'Y', 'N'],
      ['2', good.recordings[1].isrc, good.recordings[1].title, '', '00:00:00', 'N', 'Y'],
    ]);
    expect(rows[0]).toMatchObject({ lyrics: 'line one\nline two', preview_start: '30' });
  });

  it('json (POST exports, the list pages) reads back to the same release and recordings', async () => {
    const answer = await api(A).post('/exports', { model_name: 'releases', format: 'json', ids: [good.release.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [release] = JSON.parse((await download(answer.body.export.download_url)).text);
    expect(release).toMatchObject({
      id: good.release.id,
      title: good.release.title,
      upc: good.release.upc,
      cat_no: good.release.cat_no,
      label: good.label,
      c_line: { text: 'Northern Lights Records', year: '2026' },
      p_line: { text: '2025 Northern Lights Records', year: '' },
      explicit: true,
      territories: ['GB', 'IE'],
    });
    expect(
      release.recordings.map((r: { id: string; isrc: string; title: string; position: number }) => [
        r.id,
        r.isrc,
        r.title,
        r.position,
      ]),
    ).toEqual(good.recordings.map((r, i) => [r.id, r.isrc, r.title, i + 1]));
  });

  it('recordings chosen on the recordings list export the releases they are on', async () => {
    const answer = await api(A).post('/exports', {
      model_name: 'recordings',
      format: 'ppl_csv',
      ids: [good.recordings[1].id],
    });
    expect([201, 202]).toContain(answer.status);
    const done = await until(async () => {
      const job = (await api(A).get(`/exports/${answer.body.export.id}`)).body.export;
      return job.status === 'done' ? job : undefined;
    }, 30_000);
    const rows = parse((await download(done.download_url)).text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.ISRC)).toEqual(good.recordings.map((r) => r.isrc));
    expect(rows[0]).toMatchObject({
      'P Date': '2025',
      'UPC/EAN': good.release.upc,
      'Recording Rights Holder': good.label,
    });
  });

  it('a whole catalogue goes through the worker, its progress pushed, and lists on the profile exports', async () => {
    socket = await openSocket(manager.token);
    const answer = await api(A).get('/exports/export?all=true&model_name=releases&format=fuga_csv');
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body.export).toMatchObject({ status: 'queued', selection: 'All releases' });
    const id = answer.body.export.id;
    const done = await until(async () => {
      const job = (await api(A).get(`/exports/${id}`)).body.export;
      return job.status === 'done' ? job : undefined;
    }, 45_000);
    expect(done.skipped.map((s: { release_id: string }) => s.release_id)).toContain(noYear.id);
    const file = await download(done.download_url);
    expect(file.text.split('\n')[0]).toMatch(/^Product Title,/);
    expect(file.text).toContain(good.release.upc);
    const pushes = await until(async () => {
      const mine = socket?.messages.filter(
        (m) =>
          (m as { type: string; export_id: string }).type === 'catalogue_export.progress' &&
          (m as { export_id: string }).export_id === id,
      );
      return mine?.some((m) => (m as { status: string }).status === 'done') ? mine : undefined;
    }, 10_000);
    expect(pushes[pushes.length - 1]).toMatchObject({ status: 'done', done: done.total, total: done.total });
    // The message delivered again: the finished job is left as it is (one file, the same figures).
    expect(await runExport(A, id)).toBe('already done');
    expect((await api(A).get(`/exports/${id}`)).body.export).toMatchObject({ rows: done.rows, size: done.size });
    const list = (await api(A).get('/exports')).body.exports as { id: string; download_url?: string }[];
    expect(list.find((e) => e.id === id)?.download_url).toBeTruthy();
  });

  it('a label catalogue exports as csv (labels/export_catalogue?id)', async () => {
    const labelId = (good.release as unknown as { label_id: string }).label_id;
    const answer = await api(A).get(`/labels/export_catalogue?id=${labelId}`);
    expect([201, 202]).toContain(answer.status);
    expect(answer.body.export).toMatchObject({ format: 'csv' });
    expect((await api(B).get(`/labels/export_catalogue?id=${labelId}`)).status).toBe(404);
  });
});

describe('exports: the loader', () => {
  const load = async (tenantId: string, selection: ExportSelection) => {
    const out: ExportRelease[] = [];
    for await (const release of loadExportReleases(tenantId, selection)) out.push(release);
    return out;
  };

  it("reads a selection's releases with their links resolved, and nothing of another company", async () => {
    const [release] = await load(A, { ids: [good.release.id] });
    expect(release).toMatchObject({
      id: good.release.id,
      label: good.label,
      primary_artists: [good.artist],
      primary_genre: good.genre,
      metadata_language: 'English',
      metadata_language_code: 'en',
      price_tier: 'Mid',
    });
    expect(release.recordings.map((r) => [r.id, r.writers, r.primary_artists])).toEqual(
      good.recordings.map((r) => [r.id, [{ name: good.writer, roles: ['Composer'] }], [good.artist]]),
    );
    expect(await load(B, { ids: [good.release.id] })).toEqual([]);
    expect(await load(B, { ids: [good.recordings[0].id], model: 'recordings' })).toEqual([]);
    const all = await load(A, { all: true });
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([good.release.id, noYear.id]));
  });
});

describe('exports: refusals', () => {
  it('refuses an export with nothing selected, in the product’s words', async () => {
    expect(await api(A).get('/exports/export?model_name=releases&format=csv')).toEqual({
      status: 400,
      body: { message: MESSAGES.nothingToExport, errors: { selection: [MESSAGES.nothingToExport] } },
    });
    expect((await api(A).post('/exports', { format: 'csv', ids: [] })).body.message).toBe('Nothing selected to export');
  });

  it("answers 404 for another company's export, and another user's, and exports nothing of another company", async () => {
    const mine = (await api(A).post('/exports', { format: 'csv', ids: [good.release.id] })).body.export;
    expect((await api(B).get(`/exports/${mine.id}`)).status).toBe(404);
    expect((await api(B).del(`/exports/${mine.id}`)).status).toBe(404);
    expect((await api(B).get('/exports')).body.exports.map((e: { id: string }) => e.id)).not.toContain(mine.id);
    // Company A's release named from company B: nothing of it is read.
    const fromB = (await api(B).post('/exports', { format: 'csv', ids: [good.release.id] })).body.export;
    expect(fromB).toMatchObject({ status: 'done', rows: 0 });
    expect((await download(fromB.download_url)).text).not.toContain(good.release.upc);
    // Another member of the same company does not see it either.
    const { token } = await newConfirmedUser('Export Intern');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Export Roles ${Date.now()}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'intern' }] },
    });
    expect((await inCompany(token, A).get(`/exports/${mine.id}`)).status).toBe(403);
    // A non-member of the company is refused before anything is read.
    expect((await inCompany(token, A).get('/exports/export?all=true')).status).toBe(403);
    // A member with catalogue.read (every role has it) exports their own company's catalogue.
    expect((await inCompany(token, company).get('/exports/export?all=true&format=json')).status).toBe(202);
    expect((await inCompany(token, company).get(`/exports/${mine.id}`)).status).toBe(404);
  });

  it('a download link stops working once it has expired; the exports list gives a fresh one', async () => {
    const job = (await api(A).post('/exports', { format: 'csv', ids: [good.release.id] })).body.export;
    const key = `exports/${A}/${job.id}/${job.filename}`;
    const short = await exportDownloadUrl(key, job.filename, 1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await download(short)).status).toBe(403);
    const fresh = (await api(A).get(`/exports/${job.id}`)).body.export.download_url;
    expect((await download(fresh)).status).toBe(200);
  });

  it('deletes an export and its file', async () => {
    const job = (await api(A).post('/exports', { format: 'csv', ids: [good.release.id] })).body.export;
    expect((await api(A).del(`/exports/${job.id}`)).status).toBe(200);
    expect((await api(A).get(`/exports/${job.id}`)).status).toBe(404);
    expect((await download(job.download_url)).status).toBe(404);
  });
});
