import { describe, expect, it } from 'vitest';
import { csvRows } from '../../shared/csv-rows.js';
import { decodeText } from '../../shared/text-encoding.js';
import { fileText } from '../../web/src/components/file-import.js';

/** Text files read alike on the server and in the browser: their separator and encoding as a spreadsheet saved them. */
describe('text files as spreadsheets save them', () => {
  it('reads CSV rows separated by semicolons or tabs, with CR, LF or CRLF line ends', () => {
    const expected = [{ email: 'a@example.test', name: 'Dupont, Zoé' }];
    expect(csvRows('email;name\r\na@example.test;Dupont, Zoé\r\n')).toEqual(expected);
    expect(csvRows('\uFEFFEmail\tName\na@example.test\tDupont, Zoé\n')).toEqual(expected);
    expect(csvRows('email,name\ra@example.test,"Dupont, Zoé"\r')).toEqual(expected);
  });

  it('reads a sample cut inside a UTF-8 character as UTF-8, not as Windows-1252', () => {
    const bytes = new TextEncoder().encode('Période,Qté\n1,Zoé');
    // Cut between the two bytes of the last "é": read whole, that is no longer valid UTF-8.
    const cut = bytes.subarray(0, bytes.length - 1);
    expect(decodeText(cut, { partial: true })).toBe('Période,Qté\n1,Zo');
    expect(decodeText(cut)).toContain('PÃ©riode');
  });

  it("reads a chosen file in the browser by the server's rule: Excel's Windows CSV keeps its accents", async () => {
    const windows = new Blob([new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x5a, 0x6f, 0xe9, 0x20, 0x80])]);
    // File.text() read it as "Zo� �".
    expect(await fileText(windows)).toBe('Name\nZoé €');
    const utf8 = new Blob([new TextEncoder().encode(`Période\n${'x'.repeat(100)}`)]);
    expect(await fileText(utf8, 2)).toBe('P');
    expect(await fileText(utf8, 3)).toBe('Pé');
  });
});
