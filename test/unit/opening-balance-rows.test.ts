import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../functions/catalogue-exchange/imports/read-file.js';
import { isCalendarDay } from '../../shared/calendar-day.js';
import {
  readBalance,
  readOpeningBalances,
  type OpeningBalanceInput,
} from '../../functions/money/entries/opening-balance-rows.js';

/** Reading an opening balances file: every problem of every row, by row and column; exact balances; the preview. */
const payees = [
  { id: '01PAYEEANN', name: 'Ann Payee' },
  { id: '01PAYEEBOB', name: 'Bob Payee' },
  { id: '01PAYEESAM1', name: 'Sam Twin' },
  { id: '01PAYEESAM2', name: 'sam twin' },
];

async function readCsv(csv: string, extra: Partial<OpeningBalanceInput> = {}) {
  const file = await readImportFile('balances.csv', Buffer.from(csv, 'utf8'));
  return readOpeningBalances({
    ...file,
    payees,
    currency: 'GBP',
    defaultDate: '2026-02-28',
    today: '2026-03-10',
    ...extra,
  });
}

describe('reading a balance', () => {
  it.each([
    ['1250', '1250.00'],
    ['-300.5', '-300.50'],
    ['+12.34', '12.34'],
    ['1,250.50', '1250.50'],
    ['(300.00)', '-300.00'],
    [' 0.10 ', '0.10'],
    ['-0', '0.00'],
  ])('%s reads as %s exactly', (text, amount) => {
    expect(readBalance(text)).toEqual({ amount });
  });

  it.each([
    ['12.345', 'Balance must be exact to the cent (at most 2 decimals)'],
    ['0.30000000000000004', 'Balance must be exact to the cent (at most 2 decimals)'],
    ['£12', 'Balance must be an amount such as 1250.00 or -300.50'],
    ['1,25', 'Balance must be an amount such as 1250.00 or -300.50'],
    ['(-3)', 'Balance must be an amount such as 1250.00 or -300.50'],
    ['1e3', 'Balance must be an amount such as 1250.00 or -300.50'],
    ['1234567890123', 'Balance must have at most 12 digits before the decimal point'],
  ])('%s is refused: %s', (text, problem) => {
    expect(readBalance(text)).toEqual({ problem });
  });

  it('knows a calendar day', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('28/02/2026')).toBe(false);
  });
});

describe('reading an opening balances file', () => {
  it('reads good rows: names without regard to case, ids, signed balances, the default day and description', async () => {
    const read = await readCsv(
      '\uFEFFPayee,Balance,CURRENCY,Date,Description\n' +
        'ann payee,1250.50,gbp,2025-12-31,Curve closing Q4\n' +
        '01PAYEEBOB,-300.25,GBP,,\n' +
        '\n' +
        'Sam Twin,0,GBP,,\n',
      { payees: payees.slice(0, 3) },
    );
    expect(read.problems).toEqual([]);
    expect(read.rows).toBe(3);
    expect(read.zero).toBe(1);
    expect(read.entries).toEqual([
      {
        row: 2,
        payee_id: '01PAYEEANN',
        payee_name: 'Ann Payee',
        balance: '1250.50',
        currency: 'GBP',
        date: '2025-12-31',
        description: 'Curve closing Q4',
      },
      {
        row: 3,
        payee_id: '01PAYEEBOB',
        payee_name: 'Bob Payee',
        balance: '-300.25',
        currency: 'GBP',
        date: '2026-02-28',
        description: 'Opening balance',
      },
    ]);
    expect(read.totals).toEqual([{ currency: 'GBP', rows: 3, total: '950.25' }]);
  });

  it('answers every problem of every row, by the row the spreadsheet shows and the column', async () => {
    const read = await readCsv(
      'payee,balance,currency,date,description\n' +
        'Nobody,10,GBP,,\n' +
        'Sam Twin,10,GBP,,\n' +
        ',abc,,2026-13-01,\n' +
        '\n' +
        'Ann Payee,1.005,EUR,2027-01-01,\n' +
        'ANN PAYEE,5,GBP,,\n' +
        `Bob Payee,5,GBP,,${'x'.repeat(501)}\n`,
    );
    expect(read.problems).toEqual([
      { row: 2, column: 'payee', message: 'No payee named "Nobody" in this company' },
      {
        row: 3,
        column: 'payee',
        message: '2 payees are named "Sam Twin": give the payee\'s id instead of the name',
      },
      { row: 4, column: 'payee', message: 'Payee is required' },
      { row: 4, column: 'balance', message: 'Balance must be an amount such as 1250.00 or -300.50' },
      { row: 4, column: 'currency', message: 'Currency is required' },
      { row: 4, column: 'date', message: 'Date must be a date (YYYY-MM-DD)' },
      { row: 6, column: 'balance', message: 'Balance must be exact to the cent (at most 2 decimals)' },
      {
        row: 6,
        column: 'currency',
        message: "Currency must be GBP, the currency of the company's accounts (not EUR)",
      },
      { row: 6, column: 'date', message: 'Date must not be after today' },
      { row: 7, column: 'payee', message: 'Ann Payee has a balance on row 6 already: one per payee' },
      { row: 8, column: 'description', message: 'Description must be at most 500 characters' },
    ]);
    expect(read.entries).toEqual([]);
    // Rows 2, 3, 7 and 8 have a balance that reads: the totals show them, the problems say why none is written.
    expect(read.totals).toEqual([{ currency: 'GBP', rows: 4, total: '30.00' }]);
  });

  it('names each missing column, and says when there are no rows', async () => {
    expect((await readCsv('Name,Amount\nAnn Payee,10\n')).problems).toEqual(
      ['payee', 'balance', 'currency'].map((column) => ({
        row: 1,
        column,
        message: `The file has no "${column}" column (the first row names the columns: payee, balance, currency, date, description)`,
      })),
    );
    expect((await readCsv('payee,balance,currency\n\n')).problems).toEqual([
      { row: null, column: null, message: 'The file has no rows of balances under its header' },
    ]);
  });

  it('totals each currency the file names, exactly', async () => {
    const read = await readCsv('payee,balance,currency\nAnn Payee,0.10,GBP\nBob Payee,0.20,GBP\n01PAYEESAM1,7.5,usd\n');
    expect(read.totals).toEqual([
      { currency: 'GBP', rows: 2, total: '0.30' },
      { currency: 'USD', rows: 1, total: '7.50' },
    ]);
  });
});
