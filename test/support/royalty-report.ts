import { expect } from 'vitest';
import type { inCompany } from './api.js';
import { until } from './wait.js';

type Api = ReturnType<typeof inCompany>;

/** A royalty map for the bare `Store,Period,ISRC,Net,Currency` reports the job tests drop (no track words, no units). */
export const NET_REPORT_MAP = {
  columns: {
    retailer: 'Store',
    pay_period: 'Period',
    isrc: 'ISRC',
    subtotal_payable: 'Net',
    subtotal_payable_currency: 'Currency',
  },
};

/** A royalty map for the `Store,Period,ISRC,Track,Artist,Units,Net,Currency` reports the tests upload. */
export function storeMap(columns: Record<string, string> = {}) {
  return {
    columns: {
      retailer: 'Store',
      pay_period: 'Period',
      isrc: 'ISRC',
      song: 'Track',
      artist: 'Artist',
      quantity: 'Units',
      subtotal_payable: 'Net',
      subtotal_payable_currency: 'Currency',
      ...columns,
    },
    constants: { sales_category: 'Stream' },
  };
}

/**
 * Saves the map, uploads the report through its presigned URL and waits for the worker to import
 * it; answers the import's id.
 */
export async function importReport(
  api: Api,
  options: { mapName: string; map: object; filename: string; report: string },
): Promise<string> {
  const map = await api.post('/royalty_maps', { name: options.mapName, map: options.map });
  expect(map.status).toBe(201);
  const upload = await api.post('/royalties/bulk', {
    filename: options.filename,
    size: Buffer.byteLength(options.report),
    source_id: map.body.royalty_map.id,
  });
  expect(upload.status).toBe(200);
  const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: options.report });
  expect(put.status).toBe(200);
  // The import of this upload, by the object it was put in: two files' names may end alike ("late-1.csv" and
  // "advance-late-1.csv"), and waiting for the wrong one lets a test go on before its own lines are in.
  const done = await until(async () => {
    const found = (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
      (i: { source_key?: string; status: string }) => i.source_key === upload.body.key && i.status !== 'processing',
    );
    return found;
  }, 60_000);
  expect(done.status).toBe('done');
  return done.id;
}

/**
 * Imports GBP streams given as `Store,Period,ISRC,Country,Units,Net` rows (no header) through a column map of
 * their own, the way a user uploads a report, and waits until the import is done.
 */
export function importStreams(api: Api, name: string, rows: string[]): Promise<string> {
  return importReport(api, {
    mapName: name,
    map: {
      columns: {
        retailer: 'Store',
        pay_period: 'Period',
        isrc: 'ISRC',
        territory: 'Country',
        quantity: 'Units',
        subtotal_payable: 'Net',
      },
      constants: { sales_category: 'Stream', subtotal_payable_currency: 'GBP' },
    },
    filename: `${name.toLowerCase().replaceAll(' ', '-')}.csv`,
    report: ['Store,Period,ISRC,Country,Units,Net', ...rows].join('\n'),
  });
}

/** The column map of the sales reports of the contract tests: header Store,Period,ISRC,Country,Units,Type,Net (GBP). */
export const SALES_TYPE_MAP = {
  columns: {
    retailer: 'Store',
    pay_period: 'Period',
    isrc: 'ISRC',
    territory: 'Country',
    quantity: 'Units',
    sales_category: 'Type',
    subtotal_payable: 'Net',
  },
  constants: { subtotal_payable_currency: 'GBP' },
};
