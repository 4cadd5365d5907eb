import { expect, it } from 'vitest';
import { ownCompany } from '../support/own-company.js';
import { importReport } from '../support/royalty-report.js';

/**
 * A line the catalogue gives no label is shown under the label its report names, the same in the royalties list's
 * Label column and in the finances' labels: not the list's "Indie Reports" and the finances' "Other". The finances
 * slice links to the same lines.
 */
it("names a line without a catalogue label by its report's label in the finances, as the royalties list does", async () => {
  const { api } = await ownCompany('Line labels');
  const stamp = Date.now();
  const isrc = `GBLL${String(stamp).slice(-7)}1`;
  const made = await api.post('/recordings', { title: `No label ${stamp}`, isrc });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const label = `Indie Reports ${stamp}`;
  await importReport(api, {
    mapName: `Line labels ${stamp}`,
    map: {
      columns: { retailer: 'Store', pay_period: 'Period', isrc: 'ISRC', subtotal_payable: 'Net', label_name: 'Label' },
      constants: { territory: 'GB', sales_category: 'Stream', subtotal_payable_currency: 'GBP' },
    },
    filename: `line-labels-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Net,Label',
      `Spotify,2032-05,${isrc},2.50,${label}`,
      `Apple,2032-05,${isrc},1.25,${label}`,
    ].join('\n'),
  });
  const range = 'start_date=2032-05-01&end_date=2032-05-31';
  const list = (await api.get(`/royalties?${range}&per_page=5`)).body;
  expect(list.royalties.map((line: { label_name: string }) => line.label_name)).toEqual([label, label]);

  const finances = (await api.get(`/company/finances?${range}`)).body.finances;
  expect(
    finances.by_label.map((s: { key: string | null; name: string; revenue: string }) => [s.key, s.name, s.revenue]),
  ).toEqual([[label, label, '3.75']]);
  // The slice's link lists the same lines.
  const behind = (await api.get(`/royalties?${finances.by_label[0].royalties_query}&per_page=5`)).body;
  expect([behind.total_count, behind.total_sum]).toEqual([2, list.total_sum]);
}, 180_000);
