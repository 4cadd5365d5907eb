import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsrToReport, isDsr } from '../../functions/royalties/import/dsr.js';
import { readReport } from '../../functions/royalties/import/read-report.js';

/** DDEX DSR flat files read without a user map: rows, the file's own check totals, and the ledger. */
let dir: string;
let db: DuckDBConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dsr-'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tsv = (records: string[][]) => `${records.map((r) => r.join('\t')).join('\n')}\n`;
const HEAD = [
  'HEAD',
  'dsrf/1.1.2/1.6/1.0',
  'BasicAudioProfile',
  '1.4',
  'MSG-1',
  '2026-05-15T03:15:00Z',
  '1',
  '1',
  '2026-04-01',
  '2026-04-30',
  'PADPIDA2010000001X',
  'Streamio',
  'StreamioPremium',
  'PADPIDA2020000002Y',
  'Northern Lights Records',
];

/**
 * Basic Audio by position, no header rows: a streaming summary (GBP 1.00 over 300 streams) and a
 * download summary (EUR 2.10 over two priced lines), so both ways of sharing a summary's revenue
 * are exercised; multi-valued cells (`|`) in the release's ICPN and the artists.
 */
function basicAudio(footerLines = '13') {
  return tsv([
    HEAD,
    [
      'SY01.03',
      'SUM-1',
      'Streamio',
      'PADPIDA2010000001X',
      'SubscriptionModel',
      'OnDemandStream',
      'GB',
      'StreamioPremium',
      '300',
      '1200',
      'GBP',
      '1.00',
    ],
    [
      'SY01.03',
      'SUM-2',
      'Streamio',
      'PADPIDA2010000001X',
      'PayAsYouGoModel',
      'PermanentDownload',
      'DE',
      'StreamioStore',
      '4',
      '',
      'EUR',
      '2.10',
    ],
    [
      'RE01.03',
      'B1',
      'R1',
      'DSP-REL-1',
      '',
      'NLR001',
      '5060000000016|0888888000011',
      'Ada|Bo',
      '',
      'Night Songs',
      '',
      'Album',
      'Northern Lights|NL Dist',
    ],
    [
      'AS02.04',
      'B1',
      'A1',
      'DSP-RES-1',
      'GBAAA2600001|GBAAA2600099',
      'First Light',
      '',
      'Ada|Bo',
      '',
      'PT3M',
      'SoundRecording',
    ],
    ['AS02.04', 'B1', 'A2', 'DSP-RES-2', 'GBAAA2600002', 'Second, "Light"', '', 'Ada', '', 'PT4M', 'SoundRecording'],
    ['SU02.03', 'B1', 'SUM-1', 'T1', '', 'A1', 'true', '200', '', '', 'OnDemandStream'],
    ['SU02.03', 'B1', 'SUM-1', 'T2', '', 'A2', 'true', '100', '', '', 'OnDemandStream'],
    [
      'RE01.03',
      'B2',
      'R1',
      'DSP-REL-2',
      '',
      'NLR002',
      '5060000000023',
      'Cy',
      '',
      'Lone Single',
      '',
      'Single',
      'Northern Lights',
    ],
    ['AS01.03', 'B2', 'A1', 'DSP-RES-3', 'GBAAA2600003', 'Lone Single', '', 'Cy', '', 'PT2M', 'SoundRecording'],
    // Three sold, one returned, at 0.99; one at 1.29: the revenue follows net units × price.
    ['SU01.03', 'B2', 'SUM-2', 'T3', 'R1', 'A1', 'true', 'false', '3', '1', '0.99', '', 'PermanentDownload'],
    ['SU01.03', 'B2', 'SUM-2', 'T4', 'R1', 'A1', 'true', 'false', '1', '0', '1.29', '', 'PermanentDownload'],
    ['FOOT', footerLines, footerLines, '2', '2', '2'],
  ]);
}

describe('DSR flat files', () => {
  it('are told from other reports by their HEAD record, gzipped or not', async () => {
    const file = path.join(dir, 'basic.tsv.gz');
    writeFileSync(file, gzipSync(basicAudio()));
    const csv = path.join(dir, 'store.csv');
    writeFileSync(csv, 'ISRC,Net\nGBAAA2600001,1.00\n');
    expect([await isDsr(file), await isDsr(csv)]).toEqual([true, false]);
  });

  it('become one CSV row per sales line, with the summary record giving territory, currency and revenue', async () => {
    const file = path.join(dir, 'basic.tsv');
    writeFileSync(file, basicAudio());
    const { file: csv, map, check } = await dsrToReport(file, dir);
    expect(check).toEqual({
      ok: true,
      problems: [],
      detail_lines: 4,
      detail_amount: '2.10 EUR; 1.00 GBP',
      footer_lines: 13,
      summary_amount: '2.10 EUR; 1.00 GBP',
    });
    expect(map).toMatchObject({
      delimiter: ',',
      decimal: 'point',
      columns: { isrc: 'isrc', subtotal_payable: 'subtotal_payable' },
    });
    // Multi-valued cells: the first ISRC / ICPN / label, every display artist joined with ' & '.
    expect(readFileSync(csv, 'utf8').trim().split('\n')).toEqual([
      'isrc,upc,song,artist,album,label_name,territory,sales_category,quantity,unit_price,subtotal_payable,subtotal_payable_currency,pay_period,retailer,delivered_by',
      'GBAAA2600001,5060000000016,First Light,Ada & Bo,Night Songs,Northern Lights,GB,SubscriptionModel/OnDemandStream,200,,0.666667,GBP,2026-04,Streamio,Streamio',
      'GBAAA2600002,5060000000016,"Second, ""Light""",Ada,Night Songs,Northern Lights,GB,SubscriptionModel/OnDemandStream,100,,0.333333,GBP,2026-04,Streamio,Streamio',
      'GBAAA2600003,5060000000023,Lone Single,Cy,Lone Single,Northern Lights,DE,PayAsYouGoModel/PermanentDownload,2,0.99,1.271560,EUR,2026-04,Streamio,Streamio',
      'GBAAA2600003,5060000000023,Lone Single,Cy,Lone Single,Northern Lights,DE,PayAsYouGoModel/PermanentDownload,1,1.29,0.828440,EUR,2026-04,Streamio,Streamio',
    ]);
  });

  it('say when the footer counts a different number of lines', async () => {
    const file = path.join(dir, 'footer.tsv');
    writeFileSync(file, basicAudio('14'));
    const { check } = await dsrToReport(file, dir);
    expect(check).toMatchObject({
      ok: false,
      footer_lines: 14,
      problems: ['The footer says 14 lines; the file has 13.'],
    });
  });

  it('refuse a repeated SummaryRecordId, and check each summary record against the lines of its own block', async () => {
    // As in DDEX's own test file (four SY02 records all numbered "1"): each summary record is followed by the block
    // its lines belong to. GB streams worth 1.00 GBP, then DE streams worth 2.00 EUR, both summary record "1".
    const summary = (territory: string, currency: string, revenue: string) => [
      'SY01.03',
      '1',
      'Streamio',
      'PADPIDA2010000001X',
      'SubscriptionModel',
      'OnDemandStream',
      territory,
      'StreamioPremium',
      '',
      '',
      currency,
      revenue,
    ];
    const block = (id: string, isrc: string, streams: string[]) => [
      ['RE01.03', id, 'R1', `DSP-${id}`, '', 'NLR001', '5060000000016', 'Ada', '', 'Night Songs', '', 'Album', 'NL'],
      ['AS01.03', id, 'A1', `DSP-${id}-1`, isrc, 'First Light', '', 'Ada', '', 'PT3M', 'SoundRecording'],
      ...streams.map((n, i) => ['SU02.03', id, '1', `T${id}${i}`, '', 'A1', 'true', n, '', '', 'OnDemandStream']),
    ];
    const file = path.join(dir, 'repeated-summary.tsv');
    writeFileSync(
      file,
      tsv([
        HEAD,
        summary('GB', 'GBP', '1.00'),
        ...block('B1', 'GBAAA2600001', ['30', '10']),
        summary('DE', 'EUR', '2.00'),
        ...block('B2', 'GBAAA2600002', ['50']),
        ['FOOT', '11', '11', '2', '2', '2'],
      ]),
    );
    const { file: csv, check } = await dsrToReport(file, dir);
    // A failed control check holds the import until a person accepts it.
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'Summary record 1 appears 2 times (lines 2, 7): each summary record needs its own SummaryRecordId.',
    ]);
    expect(check).toMatchObject({ detail_lines: 3, detail_amount: '2.00 EUR; 1.00 GBP' });
    // Each line takes territory, currency and its share of revenue from the summary record before its block.
    expect(
      readFileSync(csv, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(',').filter((_, i) => [0, 6, 8, 10, 11].includes(i))),
    ).toEqual([
      ['GBAAA2600001', 'GB', '30', '0.750000', 'GBP'],
      ['GBAAA2600001', 'GB', '10', '0.250000', 'GBP'],
      ['GBAAA2600002', 'DE', '50', '2.000000', 'EUR'],
    ]);
  });

  it('find columns by `#` header rows, and say when the summary revenue is not what the sales lines add up to', async () => {
    // The SU header names a revenue column, so the lines' own amounts are summed, not shared out.
    const file = path.join(dir, 'headed.tsv');
    writeFileSync(
      file,
      tsv([
        // The first cell stands in for RecordType; one row says RecordType anyway, as some senders do.
        [
          '#HEAD',
          'RecordType',
          'MessageVersion',
          'Profile',
          'ProfileVersion',
          'MessageId',
          'MessageCreatedDateTime',
          'FileNumber',
          'NumberOfFiles',
          'UsageStartDate',
          'UsageEndDate',
          'SenderPartyId',
          'SenderName',
        ],
        ['#SY01', 'SummaryRecordId', 'CommercialModel', 'UseType', 'Territory', 'CurrencyOfReporting', 'NetRevenue'],
        [
          '#RE01',
          'BlockId',
          'ReleaseReference',
          'ReleaseTitle',
          'ReleaseICPN',
          'ReleaseDisplayArtistName',
          'ReleaseLabelName',
        ],
        ['#AS01', 'BlockId', 'ResourceReference', 'ResourceTitle', 'ResourceISRC', 'ResourceDisplayArtistName'],
        ['#SU03', 'BlockId', 'SummaryRecordId', 'TransactedResource', 'Usages', 'NetRevenue'],
        ['#FOOT', 'NumberOfLinesInFile', 'NumberOfLinesInReport', 'NumberOfSummaryRecords', 'NumberOfBlocksInFile'],
        [
          'HEAD',
          'dsrf/1.1.2/1.6/1.0',
          'BasicAudioProfile',
          '1.4',
          'MSG-2',
          '2026-06-01T00:00:00Z',
          '1',
          '1',
          '2026-05',
          '2026-05',
          'PADPIDA2010000001X',
          'Tubely',
        ],
        ['SY01.03', 'S1', 'AdvertisementSupportedModel', 'OnDemandStream', 'FR', 'EUR', '100.50'],
        ['RE01.03', 'B1', 'R1', 'Night Songs', '5060000000016', 'Ada', 'Northern Lights'],
        ['AS01.03', 'B1', 'A1', 'First Light', 'GBAAA2600001', 'Ada'],
        ['SU03.01', 'B1', 'S1', 'A1', '10', '60.25'],
        ['SU03.01', 'B1', 'S1', 'A1', '5', '39.25'],
        ['FOOT', '7', '7', '1', '1'],
      ]),
    );
    expect(await isDsr(file)).toBe(true);
    const { file: csv, check } = await dsrToReport(file, dir);
    expect(check).toMatchObject({
      ok: false,
      detail_lines: 2,
      detail_amount: '99.50 EUR',
      summary_amount: '100.50 EUR',
      footer_lines: 7,
    });
    expect(check.problems).toEqual(['The summary says 100.50 EUR; the sales lines add up to 99.50 EUR.']);
    expect(readFileSync(csv, 'utf8').split('\n')[1]).toBe(
      'GBAAA2600001,5060000000016,First Light,Ada,Night Songs,Northern Lights,FR,AdvertisementSupportedModel/OnDemandStream,10,,60.25,EUR,2026-05,Tubely,Tubely',
    );
  });

  it('give readReport a CSV and map that store every sales line', async () => {
    const file = path.join(dir, 'ledger.tsv');
    writeFileSync(file, basicAudio());
    const { file: csv, map } = await dsrToReport(file, dir);
    const out = path.join(dir, 'ledger.parquet');
    const totals = await readReport(db, csv, map, out);
    expect(totals).toMatchObject({ lines_read: 4, stored: 4, rejected: [], skipped: 0, amount_stored: '3.100000' });
    const rows = await (
      await db.runAndReadAll(
        `SELECT isrc, territory, currency, CAST(quantity AS INTEGER) AS quantity, pay_period, retailer FROM read_parquet('${out}') ORDER BY line`,
      )
    ).getRowObjects();
    expect(rows[2]).toEqual({
      isrc: 'GBAAA2600003',
      territory: 'DE',
      currency: 'EUR',
      quantity: 2,
      pay_period: '2026-04',
      retailer: 'Streamio',
    });
  });
});
