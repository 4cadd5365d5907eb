import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunPreviewRow, RunTotals } from '../../shared/schemas/statement-views.js';
import { cents, exact, units } from '../support/exact-money.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport } from '../support/royalty-report.js';
import { previewedRun } from '../support/statement-run.js';

/**
 * One source for every money figure: over random catalogues (recording payees, artists with shares
 * by format, several artists on a recording, recordings no one is paid on), random lines (returns,
 * unmatched ISRCs, formats) and random edits of lines, the royalties list's sums, the company's
 * finances, every account's own finances and a statement run's preview all say the same: what the
 * payees and artists are owed, what the label keeps and what no one is entitled to, and those three
 * add up to the label share, on every screen's API.
 */
type Api = OwnCompany['api'];
let api: Api;
const stamp = Date.now();
const payees: string[] = [];
const artists: string[] = [];
let run = 0;

const party = fc.record({ who: fc.nat({ max: 2 }), share: fc.integer({ min: 1, max: 33 }) });
/** A recording's terms: payees by split, artists with a payee share and shares by format, or no one. */
const terms = fc.oneof(
  fc.record({
    kind: fc.constant('payees' as const),
    parties: fc.uniqueArray(party, { minLength: 1, maxLength: 3, selector: (p) => p.who }),
  }),
  fc.record({
    kind: fc.constant('artists' as const),
    parties: fc.uniqueArray(
      fc.record({
        who: fc.nat({ max: 1 }),
        share: fc.integer({ min: 1, max: 50 }),
        digital: fc.integer({ min: 0, max: 100 }),
        physical: fc.integer({ min: 0, max: 100 }),
      }),
      { minLength: 1, maxLength: 2, selector: (p) => p.who },
    ),
  }),
  fc.constant({ kind: 'nobody' as const, parties: [] }),
);
const line = fc.record({
  recording: fc.nat({ max: 3 }), // 3: an ISRC the catalogue does not know
  month: fc.integer({ min: 1, max: 3 }),
  cents: fc.integer({ min: -500, max: 5_000 }),
  format: fc.constantFrom('Stream', 'CD', 'Download'),
});
const world = fc.record({
  recordings: fc.array(terms, { minLength: 3, maxLength: 3 }),
  lines: fc.array(line, { minLength: 1, maxLength: 8 }),
  edits: fc.array(fc.record({ index: fc.nat(), label: fc.integer({ min: -100, max: 3_000 }) }), { maxLength: 2 }),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

beforeAll(async () => {
  const company = await ownCompany('One source for money');
  api = company.api;
  for (const n of [1, 2, 3]) {
    const made = await api.post('/payees', { name: `Payee ${n} ${stamp}` });
    expect(made.status).toBe(201);
    payees.push(made.body.payee.id);
  }
  for (const n of [1, 2]) {
    const made = await api.post('/artists', { name: `Artist ${n} ${stamp}` });
    expect(made.status).toBe(201);
    artists.push(made.body.artist.id);
  }
}, 120_000);

/** Makes the world's recordings and imports its lines into a year of its own; answers the year. */
async function make(w: World): Promise<string> {
  run += 1;
  const year = String(2001 + run);
  const isrc = (n: number) => `GBOS${String(stamp).slice(-4)}${String(run).padStart(3, '0')}${n}`;
  for (const [n, t] of w.recordings.entries()) {
    const body: Record<string, unknown> = { title: `Track ${run}.${n}`, isrc: isrc(n) };
    if (t.kind === 'payees')
      body.recording_payees_attributes = t.parties.map((p) => ({ payee_id: payees[p.who], split: p.share }));
    if (t.kind === 'artists')
      body.artist_recordings_attributes = t.parties.map((p) => ({
        artist_id: artists[p.who],
        payee_share: p.share,
        digital_royalty_share: p.digital,
        physical_royalty_share: p.physical,
      }));
    const made = await api.post('/recordings', body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const amount = (c: number) =>
    `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
  await importReport(api, {
    mapName: `One source ${stamp}-${run}`,
    map: {
      columns: {
        retailer: 'Store',
        pay_period: 'Period',
        isrc: 'ISRC',
        quantity: 'Units',
        subtotal_payable: 'Net',
        subtotal_payable_currency: 'Currency',
        sales_category: 'Format',
      },
      constants: { territory: 'GB' },
    },
    filename: `one-source-${stamp}-${run}.csv`,
    report: [
      'Store,Period,ISRC,Units,Net,Currency,Format',
      ...w.lines.map((l) => `Spotify,${year}-0${l.month},${isrc(l.recording)},1,${amount(l.cents)},GBP,${l.format}`),
    ].join('\n'),
  });
  const listed = (await api.get(`/royalties?start_date=${year}-01-01&end_date=${year}-03-31&per_page=100`)).body
    .royalties as { id: string }[];
  for (const edit of w.edits) {
    const target = listed[edit.index % listed.length];
    const edited = await api.patch(`/royalties/${target.id}`, { royalty: { label_payable: amount(edit.label) } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  }
  return year;
}

describe('every money figure from the one engine', () => {
  it('agrees on every screen to the smallest unit, and the label share always adds up', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const year = await make(w);
        const range = `start_date=${year}-01-01&end_date=${year}-03-31`;
        const { previewed } = await previewedRun(api, {
          kind: 'payee',
          start_pay_period: `${year}-01`,
          end_pay_period: `${year}-03`,
        });
        expect(previewed.status).toBe('preview_ready');
        const totals = previewed.preview.totals as RunTotals;
        const rows = previewed.preview.rows as RunPreviewRow[];

        // The royalties list: exact, to the millionth.
        const answer = await api.get(`/royalties?${range}&per_page=5`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const list = answer.body;
        expect([list.label_sum, list.artist_sum, list.retained_sum, list.unaccountable_sum].map(units)).toEqual(
          [totals.label_payable, totals.allocated, totals.retained, totals.unaccountable].map(units),
        );
        expect(units(list.artist_sum) + units(list.retained_sum) + units(list.unaccountable_sum)).toBe(
          units(list.label_sum),
        );

        // The company's finances and the dashboard: the same exact figures, each to the cent, where what the label
        // keeps is the rest of the label share as shown, so the parts on the page add up. Rounded on its own it could
        // differ by a cent: -0.99 split 50/50 keeps -0.495, shown as -0.49 beside payees' -0.50.
        const company = (await api.get(`/company/finances?${range}`)).body.finances.totals;
        const dashboard = (await api.get(`/user_dashboard?${range}`)).body.user_dashboard.finances.totals;
        const [label, owed, none] = [totals.label_payable, totals.allocated, totals.unaccountable].map(cents);
        const rest = cents(exact(units(label) - units(owed) - units(none)));
        for (const figures of [company, dashboard]) {
          expect([figures.label_share, figures.artist_share, figures.unaccountable]).toEqual([label, owed, none]);
          expect(figures.retained).toBe(rest);
          const off = units(figures.retained) - units(totals.retained);
          expect(off <= 10_000n && off >= -10_000n, `kept ${figures.retained} against ${totals.retained}`).toBe(true);
        }

        // Every account of the preview: its own finances say what its statement would pay.
        for (const row of rows) {
          const path = row.account.type === 'Artist' ? 'artists' : 'payees';
          const own = (await api.get(`/${path}/${row.account.id}/finances?${range}`)).body.finances;
          expect(own.totals.artist_share, `${row.account.type} ${row.name}`).toBe(row.royalties);
        }
      }),
      {
        numRuns: Number(process.env.ONE_SOURCE_RUNS ?? 4),
        // Found by a CI run (seed -1565956187): a label share of -0.99 whose payees and the label each get -0.495.
        examples: [
          [
            {
              recordings: [
                {
                  kind: 'payees',
                  parties: [
                    { who: 0, share: 23 },
                    { who: 1, share: 27 },
                  ],
                },
                {
                  kind: 'payees',
                  parties: [
                    { who: 0, share: 2 },
                    { who: 1, share: 12 },
                  ],
                },
                { kind: 'nobody', parties: [] },
              ],
              lines: [{ recording: 0, month: 2, cents: 1257, format: 'Stream' }],
              edits: [
                { index: 10, label: -94 },
                { index: 3, label: -99 },
              ],
            },
          ],
        ],
        endOnFailure: true,
        // ONE_SOURCE_SEED replays a counterexample a failing run printed (its seed).
        ...(process.env.ONE_SOURCE_SEED ? { seed: Number(process.env.ONE_SOURCE_SEED) } : {}),
      },
    );
  }, 600_000);
});

describe('a change of terms', () => {
  it('moves every figure at once: artists added to a recording no one was paid on', async () => {
    run += 1;
    const year = String(2001 + run);
    const isrc = `GBOT${String(stamp).slice(-4)}${String(run).padStart(3, '0')}0`;
    const made = await api.post('/recordings', { title: `Later Terms ${stamp}`, isrc });
    expect(made.status).toBe(201);
    await importReport(api, {
      mapName: `Later terms ${stamp}`,
      map: {
        columns: { retailer: 'Store', pay_period: 'Period', isrc: 'ISRC', subtotal_payable: 'Net' },
        constants: { territory: 'GB', sales_category: 'Stream', subtotal_payable_currency: 'GBP' },
      },
      filename: `later-terms-${stamp}.csv`,
      report: ['Store,Period,ISRC,Net', `Amazon,${year}-02,${isrc},12.26`].join('\n'),
    });
    const range = `start_date=${year}-01-01&end_date=${year}-03-31`;
    const figures = async () => ({
      list: (await api.get(`/royalties?${range}&per_page=5`)).body,
      company: (await api.get(`/company/finances?${range}`)).body.finances.totals,
    });
    const before = await figures();
    // No one is entitled to a recording without payees or artists: not "artist share", not "the label keeps".
    expect(units(before.list.artist_sum)).toBe(0n);
    expect(before.list.unaccountable_sum).toBe(before.list.label_sum);
    expect(before.company).toMatchObject({ artist_share: '0.00', retained: '0.00' });
    expect(before.company.unaccountable).toBe(before.company.label_share);

    const changed = await api.patch(`/recordings/${made.body.recording.id}`, {
      artist_recordings_attributes: [{ artist_id: artists[0], payee_share: 50, digital_royalty_share: 100 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await figures();
    const { previewed } = await previewedRun(api, {
      kind: 'payee',
      start_pay_period: `${year}-01`,
      end_pay_period: `${year}-03`,
    });
    const totals = previewed.preview.totals as RunTotals;
    expect(units(totals.allocated) > 0n).toBe(true);
    expect(units(after.list.artist_sum)).toBe(units(totals.allocated));
    expect(units(after.list.unaccountable_sum)).toBe(0n);
    expect(after.company.artist_share).toBe(cents(totals.allocated));
    expect(after.company.retained).toBe(cents(totals.retained));
  }, 180_000);
});
