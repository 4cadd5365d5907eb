import { rebuildAggregates } from './aggregate-upgrade.js';
import { log } from '../../lib/logger.js';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { pointImportAtLedger, type ImportUpdate } from '../../data/access/royalty-imports.js';
import { getSource } from '../../data/access/royalty-sources.js';
import { ledgerPrefix, newLedgerKey } from '../bucket-keys.js';
import { AGGREGATES_VERSION, writeAggregates } from './aggregates.js';
import { royaltiesChanged } from './state.js';
import { importLedgerKeys } from './files.js';
import { applyLedgerRules, loadLedgerInputs, type LedgerInput, type LedgerResult } from './rules.js';
import { deleteObject, deleteObjectsUnder, listObjects, putFile } from '../../lib/bucket-objects.js';

/**
 * Writing an import's ledger file and aggregates. Ledger files are immutable (readers cache
 * them by key): every write goes to a new key, the import item is then pointed at it (only if
 * it still points where this write started from), and only then is the old file deleted, so a
 * reader following the item never finds half a ledger.
 */
export type ImportItem = {
  tenantId: string;
  id: string;
  source_id: string;
  payment_date?: string;
  createdAt?: string;
  ledger_key?: string;
  ledger_keys?: string[];
};

export type StoredLedger = LedgerResult & { ledger_key: string; aggregates: number };
/**
 * writes: the DynamoDB writes the caller made for this import (read when it finishes), and
 * will make after (its history record): the total is recorded on the import as `writes`. Without it the
 * import's `writes` is left as it is (a re-match). timings: called after each step.
 */
export type StoreOptions = { writes?: () => number; timings?: (step: string) => void; keep?: KeptLines };

/**
 * The lines a re-match writes again as they are (an SQL condition on a line's columns) and the company's statement
 * count when they were found: the new file is recorded only while no statement was numbered since.
 */
type KeptLines = { sql: string; statementsNumbered: number };

/** A statement was numbered while a re-match ran: it may carry lines the new file changed, so nothing was recorded. */
export class StatementsNumberedMeanwhile extends Error {
  constructor() {
    super('A statement was numbered while the import was re-matched');
  }
}

/**
 * Fills the derived columns of `input` (any ledger file of the import, or its staged report),
 * stores it under a new key with its aggregates, and points the import at it with `finish`
 * (status, totals…) set too.
 */
export async function storeLedger(
  duck: DuckDBConnection,
  workDir: string,
  bucket: string,
  item: ImportItem,
  input: LedgerInput,
  finish: ImportUpdate,
  onStep: (step: 'matched' | 'written') => Promise<void> = async () => {},
  options: StoreOptions = {},
): Promise<StoredLedger> {
  const { tenantId, id } = item;
  const timings = options.timings;
  const [source, inputs] = await Promise.all([
    getSource(tenantId, item.source_id),
    loadLedgerInputs(duck, workDir, tenantId),
  ]);
  timings?.('catalogue and rates loaded');
  const output = path.join(workDir, `ledger-${ulid()}.parquet`);
  const result = await applyLedgerRules(
    duck,
    input,
    output,
    {
      importId: id,
      sourceName: source?.name ?? item.source_id,
      paymentDate: item.payment_date ?? (item.createdAt ?? new Date().toISOString()).slice(0, 10),
      ...inputs,
      ...(options.keep ? { keep: options.keep.sql } : {}),
    },
    timings,
  );
  await onStep('matched');

  // The file goes up while the aggregates are summed and written.
  const writingFrom = new Date();
  const ledgerKey = newLedgerKey(tenantId, id);
  const size = (await stat(output)).size;
  const [aggregates] = await Promise.all([
    writeAggregates(duck, tenantId, id).then((written) => {
      timings?.(`aggregates written (${written.items} items)`);
      return written;
    }),
    putFile(bucket, ledgerKey, output).then(() => timings?.(`ledger file uploaded (${(size / 1e6).toFixed(0)} MB)`)),
  ]);
  await onStep('written');

  // This patch and the ledger version bump below are writes too.
  const writes = options.writes && options.writes() + aggregates.writes + 2;
  const previous = item.ledger_key;
  try {
    // An import stored in parts becomes one file here (a re-match): its parts' list goes.
    const set: ImportUpdate = {
      ...finish,
      ledger_key: ledgerKey,
      aggregates: aggregates.items,
      aggregates_version: AGGREGATES_VERSION,
      ...(writes === undefined ? {} : { writes }),
      matched: result.matched,
      missing_rates: result.missing_rates,
      amount: result.amount,
      company_currency: inputs.companyCurrency,
    };
    const recorded = await pointImportAtLedger(tenantId, id, set, {
      previousKey: previous,
      hadParts: Boolean(item.ledger_keys?.length),
      statementsNumbered: options.keep?.statementsNumbered,
    });
    if (recorded === 'statements-changed') throw new StatementsNumberedMeanwhile();
  } catch (error) {
    // Another write moved the import on (or it was deleted), or a statement was numbered: this file is nobody's, and
    // the sums written for it above may have replaced those of the file the import records. They are summed again
    // from that file (nothing when the import is not finished: the run finishing it writes its own).
    await deleteObject(bucket, ledgerKey);
    // The refusal is what the caller must hear; a summing that fails too is logged (the next re-match sums again).
    await rebuildAggregates(tenantId, id).catch((failed) =>
      log().error('Aggregates not summed again after a refused ledger file', { tenantId, importId: id, error: failed }),
    );
    throw error;
  }
  // Readers hold the tenant's ledger in memory until its version changes.
  await royaltiesChanged(tenantId);
  for (const old of importLedgerKeys(item)) if (old !== ledgerKey) await deleteObject(bucket, old);
  await removeOrphanLedgerFiles(bucket, tenantId, id, [ledgerKey], writingFrom);
  return { ...result, ledger_key: ledgerKey, aggregates: aggregates.items };
}

/** Leeway for the clocks of this worker and of S3 (an object's LastModified) disagreeing. */
const CLOCK_LEEWAY_MS = 5_000;

/**
 * Removes the files in an import's ledger folder that its manifest (`kept`, just recorded) does not
 * list: what a run killed between writing its file and recording it left behind. No query counts
 * them (every query reads the manifest's files only); this gives their storage back.
 *
 * Only files written before this run started writing are removed. A writer whose file is older
 * read the import before this run recorded its manifest, so its own conditional record fails and
 * its file can never become the import's; a newer file may belong to a writer that is still about to
 * record it, and is left for that writer (or the next run) to settle.
 */
export async function removeOrphanLedgerFiles(
  bucket: string,
  tenantId: string,
  importId: string,
  kept: readonly string[],
  writingFrom: Date,
): Promise<string[]> {
  const keep = new Set(kept);
  const before = writingFrom.getTime() - CLOCK_LEEWAY_MS;
  const orphans: string[] = [];
  for await (const object of listObjects(bucket, ledgerPrefix(tenantId, importId)))
    if (!keep.has(object.key) && (object.lastModified?.getTime() ?? 0) < before) orphans.push(object.key);
  // What S3 refuses to delete stays an orphan for the next run to remove: no query reads it.
  await deleteObjectsUnder(bucket, [], orphans);
  return orphans;
}
