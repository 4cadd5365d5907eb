import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The release sheet through the real routes: a release made through the API in one company (a featured
 * artist, a writer credited Composer and Lyricist, no publisher, no catalogue number, format Digital) is
 * exported as release_csv, imported into another company with import_release and exported again: the same
 * sheet, cell for cell, but for the status (imported). The imported release shows its artists as the API
 * made them and its writer keeps both roles, so the metadata checker asks for no Lyricist.
 */
let source: OwnCompany;
let target: OwnCompany;
const unique = () => Math.random().toString(36).slice(2, 8);

function gtin13(): string {
  const body = `50${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`.slice(
    0,
    12,
  );
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

async function reference(admin: string, collection: string, q: string) {
  const answer = await call('GET', `/api/v1/${collection}?selectable=true&q=${encodeURIComponent(q)}`, {
    token: admin,
  });
  return answer.body[collection][0] as { id: string; name: string };
}

/** The release as release_csv, from the export route's download link. */
async function releaseCsv(company: OwnCompany, releaseId: string): Promise<Record<string, string>[]> {
  const answer = await company.api.get(
    `/exports/export?company_id=${company.companyId}&model_name=releases&format=release_csv&ids=${releaseId}`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.export).toMatchObject({ status: 'done', skipped: [] });
  const response = await fetch(answer.body.export.download_url);
  return parse(await response.text(), { columns: true }) as Record<string, string>[];
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  source = await ownCompany('Sheet source');
  target = await ownCompany('Sheet target');
}, 60_000);

describe('release sheet round trip through the API', () => {
  it('export → import_release into another company → export gives the same sheet', async () => {
    const { api, admin } = source;
    const labelName = `Round Trip Records ${unique()}`;
    const label = await source.label(labelName);
    await target.label(labelName);
    const main = (await api.post('/artists', { name: `Ada ${unique()}` })).body.artist;
    const guest = (await api.post('/artists', { name: `Guest, The ${unique()}` })).body.artist;
    const writer = (await api.post('/contributors', { name: `Wren ${unique()}` })).body.contributor;
    const genre = await reference(admin, 'genres', 'pop');
    const english = await reference(admin, 'languages', 'english');
    const artists = [
      { artist_id: main.id, role: 'Main' },
      { artist_id: guest.id, role: 'Featuring' },
    ];
    const recording = await api.post('/recordings', {
      title: `=Night "Drive" ${unique()}`,
      isrc: `CSA01${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
      length: '00:03:21',
      explicit_lyrics: false,
      album_only: false,
      primary_genre_id: genre.id,
      audio_language_id: english.id,
      artist_recordings_attributes: artists,
      contributor_recordings_attributes: [{ contributor_id: writer.id, roles: ['Composer', 'Lyricist'] }],
    });
    expect(recording.status, JSON.stringify(recording.body)).toBe(201);
    const made = await api.post('/releases', {
      title: `Round Trip ${unique()}`,
      upc: gtin13(),
      label_id: label.id,
      release_date: '2026-05-01',
      original_release_date: '2026-04-01',
      c_line: '2026 Round Trip Records',
      p_line: '2026 Round Trip Records',
      explicit: false,
      total_volumes: 1,
      primary_genre_id: genre.id,
      metadata_language_id: english.id,
      release_format: 'Digital',
      artist_releases_attributes: artists,
      products_attributes: [{ format: 'Digital', price_tier: 'Mid' }],
      release_recordings_attributes: [{ recording_id: recording.body.recording.id, position: 1, disc_number: 1 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const original = made.body.release;

    const first = await releaseCsv(source, original.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ cat_no: '', format: 'Digital', publishers: '' });
    expect(first[0].writers).toBe(`${writer.name} (Composer, Lyricist)`);

    const imported = await target.api.post('/import_release', { rows: first });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = (await target.api.get(`/releases/${imported.body.release.id}`)).body.release;
    expect(copy.display_artists).toBe(original.display_artists);
    expect(copy.release_format).toBe('Digital');
    const check = await target.api.get(`/releases/${copy.id}/check`);
    const messages = (check.body.problems as { message: string }[]).map((p) => p.message);
    expect(messages).not.toContain('Needs a Lyricist unless the audio language is Instrumental');
    expect(messages).not.toContain('Needs a contributor credited as Writer or Composer');

    const again = await releaseCsv(target, copy.id);
    expect(again.map((row) => row.status)).toEqual(['imported']);
    const withoutStatus = (rows: Record<string, string>[]) => rows.map(({ status: _status, ...row }) => row);
    expect(withoutStatus(again)).toEqual(withoutStatus(first));
  }, 60_000);
});
