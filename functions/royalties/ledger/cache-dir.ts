import os from 'node:os';
import path from 'node:path';

/**
 * The reader's local disk cache (/tmp in Lambda): ledger files downloaded from S3 (files.ts)
 * and the rollups derived from them (rollup-files.ts, api/split-rollup.ts). Everything in it is immutable under its
 * name, so it survives a restart of the process and is never stale.
 */
export const LEDGER_CACHE_DIR = path.join(os.tmpdir(), 'label-platform-ledger-cache');
