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
import type { MissingRate } from '../ledger/rules.js';
import { importLedgerKeys, localLedgerFile } from '../ledger/files.js';
import { storeLedger, type StoredLedger } from '../ledger/store.js';
import { MATCH_FIELDS, normaliseIdentifier, type MatchField } from '../ledger/match-lines.js';
import { queueImport, runIsAlive, staleRunBefore } from '../import/run-claim.js';
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

export type RematchResult = Omit<StoredLedger, 'ledger_key'> & { id: string };

/** Recomputes the import's matches, rates and cuts from its stored lines; replaces its ledger file and aggregates. */
export async function rematchImport(tenantId: string, importId: string): Promise<RematchResult> {
  const item = await importOf(tenantId, importId);
  const stored = await withLedger(item, (duck, dir, files) => storeLedger(duck, dir, bucket(), item, files, {}));
  const { ledger_key: _key, ...counts } = stored;
  return { id: importId, ...counts };
}

/** Re-converts one import, or every finished import of the tenant, with the exchange rates as they are now. */
export async function updateExchangeRates(
  tenantId: string,
  importId?: string,
): Promise<{ imports: number; lines: number; missing_rates: MissingRate[] }> {
  const ids = importId
    ? [(await importOf(tenantId, importId)).id]
    : (await listImports(tenantId)).filter((i) => i.status === 'done' && importLedgerKeys(i).length).map((i) => i.id);
  let lines = 0;
  const missing: MissingRate[] = [];
  // One import after another: each holds a DuckDB and its ledger file; the machine is small.
  for (const id of ids) {
    const result = await rematchImport(tenantId, id);
    lines += result.lines;
    missing.push(...result.missing_rates);
  }
  return { imports: ids.length, lines, missing_rates: missing };
}

export type AssignInput = { field: string; value: string; recording_id?: string; release_id?: string };

/** Remembers that an identifier means this recording or release (matched_by 'manual'), then re-matches the import. */
export async function assignMatch(tenantId: string, importId: string, input: AssignInput): Promise<RematchResult> {
  await importOf(tenantId, importId);
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
  await putMatchRule({
    tenantId,
    field,
    value,
    ...(input.recording_id ? { recording_id: input.recording_id } : { release_id: input.release_id }),
  });
  return rematchImport(tenantId, importId);
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
  if (item.status !== 'failed' && item.status !== 'processing') throw new Conflict(RERUN_MESSAGES.finished);
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
