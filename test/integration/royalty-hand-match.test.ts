import { beforeAll, describe, expect, it } from 'vitest';
import { finishedImportJob } from '../support/import-job.js';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { storeMap } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * A line matched to the catalogue takes the catalogue's names (fixed first, so
 * statements inherit it): assigned by hand or matched by ISRC, a line shows its recording's
 * title, artist, release and label, so the artist filter, the facets and the sums find it under
 * the catalogue's artist, and a re-match applies the catalogue as it is now.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let mapId: string;
const stamp = Date.now();
const digits = String(stamp).slice(-7);
const knownIsrc = `QZK${digits.slice(0, 2)}${digits}`;
const catalogue = {
  artist: `Ada Hand ${stamp}`,
  label: `Hand Label ${stamp}`,
  song: `Found Song ${stamp}`,
  other: `Other Song ${stamp}`,
  album: `Found Album ${stamp}`,
};
let artistId: string;
let releaseLabelId: string;
let recordingId: string;
let otherRecordingId: string;

// The store map's columns with the album and label, and no constants.
const MAP = { columns: storeMap({ album: 'Album', label_name: 'Label' }).columns };

type Line = { song: string; artist: string; album: string; label_name: string; isrc: string; matched_by: string };
type Report = {
  importId: string;
  unmatchedIsrc: string;
  stranger: string;
  unknownSong: string;
  reportAlbum: string;
  reportLabel: string;
};
const lines = async (importId: string, query: string) =>
  (await api.get(`/royalties?import_id=${importId}&${query}`)).body;

/** A recording of the catalogue artist on a release of the catalogue label, for a test that renames its own. */
async function catalogueRecording(title: string): Promise<string> {
  const recording = await api.post('/recordings', { title, artist_recordings_attributes: [{ artist_id: artistId }] });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  const release = await api.post('/releases', {
    title: catalogue.album,
    label_id: releaseLabelId,
    release_recordings_attributes: [{ recording_id: recording.body.recording.id }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  return recording.body.recording.id;
}

/**
 * Each test imports the report on its own: an ISRC assigned by hand is remembered for later imports too, so each
 * import's unmatched line has an ISRC of its own. The report's names are its own too: the list's filter menus
 * (artists, albums) span the company's every import, and a test finds nothing left under its report's names.
 */
async function importReport(tag: string): Promise<Report> {
  const unmatchedIsrc = `QZ${tag}${digits.slice(0, 2)}${digits}`;
  const stranger = `Someone Else ${tag} ${stamp}`;
  const unknownSong = `Unknown Song ${tag} ${stamp}`;
  const reportAlbum = `Unknown Album ${tag} ${stamp}`;
  const reportLabel = `Some Label ${tag} ${stamp}`;
  const report = [
    'Store,Period,ISRC,Track,Artist,Album,Label,Units,Net,Currency',
    `Hand Store ${tag},2026-02,${unmatchedIsrc},${unknownSong},${stranger},${reportAlbum},${reportLabel},4,3.00,GBP`,
    `Hand Store ${tag},2026-02,${knownIsrc},Radio Edit ${stamp},${stranger},${reportAlbum},${reportLabel},1,1.00,GBP`,
  ].join('\n');
  const filename = `hand-${tag}-${stamp}.csv`;
  const upload = await api.post('/royalties/bulk', { filename, size: Buffer.byteLength(report), source_id: mapId });
  const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: report });
  expect(put.status).toBe(200);
  const done = await until(async () => {
    const found = (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
      (i: { filename: string; status: string }) => i.filename === filename && i.status !== 'processing',
    );
    return found;
  }, 60_000);
  expect(done.status).toBe('done');
  return { importId: done.id, unmatchedIsrc, stranger, unknownSong, reportAlbum, reportLabel };
}

beforeAll(async () => {
  const manager = await ownLabelManager('Royalty hand match');
  api = inCompany(manager.token, manager.distributed.id);
  const label = (await api.post('/labels', { name: catalogue.label, deal_percentage: 80 })).body.label;
  releaseLabelId = label.id;
  const artist = (await api.post('/artists', { name: catalogue.artist })).body.artist;
  artistId = artist.id;
  const recording = await api.post('/recordings', {
    title: catalogue.song,
    artist_recordings_attributes: [{ artist_id: artist.id }],
  });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  recordingId = recording.body.recording.id;
  const other = await api.post('/recordings', {
    title: catalogue.other,
    isrc: knownIsrc,
    artist_recordings_attributes: [{ artist_id: artist.id }],
  });
  expect(other.status, JSON.stringify(other.body)).toBe(201);
  otherRecordingId = other.body.recording.id;
  const release = await api.post('/releases', {
    title: catalogue.album,
    label_id: label.id,
    release_recordings_attributes: [{ recording_id: recordingId }, { recording_id: otherRecordingId }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);

  const map = await api.post('/royalty_maps', { name: `Hand ${stamp}`, map: MAP });
  expect(map.status).toBe(201);
  mapId = map.body.royalty_map.id;
}, 120_000);

describe('a line matched to the catalogue', () => {
  it('by ISRC takes its recording’s song, artist, album and label; an unmatched line keeps the report’s', async () => {
    const { importId, stranger, unknownSong, reportAlbum, reportLabel } = await importReport('A');
    const all = (await lines(importId, 'sort_field=line&sort_order=asc')).royalties as Line[];
    expect(all.map((l) => [l.matched_by, l.song, l.artist, l.album, l.label_name])).toEqual([
      [null, unknownSong, stranger, reportAlbum, reportLabel],
      ['isrc', catalogue.other, catalogue.artist, catalogue.album, catalogue.label],
    ]);
  }, 120_000);

  it('assigned by hand takes its recording’s names: the artist filter, the facets and the sums find it', async () => {
    const { importId, unmatchedIsrc, stranger, reportAlbum } = await importReport('B');
    const asked = new Date().toISOString();
    const assigned = await api.post(`/royalty_imports/${importId}/assign`, {
      field: 'isrc',
      value: unmatchedIsrc,
      recording_id: recordingId,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(202);
    expect((await finishedImportJob(api, importId, asked)).status).toBe('done');
    const byArtist = await lines(
      importId,
      `by_artist=${encodeURIComponent(catalogue.artist)}&sort_field=line&sort_order=asc`,
    );
    expect(byArtist.total_count).toBe(2);
    expect(byArtist.royalties[0]).toMatchObject({
      isrc: unmatchedIsrc,
      matched_by: 'manual',
      recording_id: recordingId,
      song: catalogue.song,
      artist: catalogue.artist,
      album: catalogue.album,
      label_name: catalogue.label,
      amount: '3.000000',
      label_payable: '2.400000',
      // The one artist holds the whole payee share: the artists' part is the label's share.
      artist_payable: '2.400000',
    });
    // The sums under the catalogue's artist are the two lines', and the artists' part is within the label's.
    expect(byArtist).toMatchObject({
      total_sum: '4.000000',
      label_sum: '3.200000',
      aggregator_sum: '0.800000',
      artist_sum: '3.200000',
    });
    expect(byArtist.artists).toContain(catalogue.artist);
    expect(byArtist.albums).toContain(catalogue.album);
    expect(byArtist.label_names).toContain(catalogue.label);
    // Nothing is left under the report's names.
    expect(byArtist.artists).not.toContain(stranger);
    expect(byArtist.albums).not.toContain(reportAlbum);
    expect((await lines(importId, `by_artist=${encodeURIComponent(stranger)}`)).total_count).toBe(0);
    expect((await lines(importId, `by_album=${encodeURIComponent(catalogue.album)}`)).total_count).toBe(2);
    expect((await lines(importId, `q=${encodeURIComponent(catalogue.song)}`)).total_count).toBe(1);
  }, 120_000);

  it('re-matched, takes the catalogue’s names as they are now', async () => {
    // Its own recording, assigned by hand to its own import's line: renaming it leaves the other tests' as they are.
    const { importId, unmatchedIsrc } = await importReport('C');
    const ownRecordingId = await catalogueRecording(`Rematch Song ${stamp}`);
    const asked = new Date().toISOString();
    const assigned = await api.post(`/royalty_imports/${importId}/assign`, {
      field: 'isrc',
      value: unmatchedIsrc,
      recording_id: ownRecordingId,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(202);
    expect((await finishedImportJob(api, importId, asked)).status).toBe('done');
    const renamed = `Renamed Song ${stamp}`;
    expect((await api.patch(`/recordings/${ownRecordingId}`, { title: renamed })).status).toBe(200);
    const rematchAsked = new Date().toISOString();
    const rematched = await api.post(`/royalty_imports/${importId}/rematch`);
    expect(rematched.status, JSON.stringify(rematched.body)).toBe(202);
    expect((await finishedImportJob(api, importId, rematchAsked)).status).toBe('done');
    const after = (await lines(importId, 'sort_field=line&sort_order=asc')).royalties as Line[];
    expect(after.map((l) => [l.matched_by, l.song, l.artist])).toEqual([
      ['manual', renamed, catalogue.artist],
      ['isrc', catalogue.other, catalogue.artist],
    ]);
  }, 120_000);
});
