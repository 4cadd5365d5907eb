import { expect, it } from 'vitest';
import type { RunTotals } from '../../shared/schemas/statement-views.js';
import { cents, units } from '../support/exact-money.js';
import { ownCompany } from '../support/own-company.js';
import { importReport } from '../support/royalty-report.js';
import { previewedRun } from '../support/statement-run.js';

/**
 * The royalties list and the finances split equal lines once and count them: a report of many
 * identical streams (same recording, store, format and amount) must still show every line's share,
 * exactly what a statement run would pay for all of them, and the three parts must add up.
 */

it('counts every one of many equal lines in the payees, the label and no one', async () => {
  const { api } = await ownCompany('Equal lines');
  const stamp = Date.now();
  const payees: string[] = [];
  for (const n of [1, 2]) {
    const made = await api.post('/payees', { name: `Equal ${n} ${stamp}` });
    expect(made.status).toBe(201);
    payees.push(made.body.payee.id);
  }
  const paid = `GBEQ${String(stamp).slice(-7)}1`;
  const nobody = `GBEQ${String(stamp).slice(-7)}2`;
  // Two thirds go to payees in two parts of a third: each line leaves a remainder to place.
  const made = await api.post('/recordings', {
    title: `Equal ${stamp}`,
    isrc: paid,
    recording_payees_attributes: payees.map((payee_id) => ({ payee_id, split: 33 })),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect((await api.post('/recordings', { title: `Nobody ${stamp}`, isrc: nobody })).status).toBe(201);
  const line = (isrc: string, net: string) => `Spotify,2031-02,${isrc},1,${net}`;
  await importReport(api, {
    mapName: `Equal lines ${stamp}`,
    map: {
      columns: { retailer: 'Store', pay_period: 'Period', isrc: 'ISRC', quantity: 'Units', subtotal_payable: 'Net' },
      constants: { territory: 'GB', sales_category: 'Stream', subtotal_payable_currency: 'GBP' },
    },
    filename: `equal-lines-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Units,Net',
      ...Array.from({ length: 7 }, () => line(paid, '0.01')),
      ...Array.from({ length: 3 }, () => line(paid, '-0.01')),
      line(paid, '1.00'),
      ...Array.from({ length: 4 }, () => line(nobody, '0.05')),
    ].join('\n'),
  });
  const { previewed } = await previewedRun(api, {
    kind: 'payee',
    start_pay_period: '2031-02',
    end_pay_period: '2031-02',
  });
  const totals = previewed.preview.totals as RunTotals;
  expect(units(totals.allocated) > 0n).toBe(true);

  const list = (await api.get('/royalties?start_date=2031-02-01&end_date=2031-02-28&per_page=5')).body;
  expect([list.label_sum, list.artist_sum, list.retained_sum, list.unaccountable_sum].map(units)).toEqual(
    [totals.label_payable, totals.allocated, totals.retained, totals.unaccountable].map(units),
  );
  expect(units(list.unaccountable_sum) > 0n).toBe(true);
  expect(units(list.artist_sum) + units(list.retained_sum) + units(list.unaccountable_sum)).toBe(units(list.label_sum));

  // A filter splits its own lines the same way: the store's lines are all of them.
  const filtered = (
    await api.get('/royalties?start_date=2031-02-01&end_date=2031-02-28&per_page=5&by_retailer=Spotify')
  ).body;
  expect(filtered.artist_sum).toBe(list.artist_sum);

  // The finances sum the same split by period, label, store and the rest: to the cent.
  const company = (await api.get('/company/finances?start_date=2031-02-01&end_date=2031-02-28')).body.finances.totals;
  expect([company.artist_share, company.retained, company.unaccountable]).toEqual(
    [totals.allocated, totals.retained, totals.unaccountable].map(cents),
  );
}, 180_000);
