import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { withScratchDuck } from '../ledger/duck.js';
import { ENV } from '../../../infra/resources.js';
import { catalogueRecordExists } from '../../data/access/royalty-catalogue.js';
import {
  acceptFlaggedImport,
  claimDuplicateConfirm,
  claimImportRerun,
  deleteAllImportParts,
  getImport,
  listImports,
} from '../../data/access/royalty-imports.js';
import { royaltiesChanged } from '../ledger/state.js';
import { putMatchRule } from '../../data/access/royalty-ledger.js';
import { requireEnv } from '../../lib/clients.js';
import { Conflict, InvalidField, NotFound } from '../../lib/errors.js';
import { importLedgerKeys, localLedgerFile } from '../ledger/files.js';
import { StatementsNumberedMeanwhile, storeLedger, type StoredLedger } from '../ledger/store.js';
import { literal } from '../ledger/sql.js';
import {
  PUBLISHING_MESSAGE,
  type StatedOfImport,
  statedImportMessage,
  statedOfImport,
  statementStatingImport,
  statementsPublishing,
} from './stated-lines.js';
import { MATCH_FIELDS, normaliseIdentifier, type MatchField } from '../ledger/match-lines.js';
import { queueImport, queueImportJobMessage, runIsAlive, staleRunBefore } from '../import/run-claim.js';
import { askImportJobAgain, queueImportJob } from '../../data/access/royalty-import-jobs.js';
import type { ImportJobKind, RoyaltyImportItem } from '../../data/entities/royalties.js';
import { PROGRESS } from '../import/progress.js';
import { ulid } from 'ulid';

/**
 * What the user does with an import after it ran: re-match it against the catalogue as it is
 * now, re-convert it with the exchange rates as they are now, assign an unmatched identifier by
 * hand, confirm a duplicate, and re-run one that failed or is stuck.
 * The ledger file is re-read from the bucket, so these work the same wherever the import ran.
 */
const bucket = () => requireEnv(ENV.ledgerBucket);

async function importOf(tenantId: string, importId: string) {
  const item = await getImport(tenantId, importId);
  if (!item) throw new NotFound('Royalty import');
  return item;
}

/** Runs `work` with a fresh DuckDB, a temp folder and the import's current ledger files (one, or its parts') on local disk. */
async function withLedger<T>(
  item: { ledger_key?: string; ledger_keys?: string[]; status: string },
  work: (duck: DuckDBConnection, dir: string, files: string[]) => Promise<T>,
): Promise<T> {
  const keys = importLedgerKeys(item);
  if (item.status !== 'done' || !keys.length) throw new Conflict('The import has no stored lines');
  // Ledger files never change under a key: the readers' local copies serve (no download when the list has read them).
  const files = await Promise.all(keys.map(localLedgerFile));
  return withScratchDuck('royalty-ledger-', (duck, dir) => work(duck, dir, files));
}

/**
 * An import matched again: its counts, and the lines statements in force carry, which were kept exactly as they were
 * stated (`stated_lines`, on `statements`, by number).
 */
export type RematchResult = Omit<StoredLedger, 'ledger_key' | 'kept'> & {
  id: string;
  stated_lines: number;
  statements: string[];
};

/** How often a re-match is made again when a statement was numbered while it ran. */
const REMATCH_ATTEMPTS = 5;

/**
 * Recomputes the import's matches, rates and cuts from its stored lines; replaces its ledger file and aggregates.
 * A line a statement in force carries is written again exactly as it is: what a published statement states never
 * changes (its money changes by a correction or an adjustment). The rest (unmatched lines, months not stated) take
 * the catalogue and rates as they are now. The new file is recorded in one write with a check that no statement was
 * numbered since the stated lines were read; when one was, they are read again and the re-match made again.
 */
export async function rematchImport(
  tenantId: string,
  importId: string,
  onStep?: (step: 'matched' | 'written') => Promise<void>,
): Promise<RematchResult> {
  for (let attempt = 0; attempt < REMATCH_ATTEMPTS; attempt += 1) {
    const item = await importOf(tenantId, importId);
    const stated = await statedOfImport(tenantId, importId);
    // A statement numbered but not written yet may carry lines of the import: look again (in the end, 409).
    if (stated.unwritten) continue;
    try {
      const stored = await withLedger(item, async (duck, dir, files) =>
        storeLedger(duck, dir, bucket(), item, files, {}, onStep, {
          keep: { sql: await keptLinesSql(duck, dir, stated), statementsNumbered: stated.numbered },
        }),
      );
      const { ledger_key: _key, kept = 0, ...counts } = stored;
      return { id: importId, ...counts, stated_lines: kept, statements: kept ? stated.statements : [] };
    } catch (error) {
      if (!(error instanceof StatementsNumberedMeanwhile)) throw error;
    }
  }
  throw new Conflict(PUBLISHING_MESSAGE);
}

/** Loads the stated lines' numbers into temp table `kept_lines`; answers the condition that keeps them (and stated months). */
async function keptLinesSql(duck: DuckDBConnection, dir: string, stated: StatedOfImport): Promise<string> {
  const kept: string[] = [];
  if (stated.lines.length) {
    const file = path.join(dir, 'kept-lines.csv');
    await writeFile(file, `${stated.lines.join('\n')}\n`);
    await duck.run(
      `CREATE OR REPLACE TEMP TABLE kept_lines AS SELECT DISTINCT line FROM read_csv(${literal(file)}, header = false, columns = {'line': 'BIGINT'})`,
    );
    kept.push('line IN (SELECT line FROM kept_lines)');
  }
  if (stated.months.length) kept.push(`pay_period IN (${stated.months.map(literal).join(', ')})`);
  return kept.length ? kept.join(' OR ') : 'false';
}

/** A finished import's lines (it has a ledger file to match again). */
const hasLines = (item: RoyaltyImportItem) => item.status === 'done' && importLedgerKeys(item).length > 0;
/** Whether a re-match of the import is queued or running. */
const importJobUnderWay = (item: Pick<RoyaltyImportItem, 'job_status'>) =>
  item.job_status === 'queued' || item.job_status === 'running';

/** How often a request looks again when the job it found finished, or another request queued one, meanwhile. */
const QUEUE_ATTEMPTS = 3;

/**
 * Queues a re-match of the import for the import worker (import/rematch-job.ts), which runs rematchImport: the
 * request answers at once, the import's `job_*` say how it goes and, when done, what it found. One job at a time: a
 * request while one is queued answers that one (it reads everything when it starts); while one runs, it is marked to
 * run once more when it finishes (it read the catalogue, rules and rates before this request). Refused as a re-match
 * in the request was: an import still importing or deleted, and while statements are being published.
 */
export async function queueRematch(
  tenantId: string,
  importId: string,
  kind: ImportJobKind,
  userId?: string,
  /** The caller refused already while statements are being published (it reads every statement of the company). */
  publishingChecked = false,
): Promise<RoyaltyImportItem> {
  let checked = publishingChecked;
  for (let attempt = 0; attempt < QUEUE_ATTEMPTS; attempt += 1) {
    const item = await importOf(tenantId, importId);
    if (item.job_status === 'queued') return item;
    if (item.job_status === 'running') {
      if (await askImportJobAgain(tenantId, importId, kind)) return importOf(tenantId, importId);
      continue;
    }
    if (!hasLines(item)) throw new Conflict('The import has no stored lines');
    if (!checked && (await statementsPublishing(tenantId, importId))) throw new Conflict(PUBLISHING_MESSAGE);
    checked = true;
    const token = ulid();
    if (await queueImportJob(tenantId, importId, { token, kind, userId })) {
      await queueImportJobMessage({ tenantId, importId, token });
      return importOf(tenantId, importId);
    }
    // Another request queued one first, or the import moved on (deleted, re-imported): look again.
  }
  const now = await importOf(tenantId, importId);
  if (importJobUnderWay(now)) return now;
  throw new Conflict('The import has no stored lines');
}

/**
 * Re-converts one import, or every finished import of the tenant, with the exchange rates as they are now: a re-match
 * job each (queueRematch), so each import is one worker's run, within its time, and one failing stops no other.
 * Lines a statement in force carries keep the rate they were stated with (a re-match keeps them). Answers the imports
 * queued (an import whose re-match is under way already counts, with that job).
 */
export async function updateExchangeRates(
  tenantId: string,
  userId: string | undefined,
  importId?: string,
): Promise<{ imports: number; import_ids: string[] }> {
  const ids = importId
    ? [(await importOf(tenantId, importId)).id]
    : (await listImports(tenantId)).filter(hasLines).map((i) => i.id);
  // Checked once up front for every import (any month), or for the one import's months: a refusal then queues none.
  if (ids.length && (await statementsPublishing(tenantId, importId))) throw new Conflict(PUBLISHING_MESSAGE);
  for (const id of ids) await queueRematch(tenantId, id, 'rates', userId, true);
  return { imports: ids.length, import_ids: ids };
}

export type AssignInput = { field: string; value: string; recording_id?: string; release_id?: string };

/**
 * Remembers that an identifier means this recording or release (matched_by 'manual') at once, then queues the
 * import's re-match (queueRematch: a re-match running already runs once more, to read the new rule).
 */
export async function assignMatch(
  tenantId: string,
  importId: string,
  input: AssignInput,
  userId?: string,
): Promise<RoyaltyImportItem> {
  const item = await importOf(tenantId, importId);
  if (!MATCH_FIELDS.includes(input.field as MatchField))
    throw new InvalidField('field', 'Field must be one of isrc, upc, cat_no');
  const field = input.field as MatchField;
  const value = normaliseIdentifier(field, typeof input.value === 'string' ? input.value : '');
  if (!value) throw new InvalidField('value', 'Value is required');
  if (!input.recording_id === !input.release_id)
    throw new InvalidField('recording_id', 'Choose a recording or a release');
  if (input.recording_id && !(await catalogueRecordExists(tenantId, 'recording_id', input.recording_id)))
    throw new InvalidField('recording_id', 'Recording not found');
  if (input.release_id && !(await catalogueRecordExists(tenantId, 'release_id', input.release_id)))
    throw new InvalidField('release_id', 'Release not found');
  if (!hasLines(item)) throw new Conflict('The import has no stored lines');
  if (await statementsPublishing(tenantId, importId)) throw new Conflict(PUBLISHING_MESSAGE);
  await putMatchRule({
    tenantId,
    field,
    value,
    ...(input.recording_id ? { recording_id: input.recording_id } : { release_id: input.release_id }),
  });
  // A re-match still queued reads the rule when it starts: it is the one answered.
  return queueRematch(tenantId, importId, 'assign', userId, true);
}

const NOT_A_DUPLICATE = 'Only an import held back as a duplicate can be confirmed';

/**
 * Imports a file held back as a duplicate anyway: the import worker runs it, as any import (a report of gigabytes
 * takes longer than an API request may, and is cut into parts there). Answers the import, processing.
 */
export async function confirmImport(tenantId: string, importId: string) {
  const item = await importOf(tenantId, importId);
  if (item.status !== 'duplicate') throw new Conflict(NOT_A_DUPLICATE);
  const token = ulid();
  if (!(await claimDuplicateConfirm(tenantId, importId, { token, progress: PROGRESS.started })))
    throw new Conflict(NOT_A_DUPLICATE);
  await queueImport(bucket(), item.source_key, token);
  return importOf(tenantId, importId);
}

/** Refusals of a re-run, in the user's words. */
const RERUN_MESSAGES = {
  running: 'The import is still running. It can be re-run if it fails, or if it shows no progress for 15 minutes.',
  finished: 'Only a failed or stuck import can be re-run. Delete this import and upload the report again instead.',
} as const;

/**
 * Re-runs a failed import, or one stuck processing (no sign of life past the worker's timeout),
 * from its report and the map as it is now: its stored parts are cleared and the import queue
 * runs it again under a new claim. Refused while it is running.
 */
export async function rerunImport(tenantId: string, importId: string) {
  const item = await importOf(tenantId, importId);
  if (runIsAlive(item)) throw new Conflict(RERUN_MESSAGES.running);
  if (item.status !== 'failed' && item.status !== 'processing') {
    // Deleting it is refused too while a statement carries its lines: the answer names that statement instead.
    const stating = await statementStatingImport(tenantId, importId);
    throw new Conflict(stating ? statedImportMessage(stating) : RERUN_MESSAGES.finished);
  }
  const token = ulid();
  // Claimed first: two clicks, or a run that came back to life meanwhile, queue one run.
  const claimed = await claimImportRerun(tenantId, importId, {
    staleBefore: staleRunBefore(),
    token,
    progress: PROGRESS.started,
  });
  if (!claimed) throw new Conflict(RERUN_MESSAGES.running);
  // The parts of an earlier run were read with the map as it was: the re-run reads every part again.
  await deleteAllImportParts(tenantId, importId);
  await queueImport(bucket(), item.source_key, token);
  return importOf(tenantId, importId);
}

/**
 * A person accepts a flagged import (its own checks disagreed with its lines): until then its
 * lines are held out of statements. Who, when and why are kept on the import. An import that is
 * not flagged, or accepted already, answers 409 and keeps the first acceptance.
 */
export async function acceptImport(
  tenantId: string,
  user: { userId: string; name: string },
  importId: string,
  reason: string,
) {
  const item = await importOf(tenantId, importId);
  if (!item.flagged) throw new Conflict('This import passed its checks: there is nothing to accept');
  if (item.accepted_at) throw new Conflict(`This import was accepted already, on ${item.accepted_at.slice(0, 10)}`);
  if (item.status !== 'done') throw new Conflict('The import has no stored lines');
  const recorded = await acceptFlaggedImport(tenantId, importId, {
    accepted_by: user.userId,
    accepted_by_name: user.name,
    accepted_at: new Date().toISOString(),
    accepted_reason: reason,
  });
  if (!recorded) throw new Conflict('This import was accepted already');
  // Its lines join the statements' figures: cached earnings must be computed again.
  await royaltiesChanged(tenantId);
  return importOf(tenantId, importId);
}
