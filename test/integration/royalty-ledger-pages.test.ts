import { beforeAll, describe, expect, it } from 'vitest';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * Pages of the royalties list read straight from the ledger files: a default page is
 * read period by period in file order and stops once full, with the overlay rows (an edit that
 * moves a line to another period, a manual sale) merged in and deleted lines left out. Every
 * page must be the slice of the whole list in the default order (newest period first, then
 * import, line, manual sales last), whichever periods and imports the page spans.
 */
type Api = ReturnType<typeof inCompany>;
type Row = { id: string; pay_period: string | null; import_id: string | null; line: number | null; manual: boolean };
let api: Api;
const retailer = `Pages-${Date.now()}`;
let firstImport: string;
let secondImport: string;

const report = (rows: [string, number][]) =>
  [
    'Store,Period,ISRC,Track,Artist,Units,Net,Currency,Country',
    ...rows.map(
      ([period, i]) => `${retailer},${period},GBPGS26${String(i).padStart(5, '0')},Song ${i},Ann,1,0.${i},GBP,GB`,
    ),
  ].join('\n');

/** The default order, as the list promises it. */
function defaultOrder(a: Row, b: Row): number {
  if (a.pay_period !== b.pay_period) {
    if (a.pay_period === null) return 1;
    if (b.pay_period === null) return -1;
    return a.pay_period < b.pay_period ? 1 : -1;
  }
  if (a.manual !== b.manual) return a.manual ? 1 : -1;
  if (a.import_id !== b.import_id) return String(a.import_id) < String(b.import_id) ? -1 : 1;
  return Number(a.line) - Number(b.line);
}

async function everything(): Promise<{ rows: Row[]; total: number }> {
  const list = await api.get(`/royalties?by_retailer=${encodeURIComponent(retailer)}&per_page=200`);
  expect(list.status).toBe(200);
  return { rows: list.body.royalties, total: list.body.total_count };
}

beforeAll(async () => {
  const manager = await ownLabelManager('Royalty ledger pages');
  api = inCompany(manager.token, manager.distributed.id);
  const map = storeMap({ territory: 'Country' });
  // Periods interleaved in the report: the ledger file is written newest period first.
  firstImport = await importReport(api, {
    mapName: `Pages A ${Date.now()}`,
    map,
    filename: 'pages-a.csv',
    report: report(Array.from({ length: 23 }, (_, i) => [['2026-01', '2026-03', '2026-02'][i % 3], i + 1])),
  });
  secondImport = await importReport(api, {
    mapName: `Pages B ${Date.now()}`,
    map,
    filename: 'pages-b.csv',
    report: report(Array.from({ length: 11 }, (_, i) => [i % 2 ? '2026-03' : '2026-02', i + 40])),
  });
}, 180_000);

describe('royalties list pages in the default order', () => {
  it('are slices of the whole list, with edits, deletions and manual sales in their places', async () => {
    const before = await everything();
    expect(before.total).toBe(34);
    // Move a January line of the first import into March, delete a line of the second, add a manual sale in February.
    const january = before.rows.find((r) => r.import_id === firstImport && r.pay_period === '2026-01');
    const deleted = before.rows.find((r) => r.import_id === secondImport && r.pay_period === '2026-02');
    expect(january && deleted).toBeTruthy();
    expect((await api.patch(`/royalties/${january?.id}`, { royalty: { pay_period: '2026-03' } })).status).toBe(200);
    expect((await api.del(`/royalties/${deleted?.id}`)).status).toBe(200);
    const sale = await api.post('/royalties', {
      royalty: { pay_period: '2026-02', retailer, subtotal_payable: '1.5', currency: 'GBP', song: 'Live' },
    });
    expect(sale.status).toBe(201);

    const { rows, total } = await everything();
    expect(total).toBe(34);
    expect(rows).toHaveLength(34);
    expect(rows.map((r) => r.id)).toEqual([...rows].sort(defaultOrder).map((r) => r.id));
    expect(rows.find((r) => r.id === january?.id)?.pay_period).toBe('2026-03');
    expect(rows.some((r) => r.id === deleted?.id)).toBe(false);
    expect(rows.find((r) => r.manual)?.pay_period).toBe('2026-02');
    // Within a period the lower import id's lines come first, then the other import's (ids are not in upload order).
    const [lower, higher] = [firstImport, secondImport].sort();
    const march = rows.filter((r) => r.pay_period === '2026-03').map((r) => r.import_id);
    expect(march.lastIndexOf(lower)).toBeGreaterThanOrEqual(0);
    expect(march.indexOf(higher)).toBeGreaterThan(march.lastIndexOf(lower));

    for (const perPage of [7, 10]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(total / perPage); page++) {
        const answer = await api.get(
          `/royalties?by_retailer=${encodeURIComponent(retailer)}&per_page=${perPage}&page=${page}`,
        );
        expect(answer.body.royalties.length).toBe(Math.min(perPage, total - (page - 1) * perPage));
        pages.push(...answer.body.royalties.map((r: Row) => r.id));
      }
      expect(pages).toEqual(rows.map((r) => r.id));
    }
  });

  it('narrowed by a filter and a date range are slices of the narrowed list', async () => {
    const filter = `by_retailer=${encodeURIComponent(retailer)}&start_date=2026-02-01&end_date=2026-02-28`;
    const whole = await api.get(`/royalties?${filter}&per_page=200`);
    const ids = whole.body.royalties.map((r: Row) => r.id);
    expect(ids.length).toBe(whole.body.total_count);
    expect(whole.body.royalties.every((r: Row) => r.pay_period === '2026-02')).toBe(true);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(ids.length / 5); page++) {
      const answer = await api.get(`/royalties?${filter}&per_page=5&page=${page}`);
      expect(answer.status).toBe(200);
      pages.push(...answer.body.royalties.map((r: Row) => r.id));
    }
    expect(pages).toEqual(ids);
  });

  it('sorted by another column are sorted by it, ties in the default order', async () => {
    const sorted = await api.get(
      `/royalties?by_retailer=${encodeURIComponent(retailer)}&per_page=200&sort_field=amount&sort_order=asc`,
    );
    const amounts = sorted.body.royalties.map((r: { amount: string }) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(sorted.body.total_count).toBe(34);
  });
});
