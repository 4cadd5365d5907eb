import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { uploadPresigned } from '../support/presigned-upload.js';
import { gtinCheckDigit } from '../../shared/identifiers.js';
import { freshUpc, releaseRows, sheetCsv, sheetJson, sheetXlsx } from '../support/release-sheet-file.js';
import { until } from '../support/wait.js';
import type { ReleaseSheetRow } from '../../shared/catalogue-exchange/release-sheet.js';

/**
 * Catalogue imports: a release sheet uploaded as CSV, XLSX or JSON, previewed with
 * every error per row and field and nothing written, started, written by the worker in chunks
 * (status imported, all or nothing per release), duplicates reported not doubled, a retried chunk
 * creating nothing twice, the imports history, another company's job 404 and roles refused.
 */
let admin: string;
const unique = () => Math.random().toString(36).slice(2, 8);
type Api = ReturnType<typeof inCompany>;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  // The sheets name the shared publisher "Copyright Control", which the reference seed makes.
});

async function newCompany(): Promise<{ id: string; api: Api; label: string }> {
  const created = await call('POST', '/api/v1/admin/companies', {
    token: admin,
    body: { name: `Import Co ${unique()}` },
  });
  const id = created.body.company.id as string;
  const api = inCompany(admin, id);
  const label = `Label ${unique()}`;
  expect((await api.post('/labels', { name: label })).status).toBe(201);
  return { id, api, label };
}

const KINDS = {
  csv: { filename: 'releases.csv', content_type: 'text/csv', bytes: async (r: ReleaseSheetRow[]) => sheetCsv(r) },
  xlsx: {
    filename: 'releases.xlsx',
    content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: sheetXlsx,
  },
  json: {
    filename: 'releases.json',
    content_type: 'application/json',
    bytes: async (r: ReleaseSheetRow[]) => sheetJson(r),
  },
} as const;

async function upload(api: Api, rows: ReleaseSheetRow[], kind: keyof typeof KINDS = 'csv') {
  const { filename, content_type, bytes } = KINDS[kind];
  const body = await bytes(rows);
  const key = await uploadPresigned(api, '/catalogue_imports/uploads', { filename, content_type }, body);
  return { key, filename, size: body.length };
}

async function finished(api: Api, importId: string) {
  return until(async () => {
    const job = (await api.get(`/catalogue_imports/${importId}`)).body.import;
    return job && (job.status === 'done' || job.status === 'failed') ? job : undefined;
  }, 60_000);
}

const releasesOf = async (api: Api) => (await api.get('/releases?per_page=100')).body.releases as any[];

describe('the release sheet template', () => {
  it('comes in each format the import reads, and previews without an error once its codes are the user’s own', async () => {
    const { api, label } = await newCompany();
    for (const format of ['csv', 'xlsx', 'json'] as const) {
      const answer = await api.get(`/catalogue_imports/template?format=${format}`);
      expect(answer.status).toBe(200);
      const { filename, content_type, data } = answer.body.template;
      expect(filename).toBe(`release-sheet-template.${format}`);
      // The template's own file, uploaded as the user would after putting in a UPC and an ISRC of their own.
      let text = Buffer.from(data, 'base64');
      if (format !== 'xlsx') {
        const [mine] = releaseRows(label, {}, 1);
        text = Buffer.from(text.toString('utf8').replace('5012345678900', mine.upc).replace('GBXXX2700001', mine.isrc));
      }
      const key = await uploadPresigned(api, '/catalogue_imports/uploads', { filename, content_type }, text);
      const preview = (
        await api.post('/catalogue_imports/preview', { model: 'releases', file: { key, filename, size: text.length } })
      ).body;
      expect(preview.records[0].errors, `${format}: ${JSON.stringify(preview.records[0].errors)}`).toEqual([]);
      expect(preview.records[0].label).toContain('Night Drive');
    }
    expect((await api.get('/catalogue_imports/template?format=pdf')).status).toBe(400);
  });
});

describe('catalogue imports', () => {
  it('previews every error of a bad release without writing, then writes only the good ones, status imported', async () => {
    const { api, label } = await newCompany();
    const good = releaseRows(label);
    const alsoGood = releaseRows(label, {}, 1);
    const bad = releaseRows(label, { release_date: '2026-13-01', primary_genre: 'Not A Genre' }, 2);
    bad[1] = { ...bad[1], isrc: 'XX', album_only: 'maybe' };
    const file = await upload(api, [...good, ...bad, ...alsoGood]);

    const preview = await api.post('/catalogue_imports/preview', { model: 'releases', file });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ model: 'releases', valid: 2, invalid: 1, duplicates: 0, rows: 5 });
    const badRecord = preview.body.records.find((r: any) => r.errors.length);
    // Rows 4 and 5 (the header is row 1): every error named, not only the first.
    expect(badRecord.rows).toEqual([4, 5]);
    expect(badRecord.errors).toEqual(
      expect.arrayContaining([
        { row: 4, field: 'release_date', message: 'Release date must be a date (YYYY-MM-DD)' },
        { row: 4, field: 'primary_genre', message: 'Primary genre Not A Genre not found' },
        { row: 5, field: 'isrc', message: expect.stringContaining('ISRC must be') },
        { row: 5, field: 'album_only', message: 'Album only must be Y or N' },
      ]),
    );
    expect(badRecord.errors).toHaveLength(4);
    expect(preview.body.records[0].notes).toEqual(expect.arrayContaining(['New artist: Mira Vale']));
    expect(await releasesOf(api)).toHaveLength(0);

    // The lists are read (and held by the API at their current versions) before the import: they must
    // show its records after, so the import marks them changed (once per chunk, not per write).
    expect(await releasesOf(api)).toEqual([]);
    for (const list of ['recordings', 'artists', 'contributors'])
      expect((await api.get(`/${list}?per_page=100`)).body.total_count).toBe(0);
    const started = await api.post('/catalogue_imports', {
      model: 'releases',
      file,
      import_id: preview.body.import_id,
    });
    expect(started).toEqual({ status: 202, body: { import_id: preview.body.import_id } });
    const job = await finished(api, preview.body.import_id);
    expect((await api.get('/artists?per_page=100')).body.total_count).toBe(1);
    expect((await api.get('/contributors?per_page=100')).body.total_count).toBe(3);
    // Two releases, three recordings, one new artist and three new writers.
    expect(job).toMatchObject({
      status: 'done',
      total: 2,
      done: 2,
      invalid: 1,
      added: 9,
      message: '9 records were added',
    });

    const releases = await releasesOf(api);
    expect(releases.map((r) => r.upc).sort()).toEqual([good[0].upc, alsoGood[0].upc].sort());
    expect(releases.every((r) => r.status === 'imported')).toBe(true);
    const full = (await api.get(`/releases/${releases.find((r) => r.upc === good[0].upc).id}`)).body.release;
    expect(full).toMatchObject({ title: good[0].release_title, cat_no: good[0].cat_no, display_artists: 'Mira Vale' });
    expect(full.release_recordings).toHaveLength(2);
    const recording = (await api.get(`/recordings/${full.release_recordings[0].recording_id}`)).body.recording;
    expect(recording).toMatchObject({ status: 'imported', isrc: good[0].isrc, length: '00:03:30' });
    expect(recording.publisher_recordings).toHaveLength(1);
    // Nothing of the bad release was written.
    const recordings = (await api.get('/recordings?per_page=100')).body.recordings as any[];
    expect(recordings.map((r) => r.isrc)).not.toContain(bad[0].isrc);
    expect(recordings).toHaveLength(3);

    // The imports history has it, with its file, size and record count.
    const history = (await api.get(`/imports/${preview.body.import_id}`)).body.import;
    expect(history).toMatchObject({ filename: 'releases.csv', filesize: file.size, records: 9, type: 'releases' });
  });

  it('reports duplicates by UPC, catalogue number and ISRC (in the company and in the file) and never doubles them', async () => {
    const { api, label } = await newCompany();
    const first = releaseRows(label, {}, 1);
    const file = await upload(api, first, 'json');
    const answer = await api.post('/import_releases', { file });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await finished(api, answer.body.import_id);

    const sameUpc = releaseRows(label, { upc: first[0].upc }, 1);
    const sameCat = releaseRows(label, { cat_no: first[0].cat_no }, 1);
    const sameIsrc = releaseRows(label, { isrc: first[0].isrc }, 1);
    const fresh = releaseRows(label, {}, 1);
    const twiceInFile = releaseRows(label, { cat_no: fresh[0].cat_no }, 1);
    const again = await upload(api, [...sameUpc, ...sameCat, ...sameIsrc, ...fresh, ...twiceInFile], 'xlsx');
    const preview = (await api.post('/catalogue_imports/preview', { model: 'releases', file: again })).body;
    expect(preview).toMatchObject({ valid: 1, invalid: 0, duplicates: 4 });
    expect(preview.records.map((r: any) => r.duplicate)).toEqual([
      `UPC ${first[0].upc} is already in the catalogue`,
      `Catalogue number ${first[0].cat_no} is already in the catalogue`,
      `ISRC ${first[0].isrc} is already in the catalogue`,
      undefined,
      `Catalogue number ${fresh[0].cat_no} is also on row 5`,
    ]);
    const second = await api.post('/import_releases', { file: again });
    expect(second.body.duplicate_records).toHaveLength(4);
    expect((await finished(api, second.body.import_id)).added).toBe(3); // a release, its recording, its writer
    expect((await releasesOf(api)).map((r) => r.upc).sort()).toEqual([first[0].upc, fresh[0].upc].sort());
  });

  it('writes nothing twice when a chunk runs again', async () => {
    const { id, api, label } = await newCompany();
    const rows = [...releaseRows(label, {}, 1), ...releaseRows(label, {}, 3)];
    const file = await upload(api, rows);
    const answer = await api.post('/import_releases', { file });
    const job = await finished(api, answer.body.import_id);
    expect(job.added).toBe(1 + 2 + 4 + 4); // one artist, two releases, four recordings, four writers
    const { chunkStep } = await import('../../functions/catalogue-exchange/imports/run-import.js');
    const { getCatalogueImport, updateCatalogueImport } = await import(
      '../../functions/data/access/catalogue-imports.js'
    );
    // As if the worker died after writing and the queue delivered chunk 0 again.
    await updateCatalogueImport(id, answer.body.import_id, { status: 'writing' });
    const stored = await getCatalogueImport(id, answer.body.import_id);
    await chunkStep(stored!, 0);
    await chunkStep(stored!, 0);
    expect(await releasesOf(api)).toHaveLength(2);
    expect((await api.get('/recordings?per_page=100')).body.recordings).toHaveLength(4);
    expect((await api.get('/artists?per_page=100')).body.artists).toHaveLength(1);
    expect((await finished(api, answer.body.import_id)).added).toBe(job.added);

    // As if the worker died after writing chunk 0 and before counting it: the chunk runs again and finds
    // everything written. All of it is this import's and counts once: the releases and recordings, and the
    // artist and writers the dead try made (counted by what exists when the import ends).
    await updateCatalogueImport(id, answer.body.import_id, { status: 'writing', added: 0, done: 0 });
    await chunkStep((await getCatalogueImport(id, answer.body.import_id))!, 0);
    const recounted = await finished(api, answer.body.import_id);
    expect(recounted).toMatchObject({ status: 'done', added: 1 + 2 + 4 + 4, message: '11 records were added' });
    expect(await releasesOf(api)).toHaveLength(2);
  });

  it('counts a record an earlier try of its chunk wrote, so the import says how many were added', async () => {
    const { id, api } = await newCompany();
    const { artistsImporter } = await import('../../functions/catalogue-exchange/models/artists.js');
    const ctx = { tenantId: id, userId: 'u', importId: `artists-${unique()}` };
    const rows = [{ name: `Ada ${unique()}` }, { name: `Bo ${unique()}` }];
    const planned = await artistsImporter.plan(ctx, rows);
    expect(planned.map((p) => p.errors)).toEqual([[], []]);
    for (const record of planned) expect(await artistsImporter.write(ctx, record, rows)).toBe(1);
    // Written again, as after a crash before the chunk was counted: each still answers the one record it added.
    for (const record of planned) expect(await artistsImporter.write(ctx, record, rows)).toBe(1);
    expect((await api.get('/artists?per_page=100')).body.artists).toHaveLength(2);
  });

  it('writes a release with more recordings than one transaction holds, and undoes them when the release fails', async () => {
    const { id, api, label } = await newCompany();
    const { releaseImporter } = await import('../../functions/catalogue-exchange/releases/release-importer.js');
    const { mapColumns } = await import('../../functions/catalogue-exchange/imports/column-map.js');
    const sheet = (rows: ReleaseSheetRow[]) =>
      mapColumns(Object.keys(rows[0]), rows, releaseImporter.attributes) as Record<string, string>[];
    const big = sheet(releaseRows(label, {}, 60));
    const ctx = { tenantId: id, userId: 'u', importId: `big-${unique()}` };
    const [planned] = await releaseImporter.plan(ctx, big);
    expect(planned.errors).toEqual([]);
    // The release and its 60 recordings; their 60 writers and one new artist are counted once for the import.
    expect(await releaseImporter.write(ctx, planned, big)).toBe(1 + 60);
    expect(await releaseImporter.countAlsoCreated?.(ctx, [planned])).toBe(60 + 1);
    // Written again (a chunk run again): nothing is written twice, and it answers the release and its recordings,
    // which are this import's, so a chunk counted only after the crash still counts them.
    expect(await releaseImporter.write(ctx, planned, big)).toBe(1 + 60);
    expect(await releaseImporter.countAlsoCreated?.(ctx, [planned])).toBe(60 + 1);
    expect((await api.get('/recordings?per_page=100')).body.total_count).toBe(60);

    const doomed = sheet(releaseRows(label, {}, 50));
    const again = { ...ctx, importId: `doomed-${unique()}` };
    const [plan] = await releaseImporter.plan(again, doomed);
    // Its catalogue number is taken after the preview: the release cannot be written, nor its recordings kept.
    expect((await api.post('/releases', { title: 'Took the number', cat_no: doomed[0].cat_no })).status).toBe(201);
    await expect(releaseImporter.write(again, plan, doomed)).rejects.toMatchObject({ status: 409 });
    expect((await api.get('/recordings?per_page=100')).body.total_count).toBe(60);
    // The ISRCs were freed with them.
    expect((await api.post('/recordings', { title: 'Free again', isrc: doomed[0].isrc })).status).toBe(201);
  });

  it('imports recordings on their own, one per row, reporting an ISRC the company or the file has already', async () => {
    const { api, label } = await newCompany();
    const [known] = releaseRows(label, {}, 1);
    expect((await api.post('/recordings', { title: 'Known', isrc: known.isrc })).status).toBe(201);
    const [a, b] = releaseRows(label, {}, 2);
    const rows = [a, { ...b, isrc: a.isrc }, known, { ...b, audio_language: 'Klingonese' }];
    const file = await upload(api, rows, 'xlsx');
    const preview = (await api.post('/catalogue_imports/preview', { model: 'recordings', file })).body;
    expect(preview).toMatchObject({ valid: 1, invalid: 1, duplicates: 2 });
    expect(preview.records.map((r: any) => r.duplicate)).toEqual([
      undefined,
      `ISRC ${a.isrc} is also on row 2`,
      `ISRC ${known.isrc} is already in the catalogue`,
      undefined,
    ]);
    expect(preview.records[3].errors).toEqual([
      { row: 5, field: 'audio_language', message: 'Audio language Klingonese not found' },
    ]);
    const started = await api.post('/catalogue_imports', { model: 'recordings', file, import_id: preview.import_id });
    const job = await finished(api, started.body.import_id);
    expect(job).toMatchObject({ status: 'done', added: 3 }); // the recording, its artist and its writer
    const recordings = (await api.get('/recordings?per_page=100')).body.recordings as any[];
    expect(recordings.map((r) => r.isrc).sort()).toEqual([a.isrc, known.isrc].sort());
    expect(recordings.find((r) => r.isrc === a.isrc)).toMatchObject({
      status: 'imported',
      display_artists: 'Mira Vale',
    });
  });

  it('imports one release through import_release, naming every error per row and field', async () => {
    const { api, label } = await newCompany();
    const rows = releaseRows(label, {}, 2);
    const refused = await api.post('/import_release', {
      rows: [
        { ...rows[0], upc: '' },
        { ...rows[1], writers: '' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ 'rows.1.upc': ['Row 1: UPC is required'] });
    // The metadata language may not be Instrumental, and a UPC must pass its check digit, as in the release form.
    const wordless = await api.post('/import_release', {
      rows: rows.map((row) => ({ ...row, metadata_language: 'Instrumental', upc: '5012345678901' })),
    });
    expect(wordless.status).toBe(400);
    expect(wordless.body.errors).toEqual({
      'rows.1.metadata_language': ['Row 1: Metadata language must not be Instrumental'],
      'rows.1.upc': ['Row 1: UPC invalid'],
    });
    const ok = await api.post('/import_release', { rows });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const release = (await api.get(`/releases/${ok.body.release.id}`)).body.release;
    expect(release).toMatchObject({ upc: rows[0].upc, status: 'imported' });
    expect((await api.post('/import_release', { rows })).status).toBe(409);
  });

  it('imports a release whose UPC lost its leading zero in a spreadsheet, giving the zero back', async () => {
    const { api, label } = await newCompany();
    const upc = `0${freshUpc().slice(1, 11)}`;
    const full = `${upc}${gtinCheckDigit(upc)}`;
    // Excel shows 0…, stores and exports the number: the 11 digits after the zero.
    const rows = releaseRows(label, { upc: full.slice(1) }, 1);
    const ok = await api.post('/import_release', { rows });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await api.get(`/releases/${ok.body.release.id}`)).body.release.upc).toBe(full);
  });

  it('keeps another company’s import out of reach and refuses a role that may not change the catalogue', async () => {
    const mine = await newCompany();
    const theirs = await newCompany();
    const file = await upload(theirs.api, releaseRows(theirs.label, {}, 1));
    const answer = await theirs.api.post('/import_releases', { file });
    expect((await mine.api.get(`/catalogue_imports/${answer.body.import_id}`)).status).toBe(404);
    // Their file cannot be previewed from my company either.
    expect((await mine.api.post('/catalogue_imports/preview', { model: 'releases', file })).status).toBe(404);

    const { token } = await newConfirmedUser('Import Member');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    await call('PATCH', `/api/v1/admin/companies/${mine.id}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'accounting' }] },
    });
    const member = inCompany(token, mine.id);
    expect(await member.post('/import_releases', { file })).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'catalogue.write') },
    });
    expect(
      (await member.post('/catalogue_imports/uploads', { filename: 'a.csv', content_type: 'text/csv', size: 10 }))
        .status,
    ).toBe(403);
  });
});
