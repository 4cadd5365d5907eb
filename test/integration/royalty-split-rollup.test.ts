import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { units } from '../support/exact-money.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { fileOrder } from '../support/parquet-order.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * The royalties list's "of which payees", "the label keeps" and "no one is entitled" for a filter on
 * the list's own columns are summed from the split rollup (the whole ledger split once per ledger
 * state and terms, summed by those columns) rather than splitting the filter's lines again. Every
 * filter must answer exactly what splitting its own lines answers, before and after a change to the
 * ledger (lines marked paid) and to the terms (a payee added to a recording).
 */
const stamp = Date.now();
let company: OwnCompany;
let payeeIds: string[];
let recordingId: string;
const isrc = (n: number) => `GBSR${String(stamp).slice(-7)}${n}`;

const FILTERS: Record<string, string>[] = [
  {},
  { by_retailer: 'Spotify' },
  { by_retailer: 'Apple' },
  { start_date: '2031-03-01', end_date: '2031-03-31' },
  { by_retailer: 'Apple', start_date: '2031-04-01', end_date: '2031-04-30' },
  { by_artist: 'Artist One' },
  { by_artist: 'Artist Two', by_retailer: 'Spotify' },
  { state: 'paid' },
  { state: 'unpaid', by_retailer: 'Spotify' },
  // Not the rollup's columns: the filter's lines are split.
  { q: 'Artist One' },
];

/** Each filter's three parts as the list answers them, and as splitting the filter's own lines answers them. */
async function bothWays() {
  const { currentTerms, splitTotals } = await import('../../functions/money/index.js');
  const { filterCondition } = await import('../../functions/royalties/ledger/filter.js');
  const terms = await currentTerms(company.companyId);
  const answers = [];
  for (const filter of FILTERS) {
    const answer = await company.api.get(`/royalties?per_page=5&${new URLSearchParams(filter)}`);
    expect(answer.status, `${JSON.stringify(filter)} ${JSON.stringify(answer.body)}`).toBe(200);
    const listed = answer.body;
    const split = await splitTotals(company.companyId, terms, filterCondition(filter, 'lf'));
    answers.push({
      filter,
      listed: [listed.artist_sum, listed.retained_sum, listed.unaccountable_sum].map(units),
      split: [split.payees, split.retained, split.unaccountable],
      label: units(listed.label_sum),
    });
  }
  return answers;
}

/** The tenant's derived files in the bucket right after the import (beforeAll). */
let afterImport: { splitRollups: number; rollups: number };

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  company = await ownCompany('Split rollup');
  payeeIds = [];
  for (const n of [1, 2]) {
    const made = await company.api.post('/payees', { name: `Split ${n} ${stamp}` });
    expect(made.status).toBe(201);
    payeeIds.push(made.body.payee.id);
  }
  const paid = await company.api.post('/recordings', {
    title: `Split paid ${stamp}`,
    isrc: isrc(1),
    recording_payees_attributes: [{ payee_id: payeeIds[0], split: 33.33 }],
  });
  expect(paid.status).toBe(201);
  recordingId = paid.body.recording.id;
  expect((await company.api.post('/recordings', { title: `Split nobody ${stamp}`, isrc: isrc(2) })).status).toBe(201);
  const rows = [];
  for (const [i, store] of ['Spotify', 'Apple', 'Spotify', 'Deezer'].entries())
    for (const period of ['2031-03', '2031-04'])
      rows.push(
        `${store},${period},${isrc(1)},Track,Artist One,${i + 1},${(0.013 * (i + 1)).toFixed(3)},GBP`,
        `${store},${period},${isrc(2)},Track,Artist Two,1,0.071,GBP`,
        `${store},${period},GBXX00000000,Unknown,Artist Two,2,-0.019,GBP`,
      );
  await importReport(company.api, {
    mapName: `Split rollup ${stamp}`,
    map: { ...storeMap(), constants: { sales_category: 'Stream', territory: 'GB' } },
    filename: `split-rollup-${stamp}.csv`,
    report: ['Store,Period,ISRC,Track,Artist,Units,Net,Currency', ...rows].join('\n'),
  });
  // What the import left in the bucket, counted now: a later test prepares the files itself, and tests may run in
  // any order.
  afterImport = {
    splitRollups: (await sharedFiles('split-rollups')).size,
    rollups: (await sharedFiles('rollups')).size,
  };
}, 120_000);

/** The tenant's derived ledger files in the ledger bucket, by key, with when each was written. */
async function sharedFiles(kind: string) {
  const { listObjects } = await import('../../functions/lib/bucket-objects.js');
  const { derivedKey } = await import('../../functions/royalties/bucket-keys.js');
  const found = new Map<string, number>();
  for await (const object of listObjects(inject('cloudEnv')[ENV.ledgerBucket], derivedKey(company.companyId, kind, '')))
    found.set(object.key, object.lastModified?.getTime() ?? 0);
  return found;
}

describe('the royalties list’s split of a filter', () => {
  it('is not prepared by the import of a small ledger: its first list splits its own lines quickly', async () => {
    expect(afterImport.splitRollups).toBe(0);
    expect(afterImport.rollups).toBe(0);
  });

  it('is what splitting the filter’s own lines gives, to the millionth, after lines are marked paid', async () => {
    const marked = await company.api.patch('/royalties/mark_as_paid', { filter: { by_retailer: 'Apple' } });
    expect(marked.status).toBe(200);
    // The first list of the new state starts writing its split rollup (and splits its own lines meanwhile).
    const writing = Date.now();
    expect((await company.api.get('/royalties?per_page=5')).status).toBe(200);
    const { LEDGER_CACHE_DIR } = await import('../../functions/royalties/ledger/cache-dir.js');
    const folder = path.join(LEDGER_CACHE_DIR, 'split-rollups', company.companyId.replace(/[^0-9A-Za-z]/g, '_'));
    const written = async () => {
      const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.parquet'));
      const times = await Promise.all(names.map(async (n) => (await stat(path.join(folder, n))).mtimeMs));
      return times.some((t) => t >= writing - 1000);
    };
    await expect.poll(written, { timeout: 30_000 }).toBe(true);
    const answers = await bothWays();
    for (const answer of answers) {
      expect(answer.listed, JSON.stringify(answer.filter)).toEqual(answer.split);
      expect(answer.listed.reduce((t, u) => t + u, 0n)).toBe(answer.label);
    }
    const all = answers[0];
    // Every part has something in it, so a part summed from the wrong column would show.
    expect(all.listed.every((u) => u !== 0n)).toBe(true);
  }, 120_000);

  it('follows the terms: a larger payee split on the recording moves every filter’s payees’ part at once', async () => {
    const before = await bothWays();
    const changed = await company.api.patch(`/recordings/${recordingId}`, {
      recording_payees_attributes: [{ payee_id: payeeIds[1], split: 50 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await bothWays();
    for (const [i, answer] of after.entries()) {
      expect(answer.listed, JSON.stringify(answer.filter)).toEqual(answer.split);
      if (before[i].listed[0] !== 0n)
        expect(answer.listed[0], JSON.stringify(answer.filter)).toBeGreaterThan(before[i].listed[0]);
    }
  }, 120_000);

  it('is prepared once for a large ledger and found in the bucket by a process that never read it', async () => {
    const { prepareAfterImport } = await import('../../functions/royalties/api/prepare-after-import.js');
    // New terms no list has asked for yet, so no answer of the API process is kept for them.
    const changed = await company.api.patch(`/recordings/${recordingId}`, {
      recording_payees_attributes: [{ payee_id: payeeIds[1], split: 10 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // What the import worker does after a large import (this ledger counts as large here), in this test's own process.
    await prepareAfterImport(company.companyId, 0);
    const shared = await sharedFiles('split-rollups');
    expect([...shared.keys()].some((key) => key.endsWith('.parquet'))).toBe(true);
    expect((await sharedFiles('rollups')).size).toBeGreaterThan(0);
    // An API process on another machine (a Lambda's own disk): nothing of this company on local disk.
    const { LEDGER_CACHE_DIR } = await import('../../functions/royalties/ledger/cache-dir.js');
    const tenantFolder = company.companyId.replace(/[^0-9A-Za-z]/g, '_');
    for (const kind of ['split-rollups', 'rollups'])
      await rm(path.join(LEDGER_CACHE_DIR, kind, tenantFolder), { recursive: true, force: true });
    const answers = await bothWays();
    for (const answer of answers) expect(answer.listed, JSON.stringify(answer.filter)).toEqual(answer.split);
    // The list read the bucket's copy: it is back on local disk, and the bucket's was not written again.
    const local = await readdir(path.join(LEDGER_CACHE_DIR, 'split-rollups', tenantFolder));
    const files = local.filter((name) => name.endsWith('.parquet'));
    expect(files).toHaveLength(1);
    expect(await sharedFiles('split-rollups')).toEqual(shared);
    // Written in the rollups' layout (rollup-files.ts `rollupCopy`): rows sorted by artist, album, store and period.
    const file = path.join(LEDGER_CACHE_DIR, 'split-rollups', tenantFolder, files[0]);
    const { rows, outOfOrder } = await fileOrder(file, ['artist', 'album', 'retailer', 'pay_period']);
    expect(rows).toBeGreaterThan(1);
    expect(outOfOrder).toEqual([]);
  }, 120_000);
});
