import { formatDaysIn } from '../../../shared/format';
import { decodeText } from '../../../shared/text-encoding';

/**
 * What the pages that import a file (opening balances, contracts) share: the file sent as the API reads it, and a
 * check's problems and lists in words. One module, so every import page says a problem and a cut-short list alike.
 */

/** A problem of a file's check: its row as the spreadsheet numbers it (null: the whole file), column and words. */
export type FileProblem = { row: number | null; column: string | null; message: string };

/** A problem's place in words: "Row 4, balance", "Row 4", or "The file". */
export function problemWhere(problem: FileProblem): string {
  if (problem.row === null) return 'The file';
  return problem.column ? `Row ${problem.row}, ${problem.column}` : `Row ${problem.row}`;
}

/** The problem's words, any day in it as the pages show days. */
export const problemText = (problem: FileProblem) => formatDaysIn(problem.message);

/** The line under a list cut short ("and 12 more"), or nothing. */
export const andMore = (more: number, noun: string) => (more > 0 ? `and ${more} more ${noun}` : '');

/** A browser file's bytes as base64, read in pieces (String.fromCharCode takes a bounded number of arguments). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

/** A chosen file as an import's check and import take it: its name and its bytes in base64. */
export async function fileBody(file: File): Promise<{ file_name: string; content: string }> {
  return { file_name: file.name, content: base64Of(new Uint8Array(await file.arrayBuffer())) };
}

/**
 * A chosen file's text (or the text of its first `sampleBytes`), read by the server's rule for uploaded text: UTF-8,
 * UTF-16, else Windows-1252 (Excel's "CSV" on Windows). `File.text()` reads UTF-8 only, so "Beyoncé" saved by
 * Excel reached the server as "Beyonc�" and was stored so.
 */
export async function fileText(file: Blob, sampleBytes?: number): Promise<string> {
  const cut = sampleBytes !== undefined && file.size > sampleBytes;
  const bytes = new Uint8Array(await (cut ? file.slice(0, sampleBytes) : file).arrayBuffer());
  return decodeText(bytes, { partial: cut });
}
