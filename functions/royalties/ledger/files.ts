import { madeOnceFor } from '../../lib/made-once.js';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { ENV } from '../../../infra/resources.js';
import { listImports } from '../../data/access/royalty-imports.js';
import { requireEnv } from '../../lib/clients.js';
import { LEDGER_CACHE_DIR } from './cache-dir.js';
import { downloadFile } from '../../lib/bucket-objects.js';

/**
 * The tenant's ledger as local Parquet files. DuckDB cannot read S3 here (no httpfs
 * offline), so files are downloaded once into a cache folder and read from disk. Ledger
 * files are immutable (a re-match writes a new key), so a cached file never goes stale; a
 * download lands under a temporary name first so a reader never sees half a file.
 */
const downloads = new Map<string, Promise<string>>();

/** The ledger files an import's lines are in: its one file, or its parts' (import/parts.ts). */
export const importLedgerKeys = (item: { ledger_key?: string; ledger_keys?: string[] }): string[] =>
  item.ledger_key ? [item.ledger_key] : (item.ledger_keys ?? []);

/** The ledger keys of the tenant's finished imports (one file each, or its parts' files). */
export async function ledgerKeys(
  tenantId: string,
): Promise<{ importId: string; keys: string[]; aggregatesVersion?: number }[]> {
  const imports = await listImports(tenantId);
  return imports
    .filter((item) => item.status === 'done')
    .map((item) => ({ importId: item.id, keys: importLedgerKeys(item), aggregatesVersion: item.aggregates_version }))
    .filter((entry) => entry.keys.length);
}

/** A ledger object as a local file path, downloading it on first use. */
export function localLedgerFile(key: string): Promise<string> {
  return madeOnceFor(downloads, key, () => download(key));
}

async function download(key: string): Promise<string> {
  const target = path.join(LEDGER_CACHE_DIR, ...key.split('/').map((part) => part.replace(/[^\w.-]/g, '_')));
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return target;
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  await downloadFile(requireEnv(ENV.ledgerBucket), key, partial);
  await rename(partial, target);
  return target;
}
