import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NotYetStated, Statement } from '../../shared/schemas/statement-views.js';
import { LEDGER_CACHE_DIR } from '../../functions/royalties/ledger/cache-dir.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * The "Not yet stated" notice (dashboard, statements page) computes each stated period's earnings again to find
 * late money. Those earnings are kept by everything they are computed from (functions/money/earnings/kept-allocation.ts
 * `keptAnswer`), so a view with nothing changed reads them back instead of reading the ledger; a change to the
 * catalogue alone (a payee's share) names other inputs, and the notice shows what it changed at once. After a large
 * import the import's worker computes them (royalties/api/prepare-after-import.ts), so the first view reads them.
 * Each test states a month in a company of its own, so the tests pass in any order.
 */
const month = '2022-07';
let made = 0;

/** A company whose payee has a published statement for `month`, with the views and changes the tests make. */
async function statedCompany() {
  const company: OwnCompany = await ownCompany('Kept late check');
  const { api } = company;
  const { payee, isrc } = await payeeWithEarnings(api, Date.now() + made++, [month, '2022-08']);
  const recordings = (await api.get(`/recordings?q=${isrc}`)).body.recordings as { id: string; isrc: string }[];
  const recordingId = recordings.find((r) => r.isrc === isrc)?.id;
  if (!recordingId) throw new Error('the paid recording is not listed');
  expect(
    (await api.post('/statements', { payee_id: payee.id, start_pay_period: month, end_pay_period: month })).status,
  ).toBe(201);
  const [statement] = await until(async () => {
    const found = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
      .statements as Statement[];
    return found[0]?.queue_status === 'published' ? found : undefined;
  }, 60_000);
  const keptFolder = path.join(LEDGER_CACHE_DIR, 'late-earnings', company.companyId.replace(/[^0-9A-Za-z]/g, '_'));
  return {
    company,
    isrc,
    payee,
    statement,
    keptFolder,
    lateRows: async () => {
      const answer = await api.get('/statements/not_yet_stated');
      expect(answer.status).toBe(200);
      return answer.body.not_yet_stated as NotYetStated[];
    },
    keptFiles: async () =>
      (await readdir(keptFolder).catch(() => [] as string[])).filter((name) => name.endsWith('.json')),
    setShare: async (split: number) => {
      const recording = (await api.get(`/recordings/${recordingId}`)).body.recording as {
        recording_payees: { id: string; payee_id: string }[];
      };
      const row = recording.recording_payees.find((r) => r.payee_id === payee.id);
      const saved = await api.patch(`/recordings/${recordingId}`, {
        recording_payees_attributes: [{ id: row?.id, payee_id: payee.id, split }],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    },
  };
}

describe('the not-yet-stated notice', { timeout: 180_000 }, () => {
  it('keeps the stated months’ earnings and answers the same from them while nothing changed', async () => {
    const { lateRows, keptFiles } = await statedCompany();
    expect(await lateRows()).toEqual([]);
    const kept = await keptFiles();
    expect(kept).toHaveLength(1);
    expect(await lateRows()).toEqual([]);
    expect(await keptFiles()).toEqual(kept);
  });

  it('reads the kept earnings back: a view answers what the kept file says, not a new computation', async () => {
    const { lateRows, keptFiles, keptFolder, payee, statement } = await statedCompany();
    expect(await lateRows()).toEqual([]);
    const [name] = await keptFiles();
    const file = path.join(keptFolder, name);
    const original = await readFile(file, 'utf8');
    const earnings = JSON.parse(original) as { accounts: { account: { id: string }; royalties: string }[] };
    const account = earnings.accounts.find((a) => a.account.id === payee.id);
    if (!account) throw new Error('the kept earnings have no row for the payee');
    account.royalties = (Number(account.royalties) + 1).toFixed(6);
    await writeFile(file, JSON.stringify(earnings));
    try {
      const rows = await lateRows();
      expect(rows.map((r) => [r.number, r.lines, r.amount])).toEqual([[statement.number, 0, '1.000000']]);
    } finally {
      await writeFile(file, original);
    }
    expect(await lateRows()).toEqual([]);
  });

  it('computes again when only the catalogue changed: a lower share shows as money taken back', async () => {
    const { lateRows, setShare, statement } = await statedCompany();
    expect(await lateRows()).toEqual([]);
    await setShare(60);
    const [row, ...others] = await lateRows();
    expect(others).toEqual([]);
    expect(row.statement_id).toBe(statement.id);
    expect(row.number).toBe(statement.number);
    expect(row.lines).toBe(0);
    // The statement carries all of the month's royalties; at 60 % the same lines now earn 40 % less.
    const stated = Number(statement.control.lines_total);
    expect(Number(row.amount)).toBeCloseTo(-0.4 * stated, 5);
  });

  it('is computed by the import’s worker after a large import, so the first view after it reads what it kept', async () => {
    const { company, isrc, lateRows, keptFiles, statement } = await statedCompany();
    expect(await lateRows()).toEqual([]);
    const before = await keptFiles();
    expect(before).toHaveLength(1);
    // A late line for the stated month: a new ledger state, whose earnings no view has computed.
    await importReport(company.api, `late-after-import-${Date.now()}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Spotify,${month},${isrc},Someone Else,5,1.00,GBP`,
    ]);
    // What the import's worker does after an import of a large ledger (this one counts as large here), in this
    // test's own process: its earnings are kept before anyone views the notice.
    const { prepareAfterImport } = await import('../../functions/royalties/api/prepare-after-import.js');
    await prepareAfterImport(company.companyId, 0);
    const prepared = await keptFiles();
    expect(prepared).toHaveLength(2);
    expect(prepared).toEqual(expect.arrayContaining(before));
    // The view finds the prepared file (it writes none of its own) and lists the late line.
    const [row, ...others] = await lateRows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ statement_id: statement.id, lines: 1 });
    expect(Number(row.amount)).toBeGreaterThan(0);
    expect(await keptFiles()).toEqual(prepared);
  });
});
