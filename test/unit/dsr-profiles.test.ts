import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsrToReport } from '../../functions/royalties/import/dsr.js';
import { isGtin, isIsrc, netProblems, rateProblems } from '../../functions/royalties/import/dsr-checks.js';
import { asDelimitedText } from '../../functions/royalties/import/report-file.js';
import { ReportProblem } from '../../functions/royalties/import/report-problem.js';

/**
 * DSR profiles beyond Basic Audio's SU01/SU02: SRB 1.0 financial reports to labels
 * (SY10/SR08), UGC (SU03 + LI01), reports cut into files (FHEA/FFOO), and the summary checks.
 * Records are written by position (DSR Part 8 / the profiles' XSDs), from sparse cell lists.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dsr-profiles-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A record of `type` with the given cells at their positions, the others empty. */
const rec = (type: string, cells: Record<number, string>) => {
  const width = Math.max(0, ...Object.keys(cells).map(Number)) + 1;
  return [type, ...Array.from({ length: width - 1 }, (_, i) => cells[i + 1] ?? '')].join('\t');
};
const file = (name: string, records: string[]) => {
  const target = path.join(dir, name);
  writeFileSync(target, `${records.join('\n')}\n`);
  return target;
};
const rows = (csv: string) => readFileSync(csv, 'utf8').trim().split('\n').slice(1);
const head = (profile: string, extra: Record<number, string> = {}) =>
  rec('HEAD', {
    1: 'dsrf/1.1.2',
    2: profile,
    3: '1.0',
    4: 'MSG-9',
    5: '2026-05-10T00:00:00Z',
    6: '1',
    7: '1',
    8: '2026-04-01',
    9: '2026-04-30',
    10: 'PADPIDA2030000003Z',
    11: 'Distro',
    ...extra,
  });

// USD → EUR at 0.9: the summary and its two lines agree to the cent in both currencies.
const sy10 = (extra: Record<number, string> = {}) =>
  rec('SY10', {
    1: 'S1',
    4: 'SubscriptionModel',
    5: 'OnDemandStream',
    6: '2026-04-01',
    7: '2026-04-30',
    12: 'DE',
    16: '300',
    17: '300',
    18: '0',
    19: '1',
    20: 'USD',
    21: 'EUR',
    22: '0.900000',
    25: '12.00',
    26: '10.80',
    30: '2.00',
    31: '1.80',
    32: '10.00',
    33: '9.00',
    34: '10.00',
    35: '9.00',
    36: '8.00',
    37: '7.20',
    ...extra,
  });
const sr08 = (id: string, usages: string, money: string[], extra: Record<number, string> = {}) =>
  rec('SR08', {
    1: id,
    3: '5060000000016',
    4: 'DSP-REL-1',
    9: 'Night Songs',
    11: 'Ada',
    13: 'GBAAA2600001',
    20: 'First Light',
    22: 'Ada|Bo',
    24: 'S1',
    25: '2026-04-10',
    26: usages,
    27: '0',
    28: usages,
    40: '100',
    // AllocatedRevenue, Deductions, AllocatedNetRevenue: transaction then accounting currency.
    43: money[0],
    44: money[1],
    38: money[2],
    39: money[3],
    45: money[4],
    46: money[5],
    ...extra,
  });
const srb = (name: string, lines: string[], summary = sy10(), footer = ['5', '1']) =>
  file(name, [
    head('FinancialReportingToRecordCompaniesProfileSRB'),
    summary,
    ...lines,
    rec('SRFO', { 1: footer[0], 2: footer[1] }),
  ]);
const LINE_1 = ['6.00', '5.40', '1.00', '0.90', '5.00', '4.50'];
const LINE_2 = ['4.00', '3.60', '1.00', '0.90', '3.00', '2.70'];

describe('DSR profiles', () => {
  it('SRB 1.0: SR08 lines become ledger lines in the currency of accounting, checked against SY10', async () => {
    const srbFile = srb('srb.tsv', [sr08('T1', '200', LINE_1), sr08('T2', '100', LINE_2, { 13: 'GBAAA2600002' })]);
    const { file: csv, check } = await dsrToReport(srbFile, dir);
    expect(check).toMatchObject({ ok: true, problems: [], detail_lines: 2, detail_amount: '7.20 EUR' });
    expect(rows(csv)).toEqual([
      'GBAAA2600001,5060000000016,First Light,Ada & Bo,Night Songs,,DE,SubscriptionModel/OnDemandStream,200,,4.50,EUR,2026-04,Distro,Distro',
      'GBAAA2600002,5060000000016,First Light,Ada & Bo,Night Songs,,DE,SubscriptionModel/OnDemandStream,100,,2.70,EUR,2026-04,Distro,Distro',
    ]);
  });

  it('SRB 1.0: a failed check flags the report and names the record and the figure', async () => {
    const srbFile = srb(
      'srb-bad.tsv',
      [
        // ISRC one digit short, UPC with a wrong check digit, sold after the period.
        sr08('T1', '200', LINE_1, { 13: 'GBAAA260001', 3: '5060000000013', 25: '2026-05-02' }),
        // Net 2.60 is neither 3.60 − 0.90 nor 3.00 × 0.9.
        sr08('T2', '100', ['4.00', '3.60', '1.00', '0.90', '3.00', '2.60']),
        sr08('T3', '5', LINE_2, { 24: 'S9' }),
      ],
      // The summary's net in EUR is not gross − deductions, and says 310 usages.
      sy10({ 17: '310', 33: '9.10' }),
      ['6', '2'],
    );
    const { check } = await dsrToReport(srbFile, dir);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      'Summary record S1 (line 2): NetRevenueInCurrencyOfAccounting is 9.10, but GrossRevenueInCurrencyOfAccounting 10.80 less deductions 1.80 is 9.00.',
      'Summary record S1 (line 2): NetRevenueInCurrencyOfAccounting is 9.10, but NetRevenueInCurrencyOfTransaction 10.00 × exchange rate 0.900000 is 9.00.',
      'Sales line 3: ISRC GBAAA260001 is not a valid ISRC (CC-XXX-YY-NNNNN).',
      'Sales line 3: UPC/EAN 5060000000013 fails its check digit.',
      "Sales line 3: SalesTransactionDate 2026-05-02 is outside the report's period 2026-04-01 to 2026-04-30.",
      'Sales line 4: AllocatedNetRevenueInCurrencyOfAccounting is 2.60, but AllocatedRevenueInCurrencyOfAccounting 3.60 less deductions 0.90 is 2.70.',
      'Sales line 4: AllocatedNetRevenueInCurrencyOfAccounting is 2.60, but AllocatedNetRevenueInCurrencyOfTransaction 3.00 × exchange rate 0.900000 is 2.70.',
      'Sales line 5 refers to summary record S9, which the file does not have.',
      'The footer says 2 summary records; the file has 1.',
      // 4.50 + 2.60: the line naming S9 has no currency, and is named above.
      'The summary says 7.20 EUR; the sales lines add up to 7.10 EUR.',
      'Summary record S1 (line 2) says 310 usages; its sales lines add up to 300.',
    ]);
  });

  it('SRFO: the line count of the whole report', async () => {
    const srbFile = srb('srb-count.tsv', [sr08('T1', '200', LINE_1), sr08('T2', '100', LINE_2)], sy10(), ['6', '1']);
    const { check } = await dsrToReport(srbFile, dir);
    expect(check.problems).toEqual(['The footer says the report has 6 lines; it has 5.']);
  });

  it('UGC 1.2: each LI01 share of a SU03 line is a ledger line of its AllocatedAmount', async () => {
    const ugc = (amount: string) =>
      file('ugc.tsv', [
        head('UgcProfile'),
        rec('SY02.02', {
          1: 'S1',
          4: 'AdvertisementSupportedModel',
          5: 'OnDemandStream',
          6: 'US',
          7: 'Tube',
          8: '1000',
          10: 'USD',
          11: '5.00',
          16: '1.50',
          18: 'Music',
        }),
        rec('AS01.01', { 1: 'B1', 2: 'A1', 3: 'DSP-1', 4: 'GBAAA2600001', 5: 'First Light', 7: 'Ada', 10: 'Sound' }),
        rec('AS01.01', { 1: 'B1', 2: 'A2', 3: 'DSP-2', 4: 'GBAAA2600002', 5: 'Second', 7: 'Ada', 10: 'Sound' }),
        rec('SU03.02', {
          1: 'B1',
          2: 'T1',
          3: 'S1',
          4: 'DSP-1',
          5: '600',
          6: '3.00',
          7: '2026-04-01',
          8: '2026-04-30',
        }),
        rec('LI01.02', { 1: 'B1', 2: 'S1', 3: 'Northern Lights', 6: '30', 8: '0.90', 9: '0.90', 10: '600' }),
        rec('SU03.02', { 1: 'B1', 2: 'T2', 3: 'S1', 4: 'DSP-2', 5: '400', 6: '2.00' }),
        rec('LI01.02', { 1: 'B1', 2: 'S1', 3: 'Northern Lights', 6: '30', 8: '0.60', 9: amount, 10: '400' }),
        rec('FOOT', { 1: '9', 2: '9', 3: '1', 4: '1', 5: '1' }),
      ]);
    const good = await dsrToReport(ugc('0.60'), dir);
    expect(good.check).toMatchObject({ ok: true, problems: [], detail_lines: 2, detail_amount: '1.50 USD' });
    expect(rows(good.file)).toEqual([
      'GBAAA2600001,,First Light,Ada,,,US,AdvertisementSupportedModel/OnDemandStream,600,,0.90,USD,2026-04,Distro,Distro',
      'GBAAA2600002,,Second,Ada,,,US,AdvertisementSupportedModel/OnDemandStream,400,,0.60,USD,2026-04,Distro,Distro',
    ]);
    const bad = await dsrToReport(ugc('0.50'), dir);
    expect(bad.check.problems).toEqual(['The summary says 1.50 USD; the sales lines add up to 1.40 USD.']);
  });

  it('say which summary record is off when a currency has several', async () => {
    const two = srb(
      'srb-two.tsv',
      [sr08('T1', '200', LINE_1), sr08('T2', '100', LINE_2, { 24: 'S2' })],
      `${sy10()}\n${sy10({ 1: 'S2' })}`,
      ['6', '2'],
    );
    const { check } = await dsrToReport(two, dir);
    expect(check.problems).toEqual([
      'The summary says 14.40 EUR; the sales lines add up to 7.20 EUR.',
      'Summary record S1 (line 2) says 300 usages; its sales lines add up to 200.',
      'Summary record S1 (line 2) says 7.20 EUR; its sales lines add up to 4.50 EUR.',
      'Summary record S2 (line 3) says 300 usages; its sales lines add up to 100.',
      'Summary record S2 (line 3) says 7.20 EUR; its sales lines add up to 2.70 EUR.',
    ]);
  });
});

describe('a DSR cut into files, uploaded as a zip of them', () => {
  const part1 = [
    head('BasicAudioProfile', { 7: '2' }),
    rec('SY01.03', { 1: 'S1', 4: 'SubscriptionModel', 5: 'OnDemandStream', 6: 'GB', 8: '300', 10: 'GBP', 11: '1.00' }),
    rec('RE01.03', { 1: 'B1', 2: 'R1', 3: 'D1', 6: '5060000000016', 7: 'Ada', 9: 'Night Songs', 12: 'NL' }),
    rec('AS02.04', { 1: 'B1', 2: 'A1', 3: 'D2', 4: 'GBAAA2600001', 5: 'First Light', 7: 'Ada', 10: 'Sound' }),
    rec('SU02.03', { 1: 'B1', 2: 'S1', 3: 'T1', 5: 'A1', 7: '200' }),
    rec('FFOO', { 1: '6', 4: '1' }),
  ];
  const part2 = (reportLines: string) => [
    rec('FHEA', { 1: 'dsrf/1.1.2', 2: 'BasicAudioProfile', 6: '2', 7: '2', 8: '2026-04-01', 9: '2026-04-30' }),
    rec('RE01.03', { 1: 'B2', 2: 'R1', 3: 'D3', 6: '5060000000023', 7: 'Cy', 9: 'Lone', 12: 'NL' }),
    rec('AS02.04', { 1: 'B2', 2: 'A1', 3: 'D4', 4: 'GBAAA2600003', 5: 'Lone', 7: 'Cy', 10: 'Sound' }),
    rec('SU02.03', { 1: 'B2', 2: 'S1', 3: 'T2', 5: 'A1', 7: '100' }),
    rec('FOOT', { 1: '5', 2: reportLines, 3: '1', 4: '1', 5: '2' }),
  ];
  const zip = (name: string, files: Record<string, string[]>) => {
    const target = path.join(dir, name);
    const entries = Object.fromEntries(
      Object.entries(files).map(([file, records]) => [file, Buffer.from(`${records.join('\n')}\n`)]),
    );
    writeFileSync(target, zipSync(entries));
    return target;
  };

  it('are read as one report, in FileNumber order, the last footer counting the whole report', async () => {
    // The second file first in the archive: the order comes from FileNumber, not the zip.
    const upload = zip('parts.zip', { 'sales_2of2.tsv': part2('11'), 'sales_1of2.tsv': part1 });
    const { file: csv, check } = await dsrToReport(await asDelimitedText(upload, dir), dir);
    expect(check).toMatchObject({ ok: true, problems: [], detail_lines: 2, detail_amount: '1.00 GBP' });
    expect(rows(csv).map((row) => row.split(',').slice(0, 2).concat(row.split(',').slice(8, 12)))).toEqual([
      ['GBAAA2600001', '5060000000016', '200', '', '0.666667', 'GBP'],
      ['GBAAA2600003', '5060000000023', '100', '', '0.333333', 'GBP'],
    ]);
  });

  it("say when the last footer's report count or a file is wrong or missing", async () => {
    const counted = zip('parts-count.zip', { 'a.tsv': part1, 'b.tsv': part2('12') });
    expect((await dsrToReport(await asDelimitedText(counted, dir), dir)).check.problems).toEqual([
      'The footer says the report has 12 lines; it has 11.',
    ]);
    const short = zip('parts-short.zip', { 'a.tsv': part1, 'readme.txt': ['The April report'] });
    expect((await dsrToReport(await asDelimitedText(short, dir), dir)).check.problems).toEqual([
      'The header says the report has 2 files; 1 were read.',
      'Summary record S1 (line 2) says 300 usages; its sales lines add up to 200.',
    ]);
  });

  it('name the file whose own footer disagrees, and refuse a zip holding one file twice', async () => {
    const first = part1.map((r) => (r.startsWith('FFOO') ? rec('FFOO', { 1: '7', 4: '2' }) : r));
    const miscounted = zip('parts-file.zip', { 'a.tsv': first, 'b.tsv': part2('11') });
    expect((await dsrToReport(await asDelimitedText(miscounted, dir), dir)).check.problems).toEqual([
      'The footer of file 1 says 7 lines; the file has 6.',
      'The footer of file 1 says 2 blocks; the file has 1.',
    ]);
    const twice = zip('parts-twice.zip', { 'a.tsv': part1, 'b.tsv': part1 });
    const refused = await asDelimitedText(twice, dir).catch((error: unknown) => error);
    // A ReportProblem: its sentence reaches the user as it is.
    expect(refused).toBeInstanceOf(ReportProblem);
    expect((refused as Error).message).toBe(
      'The zip holds two DSR files numbered 1 (FileNumber): upload each file of the report once.',
    );
  });

  it('a zip of other files still gives its largest', async () => {
    const other = zip('other.zip', { 'readme.txt': ['hi'], 'sales.csv': ['ISRC,Net', 'GBAAA2600001,1.00'] });
    expect(readFileSync(await asDelimitedText(other, dir), 'utf8')).toBe('ISRC,Net\nGBAAA2600001,1.00\n');
  });
});

describe('DSR identifier and money checks', () => {
  it('ISRC format and UPC/EAN check digits', () => {
    expect(['GBAAA2600001', 'USRC17607839', 'GBAAA260001', 'gbaaa2600001', 'GB-AAA-26-00001'].map(isIsrc)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(['5060000000016', '036000291452', '96385074', '5060000000013', '50600000000161', 'abc'].map(isGtin)).toEqual(
      [true, true, true, false, false, false],
    );
  });

  it('net = gross − every deduction of a multi-valued cell', () => {
    const figures = (net: string) => (f: string) =>
      ({ gross_tx: '10.00', deductions_tx: '1.00|0.50', net_tx: net })[f] ?? '';
    expect(netProblems('S1', figures('8.50'), 'gross', 'net')).toEqual([]);
    expect(netProblems('S1', figures('8.60'), 'gross', 'net')).toEqual([
      'S1: NetRevenueInCurrencyOfTransaction is 8.60, but GrossRevenueInCurrencyOfTransaction 10.00 less deductions 1.00|0.50 is 8.50.',
    ]);
  });

  it('accept amounts within rounding of the exchange rate, and no further', () => {
    const figures = (acc: string) => (f: string) => ({ net_tx: '10.00', net_acc: acc })[f] ?? '';
    expect(rateProblems('X', figures('9.00'), ['net'], '0.9004')).toEqual([]);
    expect(rateProblems('X', figures('9.02'), ['net'], '0.9')).toEqual([]);
    expect(rateProblems('X', figures('9.02'), ['net'], '0.900000')).toHaveLength(1);
  });
});
