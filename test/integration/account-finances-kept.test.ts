import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { LEDGER_CACHE_DIR } from '../../functions/royalties/ledger/cache-dir.js';
import { ownCompany } from '../support/own-company.js';
import { payeeWithEarnings } from '../support/payee-earnings.js';

/**
 * A payee's (and an artist's) finances page computes the account's exact share with the statements engine, over
 * every line of the range. The engine's sums are kept by everything they are computed from
 * (functions/money/earnings/kept-allocation.ts `keptAnswer`), in a folder of the account's own, so a view with nothing
 * changed reads them back instead of reading the ledger; a change to the catalogue alone (the payee's share) names
 * other inputs, and the page shows it at once. Each test makes a company of its own, so the tests pass in any order.
 */
const periods: [string, string] = ['2023-03', '2023-04'];
const range = `start_date=${periods[0]}-01&end_date=${periods[1]}-30`;
let made = 0;

type Finances = { by_period: { pay_period: string; artist_share: string }[]; totals: { artist_share: string } };
type KeptSums = { rows: { pay_period: string; share: string }[] };

async function paidPayee() {
  const company = await ownCompany('Kept account finances');
  const { api } = company;
  const { payee, isrc } = await payeeWithEarnings(api, Date.now() + made++, periods);
  const keptFolder = path.join(
    LEDGER_CACHE_DIR,
    'account-earnings',
    `Payee_${payee.id.replace(/[^0-9A-Za-z]/g, '_')}`,
    company.companyId.replace(/[^0-9A-Za-z]/g, '_'),
  );
  return {
    keptFolder,
    page: async () => {
      const answer = await api.get(`/payees/${payee.id}/finances?${range}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.finances as Finances;
    },
    keptFiles: async () =>
      (await readdir(keptFolder).catch(() => [] as string[])).filter((name) => name.endsWith('.json')),
    setShare: async (split: number) => {
      const [found] = (await api.get(`/recordings?q=${isrc}`)).body.recordings as { id: string }[];
      const recording = (await api.get(`/recordings/${found.id}`)).body.recording as {
        recording_payees: { id: string; payee_id: string }[];
      };
      const row = recording.recording_payees.find((r) => r.payee_id === payee.id);
      const saved = await api.patch(`/recordings/${found.id}`, {
        recording_payees_attributes: [{ id: row?.id, payee_id: payee.id, split }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    },
  };
}

describe("an account's finances page", { timeout: 180_000 }, () => {
  it('keeps the account’s sums in a folder of its own and answers the same from them while nothing changed', async () => {
    const { page, keptFiles } = await paidPayee();
    const first = await page();
    expect(Number(first.totals.artist_share)).toBeGreaterThan(0);
    const kept = await keptFiles();
    expect(kept).toHaveLength(1);
    expect(await page()).toEqual(first);
    expect(await keptFiles()).toEqual(kept);
  });

  it('reads the kept sums back: a view answers what the kept file says, not a new computation', async () => {
    const { page, keptFiles, keptFolder } = await paidPayee();
    const first = await page();
    const [name] = await keptFiles();
    const file = path.join(keptFolder, name);
    const original = await readFile(file, 'utf8');
    const sums = JSON.parse(original) as KeptSums;
    // One more whole unit of currency (1,000,000 millionths) on the first month's share.
    const row = sums.rows.find((r) => r.pay_period === periods[0]);
    if (!row) throw new Error('the kept sums have no row for the first month');
    row.share = String(BigInt(row.share) + 1_000_000n);
    await writeFile(file, JSON.stringify(sums));
    try {
      const raised = await page();
      expect(raised.by_period.map((p) => p.artist_share)).toEqual([
        new Big(first.by_period[0].artist_share).plus(1).toFixed(2),
        first.by_period[1].artist_share,
      ]);
    } finally {
      await writeFile(file, original);
    }
    expect(await page()).toEqual(first);
  });

  it('computes again when only the catalogue changed: a lower share shows at once', async () => {
    const { page, setShare, keptFiles } = await paidPayee();
    const before = await page();
    await setShare(60);
    const after = await page();
    // At 60 % of the same lines: each month's share is 60 % of what it was, to the cent.
    after.by_period.forEach((p, i) => {
      expect(Number(p.artist_share)).toBeCloseTo(0.6 * Number(before.by_period[i].artist_share), 2);
    });
    expect(Number(after.totals.artist_share)).toBeLessThan(Number(before.totals.artist_share));
    expect(await keptFiles()).toHaveLength(2);
  });
});
