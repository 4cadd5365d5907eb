import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readLines } from './dsr.js';
import { ReportProblem } from './report-problem.js';

/**
 * A DSR cut into several files (DSR Part 2: the first opens with HEAD, the others with FHEA; all
 * but the last close with FFOO, the last with FOOT and the report's totals) is uploaded as one zip
 * of its files (docs/royalty-imports.md). The files are put back in FileNumber order and joined
 * into one file, which dsrToReport reads as one report and checks file by file and as a whole.
 */

/** The file's FileNumber when it opens as a DSR file does (HEAD or FHEA), else undefined. */
async function dsrFileNumber(file: string): Promise<number | undefined> {
  for await (const line of readLines(file)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const cells = line.split('\t');
    if (cells[0] !== 'HEAD' && cells[0] !== 'FHEA') return undefined;
    // FileNumber is cell 6 of HEAD (DSR Part 8); a file without one is taken as the first.
    return Number(cells[6]) || 1;
  }
  return undefined;
}

async function endsInNewline(file: string): Promise<boolean> {
  const { size } = await stat(file);
  if (size === 0) return true;
  const handle = await open(file, 'r');
  try {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/**
 * The report's files joined in FileNumber order when two or more of `files` are files of one
 * DSR, else undefined (the caller then reads the archive's largest file as one report). Every
 * given file that is a DSR file is used; the joined files are removed.
 */
export async function joinDsrParts(files: string[], workDir: string): Promise<string | undefined> {
  const parts: { file: string; number: number }[] = [];
  for (const file of files) {
    const number = await dsrFileNumber(file);
    if (number !== undefined) parts.push({ file, number });
  }
  if (parts.length < 2) return undefined;
  parts.sort((a, b) => a.number - b.number);
  const repeated = parts.find((p, i) => i > 0 && parts[i - 1].number === p.number);
  if (repeated)
    throw new ReportProblem(
      `The zip holds two DSR files numbered ${repeated.number} (FileNumber): upload each file of the report once.`,
    );
  if (parts[0].number !== 1)
    throw new ReportProblem('The zip holds no first file (FileNumber 1, with the HEAD record) of the DSR.');
  const target = path.join(workDir, 'dsr-report.tsv');
  const out = createWriteStream(target);
  for (const part of parts) {
    // Plain text, one file after the other; a part not ending in a newline gets one.
    await pipeline(createReadStream(part.file), out, { end: false });
    if (!(await endsInNewline(part.file))) out.write('\n');
    await rm(part.file, { force: true });
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return target;
}
