import { createHash } from 'node:crypto';
import { formatCount, sizeLimitWords } from '../../../shared/format.js';
import { BadRequest, InvalidField } from '../../lib/errors.js';
import { type FileRows, readImportFile } from './read-file.js';

/**
 * What the imports that check a whole file before writing it share (opening balances, contracts): the file read
 * once and bounded before any parsing, its hash (the key that writes a file once), the words for a file imported
 * already, and the refusal of a file with problems. One piece, so every such import bounds and words alike.
 */

/** A file as the page sends it: its name and its bytes in base64. */
type SentFile = { file_name: string; content: string };
/** A problem of a row (null: the whole file), by column, in words. */
type RowProblem = { row: number | null; column: string | null; message: string };

/** Decodes and reads the file, bounded before any parsing: its bytes, then its rows. */
export async function readCheckedFile(
  file: SentFile,
  limits: { maxBytes: number; maxRows: number },
): Promise<FileRows & { hash: string }> {
  const bytes = Buffer.from(file.content, 'base64');
  if (!bytes.length) throw new InvalidField('file', 'The file is empty');
  if (bytes.length > limits.maxBytes)
    throw new InvalidField('file', `The file is larger than ${sizeLimitWords(limits.maxBytes)}; split it`);
  if (!/\.(csv|txt|xlsx)$/i.test(file.file_name)) throw new InvalidField('file', 'The file must be a CSV or XLSX file');
  const { headers, rows } = await readImportFile(file.file_name, bytes);
  if (rows.length > limits.maxRows)
    throw new InvalidField('file', `The file has more than ${formatCount(limits.maxRows)} rows; split it`);
  return { hash: createHash('sha256').update(bytes).digest('hex'), headers, rows };
}

type ImportRecord = { completed_at?: string; updatedAt?: string } | null;

/** The day a file's import finished (or was last written; today before any record). */
export const importedDay = (record: ImportRecord) =>
  (record?.completed_at ?? record?.updatedAt ?? new Date().toISOString()).slice(0, 10);

/** The refusal of a file imported already. */
export const importedOn = (record: ImportRecord) => `This file was imported on ${importedDay(record)}`;

const problemText = (p: RowProblem) =>
  [p.row === null ? null : `Row ${p.row}`, p.column].filter(Boolean).join(', ') +
  (p.row === null ? '' : ': ') +
  p.message;

/** Refuses a file with problems, naming the first `listed` of them (the page's check lists every one). */
export function refuseFileProblems(problems: readonly RowProblem[], listed: number): void {
  if (!problems.length) return;
  const named = problems.slice(0, listed).map(problemText);
  const more = problems.length - named.length;
  const noun = problems.length === 1 ? 'problem' : 'problems';
  throw new BadRequest(`The file has ${problems.length} ${noun}; nothing was imported`, {
    file: more ? [...named, `and ${more} more`] : named,
  });
}
