import { beforeAll, describe, expect, inject, it } from 'vitest';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * Lines a report sends without an ISRC, UPC or catalogue number: the import page lists them by
 * their names, a person assigns them straight to a recording (the label's deal then cuts them,
 * exactly, and the statements pay the recording's payee on them), and once a line is assigned or
 * edited to a record the unmatched list and the import's counts no longer hold it.
 */
type Api = ReturnType<typeof inCompany>;
type Group = { isrc: string | null; song: string | null; artist: string | null; album: string | null; lines: number };
let api: Api;
let tenantId: string;
let importId: string;
let recordingId: string;
let payeeId: string;
const stamp = Date.now();
const year = `20${40 + (stamp % 50)}`;
const period = `${year}-05`;
const lost = `Lost Song ${stamp}`;
const stray = `Stray Song ${stamp}`;
const band = `Nameless Band ${stamp}`;
const unknownIsrc = `QZU${String(stamp).slice(-9)}`;
const found = `Found Song ${stamp}`;

const report = (period: string) =>
  [
    'Store,Period,ISRC,Track,Artist,Units,Net,Currency',
    `Bare Store,${period},,${lost},${band},3,3.00,GBP`,
    `Bare Store,${period},,${lost},${band},1,1.10,GBP`,
    `Bare Store,${period},,${stray},${band},1,0.40,GBP`,
    `Bare Store,${period},${unknownIsrc},Known Elsewhere,${band},1,0.25,GBP`,
  ].join('\n');

/**
 * The report imported again for a test that assigns or edits lines, in a month of its own: the earnings of a period
 * count every import of the company, so the shared import's month keeps its four unmatched lines whichever test ran
 * before.
 */
const ownImport = (month: string) =>
  importReport(api, {
    mapName: `Bare ${month} ${stamp}`,
    map: storeMap(),
    filename: `bare-${month}-${stamp}.csv`,
    report: report(`${year}-${month}`),
  });

const unmatched = async (importId: string) => {
  const answer = await api.get(`/royalty_imports/${importId}/unmatched`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { unmatched: Group[]; unmatched_lines: number; matched_lines: number };
};
const songs = (groups: Group[]) => groups.map((g) => g.isrc ?? g.song);
/** Assigns an import's lines of the lost song (by name, artist and no album) to the recording. */
const assignLost = (importId: string) =>
  api.post(`/royalty_imports/${importId}/assign`, { song: lost, artist: band, album: null, recording_id: recordingId });
const earnings = async (period: string) => {
  const { computeEarnings } = await import('../../functions/money/earnings/earnings.js');
  return computeEarnings(tenantId, {
    kind: 'payee',
    start_pay_period: period,
    end_pay_period: period,
    label_ids: [],
    accounts: [],
  });
};

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  const manager = await ownLabelManager('Unmatched assign');
  tenantId = manager.distributed.id;
  api = inCompany(manager.token, tenantId);
  const label = (await api.post('/labels', { name: `Bare Label ${stamp}`, deal_percentage: 80 })).body.label;
  payeeId = (await api.post('/payees', { name: `Bare Payee ${stamp}` })).body.payee.id;
  const recording = await api.post('/recordings', {
    title: found,
    recording_payees_attributes: [{ payee_id: payeeId, split: 100 }],
  });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  recordingId = recording.body.recording.id;
  const release = await api.post('/releases', {
    title: `Found Album ${stamp}`,
    label_id: label.id,
    release_recordings_attributes: [{ recording_id: recordingId }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  importId = await importReport(api, {
    mapName: `Bare ${stamp}`,
    map: storeMap(),
    filename: `bare-${stamp}.csv`,
    report: report(period),
  });
}, 120_000);

describe('unmatched lines without an identifier', () => {
  it('are listed by their names, apart from each other and from the unknown ISRC', async () => {
    const answer = await unmatched(importId);
    expect(songs(answer.unmatched)).toEqual([lost, stray, unknownIsrc]);
    expect(answer.unmatched[0]).toMatchObject({ isrc: null, upc: null, cat_no: null, artist: band, lines: 2 });
    expect(answer).toMatchObject({ unmatched_lines: 4, matched_lines: 0 });
    expect((await earnings(period)).warnings.unmatched_lines).toBe(4);
  });

  it('refuse an assignment without a record, or with an identifier field and no value, naming the field', async () => {
    const noRecord = await api.post(`/royalty_imports/${importId}/assign`, { song: lost, artist: band, album: null });
    expect(noRecord.status).toBe(400);
    expect(noRecord.body.errors).toHaveProperty('recording_id');
    const noValue = await api.post(`/royalty_imports/${importId}/assign`, { field: 'isrc', recording_id: recordingId });
    expect(noValue.status).toBe(400);
    expect(noValue.body.errors).toHaveProperty('value');
    expect((await unmatched(importId)).unmatched_lines).toBe(4);
  });

  it('are assigned to a recording: linked, named and cut by its label’s deal to the millionth, and paid on', async () => {
    const period = `${year}-06`;
    const importId = await ownImport('06');
    const assigned = await assignLost(importId);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.message).toBe(`2 lines assigned to ${found}`);
    const lines = (
      await api.get(`/royalties?import_id=${importId}&recording_id=${recordingId}&sort_field=line&sort_order=asc`)
    ).body;
    expect(
      lines.royalties.map((l: Record<string, unknown>) => [l.song, l.amount, l.label_payable, l.aggregator_payable]),
    ).toEqual([
      [found, '3.000000', '2.400000', '0.600000'],
      [found, '1.100000', '0.880000', '0.220000'],
    ]);
    // The one payee holds the whole recording: everything the label gets of the two lines is owed to them.
    expect(lines).toMatchObject({ total_sum: '4.100000', label_sum: '3.280000', artist_sum: '3.280000' });
    const statement = await earnings(period);
    expect(statement.accounts.map((a) => [a.account.id, a.royalties, a.lines])).toEqual([[payeeId, '3.280000', 2]]);
    expect(statement.warnings.unmatched_lines).toBe(2);

    const after = await unmatched(importId);
    expect(songs(after.unmatched)).toEqual([stray, unknownIsrc]);
    expect(after).toMatchObject({ unmatched_lines: 2, matched_lines: 2 });
    // Assigned already: nothing is left under those names, and nothing is written twice.
    const again = await assignLost(importId);
    expect(again.status).toBe(409);
  }, 120_000);

  it('leave the list once a line is edited to a recording', async () => {
    // Its own import, whose two lost lines are assigned first: the stray line is then the last one without a record.
    const importId = await ownImport('07');
    const assigned = await assignLost(importId);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const line = (await api.get(`/royalties?import_id=${importId}&q=${encodeURIComponent(stray)}`)).body.royalties[0];
    const edited = await api.patch(`/royalties/${line.id}`, { royalty: { recording_id: recordingId } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await unmatched(importId);
    expect(songs(after.unmatched)).toEqual([unknownIsrc]);
    expect(after).toMatchObject({ unmatched_lines: 1, matched_lines: 3 });
    // The royalties list's "unmatched" filter agrees with the import page.
    const filtered = await api.get(`/royalties?import_id=${importId}&unmatched=true`);
    expect(filtered.body.total_count).toBe(1);
    expect(filtered.body.royalties[0].isrc).toBe(unknownIsrc);
  }, 120_000);
});
