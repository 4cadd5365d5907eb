import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRateRows } from '../../functions/royalties/ledger/rates.js';
import { LEDGER_COLUMNS } from '../../functions/royalties/ledger/schema.js';
import { applyLedgerRules, type LedgerContext } from '../../functions/royalties/ledger/rules.js';
import type { RoyaltyMap } from '../../shared/schemas/royalty-map.js';
import {
  type CatalogueRows,
  loadCatalogueRows,
  normaliseIdentifier,
} from '../../functions/royalties/ledger/match-lines.js';
import { readReport } from '../../functions/royalties/import/read-report.js';

/**
 * The ledger's derived columns: catalogue match, conversion into the
 * company currency and the cuts, computed in DuckDB over a report read through its map.
 */
let dir: string;
let db: DuckDBConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-rules-'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAP: RoyaltyMap = {
  columns: {
    isrc: 'ISRC',
    upc: 'UPC',
    cat_no: 'Cat',
    song: 'Track',
    delivered_by: 'By',
    subtotal_payable: 'Net',
    subtotal_payable_currency: 'Cur',
    pay_period: 'Period',
  },
};

const CATALOGUE = {
  recordings: [
    {
      id: 'R1',
      isrc: 'GBAAA2600001',
      artist_recordings: [
        { artist_id: 'A2', sequence: 2, payee_share: 25 },
        { artist_id: 'A1', sequence: 1, payee_share: 50 },
      ],
    },
    { id: 'R2', isrc: 'GBAAA2600002', artist_recordings: [] },
    { id: 'R9', isrc: 'GBAAA2600009' },
  ],
  releases: [
    {
      id: 'REL1',
      upc: '5012345678900',
      label_id: 'L1',
      release_recordings: [{ recording_id: 'R1' }],
      artist_releases: [{ artist_id: 'A9', payee_share: 100 }],
    },
    {
      id: 'REL2',
      upc: '0036000291452',
      cat_no: 'NP001',
      label_id: 'L2',
      release_recordings: [{ recording_id: 'R2' }],
      artist_releases: [{ artist_id: 'A3', payee_share: '40' }],
    },
    { id: 'REL3', cat_no: 'NP-002 ', label_id: 'L1' },
  ],
  labels: [{ labelId: 'L1', name: 'Aurora Sound', deal_percentage: 70 }, { labelId: 'L2' }],
  rules: [{ field: 'isrc', value: normaliseIdentifier('isrc', 'gb-aaa-26-00009'), recording_id: 'R2' }],
};

const CONTEXT: LedgerContext = {
  importId: 'IMP1',
  sourceName: 'Bench Store',
  paymentDate: '2026-06-30',
  companyCurrency: 'GBP',
  companyDeal: '60',
};

async function ledger(
  csv: string,
  context: Partial<LedgerContext> = {},
  rates: Parameters<typeof loadRateRows>[2] = [],
  catalogue: CatalogueRows = CATALOGUE,
) {
  const name = `r${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(dir, `${name}.csv`), csv);
  await readReport(db, path.join(dir, `${name}.csv`), MAP, path.join(dir, `${name}.raw.parquet`), { importId: 'IMP1' });
  await loadCatalogueRows(db, dir, catalogue);
  await loadRateRows(db, dir, rates);
  const out = path.join(dir, `${name}.parquet`);
  const result = await applyLedgerRules(db, path.join(dir, `${name}.raw.parquet`), out, { ...CONTEXT, ...context });
  const rows = await (await db.runAndReadAll(`SELECT * FROM read_parquet('${out}') ORDER BY line`)).getRowObjectsJson();
  return { result, rows, out };
}

const HEAD = 'ISRC,UPC,Cat,Track,By,Net,Cur,Period';

describe('catalogue matching', () => {
  it('matches by rule, ISRC, UPC and cat_no in that order, finds release, label and first artist, keeps unmatched lines', async () => {
    const { result, rows, out } = await ledger(
      [
        HEAD,
        'gb-aaa-26-00001,,,By ISRC,,1.00,GBP,2026-06',
        ',36000291452,np001,By UPC (12 digits against an EAN-13),,1.00,GBP,2026-06',
        ',, np-002 ,By cat_no,,1.00,GBP,2026-06',
        'GBAAA2600009,,,By rule (beats the catalogue ISRC),,1.00,GBP,2026-06',
        'XXAAA0000000,999,ZZ,Unknown,,1.00,GBP,2026-06',
      ].join('\n'),
    );
    expect(
      rows.map((r) => [Number(r.line), r.matched_by, r.recording_id, r.release_id, r.label_id, r.artist_id]),
    ).toEqual([
      [2, 'isrc', 'R1', 'REL1', 'L1', 'A1'],
      [3, 'upc', null, 'REL2', 'L2', 'A3'],
      [4, 'cat_no', null, 'REL3', 'L1', null],
      [5, 'manual', 'R2', 'REL2', 'L2', 'A3'],
      [6, null, null, null, null, null],
    ]);
    expect(result).toMatchObject({ lines: 5, matched: { isrc: 1, upc: 1, cat_no: 1, manual: 1, unmatched: 1 } });
    // A report without a label column names the matched release's label.
    expect(rows.map((r) => r.label_name)).toEqual(['Aurora Sound', null, 'Aurora Sound', null, null]);
    // Written in exactly the ledger schema: names, order and types.
    const schema = await (await db.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${out}')`)).getRowObjects();
    expect(schema.map((c) => [c.column_name, c.column_type])).toEqual(Object.entries(LEDGER_COLUMNS));
    expect(rows.every((r) => r.import_id === 'IMP1' && r.estimated === false)).toBe(true);
  });
});

describe("a matched line's names", () => {
  // The same catalogue with titles, display artists and artists' names.
  const NAMED: CatalogueRows = {
    ...CATALOGUE,
    recordings: [
      { ...CATALOGUE.recordings[0], title: 'First Light', display_artists: 'Ann & Bo' },
      { ...CATALOGUE.recordings[1], title: 'Second Wind', display_artists: '' },
      { ...CATALOGUE.recordings[2], title: 'Ninth' },
      { id: 'R4', isrc: 'GBAAA2600004', title: 'Fourth', artist_recordings: [{ artist_id: 'A4', sequence: 1 }] },
    ],
    releases: [
      { ...CATALOGUE.releases[0], title: 'Dawn EP', display_artists: 'Various' },
      { ...CATALOGUE.releases[1], title: 'Noon LP', display_artists: 'Cy' },
      { ...CATALOGUE.releases[2], title: 'No Artists' },
    ],
    artists: [
      { id: 'A1', name: 'Ann' },
      { id: 'A4', name: 'Dee' },
    ],
  };
  const head = 'ISRC,UPC,Cat,Track,Artist,Album,Label,Net,Cur,Period';
  const report = 'Unknown Song,Someone Else,Unknown Album,Other Label';

  it("takes the recording's title and artists, the release's title and the label's name, by any match", async () => {
    const { delivered_by: _by, ...columns } = MAP.columns;
    const map = { columns: { ...columns, artist: 'Artist', album: 'Album', label_name: 'Label' } };
    const name = `n${Math.random().toString(36).slice(2)}`;
    writeFileSync(
      path.join(dir, `${name}.csv`),
      [
        head,
        `GBAAA2600001,,,${report},1.00,GBP,2026-06`,
        `GBAAA2600009,,,${report},1.00,GBP,2026-06`,
        `,36000291452,,${report},1.00,GBP,2026-06`,
        `,,np-002,${report},1.00,GBP,2026-06`,
        `GBAAA2600004,,,${report},1.00,GBP,2026-06`,
        `XXAAA0000000,,,${report},1.00,GBP,2026-06`,
      ].join('\n'),
    );
    await readReport(db, path.join(dir, `${name}.csv`), map, path.join(dir, `${name}.raw.parquet`), {
      importId: 'IMP1',
    });
    await loadCatalogueRows(db, dir, NAMED);
    await loadRateRows(db, dir, []);
    const out = path.join(dir, `${name}.parquet`);
    await applyLedgerRules(db, path.join(dir, `${name}.raw.parquet`), out, CONTEXT);
    // Re-matching reads the written file again: the same rules give the same names.
    const again = path.join(dir, `${name}.again.parquet`);
    await applyLedgerRules(db, out, again, CONTEXT);
    for (const file of [out, again]) {
      const rows = await (
        await db.runAndReadAll(`SELECT * FROM read_parquet('${file}') ORDER BY line`)
      ).getRowObjectsJson();
      expect(rows.map((r) => [r.matched_by, r.song, r.artist, r.album, r.label_name])).toEqual([
        // The recording's display artists; its release (REL1) names the album and the label.
        ['isrc', 'First Light', 'Ann & Bo', 'Dawn EP', 'Aurora Sound'],
        // By hand (a rule to R2): R2 has no artists, so its release's (REL2, whose label has no name).
        ['manual', 'Second Wind', 'Cy', 'Noon LP', 'Other Label'],
        // A release only: no recording names the song, so the report's stays.
        ['upc', 'Unknown Song', 'Cy', 'Noon LP', 'Other Label'],
        // A release without artists or display artists: the report's artist stays.
        ['cat_no', 'Unknown Song', 'Someone Else', 'No Artists', 'Aurora Sound'],
        // No display artists stored: the first artist's name; on no release, the report's album.
        ['isrc', 'Fourth', 'Dee', 'Unknown Album', 'Other Label'],
        [null, 'Unknown Song', 'Someone Else', 'Unknown Album', 'Other Label'],
      ]);
    }
  });

  it("keeps the report's text where the catalogue read has no names", async () => {
    const { rows } = await ledger([HEAD, 'gb-aaa-26-00001,,,Report Title,,1.00,GBP,2026-06'].join('\n'));
    expect(rows.map((r) => [r.matched_by, r.song, r.label_name])).toEqual([['isrc', 'Report Title', 'Aurora Sound']]);
  });
});

describe('conversion and cuts', () => {
  const rates = [
    {
      distributor: 'dist a',
      original_currency: 'EUR',
      target_currency: 'GBP',
      payment_date: '2026-01-31',
      rate: '0.5',
    },
    {
      distributor: 'Dist A',
      original_currency: 'EUR',
      target_currency: 'GBP',
      payment_date: '2026-05-31',
      rate: '1.5',
    },
    { distributor: 'Dist A', original_currency: 'EUR', target_currency: 'GBP', payment_date: '2026-07-31', rate: '9' },
    {
      distributor: 'Bench Store',
      original_currency: 'SEK',
      target_currency: 'GBP',
      payment_date: '2026-06-30',
      rate: '0.075',
    },
  ];

  it('converts with the newest rate paid on or before the payment date, rounds half-up, and reports lines without a rate', async () => {
    const { result, rows } = await ledger(
      [
        HEAD,
        'GBAAA2600001,,,Same currency,Dist A,0.000005,GBP,2026-06',
        'GBAAA2600001,,,Euro,Dist A,9999999.99,EUR,2026-06',
        'GBAAA2600001,,,Krona via the source name,,0.01,SEK,2026-06',
        'GBAAA2600001,,,No rate,Dist A,2.00,USD,2026-06',
      ].join('\n'),
      {},
      rates,
    );
    expect(rows.map((r) => [r.exchange_rate, r.company_currency, r.amount])).toEqual([
      ['1.000000', 'GBP', '0.000005'],
      ['1.500000', 'GBP', '14999999.985000'],
      ['0.075000', 'GBP', '0.000750'],
      [null, 'GBP', null],
    ]);
    expect(result.missing_rates).toEqual([
      { distributor: 'Dist A', original_currency: 'USD', target_currency: 'GBP', lines: 1 },
    ]);
    expect(result.amount).toBe('14999999.985755');
    // Label L1 takes 70%: 0.000005 × 0.7 = 0.0000035 → 0.000004, the aggregator the rest, exactly.
    expect([rows[0].label_payable, rows[0].aggregator_payable]).toEqual(['0.000004', '0.000001']);
    // Artists of R1 hold 50 + 25 = 75% of the label's cut.
    expect(rows[1]).toMatchObject({
      label_payable: '10499999.989500',
      aggregator_payable: '4499999.995500',
      artist_payable: '7874999.992125',
    });
    expect(rows[3]).toMatchObject({ label_payable: null, aggregator_payable: null, artist_payable: null });
  });

  it("takes the company's deal for lines without a label deal, else 100, and pays artists nothing without shares", async () => {
    const csv = [
      HEAD,
      'NOPE,,,Unmatched,,10.00,GBP,2026-06',
      ',,NP001,Label L2 has no deal,,10.00,GBP,2026-06',
      ',,np-002,REL3 has no artists,,10.00,GBP,2026-06',
    ].join('\n');
    const withCompanyDeal = await ledger(csv);
    expect(withCompanyDeal.rows.map((r) => [r.label_payable, r.aggregator_payable, r.artist_payable])).toEqual([
      ['6.000000', '4.000000', '0.000000'],
      ['6.000000', '4.000000', '2.400000'],
      ['7.000000', '3.000000', '0.000000'],
    ]);
    const noDeal = await ledger(csv, { companyDeal: null });
    expect(noDeal.rows[0]).toMatchObject({ label_payable: '10.000000', aggregator_payable: '0.000000' });
  });
});
