import type { Entity, Item, UpdateEntityItem, WhereCallback } from 'electrodb';
import { ulid } from 'ulid';
import { Conflict, isConditionFailed, LOST_RACE_MESSAGE } from '../../lib/errors.js';
import type {
  CreateRoyaltyImport,
  CreateRoyaltyImportPart,
  RoyaltyImport,
  RoyaltyImportItem,
  RoyaltyImportPartItem,
} from '../entities/royalties.js';
import { getDb } from '../service.js';
import { ledgerChangeItems } from './ledger-guard.js';

/**
 * Every read and write of royalty imports, their parts and their history record: one DynamoDB
 * call per function, so a caller can count its writes (an import records them as `writes`).
 */
const imports = () => getDb().entities.RoyaltyImport;
const importParts = () => getDb().entities.RoyaltyImportPart;

/** What may change on an import after it is created. */
export type ImportUpdate = UpdateEntityItem<typeof RoyaltyImport>;

/** The import's attributes and operators a condition on it is written with. */
type ImportCondition =
  typeof RoyaltyImport extends Entity<infer A, infer F, infer C, infer S>
    ? Parameters<WhereCallback<A, F, C, S, Item<A, F, C, S, S['attributes']>>>
    : never;

/**
 * The condition of a write made for a run: the import is still processing, and still in `run` when one is named (a
 * part of an earlier run, reporting or storing late, never changes a re-run started since).
 */
const processingInRun =
  (run?: string) =>
  (...[attr, op]: ImportCondition) =>
    run ? `${op.eq(attr.status, 'processing')} AND ${op.eq(attr.run_token, run)}` : op.eq(attr.status, 'processing');

export async function getImport(tenantId: string, id: string): Promise<RoyaltyImportItem | null> {
  return (await imports().get({ tenantId, id }).go()).data;
}

/** All of the tenant's imports, in id order. */
export async function listImports(tenantId: string): Promise<RoyaltyImportItem[]> {
  return (await imports().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Creates the import unless it exists (two deliveries of one event): false when another created it first. */
export async function createImportOnce(item: CreateRoyaltyImport): Promise<boolean> {
  try {
    await imports().create(item).go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** What a run of an import leaves on it while it runs; removed when it stops (done, failed, duplicate). */
const RUN_ATTRIBUTES = ['running_since', 'run_token'] as const;

/**
 * Claims running an import (a redelivered message, a confirmed duplicate, a re-run, an import
 * resumed on start) as `claim`: it is set processing with `progress`, its last error cleared. Refused
 * (false) while another run is under way: its last sign of life is after `staleBefore` (ISO)
 * and `token` is not the claim a re-run was queued with. Refused too once it stopped (done, failed, duplicate): a
 * confirmed duplicate or a re-run is set processing before its message is sent, so only a delivery that read the
 * import processing and lost the race with the run that finished it gets here, and a finished import (its lines may
 * be on a published statement) is never imported again over itself.
 */
export async function claimImportRun(
  tenantId: string,
  id: string,
  { staleBefore, token, claim, progress }: { staleBefore: string; token?: string; claim: string; progress: number },
): Promise<boolean> {
  try {
    await imports()
      .patch({ tenantId, id })
      .set({ status: 'processing', progress, running_since: new Date().toISOString(), run_token: claim })
      .remove(['error'])
      .where((attr, op) => {
        const free = [
          op.notExists(attr.running_since),
          op.lt(attr.running_since, staleBefore),
          ...(token ? [op.eq(attr.run_token, token)] : []),
        ];
        return `${op.eq(attr.status, 'processing')} AND (${free.join(' OR ')})`;
      })
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Queues a re-run: a failed import, or one processing whose run gave no sign of life since
 * `staleBefore`, is set processing again under `token` (the re-run's message carries it), with
 * its last error and any finishing claim cleared. False when it is running or in another state.
 */
export async function claimImportRerun(
  tenantId: string,
  id: string,
  { staleBefore, token, progress }: { staleBefore: string; token: string; progress: number },
): Promise<boolean> {
  try {
    await imports()
      .patch({ tenantId, id })
      .set({ status: 'processing', progress, running_since: new Date().toISOString(), run_token: token })
      .remove(['error', 'finishing', 'finishing_since'])
      .where((attr, op) => {
        const stale = `${op.notExists(attr.running_since)} OR ${op.lt(attr.running_since, staleBefore)}`;
        return `${op.eq(attr.status, 'failed')} OR (${op.eq(attr.status, 'processing')} AND (${stale}))`;
      })
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Confirms importing a file held back as a duplicate: it is set processing under `token` (the queued run's message
 * carries it) and marked confirmed, so its run, and any run after it, imports it. False unless it is a duplicate
 * still (two clicks queue one run).
 */
export async function claimDuplicateConfirm(
  tenantId: string,
  id: string,
  { token, progress }: { token: string; progress: number },
): Promise<boolean> {
  try {
    await imports()
      .patch({ tenantId, id })
      .set({
        status: 'processing',
        progress,
        running_since: new Date().toISOString(),
        run_token: token,
        confirmed_duplicate: true,
      })
      .remove(['error'])
      .where((attr, op) => op.eq(attr.status, 'duplicate'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives a run's claim back (its attempt failed and the message comes again), unless another run holds it. */
export async function releaseImportRun(tenantId: string, id: string, claim: string): Promise<void> {
  await imports()
    .patch({ tenantId, id })
    .remove([...RUN_ATTRIBUTES])
    .where((attr, op) => op.eq(attr.run_token, claim))
    .go()
    .catch((error) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/** Every import left processing, in every tenant: the local cloud resumes them on start (their sparse index). */
export async function listProcessingImports(): Promise<RoyaltyImportItem[]> {
  return (await imports().query.unfinished({ status: 'processing' }).go({ pages: 'all' })).data;
}

/** Drops the claims of runs that cannot be alive any more (the local cloud started again), so the next delivery runs. */
export async function releaseRunClaims(tenantId: string, id: string): Promise<void> {
  await imports()
    .patch({ tenantId, id })
    .remove([...RUN_ATTRIBUTES, 'finishing', 'finishing_since'])
    .where((attr, op) => op.eq(attr.status, 'processing'))
    .go()
    .catch((error) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/**
 * Saves an import's progress. whileProcessing: only while it is still processing (a part
 * reporting late never undoes a finished import); false when it was not. ofRun: and only while
 * the run that claimed it is still this one (a part of an earlier run failing late never fails a
 * re-run started since).
 */
export async function updateImport(
  tenantId: string,
  id: string,
  set: ImportUpdate,
  { whileProcessing = false, ofRun }: { whileProcessing?: boolean; ofRun?: string } = {},
): Promise<boolean> {
  const set_ = imports().patch({ tenantId, id }).set(set);
  // An import that stops (done, failed, duplicate) has no run under way any more.
  const patch = set.status && set.status !== 'processing' ? set_.remove([...RUN_ATTRIBUTES]) : set_;
  try {
    const conditional = whileProcessing ? patch.where(processingInRun(ofRun)) : patch;
    await conditional.go();
    return true;
  } catch (error) {
    if (whileProcessing && isConditionFailed(error)) return false;
    throw error;
  }
}

/** The oldest other finished import of the same bytes in this tenant (the same size and sha256), if any. */
export async function findEarlierImport(
  tenantId: string,
  id: string,
  sha256: string,
  size: number,
): Promise<string | undefined> {
  const found = await imports()
    .query.byTenant({ tenantId })
    .where((attr, op) => {
      const sameBytes = `${op.eq(attr.sha256, sha256)} AND ${op.eq(attr.size, size)}`;
      return `${sameBytes} AND ${op.eq(attr.status, 'done')} AND ${op.ne(attr.id, id)}`;
    })
    .go({ pages: 'all', attributes: ['id', 'createdAt'] });
  return found.data.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))[0]?.id;
}

/**
 * Points an import at its new ledger file with `set` (status, totals…), only if it still points
 * where the write started from (`previousKey`); an import stored in parts loses its parts' list.
 * With `statementsNumbered` (a re-match, which keeps the lines statements carried when the company had numbered that
 * many), it is written in one transaction with a check that the count has not moved: a statement numbered meanwhile
 * may carry lines the new file changed, so nothing is written ('statements-changed') and the caller looks again.
 */
export async function pointImportAtLedger(
  tenantId: string,
  id: string,
  set: ImportUpdate,
  from: { previousKey?: string; hadParts: boolean; statementsNumbered?: number },
): Promise<'written' | 'statements-changed'> {
  const removed = [...(from.hadParts ? ['ledger_keys' as const] : []), ...(set.status ? RUN_ATTRIBUTES : [])];
  const stillAt = (...[attr, op]: ImportCondition) =>
    from.previousKey ? op.eq(attr.ledger_key, from.previousKey) : op.notExists(attr.ledger_key);
  const numbered = from.statementsNumbered;
  if (numbered === undefined) {
    const patch = imports().patch({ tenantId, id }).set(set);
    await (removed.length ? patch.remove(removed) : patch).where(stillAt).go();
    return 'written';
  }
  const result = await getDb()
    .transaction.write(({ RoyaltyImport, Sequence, ListVersion }) => {
      const patch = RoyaltyImport.patch({ tenantId, id }).set(set);
      return [
        (removed.length ? patch.remove(removed) : patch).where(stillAt).commit(),
        ...ledgerChangeItems({ Sequence, ListVersion }, tenantId, numbered),
      ];
    })
    .go();
  if (!result.canceled) return 'written';
  const [importCheck] = result.data as readonly { code?: string }[];
  // Another write moved the import on (or it was deleted): as the plain write above, a lost race.
  if (importCheck?.code === 'ConditionalCheckFailed') throw new Conflict(LOST_RACE_MESSAGE);
  return 'statements-changed';
}

/**
 * Claims finishing a parted import: a token of this attempt, or undefined when another attempt
 * holds it. A claim taken before `staleBefore` (ISO) is a dead worker's and is taken over.
 */
export async function claimFinishing(tenantId: string, id: string, staleBefore: string): Promise<string | undefined> {
  const token = ulid();
  try {
    await imports()
      .patch({ tenantId, id })
      .set({ finishing: token, finishing_since: new Date().toISOString() })
      .where((attr, op) => {
        const unclaimed = `${op.notExists(attr.finishing)} OR ${op.lt(attr.finishing_since, staleBefore)}`;
        return `${op.eq(attr.status, 'processing')} AND (${unclaimed})`;
      })
      .go();
    return token;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Gives a finishing claim back (a failed attempt), so the message's next delivery can finish. */
export async function releaseFinishing(tenantId: string, id: string, token: string): Promise<void> {
  await imports()
    .patch({ tenantId, id })
    .remove(['finishing', 'finishing_since'])
    .where((attr, op) => op.eq(attr.finishing, token))
    .go()
    .catch((error) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/** Finishes a parted import with `set`, dropping the claim; only while it is still processing. */
export async function completeFinishing(tenantId: string, id: string, set: ImportUpdate): Promise<void> {
  await imports()
    .patch({ tenantId, id })
    .set(set)
    .remove(['finishing', 'finishing_since', ...RUN_ATTRIBUTES])
    .where((attr, op) => op.eq(attr.status, 'processing'))
    .go();
}

/**
 * Deletes an import's record, in one transaction with a check that the company's statement count is still
 * `statementsNumbered` (what the caller read before it looked at the statements): a statement numbered meanwhile
 * may carry the import's lines, so the delete is not written (false) and the caller looks again.
 */
export async function deleteImportWhileNumbered(
  tenantId: string,
  id: string,
  statementsNumbered: number,
): Promise<boolean> {
  const result = await getDb()
    .transaction.write(({ RoyaltyImport, Sequence, ListVersion }) => [
      RoyaltyImport.delete({ tenantId, id }).commit(),
      ...ledgerChangeItems({ Sequence, ListVersion }, tenantId, statementsNumbered),
    ])
    .go();
  return !result.canceled;
}

export async function getImportPart(
  tenantId: string,
  importId: string,
  part: number,
): Promise<RoyaltyImportPartItem | null> {
  return (await importParts().get({ tenantId, importId, part }).go()).data;
}

/**
 * Writes a part's item (the proof it is stored), in one transaction that holds only while the import is processing
 * in the part's run (`run`; any run when the part names none): a part that ends after its import was finished,
 * failed, re-run or deleted writes nothing. False when refused.
 */
export async function putImportPartOfRun(item: CreateRoyaltyImportPart, run?: string): Promise<boolean> {
  const result = await getDb()
    .transaction.write(({ RoyaltyImport, RoyaltyImportPart }) => [
      RoyaltyImport.check({ tenantId: item.tenantId, id: item.importId }).where(processingInRun(run)).commit(),
      RoyaltyImportPart.put(item).commit(),
    ])
    .go();
  return !result.canceled;
}

/** The import's stored parts in part order, read consistently (the part that finds them all finishes the import). */
export async function listImportParts(tenantId: string, importId: string): Promise<RoyaltyImportPartItem[]> {
  const found = await importParts().query.byImport({ tenantId, importId }).go({ pages: 'all', consistent: true });
  return found.data.sort((a, b) => a.part - b.part);
}

export async function deleteImportParts(tenantId: string, importId: string, parts: number[]): Promise<void> {
  if (parts.length === 1) await importParts().delete({ tenantId, importId, part: parts[0] }).go();
  else if (parts.length)
    await importParts()
      .delete(parts.map((part) => ({ tenantId, importId, part })))
      .go({ concurrency: 4 });
}

/** Removes whatever parts an import has (a deleted import, finished or not). */
export async function deleteAllImportParts(tenantId: string, importId: string): Promise<void> {
  const parts = (
    await importParts()
      .query.byImport({ tenantId, importId })
      .go({ pages: 'all', attributes: ['part'] })
  ).data;
  if (parts.length)
    await importParts()
      .delete(parts.map((p) => ({ tenantId, importId, part: p.part })))
      .go({ concurrency: 4 });
}

/** The uploader's imports history; keyed by the import's id, so a rerun writes it once. */
export async function recordImportHistory(entry: {
  importId: string;
  userId: string;
  filename: string;
  filesize: number;
  records: number;
}): Promise<void> {
  await getDb()
    .entities.ImportRecord.put({ ...entry, type: 'royalties' })
    .go();
}

/** Who accepted a flagged import, when and why. */
export type ImportAcceptance = {
  accepted_by: string;
  accepted_by_name: string;
  accepted_at: string;
  accepted_reason: string;
};

/**
 * Records a person's acceptance of a flagged import, once: only a finished, flagged import not
 * accepted yet takes it (two people accepting at once: the first one's reason is kept). Whether
 * this call recorded it.
 */
export async function acceptFlaggedImport(
  tenantId: string,
  id: string,
  acceptance: ImportAcceptance,
): Promise<boolean> {
  try {
    await imports()
      .patch({ tenantId, id })
      .set(acceptance)
      .where(
        (attr, op) =>
          `${op.eq(attr.status, 'done')} AND ${op.eq(attr.flagged, true)} AND ${op.notExists(attr.accepted_at)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
