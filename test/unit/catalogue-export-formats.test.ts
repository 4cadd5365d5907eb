import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { RELEASE_SHEET_COLUMNS } from '../../shared/catalogue-exchange/release-sheet.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/catalogue-exchange/exports.js';
import { writeExport } from '../../functions/catalogue-exchange/exports/build.js';
import { copyrightProblem, lineCell, lineYear } from '../../functions/catalogue-exchange/exports/copyright.js';
import type { ExportRelease } from '../../functions/catalogue-exchange/exports/types.js';
import { exportRelease } from '../support/export-releases.js';

async function exported(format: ExportFormat, releases: ExportRelease[], strip?: string[]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const report = await writeExport(format, releases, out, { strip });
  out.end();
  return { report, text: Buffer.concat(chunks).toString('utf8') };
}

const rowsOf = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe('release exports: formats', () => {
  it('release_csv writes exactly the release sheet, one row per recording, read back field by field', async () => {
    const releases = [exportRelease(1, 2), exportRelease(2, 3)];
    const { report, text } = await exported('release_csv', releases);
    expect(report).toMatchObject({ rows: 5, releases: 2, skipped: [] });
    const [header] = parse(text, { to_line: 1 }) as string[][];
    expect(header).toEqual(RELEASE_SHEET_COLUMNS.map((c) => c.key));
    const rows = rowsOf(text);
    expect(rows).toHaveLength(5);
    const [first, second] = rows;
    const release = releases[0];
    const [track1, track2] = release.recordings;
    expect(first).toMatchObject({
      release_title: release.title,
      release_version: 'Deluxe',
      upc: release.upc,
      cat_no: release.cat_no,
      label: 'Northern Lights Records',
      primary_artists: 'Earth, Wind & Fire',
      release_date: '2024-05-01',
      c_line: '2024 Northern Lights Records',
      p_line: '2024 Northern Lights Records',
      explicit: 'Y',
      compilation: 'N',
      // The product format, as the import reads it back (not the number of tracks).
      format: 'Digital',
      total_volumes: '1',
      territories: 'WW',
      metadata_language: 'English',
      disc_number: '1',
      position: '1',
      isrc: track1.isrc,
      track_title: 'Track 1, "quoted"',
      mix_title: 'Radio Edit',
      track_featured_artists: 'Guest',
      explicit_lyrics: 'Y',
      album_only: 'N',
      // Each writer's writing roles in brackets; a plain Writer is the name alone.
      writers: 'Ann Writer (Composer, Lyricist)|Bo Lyricist',
      publishers: 'Copyright Control',
      length: '00:03:21',
      preview_start: '30',
      preview_length: '',
      lyrics: 'line one\nline two',
    });
    // Default track length and the N flags of the second track.
    expect(second).toMatchObject({ isrc: track2.isrc, length: '00:00:00', explicit_lyrics: 'N', album_only: 'Y' });
  });

  it('writes text a spreadsheet would run as a formula as text, in every CSV format', async () => {
    const release = exportRelease(7, 1, { title: '=HYPERLINK("http://evil.example","Click")' });
    for (const format of ['csv', 'release_csv', 'fuga_csv', 'ppl_csv'] as const) {
      const { text } = await exported(format, [release]);
      const cells = parse(text) as string[][];
      const formulaCells = cells.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell));
      expect(formulaCells, format).toEqual([]);
      expect(cells.flat(), format).toContain(`'=HYPERLINK("http://evil.example","Click")`);
    }
  });

  it('json reads back to the same releases and recordings', async () => {
    const releases = [exportRelease(1, 2), exportRelease(2, 1)];
    const { report, text } = await exported('json', releases);
    expect(report).toMatchObject({ releases: 2, rows: 3 });
    expect(JSON.parse(text)).toEqual(releases);
  });

  it('writes explicit flags as Y or N in every flat format', async () => {
    const release = exportRelease(1, 2, { explicit: false });
    const csv = rowsOf((await exported('csv', [release])).text);
    expect(csv.map((r) => [r.explicit, r.track_explicit])).toEqual([
      ['N', 'Y'],
      ['N', 'N'],
    ]);
    const fuga = rowsOf((await exported('fuga_csv', [release])).text);
    expect(fuga.map((r) => [r['Parental Advisory'], r['Asset Parental Advisory']])).toEqual([
      ['N', 'Y'],
      ['N', 'N'],
    ]);
    const ppl = rowsOf((await exported('ppl_csv', [release])).text);
    expect(ppl.map((r) => r.Explicit)).toEqual(['Y', 'N']);
  });

  it('fuga_csv and ppl_csv have their own headers and carry the ℗/© years apart', async () => {
    const release = exportRelease(7, 1);
    const fuga = (await exported('fuga_csv', [release])).text;
    expect(fuga.split('\n')[0]).toMatch(/^Product Title,Product Version,Product Display Artist,/);
    const [f] = rowsOf(fuga);
    expect(f).toMatchObject({
      UPC: release.upc,
      'Catalog Number': 'NL0007',
      'Release Format': 'EP',
      'C Line Year': '2024',
      'C Line Text': 'Northern Lights Records',
      'P Line Year': '2024',
      'Catalog Tier': 'FRONT',
      Language: 'EN',
      Duration: '00:03:21',
      'Track Sequence': '1',
      Territories: 'WW',
    });
    const ppl = (await exported('ppl_csv', [release])).text;
    expect(ppl.split('\n')[0]).toMatch(/^ISRC,Recording Title,Version,Band\/Artist Name,/);
    const [p] = rowsOf(ppl);
    expect(p).toMatchObject({
      ISRC: release.recordings[0].isrc,
      'P Date': '2024',
      'Recording Rights Holder': 'Northern Lights Records',
      'UPC/EAN': release.upc,
      'Track Number': '1',
    });
  });

  it('merlin_metadata is empty', async () => {
    const { text, report } = await exported('merlin_metadata', [exportRelease(1)]);
    expect(text).toBe('');
    expect(report.rows).toBe(0);
  });

  it('strips named fields', async () => {
    const csv = rowsOf((await exported('release_csv', [exportRelease(1, 1)], ['lyrics', 'upc'])).text);
    expect(Object.keys(csv[0])).not.toContain('lyrics');
    expect(Object.keys(csv[0])).not.toContain('upc');
    expect(csv[0].isrc).toBeTruthy();
    const json = JSON.parse((await exported('json', [exportRelease(1, 1)], ['lyrics', 'upc'])).text);
    expect(json[0]).not.toHaveProperty('upc');
    expect(json[0].recordings[0]).not.toHaveProperty('lyrics');
  });
});

describe('release exports: the c_line / p_line year rule', () => {
  it('finds the year in the year field or the text', () => {
    expect(lineYear({ text: 'Label', year: '2021' })).toBe('2021');
    expect(lineYear({ text: '℗ 2019 Label', year: '' })).toBe('2019');
    expect(lineYear({ text: 'Label 12345', year: '' })).toBe('');
    expect(lineYear({ text: 'Label', year: '' })).toBe('');
    expect(lineCell({ text: 'Label', year: '2021' })).toBe('2021 Label');
    expect(lineCell({ text: '2019 Label', year: '2021' })).toBe('2019 Label');
  });

  it.each(EXPORT_FORMATS.filter((f) => f !== 'merlin_metadata'))(
    '%s leaves out and reports a release whose line lacks a four-digit year',
    async (format) => {
      const good = exportRelease(1, 1);
      const noYear = exportRelease(2, 1, { c_line: { text: 'Northern Lights', year: '' } });
      const trackNoYear = exportRelease(3, 2);
      trackNoYear.recordings[1].p_line = { text: 'Other Label', year: '' };
      const { report, text } = await exported(format, [good, noYear, trackNoYear]);
      expect(report.releases).toBe(1);
      expect(report.skipped).toEqual([
        {
          release_id: 'rel-2',
          release: `Night Drive 2 (NL0002, UPC ${noYear.upc})`,
          reasons: ['C line "Northern Lights" has no four-digit year'],
        },
        {
          release_id: 'rel-3',
          release: `Night Drive 3 (NL0003, UPC ${trackNoYear.upc})`,
          reasons: ['Track 1-2 Track 2, "quoted": P line "Other Label" has no four-digit year'],
        },
      ]);
      expect(text).not.toContain(noYear.upc);
      expect(text).not.toContain(trackNoYear.upc);
      expect(text).toContain(good.upc);
    },
  );

  it('a missing release line is named once, not again for each recording falling back to it', () => {
    const release = exportRelease(1, 3, { p_line: { text: '', year: '' } });
    expect(copyrightProblem(release)?.reasons).toEqual(['P line is missing']);
  });
});
