import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ENV } from '../../../infra/resources.js';
import {
  getImport,
  getImportPart,
  listImportParts,
  putImportPartOfRun,
  updateImport,
} from '../../data/access/royalty-imports.js';
import type { RoyaltyImportPartItem } from '../../data/entities/royalties.js';
import { requireEnv, sqsClient } from '../../lib/clients.js';
import { partLedgerKey, workKeys } from '../bucket-keys.js';
import { withScratchDuck } from '../ledger/duck.js';
import { finishImport } from './finish-parts.js';
import { importProgress, PROGRESS, stepTimer } from './progress.js';
import {
  applyLedgerRules,
  loadLedgerInputRows,
  PARQUET_OPTIONS,
  readLedgerInputs,
  type LedgerInputRows,
} from '../ledger/rules.js';
import { literal } from '../ledger/sql.js';
import { stagedLedgerRows, stageReport, type ControlTotals } from './read-report.js';
import { unreadableReport } from './report-problem.js';
import type { RoyaltyMap } from '../../../shared/schemas/royalty-map.js';
import type { PartMessage } from './part-message.js';
import { importStoppedAfterAttempts } from './run-claim.js';
import { deleteObjectsUnder, getJson, putFile, putJson, readRange } from '../../lib/bucket-objects.js';
import { splitReport, type ReportSplit } from './split-report.js';
import { required } from '../../lib/required.js';

/**
 * Large reports in parts: the import worker cuts a report bigger than one part
 * (split-report.ts) and sends one message per part to the part queue; part workers, side by
 * side, each read their byte range of the report (with the header in front), match, convert and
 * cut it into their own ledger file, and sum it. The part that finds every part stored finishes
 * the import (finish-parts.ts): control totals merged, aggregates written from the parts' sums,
 * the import pointed at the parts' files (`ledger_keys`).
 *
 * Delivering a part twice stores it once (its item is the proof it is stored, written last and only while the
 * import is processing in the part's run; its files have fixed keys within a run, so a redelivery overwrites them,
 * and keys of their own in a re-run, so a late part of an earlier run writes over nothing). Finishing is claimed on
 * the import, so two parts ending together finish it once; a failed attempt gives the claim back, and the claim of
 * a worker that died is taken over after the worker timeout.
 */

/** The largest part: about a million lines of a usual store report; ROYALTY_PART_BYTES changes it (tests cut small files). */
const DEFAULT_PART_BYTES = 128 * 1024 * 1024;
const partBytes = () => Number(process.env.ROYALTY_PART_BYTES) || DEFAULT_PART_BYTES;

/** beforeSend: runs once the parts are planned, before any is sent (the import is marked split while no part can finish it yet). */
type Dispatch = {
  bucket: string;
  tenantId: string;
  importId: string;
  map: RoyaltyMap;
  sourceName: string;
  textFile: string;
  dropKey: string;
  dropFile: string;
  etag?: string;
  /** The claim of the run sending the parts (the import's run_token). */
  runToken: string;
  beforeSend: (parts: number) => Promise<void>;
};

/**
 * Cuts the report into parts and sends them to the part queue when it is larger than one part.
 * Returns how many parts were sent: 0 when the
 * report is imported in one piece.
 */
export async function dispatchParts({
  bucket,
  tenantId,
  importId,
  map,
  sourceName,
  textFile,
  dropKey,
  dropFile,
  etag,
  runToken,
  beforeSend,
}: Dispatch): Promise<number> {
  const skipRows = map.skip_header_rows ?? 0;
  const split = await planParts(textFile, skipRows);
  if (split.parts.length < 2) return 0;
  // Parts read byte ranges from S3: the dropped object when it is the text, else the converted text (XLSX, zip, gzip).
  let textKey = dropKey;
  if (textFile !== dropFile) {
    textKey = workKeys.reportText(tenantId, importId);
    await putFile(bucket, textKey, textFile);
  }
  const inputsKey = await putInputsSnapshot(bucket, tenantId, importId);
  const messages = partMessagesOf(split, {
    tenantId,
    importId,
    map,
    sourceName,
    textKey,
    inputsKey,
    etag: textKey === dropKey ? etag : undefined,
    runToken,
  });
  await beforeSend(messages.length);
  const queueUrl = requireEnv(ENV.royaltyPartQueue);
  for (let i = 0; i < messages.length; i += 10) {
    const batch = messages.slice(i, i + 10);
    const sent = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((m) => ({ Id: String(m.part), MessageBody: JSON.stringify(m) })),
      }),
    );
    if (sent.Failed?.length) throw new Error(`Parts not queued: ${sent.Failed.map((f) => f.Message).join('; ')}`);
  }
  return messages.length;
}

/** The catalogue and rates are read once per import: every part matches and converts against this snapshot. */
export async function putInputsSnapshot(bucket: string, tenantId: string, importId: string): Promise<string> {
  const key = workKeys.inputs(tenantId, importId);
  await putJson(bucket, key, await readLedgerInputs(tenantId));
  return key;
}

/** The parts a report (as plain text, report-file.ts) is cut into: none when it is one part, else parts of even size (the slowest part sets the import's time). */
export async function planParts(textFile: string, skipRows: number): Promise<ReportSplit> {
  const size = (await stat(textFile)).size;
  if (size <= partBytes()) return { header: { start: 0, end: 0 }, parts: [] };
  return splitReport(textFile, { partBytes: Math.ceil(size / Math.ceil(size / partBytes())), skipRows });
}

/** One message per part of `split`: what its worker reads and how it numbers its lines. */
export function partMessagesOf(
  split: ReportSplit,
  {
    tenantId,
    importId,
    map,
    sourceName,
    textKey,
    inputsKey,
    etag,
    runToken,
  }: {
    tenantId: string;
    importId: string;
    map: RoyaltyMap;
    sourceName: string;
    textKey: string;
    inputsKey: string;
    etag?: string;
    runToken?: string;
  },
): PartMessage[] {
  const skipRows = map.skip_header_rows ?? 0;
  return split.parts.map((part) => ({
    tenantId,
    importId,
    part: part.index,
    parts: split.parts.length,
    textKey,
    ...(etag ? { etag } : {}),
    header: [split.header.start, split.header.end],
    range: [part.start, part.end],
    map,
    sourceName,
    inputsKey,
    lineOffset: skipRows + part.firstRecord,
    last: part.index === split.parts.length - 1,
    ...(runToken ? { runToken } : {}),
  }));
}

export type PartOutcome = 'stored' | 'finished' | 'skipped' | 'failed';

/**
 * Imports one part of a report; the part that finds all parts stored finishes the import.
 * lastAttempt: the queue's last delivery of the message: an error marks the import failed.
 */
export async function runImportPart(
  bucket: string,
  message: PartMessage,
  { lastAttempt = false }: { lastAttempt?: boolean } = {},
): Promise<PartOutcome> {
  const { tenantId, importId, part } = message;
  const item = await getImport(tenantId, importId);
  // Deleted, failed, or already finished by another part's worker.
  if (item?.status !== 'processing') return 'skipped';
  // A part of an earlier run of this import (re-run or resumed since): the run now under way sent its own.
  if (message.runToken && item.run_token !== message.runToken) return 'skipped';
  // A part's start is its run's sign of life, written only while that run holds the import: a stuck import is
  // offered a re-run only after the worker timeout of silence, longer than a part's Lambda lives, so not while one of
  // its parts reads. (What keeps a late part of an earlier run out of a re-run is its item's conditional write and
  // its run's own file keys, in storePart: a failed import may be re-run at once.)
  const started = await updateImport(
    tenantId,
    importId,
    { running_since: new Date().toISOString() },
    { whileProcessing: true, ofRun: message.runToken },
  );
  if (!started) return 'skipped';
  try {
    return await runPart(bucket, message, item);
  } catch (error) {
    if (lastAttempt)
      await failImport(
        item,
        importStoppedAfterAttempts('royaltyImportPart', `Part ${part + 1} of ${message.parts} of the report`),
        message.runToken,
      ).catch(() => undefined);
    throw error;
  }
}

async function runPart(bucket: string, message: PartMessage, item: PartedImport): Promise<PartOutcome> {
  const { tenantId, importId, part } = message;
  const stored = await getImportPart(tenantId, importId, part);
  if (!stored) {
    const outcome = await storePart(bucket, message, item).catch((error: unknown) => error as Error);
    if (outcome === 'failed') return outcome;
    if (outcome !== 'stored') {
      const now = await getImport(tenantId, importId);
      // An error while the import is still there: the queue delivers the part again.
      if (outcome instanceof Error && now) throw outcome;
      // Refused (the import was finished, failed, re-run or deleted while this part was read), or failed because it
      // was deleted (its inputs went with it): this delivery's files are nobody's, except a ledger file the finished
      // import points at (another delivery of the same part in the same run wrote the same lines under that key).
      await removePartFiles(bucket, message, now ? ledgerKeysOf(now) : new Set());
      return 'skipped';
    }
  }
  const done = await listImportParts(tenantId, importId);
  if (done.length < message.parts) {
    await importProgress(
      item,
      'processing',
      PROGRESS.downloaded + Math.floor(((PROGRESS.written - PROGRESS.downloaded) * done.length) / message.parts),
      {},
      { whileProcessing: true },
    );
    return 'stored';
  }
  return (await finishImport(bucket, message, item, done)) ? 'finished' : 'stored';
}

export type StoredPart = RoyaltyImportPartItem;
/** What the part workers read of the import item (read once per message; the import worker set `writes` before any part was sent). */
export type PartedImport = {
  tenantId: string;
  id: string;
  /** The claim of the run the import is in (re-runs take a new one). */
  run_token?: string;
  payment_date?: string;
  user_id?: string;
  filename: string;
  size?: number;
  writes?: number;
};

/** The header record, then the part's byte range, into one local file. */
async function downloadPart(bucket: string, message: PartMessage, file: string): Promise<void> {
  const out = createWriteStream(file);
  for (const [start, end] of [message.header, message.range]) {
    const range = await readRange(bucket, message.textKey, start, end, message.etag);
    for await (const chunk of range) if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

async function storePart(
  bucket: string,
  message: PartMessage,
  item: PartedImport,
): Promise<'stored' | 'failed' | 'refused'> {
  const { tenantId, importId, part, map } = message;
  const timings = stepTimer(`${importId}/${part}`);
  return withScratchDuck('royalty-part-', async (duck, dir) => {
    const file = path.join(dir, 'part.csv');
    await downloadPart(bucket, message, file);
    timings?.('part downloaded');
    // The header is in front of every part; footer rows are only at the end of the last.
    const partMap: RoyaltyMap = {
      ...map,
      skip_header_rows: 0,
      skip_footer_rows: message.last ? map.skip_footer_rows : 0,
    };
    let rows: string;
    let totals: ControlTotals;
    try {
      const staged = await stageReport(duck, file, partMap, {
        lineOffset: message.lineOffset,
        mapName: message.sourceName,
      });
      totals = staged.totals;
      rows = stagedLedgerRows(staged, importId);
    } catch (error) {
      return failImport(item, unreadableReport(error, dir));
    }
    timings?.(`part read (${totals.lines_read} lines)`);
    const snapshot = await getJson<LedgerInputRows>(bucket, message.inputsKey);
    const inputs = await loadLedgerInputRows(duck, dir, required(snapshot, 'the inputs snapshot'));
    const output = path.join(dir, 'part.parquet');
    await applyLedgerRules(
      duck,
      { relation: rows },
      output,
      {
        importId,
        sourceName: message.sourceName,
        paymentDate: item.payment_date ?? new Date().toISOString().slice(0, 10),
        ...inputs,
      },
      timings,
    );
    const cube = path.join(dir, 'cube.parquet');
    await duck.run(`COPY ledger_cube TO ${literal(cube)} (${PARQUET_OPTIONS})`);
    const ledgerKey = partLedgerKey(tenantId, importId, part, message.runToken);
    const cubeKey = workKeys.partCube(tenantId, importId, part, message.runToken);
    await Promise.all([putFile(bucket, ledgerKey, output), putFile(bucket, cubeKey, cube)]);
    // Written last, and only while the import is processing in this part's run: the proof that the part's files
    // are complete, which a part ending after its import was finished, failed, re-run or deleted cannot give.
    const written = await putImportPartOfRun(
      {
        tenantId,
        importId,
        part,
        totals,
        ledger_key: ledgerKey,
        cube_key: cubeKey,
        company_currency: inputs.companyCurrency,
      },
      message.runToken,
    );
    timings?.(written ? 'part stored' : 'part refused: its run is over');
    return written ? ('stored' as const) : ('refused' as const);
  });
}

/** The ledger files an import points at: its parts' files, or the one file a re-match made. */
function ledgerKeysOf(item: { ledger_key?: string; ledger_keys?: string[] }): Set<string> {
  return new Set([...(item.ledger_keys ?? []), ...(item.ledger_key ? [item.ledger_key] : [])]);
}

/** The files a delivery of a part wrote (its run's keys), but for the ledger files in `kept`. */
async function removePartFiles(bucket: string, message: PartMessage, kept: Set<string>): Promise<void> {
  const { tenantId, importId, part, runToken } = message;
  const ledgerKey = partLedgerKey(tenantId, importId, part, runToken);
  await deleteObjectsUnder(
    bucket,
    [],
    [...(kept.has(ledgerKey) ? [] : [ledgerKey]), workKeys.partCube(tenantId, importId, part, runToken)],
  );
}

/** Fails the import, only while `run` (the part's own run; the one read with the import by default) still holds it. */
async function failImport(item: PartedImport, error: string, run = item.run_token): Promise<'failed'> {
  // A part of an earlier run that fails late (its message re-delivered after the user re-ran the import) must not
  // fail the re-run.
  await importProgress(item, 'failed', PROGRESS.done, { error }, { whileProcessing: true, ofRun: run });
  return 'failed';
}
