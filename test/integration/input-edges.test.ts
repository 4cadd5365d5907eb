import { beforeAll, describe, expect, it } from 'vitest';
import { inCompany } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { uploadPresigned } from '../support/presigned-upload.js';
import { until } from '../support/wait.js';

/**
 * Files and values as real people send them, through the API: a sales report saved by Excel on Windows, files that
 * are no report, a JSON sheet built to overflow the stack, a day that does not exist, a deal with 20 decimals.
 * Each is read as the user sees it, or refused naming the field in the user's words; never a 500, nothing half
 * stored.
 */
let own: OwnCompany;

beforeAll(async () => {
  own = await ownCompany('Input edges');
});

const STORE_MAP = {
  columns: {
    retailer: 'Store',
    pay_period: 'Period',
    isrc: 'ISRC',
    song: 'Track',
    quantity: 'Units',
    subtotal_payable: 'Net',
    subtotal_payable_currency: 'Currency',
  },
  constants: { sales_category: 'Stream' },
};

type Import = { id: string; filename: string; status: string; totals?: Record<string, unknown>; error?: string };

/** Uploads a report's bytes as the import page does, under a map of its own, and waits for the worker's verdict. */
async function importBytes(name: string, map: object, filename: string, bytes: Buffer): Promise<Import> {
  const { api } = own;
  const saved = await api.post('/royalty_maps', { name: `${name} ${Date.now()}`, map });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const upload = await api.post('/royalties/bulk', {
    filename,
    size: bytes.length,
    source_id: saved.body.royalty_map.id,
  });
  expect(upload.status).toBe(200);
  const put = await fetch(upload.body.url, {
    method: 'PUT',
    headers: upload.body.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  const done = await until(async () => {
    const { royalty_imports } = (await api.get('/royalty_imports?per_page=100')).body as { royalty_imports: Import[] };
    return royalty_imports.find((i) => i.filename.endsWith(filename) && i.status !== 'processing');
  }, 60_000);
  // The detail holds the refused lines too.
  return (await api.get(`/royalty_imports/${done.id}`)).body.royalty_import as Import;
}

describe('sales reports as people export them', () => {
  it('reads a report Excel on Windows saved (Windows-1252, semicolons, CRLF, decimal comma, symbols, header retyped)', async () => {
    const report = Buffer.from(
      [
        // The map says "Store", "Period", …: the header was retyped in lower case with spaces around its names.
        ' store ; period ;isrc;track;units;net;currency',
        'Spotify;2026-01;GBEDG2600001;Caf\xe9 \x93Noir\x94;3;1.234,56 \x80;EUR',
        'Spotify;2026-01;GBEDG2600002;Cr\xe8me;1;(2,50);EUR',
        '',
      ].join('\r\n'),
      'latin1',
    );
    const done = await importBytes(
      'Windows export',
      { ...STORE_MAP, delimiter: ';', decimal: 'comma' },
      'windows-export.csv',
      report,
    );
    expect(done).toMatchObject({
      status: 'done',
      totals: { lines_read: 2, stored: 2, rejected: [], amount_stored: '1232.060000' },
    });
    const lines = (await own.api.get(`/royalties?import_id=${done.id}&per_page=10`)).body.royalties as {
      song: string;
      subtotal_payable: string;
    }[];
    expect(lines.map((l) => [l.song, Number(l.subtotal_payable)]).sort()).toEqual([
      ['Café “Noir”', 1234.56],
      ['Crème', -2.5],
    ]);
  });

  it('refuses a report whose amounts are written with the other decimal mark, line by line, instead of misreading them', async () => {
    const done = await importBytes(
      'Decimal point map',
      STORE_MAP,
      'decimal-comma.csv',
      Buffer.from('Store,Period,ISRC,Track,Units,Net,Currency\nSpotify,2026-01,GBEDG2600003,A,1,"1,5",EUR\n'),
    );
    // Stored as 15 before: the comma was taken for a thousands separator.
    expect(done).toMatchObject({
      status: 'done',
      totals: { stored: 0, rejected: [{ line: 2, reason: 'The amount is not a number: 1,5' }] },
    });
  });

  it('names a file that is no report in words: an old .xls workbook', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    expect(await importBytes('Old workbook', STORE_MAP, 'sales.xls', xls)).toMatchObject({
      status: 'failed',
      error:
        'The file is an Excel 97-2003 workbook (.xls), which the import does not read: save it as .xlsx or CSV and upload it again.',
    });
  });
});

describe('catalogue import files built to hurt', () => {
  it('refuses a JSON sheet nested 50,000 levels deep naming the file, not with a 500', async () => {
    const bytes = Buffer.from(`[{"title":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}]`);
    const key = await uploadPresigned(
      own.api,
      '/catalogue_imports/uploads',
      { filename: 'releases.json', content_type: 'application/json' },
      bytes,
    );
    const preview = await own.api.post('/catalogue_imports/preview', {
      model: 'releases',
      file: { key, filename: 'releases.json', size: bytes.length },
    });
    expect(preview.status).toBe(400);
    expect(preview.body.errors).toEqual({
      file: ['The JSON file is nested too deeply (at most 64 levels): a row is one object of cells'],
    });
  });
});

describe('values that only look right', () => {
  it('refuses an exchange rate paid on 30 February, naming the payment date, and stores nothing', async () => {
    const refused = await own.api.post('/exchange_rates', {
      distributor: 'Edge Distribution',
      payment_date: '2026-02-30',
      original_currency: 'USD',
      target_currency: 'GBP',
      rate: '0.8',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ payment_date: ['Payment date must be a date (YYYY-MM-DD)'] });
    const rates = (await own.api.get('/exchange_rates')).body.exchange_rates as { distributor: string }[];
    expect(rates.filter((r) => r.distributor === 'Edge Distribution')).toEqual([]);
  });

  it('refuses a label or company deal with more than 2 decimals or in exponent notation, naming the field', async () => {
    const decimals = 'Deal percentage must have at most 2 decimals';
    const refusals: [number, string][] = [
      [33.333333333333336, decimals],
      [1e-7, decimals],
      [101, 'Deal percentage must be under 100'],
    ];
    for (const [deal, message] of refusals) {
      const label = await own.api.post('/labels', { name: `Edge deal ${Date.now()}`, deal_percentage: deal });
      expect(label.status, String(deal)).toBe(400);
      expect(label.body.errors).toEqual({ deal_percentage: [message] });
      const company = await inCompany(own.admin, own.companyId).patch(`/companies/${own.companyId}`, {
        deal_percentage: deal,
      });
      expect(company.status, String(deal)).toBe(400);
      expect(company.body.errors).toEqual({ deal_percentage: [message] });
    }
    const kept = await own.api.post('/labels', { name: `Edge deal kept ${Date.now()}`, deal_percentage: 33.33 });
    expect(kept.status).toBe(201);
    expect(kept.body.label.deal_percentage).toBe(33.33);
  });
});
