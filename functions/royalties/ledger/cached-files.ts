import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENV } from '../../../infra/resources.js';
import { getBytes, putBytes } from '../../lib/bucket-objects.js';
import { log } from '../../lib/logger.js';
import { derivedKey } from '../bucket-keys.js';
import { LEDGER_CACHE_DIR } from './cache-dir.js';

/**
 * Files a process derives from a ledger state once and keeps in the local disk cache (the
 * list's rollup, the split of its label share, a statement run's allocation): each is named by a hash of everything it was made
 * from, so it is never stale and a restarted process finds it again instead of reading the ledger.
 *
 * Each is also copied to the ledger bucket (bucket-keys.ts `derivedKey`): in AWS the import worker
 * that writes them after an import and the API Lambda that reads them have disks of their own, and a
 * Lambda started cold finds the copy instead of reading millions of lines. A process without the
 * bucket (a unit test) keeps its files to itself.
 */

/** How long a replaced file stays for queries that started on it. */
const REMOVE_AFTER_MS = 60_000;

/**
 * A file counts as older than a write only when its time is this much before the write began: a file's time comes
 * from the kernel's coarse clock, which can lag the process's clock by a few milliseconds, and keeping a file one
 * removal too long costs only disk.
 */
const CLOCK_MARGIN_MS = 1_000;

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * `kind`'s folder for a tenant, and the file `of` names in it (`.none`: not worth keeping). The files are Parquet
 * unless `extension` says otherwise (the statements' allocation is kept as a DuckDB database: kept-allocation.ts).
 */
function placeOf(kind: string, tenantId: string, of: unknown, extension = 'parquet') {
  const dir = path.join(LEDGER_CACHE_DIR, kind, tenantId.replace(/[^0-9A-Za-z]/g, '_'));
  const name = createHash('sha256').update(JSON.stringify(of)).digest('hex');
  return { dir, file: path.join(dir, `${name}.${extension}`), none: path.join(dir, `${name}.none`) };
}

/** The ledger bucket, where the files are shared between processes; undefined where there is none. */
const sharedBucket = () => process.env[ENV.ledgerBucket] || undefined;
const sharedKey = (kind: string, tenantId: string, local: string) => derivedKey(tenantId, kind, path.basename(local));

/** The bucket's copy of `local` (or of its `.none` marker) brought to local disk; false when there is none. */
async function fromShared(kind: string, tenantId: string, local: string): Promise<boolean> {
  const bucket = sharedBucket();
  if (!bucket) return false;
  const body = await getBytes(bucket, sharedKey(kind, tenantId, local));
  if (!body) return false;
  await mkdir(path.dirname(local), { recursive: true });
  const partial = `${local}.${process.pid}.${randomUUID()}.part`;
  await writeFile(partial, body);
  await rename(partial, local);
  return true;
}

/** Copies a file just written to the bucket; a failed copy costs only the next cold process a write of its own. */
async function toShared(kind: string, tenantId: string, local: string): Promise<void> {
  const bucket = sharedBucket();
  if (!bucket) return;
  try {
    await putBytes(bucket, sharedKey(kind, tenantId, local), await readFile(local), 'application/octet-stream');
  } catch (error) {
    log().warn('derived ledger file not shared', { kind, tenantId, error: String(error) });
  }
}

/** The kept file `of` names, null when it was found not worth keeping, undefined when not made yet. */
export async function foundFile(
  kind: string,
  tenantId: string,
  of: unknown,
  extension?: string,
): Promise<string | null | undefined> {
  const { file, none } = placeOf(kind, tenantId, of, extension);
  // Found again: touched, so a removal planned when another state's file was written passes over it.
  if (await touched(file)) return file;
  if (await touched(none)) return null;
  if (await fromShared(kind, tenantId, file)) return file;
  if (await fromShared(kind, tenantId, none)) return null;
  return undefined;
}

/**
 * The file `of` names: found, or made by `write` (which writes the file it is given and
 * answers whether it is worth keeping). Answers null when it is not; the tenant's files of `kind`
 * made from anything else are removed a minute later.
 */
export async function findOrWriteFile(...file: Parameters<typeof writeFileOf>): Promise<string | null> {
  const [kind, tenantId, of, , extension] = file;
  const found = await foundFile(kind, tenantId, of, extension);
  return found !== undefined ? found : writeFileOf(...file);
}

/**
 * Writes the file `of` names with `write`, as findOrWriteFile does, for a caller that has just looked for it
 * (foundFile) and found none: looking again would ask the bucket a second time.
 */
export async function writeFileOf(
  kind: string,
  tenantId: string,
  of: unknown,
  write: (partial: string) => Promise<boolean>,
  extension?: string,
): Promise<string | null> {
  const { dir, file, none } = placeOf(kind, tenantId, of, extension);
  await mkdir(dir, { recursive: true });
  // Unique per write: two requests of one process may write the same file in the same millisecond (their
  // ledger states are equal but not the same object), and a shared name let one read the other's half file.
  const partial = `${file}.${process.pid}.${randomUUID()}.part`;
  const began = Date.now();
  const kept = await write(partial);
  if (kept) await rename(partial, file);
  else {
    await rm(partial, { force: true });
    await writeFile(none, '');
  }
  await toShared(kind, tenantId, kept ? file : none);
  await removeOthersLater(dir, kept ? file : none, began);
  return kept ? file : null;
}

/** A file nearly as long as the ledger saves nothing: at least four lines per row, past 10,000 lines. */
export const worthKeeping = (rows: number, lines: number) => !(rows * 4 > lines && lines > 10_000);

/** Whether `file` is still there (another process sharing the cache folder may have removed it). */
export const stillThere = exists;

/** Whether `file` is there, its modification time set to now when it is. */
const touched = async (file: string) => {
  const now = new Date();
  return utimes(file, now, now).then(
    () => true,
    () => false,
  );
};

/**
 * Removes the tenant's files of older states once queries that started on them are done: those in the folder when
 * `current` was written and not written or found again since its write `began`. Counting from the beginning, not
 * the end: a newer state's file written while this (slower) write ran is what requests read now, and was once
 * taken as older because it was finished first.
 */
async function removeOthersLater(dir: string, current: string, began: number) {
  const since = began - CLOCK_MARGIN_MS;
  const older = (await readdir(dir).catch(() => [] as string[]))
    .map((entry) => path.join(dir, entry))
    // A write in progress (`.part`, and a database's `.part.wal` beside it) is never removed.
    .filter((file) => file !== current && !file.includes('.part'));
  if (!older.length) return;
  setTimeout(async () => {
    for (const file of older) {
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < since) await rm(file, { force: true }).catch(() => undefined);
    }
  }, REMOVE_AFTER_MS).unref();
}
