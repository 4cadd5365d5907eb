import { prepareAfterImport } from '../api/prepare-after-import.js';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ulid } from 'ulid';
import {
  claimImportRun,
  createImportOnce,
  releaseImportRun,
  findEarlierImport,
  getImport,
  recordImportHistory,
  type ImportUpdate,
} from '../../data/access/royalty-imports.js';
import { getSource } from '../../data/access/royalty-sources.js';
import type { ImportStatus } from '../../data/entities/royalties.js';
import { downloadFile, objectHead } from '../../lib/bucket-objects.js';
import { addLogContext, log } from '../../lib/logger.js';
import { parseDropKey } from '../bucket-keys.js';
import { withScratchDuck } from '../ledger/duck.js';
import { importProgress, PROGRESS, stepTimer } from './progress.js';
import { dispatchParts } from './parts.js';
import { storeLedger } from '../ledger/store.js';
import { stagedLedgerRows, stageReport, type ControlTotals } from './read-report.js';
import { unreadableReport } from './report-problem.js';
import { asDelimitedText } from './report-file.js';
import { dsrToReport, isDsr } from './dsr.js';
import { importStoppedAfterAttempts, staleRunBefore } from './run-claim.js';

/**
 * Imports one report dropped at drop/{company}/{source}/{file} in the ledger bucket:
 * reads it through the source's column map with DuckDB, matches, converts and cuts its lines
 * (ledger/rules.ts), stores them as one Parquet file under ledger/{company}/{import}/, keeps
 * its aggregates and control totals in DynamoDB. A report larger than one part is cut and
 * imported by the part workers side by side instead (import/parts.ts).
 *
 * Delivering the same event twice imports once: the import's id follows from the object's key
 * and ETag, and a finished import is left alone. The same file content under another key is a
 * duplicate: found by size and sha256 of the downloaded bytes (an ETag is not a content hash
 * for multipart uploads), stored with nothing in the ledger until the user confirms it.
 *
 * One run at a time (run-claim.ts): a delivery that finds a run alive stops ('running').
 */
export const importIdOf = (key: string, etag: string) =>
  createHash('sha256').update(`${key}\u0000${etag}`).digest('hex').slice(0, 26).toUpperCase();

/** split: cut into parts, which the part workers import (import/parts.ts); running: another run is under way. */
export type ImportOutcome = 'imported' | 'failed' | 'skipped' | 'duplicate' | 'split' | 'running';
/**
 * runToken: the claim a re-run was queued with (import-actions.ts).
 * lastAttempt: the queue's last delivery of the message: an error marks the import failed (it would say processing forever).
 */
export type RunImportOptions = { runToken?: string; lastAttempt?: boolean };

export async function runImport(bucket: string, key: string, options: RunImportOptions = {}): Promise<ImportOutcome> {
  const drop = parseDropKey(key);
  if (!drop) return 'skipped';
  const { tenantId, sourceId, filename } = drop;
  // The ETag names the import; the file is only downloaded once it is known to need importing.
  const head = await objectHead(bucket, key);
  const id = importIdOf(key, head.etag ?? '');
  addLogContext({ importId: id });
  const timings = stepTimer(id);
  const existing = await getImport(tenantId, id);
  if (existing && existing.status !== 'processing') return 'skipped';
  // A duplicate a person confirmed (the import's page, "Import anyway") is imported by every run of it.
  const confirmed = existing?.confirmed_duplicate === true;
  const userId = head.metadata['user-id'] || undefined;
  const paymentDate = existing?.payment_date ?? new Date().toISOString().slice(0, 10);
  // The import's DynamoDB writes, recorded on it when it is done (`writes`).
  let writes = 1;
  const claim = ulid();
  const created =
    !existing &&
    (await createImportOnce({
      tenantId,
      id,
      source_id: sourceId,
      source_key: key,
      filename,
      size: head.size,
      status: 'processing',
      progress: PROGRESS.started,
      payment_date: paymentDate,
      running_since: new Date().toISOString(),
      run_token: claim,
      ...(userId ? { user_id: userId } : {}),
    }));
  const claimed =
    created ||
    (await claimImportRun(tenantId, id, {
      staleBefore: staleRunBefore(),
      token: options.runToken,
      claim,
      progress: PROGRESS.started,
    }));
  if (!claimed) {
    // A duplicate delivery while the report is read or split, or its parts run: nothing to do twice.
    log().info('royalty import already under way');
    return 'running';
  }

  // Each step is saved on the import and pushed to the uploader's open pages.
  const step = async (status: ImportStatus, progress: number, extra: ImportUpdate = {}) => {
    await importProgress({ tenantId, id, filename, user_id: userId }, status, progress, extra);
    writes += 1;
  };
  const fail = async (error: string) => {
    await step('failed', PROGRESS.done, { error });
    return 'failed' as const;
  };

  let outcome: ImportOutcome;
  try {
    outcome = await importClaimed();
  } catch (error) {
    // The message comes again: its next delivery takes the run over (the queue's retry may be sooner than the claim ages).
    if (!options.lastAttempt) await releaseImportRun(tenantId, id, claim).catch(() => undefined);
    // The queue's last try: the import says why it stopped rather than "processing" for ever.
    else
      await importProgress(
        { tenantId, id, filename, user_id: userId },
        'failed',
        PROGRESS.done,
        { error: importStoppedAfterAttempts('royaltyImport', 'The import') },
        { whileProcessing: true },
      ).catch(() => undefined);
    throw error;
  }
  // What the first pages after the import read (the list's files, the late lines' check), once the import is done
  // and its scratch database is gone.
  if (outcome === 'imported') await prepareAfterImport(tenantId);
  return outcome;

  async function importClaimed(): Promise<ImportOutcome> {
    const source = await getSource(tenantId, sourceId);
    if (!source) return fail('No royalty map for this source');

    return withScratchDuck('royalty-', async (duck, dir): Promise<ImportOutcome> => {
      const local = path.join(dir, path.basename(filename).replace(/[^\w.-]+/g, '_'));
      const { sha256, size } = await downloadFile(bucket, key, local, head.etag);
      timings?.(`downloaded and hashed (${(size / 1e6).toFixed(0)} MB)`);
      await step('processing', PROGRESS.downloaded, { sha256, size });

      if (!confirmed) {
        const earlier = await findEarlierImport(tenantId, id, sha256, size);
        if (earlier) {
          await step('duplicate', PROGRESS.done, { duplicate_of: earlier });
          return 'duplicate';
        }
      }

      let totals: ControlTotals;
      let rows: string;
      let text: string;
      let dsr: Awaited<ReturnType<typeof dsrToReport>> | undefined;
      try {
        // A DDEX DSR needs no map: it is read natively and checked against its own footer and summaries.
        text = await asDelimitedText(local, dir);
        dsr = (await isDsr(text)) ? await dsrToReport(text, dir) : undefined;
      } catch (error) {
        return fail(unreadableReport(error, dir));
      }
      // A large report goes to the part workers (import/parts.ts); a DSR is read whole, its totals are checked across the file.
      if (!dsr) {
        const parts = await dispatchParts({
          bucket,
          tenantId,
          importId: id,
          map: source.map,
          sourceName: source.name,
          textFile: text,
          dropKey: key,
          dropFile: local,
          etag: head.etag,
          runToken: claim,
          // The last part adds its writes to these (finish-parts.ts).
          beforeSend: (count) => step('processing', PROGRESS.downloaded, { parts: count, writes: writes + 1 }),
        });
        if (parts) {
          timings?.(`cut into ${parts} parts`);
          return 'split';
        }
      }
      try {
        // The report is read once into DuckDB; the ledger file is written from there in one pass with the rules.
        const staged = await stageReport(duck, dsr?.file ?? text, dsr?.map ?? source.map, {
          mapName: dsr ? undefined : source.name,
        });
        totals = staged.totals;
        rows = stagedLedgerRows(staged, id);
      } catch (error) {
        return fail(unreadableReport(error, dir));
      }
      // The downloaded report is no longer needed: its disk space is the ledger file's.
      await rm(local, { force: true });
      timings?.(`report read (${totals.lines_read} lines)`);
      await step('processing', PROGRESS.read);

      const finish: ImportUpdate = {
        status: 'done',
        totals,
        progress: PROGRESS.done,
        ...(dsr ? { problems: dsr.check.problems, flagged: !dsr.check.ok } : {}),
      };
      const stored = await storeLedger(
        duck,
        dir,
        bucket,
        { tenantId, id, source_id: sourceId, payment_date: paymentDate },
        { relation: rows },
        finish,
        (name) => step('processing', PROGRESS[name]),
        {
          // The history record below is one more write.
          writes: () => writes + (userId ? 1 : 0),
          timings,
        },
      );
      timings?.('done');
      if (userId) {
        // The imports history; keyed by the import's id, so a rerun writes it once.
        await recordImportHistory({ importId: id, userId, filename, filesize: size, records: stored.lines });
        await importProgress({ tenantId, id, filename, user_id: userId }, 'done', PROGRESS.done, {}, { save: false });
      }
      return 'imported';
    });
  }
}
