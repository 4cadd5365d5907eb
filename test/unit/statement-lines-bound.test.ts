import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A statement's lines page reads its whole CSV on every request, so it lists a statement of at most 100,000 lines
 * (and a file of at most 32 MB): past either, it is refused with the CSV to download, before the file is parsed.
 */
const stored = vi.hoisted(() => ({ lines: 2, csv: '', bytes: 0, destroyed: false }));

vi.mock('../../functions/money/statements/api/statements.js', () => ({
  statementOf: async () => ({ number: 'ST-000007', csv_key: 'statements/t/s.csv', control: { lines: stored.lines } }),
}));
vi.mock('../../functions/lib/bucket-objects.js', () => ({
  getStream: async () => {
    const body = Readable.from([stored.csv]);
    body.on('close', () => {
      stored.destroyed = true;
    });
    return { body, bytes: stored.bytes || Buffer.byteLength(stored.csv) };
  },
}));
vi.mock('../../functions/money/statements/statement-keys.js', () => ({ statementsBucket: () => 'bucket' }));

const { statementLines } = await import('../../functions/money/statements/api/statement-lines.js');

const CSV = [
  'id,pay_period,retailer,territory,sales_format,release,track,isrc,upc,quantity,currency,exchange_rate,amount,label_payable,weight,term,share',
  "a,2026-01,'=cmd,GB,Stream,EP,Song,GBAAA2600001,,3,GBP,1,1.000000,0.800000,1,No contract,0.400001",
  'b,2026-02,Spotify,FR,Stream,EP,Song,GBAAA2600001,,2,GBP,1,1.000000,0.800000,1,No contract,-0.100000',
].join('\n');

beforeEach(() => {
  Object.assign(stored, { lines: 2, csv: CSV, bytes: 0, destroyed: false });
});

describe("a statement's lines page", () => {
  it('sums every kept line exactly and shows text as the report named it', async () => {
    const page = await statementLines('t', 's', { page: 1, per_page: 50 });
    expect(page).toMatchObject({ total_count: 2, total_pages: 1, quantity: 5, share: '0.300001' });
    expect(page.lines[0]?.retailer).toBe('=cmd');
    const kept = await statementLines('t', 's', { page: 1, per_page: 50, store: '=cmd' });
    expect([kept.total_count, kept.share]).toEqual([1, '0.400001']);
  });

  it('refuses a statement of more than 100,000 lines, with the CSV to download', async () => {
    stored.lines = 100_001;
    await expect(statementLines('t', 's', { page: 1, per_page: 50 })).rejects.toMatchObject({
      status: 409,
      message: 'This statement has 100,001 lines, more than this page lists (100,000): download its CSV to see them',
    });
  });

  it('refuses a file over 32 MB whatever its statement says, without reading it', async () => {
    stored.bytes = 32 * 1024 * 1024 + 1;
    await expect(statementLines('t', 's', { page: 1, per_page: 50 })).rejects.toMatchObject({ status: 409 });
    await vi.waitFor(() => expect(stored.destroyed).toBe(true));
  });
});
