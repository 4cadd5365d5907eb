import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { getDb } from '../../functions/data/service.js';
import { s3Client } from '../../functions/lib/clients.js';
import { dropKey } from '../../functions/royalties/bucket-keys.js';
import { BUCKETS } from '../resources.js';

/**
 * Demo royalties for Northern Lights Records, so the royalties pages have something to show on
 * a first start: a column map for "Demo Distribution" reports, its EUR→GBP rate, and a quarter's
 * sales report dropped into the company's drop folder, which the royalty-import worker then
 * imports like any distributor's file (two lines it cannot match, one it cannot read). Seeded once.
 */
const STORES = ['Spotify', 'Apple Music', 'Deezer', 'Amazon Music'];
const TERRITORIES = ['GB', 'US', 'DE', 'FR', 'SE'];

function demoReport(): string {
  const lines = ['Sales Month,Store,Country,ISRC,UPC,Track,Artist,Release,Units,Currency,Net Revenue'];
  let n = 0;
  for (const month of ['2026-07', '2026-08', '2026-09']) {
    for (const store of STORES) {
      for (const [isrc, track] of [
        ['GB-NLR-26-00001', 'Northern Light'],
        ['GB-NLR-26-00002', 'Harbour Lights'],
      ]) {
        n += 1;
        const units = 40 + ((n * 37) % 400);
        const currency = n % 3 === 0 ? 'EUR' : 'GBP';
        // Stores pay fractions of a penny per stream: amounts carry up to 6 decimals.
        const net = (units * (0.0031 + (n % 5) * 0.00017)).toFixed(6);
        lines.push(
          `${month},${store},${TERRITORIES[n % 5]},${isrc},5060000000009,${track},Aurora Vale,Northern Lights EP,${units},${currency},${net}`,
        );
      }
    }
  }
  lines.push('2026-09,Tidal,GB,GB-XXX-26-99999,,Unknown Cover,Somebody Else,,12,GBP,0.041000');
  lines.push('2026-09,Tidal,GB,GB-XXX-26-99998,,Another Cover,Somebody Else,,3,GBP,0.009000');
  lines.push('2026-09,Spotify,GB,GB-NLR-26-00001,,Northern Light,Aurora Vale,,7,GBP,n/a');
  return `${lines.join('\n')}\n`;
}

export async function seedDemoRoyalties(): Promise<void> {
  const db = getDb();
  const marker = { scope: 'seed', value: 'demo-royalties-v1' };
  if ((await db.entities.UniqueValue.get(marker).go()).data) return;
  const company = (await db.entities.Company.query.all({}).go({ pages: 'all' })).data.find(
    (c) => c.name === 'Northern Lights Records',
  );
  if (!company) return;
  const tenantId = company.companyId;
  const sourceId = ulid();
  await db.entities.RoyaltySource.create({
    tenantId,
    id: sourceId,
    name: 'Demo Distribution',
    map: {
      columns: {
        pay_period: 'Sales Month',
        retailer: 'Store',
        territory: 'Country',
        isrc: 'ISRC',
        upc: 'UPC',
        song: 'Track',
        artist: 'Artist',
        album: 'Release',
        quantity: 'Units',
        subtotal_payable_currency: 'Currency',
        subtotal_payable: 'Net Revenue',
      },
      constants: { delivered_by: 'Demo Distribution', sales_category: 'Stream' },
    },
  }).go();
  await db.entities.ExchangeRate.create({
    tenantId,
    id: ulid(),
    distributor: 'Demo Distribution',
    payment_date: '2026-01-01',
    original_currency: 'EUR',
    target_currency: 'GBP',
    rate: '0.86',
  }).go();
  await s3Client().send(
    new PutObjectCommand({
      Bucket: BUCKETS.ledger.localName,
      Key: dropKey(tenantId, sourceId, 'demo-q3-sales.csv'),
      Body: demoReport(),
    }),
  );
  await db.entities.UniqueValue.create({ ...marker, ownerId: 'seed' }).go();
}
