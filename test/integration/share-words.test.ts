import { beforeAll, describe, expect, it } from 'vitest';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * A recording whose artists hold less than 100 % of the label's share: the run's preview says,
 * from the statement engine's one split, what the payees are owed, what the label keeps and what
 * no one is entitled to, and the three add up to the label's share to the cent (to the millionth).
 */
const stamp = Date.now();
const isrc = `GBSW${String(stamp).slice(-8)}`;
let company: OwnCompany;
let artists: { id: string; name: string }[];

/** Millionths of a 6-decimal amount. */
const units = (value: string) => {
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const abs = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return value.startsWith('-') ? -abs : abs;
};

beforeAll(async () => {
  company = await ownCompany('Share words');
  artists = [];
  for (const name of [`Main ${stamp}`, `Guest ${stamp}`]) {
    const made = await company.api.post('/artists', { name });
    expect(made.status).toBe(201);
    artists.push(made.body.artist);
  }
  const recording = await company.api.post('/recordings', {
    title: `Shared Track ${stamp}`,
    isrc,
    artist_recordings_attributes: [
      { artist_id: artists[0].id, payee_share: 60 },
      { artist_id: artists[1].id, payee_share: 15 },
    ],
  });
  expect(recording.status).toBe(201);
  expect(
    recording.body.recording.artist_recordings.map((r: { payee_share: unknown }) => Number(r.payee_share)),
  ).toEqual([60, 15]);
  await importReport(company.api, `share-words-${stamp}`, [
    'Store,Period,ISRC,Artist,Units,Net,Currency',
    `Spotify,2026-03,${isrc},Main,10,3.335,GBP`,
    `Apple,2026-03,${isrc},Main,4,2.10,GBP`,
    // Nobody's: its ISRC names no recording of the company.
    `Apple,2026-03,GBXXX${String(stamp).slice(-7)},Nobody,1,0.25,GBP`,
  ]);
}, 120_000);

describe('the label share of a previewed run', () => {
  it("says what the payees are owed, what the label keeps and what no one is entitled to, adding up to the label's share", async () => {
    const created = await company.api.post('/statements/create_statement_run', {
      kind: 'payee',
      start_pay_period: '2026-03',
      end_pay_period: '2026-03',
    });
    expect(created.status).toBe(201);
    const runId = created.body.statement_run.id;
    const run = await until(async () => {
      const shown = (await company.api.get(`/statement_runs/${runId}`)).body.statement_run;
      return shown.status === 'previewing' ? undefined : shown;
    }, 60_000);
    expect(run).toMatchObject({ status: 'preview_ready', error: null, currency: 'GBP' });
    const { totals, rows } = run.preview as {
      totals: {
        label_payable: string;
        allocated: string;
        retained: string;
        unaccountable: string;
        payees: { stated: string; rounding: string; already_stated: string };
      };
      rows: { account: { type: string; id: string }; royalties: string }[];
    };
    // The identity, to the millionth (so to the cent).
    expect(units(totals.allocated) + units(totals.retained) + units(totals.unaccountable)).toBe(
      units(totals.label_payable),
    );
    // The payees' part as the statements state it: their royalties to the cent, plus the rounding they carry.
    const { payees } = totals;
    expect(payees.already_stated).toBe('0.000000');
    expect(rows.reduce((sum, r) => sum + units(r.royalties), 0n)).toBe(units(payees.stated));
    expect(units(payees.stated) + units(payees.rounding) + units(payees.already_stated)).toBe(units(totals.allocated));
    // Each statement rounds once: the rounding is under half a cent per payee.
    expect(units(payees.rounding) < 0n ? -units(payees.rounding) : units(payees.rounding)).toBeLessThanOrEqual(
      5_000n * BigInt(rows.length),
    );
    // So the label's share = Σ accounts (to the cent) + rounding + retained + unaccountable, exactly.
    expect(units(payees.stated) + units(payees.rounding) + units(totals.retained) + units(totals.unaccountable)).toBe(
      units(totals.label_payable),
    );
    expect(rows.map((r) => r.account).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      artists.map((a) => ({ type: 'Artist', id: a.id })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // 75 % of the recording's label share is the artists', 25 % the label's; the unmatched line is no one's.
    const matched = units(totals.label_payable) - units(totals.unaccountable);
    expect(units(totals.unaccountable)).toBeGreaterThan(0n);
    expect(matched).toBeGreaterThan(0n);
    expect(units(totals.allocated) * 100n).toBe(matched * 75n);
    expect(units(totals.retained) * 100n).toBe(matched * 25n);
    // Each artist's statement states its share, rounded half-up to the cent once.
    const cents = (u: bigint) => ((u + 5_000n) / 10_000n) * 10_000n;
    const royalties = new Map(rows.map((r) => [r.account.id, units(r.royalties)]));
    expect(royalties.get(artists[0].id)).toBe(cents((matched * 60n) / 100n));
    expect(royalties.get(artists[1].id)).toBe(cents((matched * 15n) / 100n));
  }, 90_000);
});
