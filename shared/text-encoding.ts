/**
 * The text of an uploaded file whatever encoding it was saved in. Spreadsheets saved as "CSV" on
 * Windows are Windows-1252 (Latin-1 plus € and curly quotes), not UTF-8; read as UTF-8 their accents
 * became U+FFFD ("Beyonc� Caf�") and were stored so without a word. The rule:
 * - a UTF-8 byte order mark, or bytes that are valid UTF-8: UTF-8;
 * - a UTF-16 byte order mark (what Excel's "Unicode text" and several stores' reports write): UTF-16; also
 *   UTF-16 without its mark, told by the NUL byte beside its first character (no text file starts with a NUL);
 * - anything else: Windows-1252. Every byte decodes to a character there, and a file that is not
 *   UTF-8 is that far more often than anything else; refusing it would send the user to re-save a
 *   file they can read in their own spreadsheet.
 * The same rule on the server (catalogue imports, royalty reports) and in the browser (a file the page reads
 * itself), so a file reads alike wherever it is read.
 */
type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

type Utf16 = 'utf-16le' | 'utf-16be';

/** UTF-16 by the byte order mark a file starts with. */
export function utf16ByMark(bytes: Uint8Array): Utf16 | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** UTF-16 saved without its mark: text starting with a Latin letter, digit or quote has a NUL beside it. */
export function utf16WithoutMark(bytes: Uint8Array): Utf16 | undefined {
  if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0) return 'utf-16be';
  return undefined;
}

/** The encoding of a file's bytes, by the rule above; `partial`: the bytes are a file's start, cut anywhere. */
function detectEncoding(bytes: Uint8Array, partial: boolean): TextEncodingName {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const utf16 = utf16ByMark(bytes) ?? utf16WithoutMark(bytes);
  if (utf16) return utf16;
  try {
    // A start cut inside a character is still UTF-8: the decoder keeps the cut character waiting (stream).
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * Windows-1252's characters for bytes 0x80–0x9F (the rest is Latin-1). Node's own 'windows-1252'
 * decoder reads these bytes as Latin-1's control characters, which would turn "€" and curly quotes
 * into invisible controls; the five bytes Windows-1252 leaves undefined stay as those controls.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const PIECE = 8192;
  for (let at = 0; at < bytes.length; at += PIECE) {
    const codes = Array.from(bytes.subarray(at, at + PIECE), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/**
 * A file's bytes as text, by its encoding, without its byte order mark. `partial`: the bytes are the start of a
 * file (a sample), so a character cut at their end is left out rather than taken for another encoding.
 */
export function decodeText(bytes: Uint8Array, { partial = false }: { partial?: boolean } = {}): string {
  const encoding = detectEncoding(bytes, partial);
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  // ignoreBOM false (the default) drops the mark of the encoding it decodes.
  return new TextDecoder(encoding).decode(bytes, { stream: partial });
}

/** The replacement character: text that was lost before the file reached us (a wrong encoding upstream). */
export const REPLACEMENT_CHARACTER = '\uFFFD';
