import { expect } from 'vitest';
import type { inCompany } from './api.js';
import { importReport as importThroughMap } from './royalty-report.js';

type Api = ReturnType<typeof inCompany>;

/**
 * A payee owed money for two pay periods, through the product's own API: the payee, a recording
 * paying it 100% and a small report imported through a column map (whose artist column names
 * somebody else: the line is the recording's by its ISRC). Answers the payee, the periods its
 * royalties fall in and the recording's ISRC; the amounts are the report's, before the label's deal.
 */
export async function payeeWithEarnings(api: Api, stamp: number, periods: [string, string] = ['2024-01', '2024-02']) {
  const payee = await api.post('/payees', { name: `Payee ${stamp}`, email: `payee.${stamp}@example.test` });
  expect(payee.status).toBe(201);
  const isrc = `GBPE${String(stamp).slice(-8)}`.slice(0, 12);
  const recording = await api.post('/recordings', {
    title: `Paid Track ${stamp}`,
    isrc,
    recording_payees_attributes: [{ payee_id: payee.body.payee.id, split: 100 }],
  });
  expect(recording.status).toBe(201);
  await importReport(api, `payee-earnings-${stamp}`, [
    'Store,Period,ISRC,Artist,Units,Net,Currency',
    `Spotify,${periods[0]},${isrc},Someone Else,10,3.335,GBP`,
    `Apple,${periods[1]},${isrc},Someone Else,4,2.10,GBP`,
  ]);
  return { payee: payee.body.payee as { id: string; name: string }, periods, isrc };
}

/** The column map of the small reports the tests upload: header Store,Period,ISRC,Artist,Units,Net,Currency. */
export const SMALL_REPORT_MAP = {
  columns: {
    retailer: 'Store',
    pay_period: 'Period',
    isrc: 'ISRC',
    artist: 'Artist',
    quantity: 'Units',
    subtotal_payable: 'Net',
    subtotal_payable_currency: 'Currency',
  },
  constants: { sales_category: 'Stream', territory: 'GB' },
};

/**
 * Imports a small report (header Store,Period,ISRC,Artist,Units,Net,Currency) through a column
 * map of its own, the way a user uploads one, and waits until the import is done.
 */
export async function importReport(api: Api, name: string, rows: string[]) {
  await importThroughMap(api, {
    mapName: name,
    map: SMALL_REPORT_MAP,
    filename: `${name}.csv`,
    report: rows.join('\n'),
  });
}

/** A recoupable expense on a payee's account, made through the API as the expense form sends it. */
export async function recoupableExpense(
  api: Api,
  payeeId: string,
  expense: { date: string; description: string; subtotal: string },
) {
  const made = await api.post('/expenses', { ...expense, recoupable: true, payee: { type: 'Payee', id: payeeId } });
  expect(made.status).toBe(201);
  return made;
}
