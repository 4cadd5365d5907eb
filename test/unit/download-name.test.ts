import { parse } from 'content-disposition';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName } from '../../functions/lib/download-name.js';
import { statementPdfName } from '../../functions/money/statements/api/statements.js';
import { zipFiles } from '../../functions/money/statements/documents/zip.js';

describe('the name a download is saved under', () => {
  it('keeps the words, spaces, accents and dashes of a title', () => {
    expect(downloadName('Artist release contract — Zoë Ångström', 'pdf')).toBe(
      'Artist release contract — Zoë Ångström.pdf',
    );
    expect(downloadName('Mira Solen - Harbour Lights', 'wav')).toBe('Mira Solen - Harbour Lights.wav');
  });

  it('turns what no disk takes into a dash and tidies the spaces and dots around it', () => {
    expect(downloadName('AC/DC: "Live" <at> Wembley?', 'mp3')).toBe('AC-DC- -Live- -at- Wembley-.mp3');
    expect(downloadName('  tab\there\nnewline  ', 'csv')).toBe('tab-here-newline.csv');
    expect(downloadName('...hidden.', 'pdf')).toBe('hidden.pdf');
  });

  it('is never empty and never longer than a disk takes', () => {
    expect(downloadName('   ', 'pdf')).toBe('download.pdf');
    expect(downloadName('x'.repeat(400), 'docx')).toBe(`${'x'.repeat(150)}.docx`);
  });
});

describe('the Content-Disposition header', () => {
  it('carries a name with accents whole, and an ASCII one for old clients', () => {
    const header = contentDisposition('attachment', 'Zoë — Night Drive.wav');
    expect(header).toContain('filename="Zo? ? Night Drive.wav"');
    expect(parse(header)).toMatchObject({ type: 'attachment', parameters: { filename: 'Zoë — Night Drive.wav' } });
    expect(parse(contentDisposition('inline', 'LI-000042.pdf'))).toEqual({
      type: 'inline',
      parameters: { filename: 'LI-000042.pdf' },
    });
    expect(contentDisposition('attachment')).toBe('attachment');
  });
});

describe('the statements’ bulk zip', () => {
  it('names each PDF by its number and payee, flat, whatever the payee is called', () => {
    const pdf = new TextEncoder().encode('%PDF-1.4');
    const names = ['AC/DC', '../../etc/passwd', 'Zoë: "live"', 'Plain Payee'].map((payee_name, i) =>
      statementPdfName({ number: `ST-00000${i + 1}`, payee_name }),
    );
    const entries = Object.keys(unzipSync(zipFiles(names.map((name) => ({ name, data: pdf })))));
    expect(entries).toEqual([
      'ST-000001 AC-DC.pdf',
      'ST-000002 ..-..-etc-passwd.pdf',
      'ST-000003 Zoë- -live-.pdf',
      'ST-000004 Plain Payee.pdf',
    ]);
  });
});
