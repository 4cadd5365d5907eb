import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement, SummaryDimension } from '../../shared/schemas/statement-views.js';
import { units } from '../support/exact-money.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';
import { payeeStatementOf, publishedRun } from '../support/statement-run.js';

/**
 * A payee's statement opens the lines behind each of its amounts: its own lines, read from the CSV it was published
 * with, kept by the table's row. Every row of every table opens as many lines as it counts, adding up to its amount
 * to the millionth.
 */
const stamp = Date.now();
let own: OwnCompany;
let statement: Statement;
const isrc = (n: number) => `GBSL${String(stamp).slice(-7)}${n}`;
/** The table a filter reads its value from, and how the row names it. */
const FILTERS: [SummaryDimension, string][] = [
  ['store', 'store'],
  ['territory', 'territory'],
  ['format', 'format'],
  ['release', 'release'],
  ['track', 'track'],
  ['period', 'month'],
  ['term', 'term'],
];

beforeAll(async () => {
  own = await ownCompany('Statement lines');
  const payee = (await own.api.post('/payees', { name: `Lines payee ${stamp}` })).body.payee.id as string;
  const recordings: string[] = [];
  for (const n of [1, 2]) {
    const made = await own.api.post('/recordings', {
      title: n === 1 ? `=Formula Song ${stamp}` : `Plain Song ${stamp}`,
      isrc: isrc(n),
      recording_payees_attributes: [{ payee_id: payee, split: n === 1 ? 50 : 25 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    recordings.push(made.body.recording.id);
  }
  const release = await own.api.post('/releases', {
    title: `Lines EP ${stamp}`,
    release_recordings_attributes: recordings.map((recording_id, i) => ({ recording_id, position: i + 1 })),
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  await importReport(own.api, {
    mapName: `Lines ${stamp}`,
    map: storeMap({ territory: 'Territory' }),
    filename: `lines-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Track,Artist,Units,Net,Currency,Territory',
      `Spotify,2031-04,${isrc(1)},Song,A,10,1.000001,GBP,GB`,
      `Spotify,2031-05,${isrc(1)},Song,A,3,0.333333,GBP,FR`,
      `Apple,2031-05,${isrc(2)},Song,A,7,2.500007,GBP,GB`,
      `=HYPERLINK("x"),2031-06,${isrc(2)},Song,A,1,0.100000,GBP,GB`,
      `Apple,2031-06,GBXXX9900009,Song,A,1,9.000000,GBP,GB`,
    ].join('\n'),
  });
  await publishedRun(own.api, {
    kind: 'payee',
    start_pay_period: '2031-04',
    end_pay_period: '2031-06',
    accounts: [{ type: 'Payee', id: payee }],
  });
  statement = await payeeStatementOf(own.api, payee, '2031-04');
}, 240_000);

const linesOf = async (query: Record<string, string> = {}) => {
  const answer = await own.api.get(`/statements/${statement.id}/lines?${new URLSearchParams(query)}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe("a statement's lines", () => {
  it('are the lines of its CSV, adding up to its control figures', async () => {
    const all = await linesOf();
    expect(all.total_count).toBe(statement.control.lines);
    expect(all.total_count).toBe(4);
    expect(units(all.share)).toBe(units(statement.control.lines_total));
    expect(all.lines.map((l: { pay_period: string }) => l.pay_period)).toEqual([
      '2031-04',
      '2031-05',
      '2031-05',
      '2031-06',
    ]);
    // Text is shown as the report named it: the CSV's guard against spreadsheet formulas is the file's, not the page's.
    expect(all.lines.map((l: { retailer: string }) => l.retailer)).toContain('=HYPERLINK("x")');
    expect(all.lines[0]).toMatchObject({ track: `=Formula Song ${stamp}`, isrc: isrc(1), quantity: 10 });
    // Half of 1.000001, to the millionth the allocation gives it.
    expect(['0.500000', '0.500001']).toContain(all.lines[0].share);
  });

  it('open, for every row of every table, the lines it counts and its amount to the millionth', async () => {
    let checked = 0;
    for (const [dimension, filter] of FILTERS)
      for (const row of statement.summaries[dimension] ?? []) {
        if (row.value === null || row.others) continue;
        const kept = await linesOf({ [filter]: row.label });
        expect([dimension, row.label, kept.total_count, units(kept.share)]).toEqual([
          dimension,
          row.label,
          row.lines,
          units(row.amount),
        ]);
        checked += 1;
      }
    // Two stores, two territories, one format, one release, two tracks, three months, one term at least.
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('page, and combine filters', async () => {
    const second = await linesOf({ per_page: '1', page: '2' });
    expect(second).toMatchObject({ total_count: 4, total_pages: 4 });
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0].pay_period).toBe('2031-05');
    const both = await linesOf({ store: 'Spotify', territory: 'FR' });
    expect(both.total_count).toBe(1);
    expect(both.lines[0]).toMatchObject({ pay_period: '2031-05', quantity: 3 });
    expect((await linesOf({ store: 'Nobody' })).total_count).toBe(0);
  });

  it('refuse a page too long, naming the field, and stay the company’s own', async () => {
    const long = await own.api.get(`/statements/${statement.id}/lines?per_page=1000`);
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(['per_page']);
    const other = await ownCompany('Statement lines, another company');
    expect((await other.api.get(`/statements/${statement.id}/lines`)).status).toBe(404);
  });
});
