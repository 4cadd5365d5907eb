import Big from 'big.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * Payees' opening balances from a file: the check answers every problem of every row and writes nothing; the import
 * writes one adjustment per row, exact to the cent, which the payee's account shows through its one path; the same
 * file is refused once imported, two imports of it at once write it once, an import stopped between batches carries
 * on; another company's payees are unknown; a member without money.write is refused.
 */
type Api = OwnCompany['api'];
let own: OwnCompany;
let api: Api;
const run = Math.random().toString(36).slice(2, 8);
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${run} ${i + 1}`);
const payeeIds = new Map<string, string>();
let otherName: string;

const file = (csv: string, file_name = 'balances.csv') => ({
  file_name,
  content: Buffer.from(csv, 'utf8').toString('base64'),
});
const csvOf = (rows: string[][]) =>
  ['payee,balance,currency,date,description', ...rows.map((r) => r.join(','))].join('\n');

async function payee(name: string) {
  const made = await api.post('/payees', { name });
  expect(made.status).toBe(201);
  payeeIds.set(name, made.body.payee.id);
  return made.body.payee.id as string;
}

async function accountOf(name: string) {
  const view = await api.get(`/payees/${payeeIds.get(name)}/accounting`);
  expect(view.status).toBe(200);
  return view.body as {
    balance: string;
    pending: string;
    entries: { kind: string; amount: string; description: string; date: string }[];
  };
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Opening balances');
  api = own.api;
  for (const name of [...names('Main', 3), ...names('Race', 2), ...names('Crash', 5), `Twin ${run}`, `twin ${run}`])
    await payee(name);
  const other = await own.sibling('Opening balances elsewhere');
  otherName = `Elsewhere ${run}`;
  expect((await other.api.post('/payees', { name: otherName })).status).toBe(201);
}, 120_000);

describe('the check', () => {
  it('answers every problem of every row, by row and column, and writes nothing', async () => {
    const [ann, bob] = names('Main', 2);
    const answer = await api.post(
      '/opening_balances/check',
      file(
        csvOf([
          [ann.toUpperCase(), '100.10', 'GBP', '', ''],
          [otherName, '5', 'GBP', '', ''],
          [`Twin ${run}`, '5', 'GBP', '', ''],
          [bob, '12.345', 'EUR', '31/12/2025', ''],
          ['', '', '', '', ''],
          [ann, 'ten', 'GBP', '', ''],
        ]),
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toEqual([
      { row: 3, column: 'payee', message: `No payee named "${otherName}" in this company` },
      {
        row: 4,
        column: 'payee',
        message: `2 payees are named "Twin ${run}": give the payee's id instead of the name`,
      },
      { row: 5, column: 'balance', message: 'Balance must be exact to the cent (at most 2 decimals)' },
      { row: 5, column: 'currency', message: "Currency must be GBP, the currency of the company's accounts (not EUR)" },
      { row: 5, column: 'date', message: 'Date must be a date (YYYY-MM-DD)' },
      { row: 7, column: 'payee', message: `${ann} has a balance on row 2 already: one per payee` },
      { row: 7, column: 'balance', message: 'Balance must be an amount such as 1250.00 or -300.50' },
    ]);
    expect(answer.body).toMatchObject({ rows: 5, entries: 1, more_problems: 0, currency: 'GBP', imported_on: null });
    expect(answer.body.preview).toEqual([
      expect.objectContaining({
        row: 2,
        payee_id: payeeIds.get(ann),
        balance: '100.10',
        description: 'Opening balance',
      }),
    ]);
    // The import refuses the same file whole, naming the problems; no entry is written (whatever another test of
    // this file imported for Ann before, in a shuffled order).
    const before = (await accountOf(ann)).entries;
    const refused = await api.post(
      '/opening_balances',
      file(
        csvOf([
          [ann, '100.10', 'GBP', '', ''],
          [otherName, '5', 'GBP', '', ''],
        ]),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The file has 1 problem; nothing was imported');
    expect(refused.body.errors.file).toEqual([`Row 3, payee: No payee named "${otherName}" in this company`]);
    expect((await accountOf(ann)).entries).toEqual(before);
  });

  it('lists the first 100 problems and counts the rest', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => [`Nobody ${i}`, '1', 'GBP', '', '']);
    const answer = await api.post('/opening_balances/check', file(csvOf(rows)));
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toHaveLength(100);
    expect(answer.body.more_problems).toBe(50);
    expect(answer.body.totals).toEqual([{ currency: 'GBP', rows: 150, total: '150.00' }]);
  });

  it('bounds the file before reading it: its size and its rows', async () => {
    const big = await api.post('/opening_balances/check', {
      file_name: 'big.csv',
      content: Buffer.alloc(600 * 1024, 'a').toString('base64'),
    });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The file is larger than 512 kB; split it');
    const long = await api.post(
      '/opening_balances/check',
      file(csvOf(Array.from({ length: 5001 }, () => ['x', '1', 'GBP', '', '']))),
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The file has more than 5,000 rows; split it');
  });
});

describe('the import', () => {
  it('writes one adjustment per row, exact, shown on each account; the same file again is refused', async () => {
    const [ann, bob, cy] = names('Main', 3);
    const good = file(
      csvOf([
        [ann, '1250.10', 'gbp', '2025-12-31', 'Curve closing balance'],
        [bob, '-300.05', 'GBP', '', ''],
        [payeeIds.get(cy)!, '0.01', 'GBP', '', ''],
      ]),
    );
    const check = await api.post('/opening_balances/check', good);
    expect(check.body).toMatchObject({
      problems: [],
      entries: 3,
      totals: [{ currency: 'GBP', rows: 3, total: '950.06' }],
    });
    // The same rows as a continental Excel saves them (semicolons) read alike, a comma in a description staying text.
    const semicolons = await api.post(
      '/opening_balances/check',
      file(`payee;balance;currency;date;description\n${ann};1250.10;gbp;2025-12-31;Curve closing balance, Q4`),
    );
    expect(semicolons.body).toMatchObject({
      problems: [],
      entries: 1,
      totals: [{ currency: 'GBP', total: '1250.10' }],
    });
    expect(semicolons.body.preview[0]).toMatchObject({ balance: '1250.10', description: 'Curve closing balance, Q4' });
    const imported = await api.post('/opening_balances', good);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      message: '3 records were added',
      entries: 3,
      total: '950.06',
      resumed: false,
    });

    const annAccount = await accountOf(ann);
    expect(annAccount.entries).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        amount: '1250.10',
        date: '2025-12-31',
        description: 'Curve closing balance',
      }),
    ]);
    expect(annAccount.balance).toBe('1250.10');
    const bobAccount = await accountOf(bob);
    expect(bobAccount.entries).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        amount: '-300.05',
        description: 'Opening balance',
        date: check.body.default_date,
      }),
    ]);
    expect(bobAccount.balance).toBe('-300.05');
    expect((await accountOf(cy)).balance).toBe('0.01');

    const again = await api.post('/opening_balances', good);
    expect(again.status).toBe(409);
    const today = new Date().toISOString().slice(0, 10);
    expect(again.body.message).toBe(`This file was imported on ${today}`);
    const checkAgain = await api.post('/opening_balances/check', good);
    expect(checkAgain.body.imported_on).toBe(today);
    expect(checkAgain.body.problems[0]).toEqual({
      row: null,
      column: null,
      message: `This file was imported on ${today}`,
    });
    expect((await accountOf(ann)).entries).toHaveLength(1);
  }, 60_000);

  it('writes a file once when two imports of it run at once', async () => {
    const [dee, eve] = names('Race', 2);
    const same = file(
      csvOf([
        [dee, '10.00', 'GBP', '', ''],
        [eve, '-20.00', 'GBP', '', ''],
      ]),
    );
    const answers = await Promise.all([api.post('/opening_balances', same), api.post('/opening_balances', same)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await accountOf(dee)).entries.map((e) => e.amount)).toEqual(['10.00']);
    expect((await accountOf(eve)).entries.map((e) => e.amount)).toEqual(['-20.00']);
  }, 60_000);

  it('carries on an import stopped between batches, writing each row once', async () => {
    const { importOpeningBalances } = await import('../../functions/money/entries/opening-balances.js');
    const crash = names('Crash', 5);
    const amounts = ['1.01', '-2.02', '3.03', '-4.04', '5.05'];
    const stopped = file(csvOf(crash.map((name, i) => [name, amounts[i], 'GBP', '2026-01-15', ''])));
    await expect(
      importOpeningBalances(own.companyId, own.manager.id, stopped, {
        batchSize: 2,
        afterBatch: () => {
          throw new Error('the process died');
        },
      }),
    ).rejects.toThrow('the process died');
    const written = await Promise.all(crash.map(async (name) => (await accountOf(name)).entries.length));
    expect(written).toEqual([1, 1, 0, 0, 0]);
    // The page's list of files shows it stopped part-way, with what the whole file brings.
    const listed = async () =>
      ((await api.get('/opening_balances')).body.imports as Record<string, unknown>[]).filter(
        (f) => f.total === '3.03' && f.entries === 5,
      );
    expect(await listed()).toEqual([
      expect.objectContaining({ status: 'importing', currency: 'GBP', imported_by: 'Opening balances manager' }),
    ]);

    // The check still offers it (not complete); the import carries on from the third row, in batches of 2.
    expect((await api.post('/opening_balances/check', stopped)).body.imported_on).toBeNull();
    const resumed = await api.post('/opening_balances', stopped);
    expect(resumed.status).toBe(201);
    expect(resumed.body).toMatchObject({ message: '5 records were added', resumed: true, total: '3.03' });
    expect(await listed()).toEqual([
      expect.objectContaining({ file_name: 'balances.csv', status: 'complete', imported_on: expect.any(String) }),
    ]);
    for (const [i, name] of crash.entries()) {
      const account = await accountOf(name);
      expect(account.entries.map((e) => e.amount)).toEqual([amounts[i]]);
      expect(account.balance).toBe(amounts[i]);
    }
    const sum = (await Promise.all(crash.map(async (name) => (await accountOf(name)).balance))).reduce(
      (a, b) => a.plus(b),
      new Big(0),
    );
    expect(sum.toFixed(2)).toBe('3.03');
    expect((await api.post('/opening_balances', stopped)).status).toBe(409);
  }, 60_000);
});

describe('roles', () => {
  it('refuses a member whose role does not change money', async () => {
    const promoter = await own.member('promotions');
    const answer = await promoter.api.post('/opening_balances/check', file(csvOf([['x', '1', 'GBP', '', '']])));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(roleRefusal('promotions', 'money.write'));
    expect((await promoter.api.post('/opening_balances', file('payee,balance,currency\nx,1,GBP'))).status).toBe(403);
    const accountant = await own.member('accounting');
    expect((await accountant.api.post('/opening_balances/check', file('payee,balance,currency\nx,1,GBP'))).status).toBe(
      200,
    );
  }, 60_000);
});
