import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RECORDING_DEFAULTS } from '../../shared/catalogue.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { uploadPresigned } from '../support/presigned-upload.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';
import { writeSineWav } from '../support/wav.js';
import { until } from '../support/wait.js';

/**
 * A new recording starts with its defaults — an audio recording (configuration Audio), copyright year 2020, length
 * 00:00:00, category Recording, locked payee shares — whichever route makes it: the API (and the form), the release
 * form's audio drop (a recording named after the file, then its audio), a release sheet import, a recordings sheet
 * import and the one-release import. An import's own status (imported) and the sheet's own length stay its own.
 */
let own: OwnCompany;
let label: string;
let dir: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Recording defaults');
  label = (await own.label('Defaults Records')).name;
  dir = mkdtempSync(path.join(os.tmpdir(), 'recording-defaults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const recordingOf = async (id: string) => (await own.api.get(`/recordings/${id}`)).body.recording;
const recordingsByIsrc = async () =>
  new Map(((await own.api.get('/recordings?per_page=1000')).body.recordings as any[]).map((r) => [r.isrc, r] as const));

/** Imports a release sheet as `model` and waits for the worker to finish it. */
async function importSheet(model: 'releases' | 'recordings', rows: ReturnType<typeof releaseRows>) {
  const body = sheetCsv(rows);
  const filename = `${model}.csv`;
  const key = await uploadPresigned(
    own.api,
    '/catalogue_imports/uploads',
    { filename, content_type: 'text/csv' },
    body,
  );
  const file = { key, filename, size: body.length };
  const preview = await own.api.post('/catalogue_imports/preview', { model, file });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  await own.api.post('/catalogue_imports', { model, file, import_id: preview.body.import_id });
  const job = await until(async () => {
    const found = (await own.api.get(`/catalogue_imports/${preview.body.import_id}`)).body.import;
    return found && ['done', 'failed'].includes(found.status) ? found : undefined;
  }, 60_000);
  expect(job.status, JSON.stringify(job)).toBe('done');
}

describe('a new recording’s defaults', () => {
  it('the API fills every default a request leaves out, and keeps a configuration it is given', async () => {
    const made = await own.api.post('/recordings', { title: 'Bare By API' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.recording).toMatchObject({ ...RECORDING_DEFAULTS, config: 'audio' });
    expect(await recordingOf(made.body.recording.id)).toMatchObject({ config: 'audio', copyright_year: 2020 });
    const video = await own.api.post('/recordings', { title: 'A Video', config: 'video' });
    expect(video.body.recording.config).toBe('video');
  });

  it('the release form’s audio drop: the recording made for the file is an audio recording before and after its audio', async () => {
    // What the drop sends: only the title, taken from the file's name.
    const made = (await own.api.post('/recordings', { title: 'dropped-take' })).body.recording;
    expect(made.config).toBe('audio');
    const wav = path.join(dir, 'dropped-take.wav');
    writeSineWav(wav, { seconds: 1, amplitude: 0.5 });
    await uploadPresigned(
      own.api,
      `/recordings/${made.id}/update_audio`,
      { filename: 'dropped-take.wav', content_type: 'audio/wav' },
      readFileSync(wav),
    );
    const done = await until(async () => {
      const current = await recordingOf(made.id);
      return ['ready', 'failed'].includes(current.audio?.status) ? current : undefined;
    }, 60_000);
    expect(done.audio.status).toBe('ready');
    expect(done).toMatchObject({ config: 'audio', category: 'Recording', copyright_year: 2020 });
  });

  it('a release sheet import: each recording is an audio recording, status imported, with the sheet’s length', async () => {
    const rows = releaseRows(label, {}, 2);
    await importSheet('releases', rows);
    const byIsrc = await recordingsByIsrc();
    for (const row of rows)
      expect(byIsrc.get(row.isrc)).toMatchObject({
        config: 'audio',
        copyright_year: 2020,
        category: 'Recording',
        locked_payee_shares: true,
        status: 'imported',
        length: '00:03:30',
      });
  });

  it('a recordings sheet import and the one-release import fill the same defaults', async () => {
    const [alone] = releaseRows(label, { length: '' }, 1);
    await importSheet('recordings', [alone]);
    expect((await recordingsByIsrc()).get(alone.isrc)).toMatchObject({
      config: 'audio',
      copyright_year: 2020,
      length: '00:00:00',
      status: 'imported',
    });

    const rows = releaseRows(label, {}, 1);
    const imported = await own.api.post('/import_release', { rows });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect((await recordingsByIsrc()).get(rows[0].isrc)).toMatchObject({ config: 'audio', status: 'imported' });
  });

  it('a recording stored before recordings had a configuration reads as an audio recording, in the API and the exports', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { recordingsById } = await import('../../functions/data/access/catalogue-export.js');
    const { LISTS, listsChangedAfterWrite } = await import('../../functions/data/list-cache.js');
    const db = getDb().entities;
    const tenantId = own.companyId;
    const id = randomUUID();
    // As such a recording is stored: no configuration at all.
    await db.Recording.put({ tenantId, id, title: 'Stored Before Configurations' }).go();
    await db.Recording.patch({ tenantId, id }).remove(['config']).go();
    // A write outside the API marks the company's recordings list changed itself, as every writer does.
    await listsChangedAfterWrite([LISTS.tenantCollection('recordings', tenantId)]);
    const raw = (await db.Recording.get({ tenantId, id }).go({ data: 'raw' })) as unknown as {
      data: { Item: Record<string, unknown> };
    };
    expect(raw.data.Item.title).toBe('Stored Before Configurations');
    expect(raw.data.Item).not.toHaveProperty('config');

    expect(await recordingOf(id)).toMatchObject({ id, config: RECORDING_DEFAULTS.config });
    const listed = ((await own.api.get('/recordings?per_page=1000')).body.recordings as any[]).find((r) => r.id === id);
    expect(listed).toMatchObject({ config: 'audio' });
    // The exports read recordings through this seam.
    expect((await recordingsById(tenantId, [id]))[0]).toMatchObject({ id, config: 'audio' });
  });
});
