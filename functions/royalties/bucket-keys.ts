import { ulid } from 'ulid';
import { DERIVED_LEDGER_FILES } from '../../infra/resources.js';

/**
 * The ledger bucket's key layout, the one place that writes or reads it:
 *
 * - `drop/{tenant}/{source}/{file}`: reports as distributors drop them and as the browser uploads
 *   them; the bucket notifies the import queue for this prefix (infra/resources.ts BUCKETS.ledger).
 * - `ledger/{tenant}/{import}/`: an import's immutable Parquet ledger files, `lines-{ulid}.parquet`
 *   when stored whole (a re-match writes a new one) or `part-{nnnn}.parquet` per part of a large report.
 * - `work/{tenant}/{import}/`: what only the part workers of a large report need (its text, the
 *   rules' inputs, each part's sums); removed when the import finishes.
 *
 * - `derived/{tenant}/{kind}/{name}`: files derived from a whole ledger state (the royalties list's rollup and
 *   split rollup, and a statement run's allocation that its preview keeps for its publish step:
 *   ledger/cached-files.ts), named by a hash of what they were made from, so never stale; shared
 *   between the worker that writes them and the processes that read them. They expire after
 *   DERIVED_LEDGER_FILES.days (infra/resources.ts): an expired one is simply made again.
 *
 * Deleting an import removes both of its prefixes, so everything an import writes lives under them.
 */
export const DROP_PREFIX = 'drop/';
const LEDGER_PREFIX = 'ledger/';
const WORK_PREFIX = 'work/';
const DERIVED_PREFIX = DERIVED_LEDGER_FILES.prefix;

/** A file derived from a tenant's ledger state, shared through the bucket (ledger/cached-files.ts). */
export const derivedKey = (tenantId: string, kind: string, name: string) =>
  `${DERIVED_PREFIX}${tenantId}/${kind}/${name}`;

/** Where a report for this tenant and source is dropped. */
export const dropKey = (tenantId: string, sourceId: string, filename: string) =>
  `${DROP_PREFIX}${tenantId}/${sourceId}/${filename}`;

/** The tenant, source and file name of a dropped report's key; null for any other key. */
export function parseDropKey(key: string): { tenantId: string; sourceId: string; filename: string } | null {
  const match = /^drop\/([^/]+)\/([^/]+)\/(.+)$/.exec(key);
  return match ? { tenantId: match[1], sourceId: match[2], filename: match[3] } : null;
}

/** The folder of an import's ledger files (the folder Athena's table projects for it). */
export const ledgerPrefix = (tenantId: string, importId: string) => `${LEDGER_PREFIX}${tenantId}/${importId}/`;
const workPrefix = (tenantId: string, importId: string) => `${WORK_PREFIX}${tenantId}/${importId}/`;
const partName = (part: number) => String(part).padStart(4, '0');

/** A new key for an import's whole ledger file: ledger files never change under a key (readers cache them). */
export const newLedgerKey = (tenantId: string, importId: string) =>
  `${ledgerPrefix(tenantId, importId)}lines-${ulid()}.parquet`;

/**
 * The ledger file of one part of a large report, for the run that sent it (`run`, the import's run token): a fixed
 * key within a run, so a redelivered part overwrites it, and another key in a re-run, so a late part of an earlier
 * run never writes over the re-run's file.
 */
export const partLedgerKey = (tenantId: string, importId: string, part: number, run?: string) =>
  `${ledgerPrefix(tenantId, importId)}part-${partName(part)}${runSuffix(run)}.parquet`;
const runSuffix = (run?: string) => (run ? `-${run}` : '');

/** What the part workers of a large report share under work/. */
export const workKeys = {
  /** The report converted to delimited text (XLSX, zip, gzip), when the dropped object is not text already. */
  reportText: (tenantId: string, importId: string) => `${workPrefix(tenantId, importId)}report.txt`,
  /** The snapshot of what the ledger rules read (company, catalogue, rules, rates). */
  inputs: (tenantId: string, importId: string) => `${workPrefix(tenantId, importId)}inputs.json`,
  /** One part's summed lines, which the finishing part adds up into the import's aggregates (keyed like its ledger file). */
  partCube: (tenantId: string, importId: string, part: number, run?: string) =>
    `${workPrefix(tenantId, importId)}cube-${partName(part)}${runSuffix(run)}.parquet`,
};

/** A key under work/: the import's own scratch copy, removed when it finishes (a dropped report is not). */
export const isWorkKey = (key: string) => key.startsWith(WORK_PREFIX);

/** Every prefix an import writes under: its ledger files, and what an unfinished or crashed run left. */
export const importPrefixes = (tenantId: string, importId: string) => [
  ledgerPrefix(tenantId, importId),
  workPrefix(tenantId, importId),
];
