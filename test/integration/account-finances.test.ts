import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { inCompany } from '../support/api.js';
import { financeFixture, putThreeWaySplit } from '../support/finance-fixture.js';
import { ownLabelManager } from '../support/own-company.js';
import { publishedRun } from '../support/statement-run.js';

/**
 * Follow-ups to the finances area:
 * - a payee's and an artist's finances are their exact share as the statements engine splits it,
 *   so a payee paid only through recording_payees splits earns what its statements say, period by
 *   period, to the cent (the rounding carried from statement to statement), and drills down to
 *   its recordings' lines;
 * - an import whose aggregates an older rollup wrote (no cross dimensions) is rebuilt from its
 *   ledger files when the finances read it, so a label's stores, territories and releases return.
 */
type Api = ReturnType<typeof inCompany>;
type Period = { pay_period: string; artist_share: string; royalties_query: string };
type Statement = { id: string; run_id: string; statementable_id: string; figures: { royalties: string } };
const stamp = Date.now();
const year = 2040 + ((stamp + 29) % 50);
const [p1, p2] = [`${year}-05`, `${year}-06`];
const range = { start_date: `${p1}-01`, end_date: `${p2}-30` };
const isrc = (n: number) => `QA${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
const labelId = `LAB-AF-${stamp}`;
const artistId = `ART-AF-${stamp}`;
const payee = (n: number) => `PAY-AF-${stamp}-${n}`;
const recording = (n: number) => `REC-AF-${stamp}-${n}`;
const sourceId = `SRC-AF-${stamp}`;
let api: Api;
let other: Api;
let tenantId: string;
let importId: string;

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
const sum = (values: string[]) => values.reduce((a, v) => a.plus(v), new Big(0)).toFixed(2);

/** Publishes a payee statement run for the accounts over the periods; answers its statements by account id. */
async function publish(start: string, end: string): Promise<Map<string, Statement>> {
  const { runId } = await publishedRun(api, {
    kind: 'payee',
    start_pay_period: start,
    end_pay_period: end,
    accounts: [
      { type: 'Payee', id: payee(1) },
      { type: 'Artist', id: artistId },
    ],
  });
  const all = (await api.get('/statements?per_page=1000')).body.statements as Statement[];
  return new Map(all.filter((s) => s.run_id === runId).map((s) => [s.statementable_id, s]));
}

beforeAll(async () => {
  ({ api, other, tenantId, importId } = await financeFixture({
    // A company of the file's own: the split cube below is compared over every line the company has.
    manager: await ownLabelManager('Account finances'),
    source: { id: sourceId, name: 'Account Finance Store' },
    label: { labelId, name: `Account Finance Label ${stamp}` },
    release: { id: `REL-AF-${stamp}`, title: 'Split EP', recordings: [recording(1), recording(2)] },
    catalogue: async (db, tenantId) => {
      for (const n of [1, 2, 3])
        await db.Payee.put({
          tenantId,
          id: payee(n),
          name: `Split Payee ${n}`,
          email: `split.${n}.${stamp}@example.test`,
        }).go();
      // An artist without member payees is its own account.
      await db.Artist.put({ tenantId, id: artistId, name: 'Split Artist', email: `artist.${stamp}@example.test` }).go();
      // Payee 1 is nobody's member: it is paid through the recording's splits only.
      await putThreeWaySplit(db, tenantId, { id: recording(1), title: 'Split One', isrc: isrc(1) }, [
        payee(1),
        payee(2),
        payee(3),
      ]);
      await db.Recording.put({
        tenantId,
        id: recording(2),
        title: 'Split Two',
        isrc: isrc(2),
        artist_recordings: [{ artist_id: artistId, payee_share: 45.5, digital_royalty_share: 100 }],
      }).go();
    },
    report: {
      name: 'account-finances',
      lines: [
        `${isrc(1)},10.01,GBP,${p1},Spotify,GB`,
        `${isrc(1)},2.005,GBP,${p1},Apple,US`,
        `${isrc(1)},0.013,GBP,${p1},Spotify,GB`,
        `${isrc(1)},5.555555,GBP,${p2},Spotify,DE`,
        `${isrc(1)},0.03,GBP,${p2},Apple,GB`,
        `${isrc(2)},1.237,GBP,${p1},Spotify,FR`,
        `${isrc(2)},7.777777,GBP,${p2},Apple,GB`,
        `${isrc(9)},1.00,GBP,${p1},Spotify,GB`,
      ],
    },
  }));
}, 120_000);

describe("a payee's and an artist's finances", () => {
  it('are the exact share their statements pay, period by period, to the cent', async () => {
    const first = await publish(p1, p1);
    const second = await publish(p2, p2);
    const byAccount = async (path: string, dates: { start_date: string; end_date: string }) => {
      const answer = await api.get(`${path}?${qs(dates)}`);
      expect(answer.status).toBe(200);
      return answer.body.finances as {
        by_period: Period[];
        by_store: { key: string | null; artist_share: string; royalties_query: string }[];
        totals: { artist_share: string; revenue: string; lines: number };
        statements: { id: string }[];
      };
    };
    for (const [path, id] of [
      [`/payees/${payee(1)}/finances`, payee(1)],
      [`/artists/${artistId}/finances`, artistId],
    ]) {
      const [one, two] = [first.get(id), second.get(id)];
      expect(one).toBeDefined();
      expect(two).toBeDefined();
      const view = await byAccount(path, range);
      // Each period is its statement's royalties (the second carries the first's rounding).
      expect(view.by_period.map((p) => [p.pay_period, p.artist_share])).toEqual([
        [p1, one?.figures.royalties],
        [p2, two?.figures.royalties],
      ]);
      expect(view.totals.artist_share).toBe(sum([one?.figures.royalties ?? '', two?.figures.royalties ?? '']));
      expect(new Big(view.totals.artist_share).gt(0)).toBe(true);
      expect(view.statements.map((s) => s.id).sort()).toEqual([one?.id, two?.id].sort());
      // A range starting at the second statement still rounds as it did.
      const later = await byAccount(path, { start_date: `${p2}-01`, end_date: `${p2}-30` });
      expect(later.by_period.map((p) => p.artist_share)).toEqual([two?.figures.royalties]);
      // The stores' shares add up to the same exact earnings (each rounded on its own).
      expect(
        new Big(sum(view.by_store.map((s) => s.artist_share))).minus(view.totals.artist_share).abs().lte('0.02'),
      ).toBe(true);
    }
  }, 300_000);

  it("shows a payee paid through recording splits its lines, and drills down to its recording's lines", async () => {
    const view = (await api.get(`/payees/${payee(1)}/finances?${qs(range)}`)).body.finances;
    // 10.01 + 2.005 + 0.013 + 5.555555 + 0.03: the lines of the recording it has a split of.
    expect(view.totals).toMatchObject({ revenue: '17.61', lines: 5 });
    expect(view.by_store.map((s: { key: string }) => s.key)).toEqual(['Spotify', 'Apple']);
    const query = new URLSearchParams(view.by_period[0].royalties_query);
    expect(query.get('recording_id')).toBe(recording(1));
    const behind = await api.get(`/royalties?${view.by_period[0].royalties_query}&per_page=50`);
    expect(behind.status).toBe(200);
    expect(behind.body.total_count).toBe(3);
    const store = await api.get(`/royalties?${view.by_store[0].royalties_query}&per_page=50`);
    expect(store.body.total_count).toBe(3); // Spotify: two lines in the first period, one in the second
    // The royalties list takes several recordings too.
    const both = await api.get(`/royalties?${qs({ ...range, recording_id: `${recording(1)},${recording(2)}` })}`);
    expect(both.body.total_count).toBe(7);
    expect((await other.get(`/payees/${payee(1)}/finances`)).status).toBe(404);
  }, 120_000);
});

describe('aggregates of an older rollup', () => {
  it("are rebuilt from the import's ledger files, so a label's stores, territories and releases return", async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { CROSS_DIMENSIONS, AGGREGATES_VERSION } = await import('../../functions/royalties/ledger/aggregates.js');
    const { royaltiesChanged } = await import('../../functions/royalties/ledger/state.js');
    const db = getDb().entities;
    const path = `/labels/${labelId}/finances?${qs(range)}`;
    const before = (await api.get(path)).body.finances;
    expect(before.by_store.length).toBeGreaterThan(0);
    expect(before.by_release).toMatchObject([{ key: `REL-AF-${stamp}` }]);

    // As an import written before the cross dimensions: none of their items, no version stamp.
    const items = (await db.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all' })).data;
    const cross = items.filter((i) => Object.keys(CROSS_DIMENSIONS).includes(i.key.split('#')[1]));
    expect(cross.length).toBeGreaterThan(0);
    await db.RoyaltyAggregate.delete(cross.map((i) => ({ tenantId, importId, key: i.key }))).go();
    await db.RoyaltyImport.patch({ tenantId, id: importId }).remove(['aggregates_version']).go();
    await royaltiesChanged(tenantId);

    const after = (await api.get(path)).body.finances;
    expect(after.by_store).toEqual(before.by_store);
    expect(after.by_territory).toEqual(before.by_territory);
    expect(after.by_release).toEqual(before.by_release);
    expect(after.totals).toEqual(before.totals);
    const item = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data;
    expect(item?.aggregates_version).toBe(AGGREGATES_VERSION);
    const rebuilt = (await db.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all' })).data;
    expect(rebuilt.map((i) => i.key).sort()).toEqual(items.map((i) => i.key).sort());
  }, 120_000);
});

describe("the finances' split cube", () => {
  it('is, in every cell, the sum of the splits of the lines that cell counts, as the aggregates name the cells', async () => {
    const { currentTerms } = await import('../../functions/money/index.js');
    const { withLineSplit, lineSplitSql, SPLIT_SUMS, splitOfRow } = await import(
      '../../functions/money/earnings/line-split.js'
    );
    const { rowsOf } = await import('../../functions/money/earnings/allocation.js');
    const { GROUPED } = await import('../../functions/money/finances/overlay-deltas.js');
    const { CROSS_DIMENSIONS } = await import('../../functions/royalties/ledger/aggregates.js');
    const { splitCube, splitCells } = await import('../../functions/money/finances/split-cube.js');
    const terms = await currentTerms(tenantId);
    const cube = await splitCube(tenantId, terms);

    // The reference: every group of identical lines split by the engine, added to each cell it counts in, named
    // here as the aggregates name them: its value of each dimension, the total, and each crossing of a first
    // dimension it has with the second ("label|store").
    const cellsOf = (row: Record<string, unknown>) => {
      const text = (column: string) => (row[column] === null ? null : String(row[column]));
      const cells: [string, string | null][] = [...GROUPED.map((d): [string, string | null] => [d, text(d)])];
      cells.push(['total', 'total']);
      for (const [name, [first, second]] of Object.entries(CROSS_DIMENSIONS))
        if (text(first) !== null) cells.push([name, `${text(first)}|${text(second) ?? ''}`]);
      return cells;
    };
    const groups = await withLineSplit(
      tenantId,
      terms,
      (p) =>
        rowsOf(
          p,
          `SELECT pay_period, ${GROUPED.join(', ')}, ${SPLIT_SUMS} FROM (${lineSplitSql()})
           WHERE pay_period IS NOT NULL GROUP BY ALL`,
        ),
      { columns: ['pay_period', ...GROUPED] },
    );
    const expected = new Map<string, [bigint, bigint, bigint]>();
    for (const row of groups) {
      const units = splitOfRow(row);
      for (const [dimension, value] of cellsOf(row)) {
        const key = JSON.stringify([row.pay_period, dimension, value]);
        const [payees, retained, unaccountable] = expected.get(key) ?? [0n, 0n, 0n];
        expected.set(key, [payees + units.payees, retained + units.retained, unaccountable + units.unaccountable]);
      }
    }
    const cells = [...splitCells(cube)].map(([period, dimension, value, units]) => [
      JSON.stringify([period, dimension, value]),
      [units.payees, units.retained, units.unaccountable],
    ]);
    expect(new Map(cells as [string, [bigint, bigint, bigint]][])).toEqual(expected);
    expect(cells.length).toBe(expected.size);
    // The report's cells include the kinds a grouping could get wrong: a line of no recording, label or artist
    // (a null value, in no cross cell), a cross cell, and each period's total.
    const keys = cells.map(([key]) => JSON.parse(key as string) as [string, string, string | null]);
    expect(keys).toContainEqual([p1, 'label_id', null]);
    expect(keys).toContainEqual([p1, 'label_retailer', `${labelId}|Spotify`]);
    expect(keys).toContainEqual([p2, 'total', 'total']);
  }, 120_000);
});
