import { prepareAfterImport } from '../api/prepare-after-import.js';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { QUEUES } from '../../../infra/resources.js';
import {
  claimFinishing,
  completeFinishing,
  deleteImportParts,
  recordImportHistory,
  releaseFinishing,
} from '../../data/access/royalty-imports.js';
import { isWorkKey } from '../bucket-keys.js';
import { AGGREGATES_VERSION, writeAggregates } from '../ledger/aggregates.js';
import { withScratchDuck } from '../ledger/duck.js';
import { removeOrphanLedgerFiles } from '../ledger/store.js';
import { importProgress, PROGRESS, stepTimer } from './progress.js';
import type { PartMessage } from './part-message.js';
import type { PartedImport, StoredPart } from './parts.js';
import { royaltiesChanged } from '../ledger/state.js';
import { summariseCube } from '../ledger/rules.js';
import { literal } from '../ledger/sql.js';
import { deleteObjectsUnder, downloadFile } from '../../lib/bucket-objects.js';
import Big from 'big.js';
import type { ControlTotals, CurrencyAmounts } from './read-report.js';

/**
 * Finishing an import stored in parts (import/parts.ts): the part that finds every part stored
 * claims the import, sums the parts' sums into its aggregates, merges their control totals and
 * points the import at the parts' ledger files, then removes what only the parts needed.
 */

/**
 * A claim older than the worker timeout is a dead worker's (a message is redelivered only after
 * its visibility timeout, longer still) and is taken over.
 */
const staleClaimBefore = () =>
  new Date(Date.now() - QUEUES.royaltyImportPart.workerTimeoutSeconds * 1000).toISOString();

/** Merges the parts' control totals: counts added, rejected lines in line order, amounts added exactly. */
async function mergeTotals(duck: DuckDBConnection, parts: StoredPart[]): Promise<ControlTotals> {
  const totals: ControlTotals[] = parts.map((p) => p.totals);
  const sum = async (field: 'amount_read' | 'amount_stored' | 'amount_rejected') => {
    const values = totals.map((t) => literal(t[field])).join(', ');
    const [row] = (
      await duck.runAndReadAll(
        `SELECT CAST(coalesce(sum(CAST(v AS DECIMAL(38,6))), 0) AS VARCHAR) AS s FROM unnest([${values}]) t(v)`,
      )
    ).getRowObjects();
    return String(row.s);
  };
  const count = (field: 'lines_read' | 'stored' | 'skipped') => totals.reduce((n, t) => n + t[field], 0);
  // Per currency, exactly; kept only when every part kept it (a part read before it was kept has none).
  const perCurrency = new Map<string, CurrencyAmounts>();
  for (const amounts of totals.map((t) => t.amounts_by_currency ?? []))
    for (const a of amounts) {
      const kept = perCurrency.get(a.currency);
      const add = (x: string, y: string) => new Big(x).plus(y).toFixed(6);
      perCurrency.set(
        a.currency,
        kept
          ? {
              currency: a.currency,
              read: add(kept.read, a.read),
              stored: add(kept.stored, a.stored),
              rejected: add(kept.rejected, a.rejected),
            }
          : a,
      );
    }
  const everyPartKept = totals.every((t) => t.amounts_by_currency);
  return {
    lines_read: count('lines_read'),
    stored: count('stored'),
    rejected: totals.flatMap((t) => t.rejected).sort((a, b) => a.line - b.line),
    skipped: count('skipped'),
    amount_read: await sum('amount_read'),
    amount_stored: await sum('amount_stored'),
    amount_rejected: await sum('amount_rejected'),
    ...(everyPartKept
      ? { amounts_by_currency: [...perCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)) }
      : {}),
  };
}

/** Finishes the import unless another attempt holds the claim; true when this one finished it. */
export async function finishImport(
  bucket: string,
  message: PartMessage,
  item: PartedImport,
  parts: StoredPart[],
): Promise<boolean> {
  const { tenantId, importId } = message;
  const token = await claimFinishing(tenantId, importId, staleClaimBefore());
  if (!token) return false;
  try {
    await finishClaimed(bucket, message, item, parts);
  } catch (error) {
    // Gives the claim back, so the message's next delivery can finish.
    await releaseFinishing(tenantId, importId, token);
    throw error;
  }
  await prepareAfterImport(tenantId);
  return true;
}

async function finishClaimed(
  bucket: string,
  message: PartMessage,
  item: PartedImport,
  parts: StoredPart[],
): Promise<void> {
  const { tenantId, importId } = message;
  const finishingFrom = new Date();
  const timings = stepTimer(`${importId}/finish`);
  const companyCurrency = parts[0].company_currency;
  await withScratchDuck('royalty-finish-', async (duck, dir) => {
    const cubes = await Promise.all(
      parts.map(async (p) => {
        const file = path.join(dir, path.basename(p.cube_key));
        await downloadFile(bucket, p.cube_key, file);
        return file;
      }),
    );
    // By name: a part summed before the cube gained a column (label_name) reads it as empty rather than failing.
    await duck.run(
      `CREATE TEMP TABLE ledger_cube AS SELECT * FROM read_parquet([${cubes.map(literal).join(', ')}], union_by_name = true)`,
    );
    const result = await summariseCube(duck, companyCurrency);
    const aggregates = await writeAggregates(duck, tenantId, importId);
    timings?.(`parts summed, aggregates written (${aggregates.items} items)`);
    const totals = await mergeTotals(duck, parts);
    // Per part its start (the run's sign of life), its item, its delete and a progress patch (the finishing part
    // makes none).
    const partWrites = 4 * parts.length - 1;
    // The import worker's writes, the parts', the aggregates'; the claim, this patch and the ledger version; the history record.
    const writes = (item.writes ?? 0) + partWrites + aggregates.writes + 3 + (item.user_id ? 1 : 0);
    await completeFinishing(tenantId, importId, {
      status: 'done',
      progress: PROGRESS.done,
      totals,
      ledger_keys: parts.map((p) => p.ledger_key),
      aggregates: aggregates.items,
      aggregates_version: AGGREGATES_VERSION,
      writes,
      matched: result.matched,
      missing_rates: result.missing_rates,
      amount: result.amount,
      company_currency: companyCurrency,
    });
    await royaltiesChanged(tenantId);
    if (item.user_id)
      await recordImportHistory({
        importId,
        userId: item.user_id,
        filename: item.filename,
        filesize: item.size ?? 0,
        records: result.lines,
      });
    await importProgress(item, 'done', PROGRESS.done, {}, { save: false });
    timings?.('done');
  });
  // What only the parts needed: their sums, the inputs snapshot, the converted text, their items.
  const work = [
    ...parts.map((p) => p.cube_key),
    message.inputsKey,
    ...(isWorkKey(message.textKey) ? [message.textKey] : []),
  ];
  await deleteObjectsUnder(bucket, [], work);
  await deleteImportParts(
    tenantId,
    importId,
    parts.map((p) => p.part),
  );
  // A file in the folder that the parts' list does not name (an earlier run's) is nobody's.
  await removeOrphanLedgerFiles(
    bucket,
    tenantId,
    importId,
    parts.map((p) => p.ledger_key),
    finishingFrom,
  );
}
