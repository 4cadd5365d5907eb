import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { decodeWindows1252 } from '../../shared/text-encoding.js';

/**
 * Whether a file is UTF-8 (a UTF-8 byte order mark, or valid UTF-8 throughout), read as a stream: a sales report
 * may be gigabytes. A file that is not is Windows-1252 by the rule of shared/text-encoding.ts (UTF-16 is told by
 * its first bytes before).
 */
export async function isUtf8File(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** A Windows-1252 file written again as UTF-8, as a stream (one byte is one character: no chunk splits one). */
export async function windows1252FileToUtf8(file: string, target: string): Promise<void> {
  await pipeline(
    createReadStream(file),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        done(null, Buffer.from(decodeWindows1252(chunk), 'utf8'));
      },
    }),
    createWriteStream(target),
  );
}
