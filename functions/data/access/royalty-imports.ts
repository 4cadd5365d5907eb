import type { UpdateEntityItem } from 'electrodb';
import { ulid } from 'ulid';
import { isConditionFailed } from '../../lib/errors.js';
import type {
  CreateRoyaltyImport,
  CreateRoyaltyImportPart,
  RoyaltyImport,
  RoyaltyImportItem,
  RoyaltyImportPartItem,
} from '../entities/royalties.js';
import { getDb } from '../service.js';

/**
 * Every read and write of royalty imports, their parts and their history record: one DynamoDB
 * call per function, so a caller can count its writes (an import records them as `writes`).
 */
const imports = () => getDb().entities.RoyaltyImport;
const importParts = () => getDb().entities.RoyaltyImportPart;

/** What may change on an import after it is created. */
export type ImportUpdate = UpdateEntityItem<typeof RoyaltyImport>;

export async function getImport(tenantId: string, id: string): Promise<RoyaltyImportItem | null> {
  return (await imports().get({ tenantId, id }).go()).data;
}

/** All of the tenant's imports, in id order. */
export async function listImports(tenantId: string): Promise<RoyaltyImportItem[]> {
  return (await imports().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function createImport(item: CreateRoyaltyImport): Promise<void> {
  await imports().put(item).go();
}

/** Sets an import processing again (a redelivered message, a confirmed duplicate), its last error cleared. */
export async function restartImport(tenantId: string, id: string, progress: number): Promise<void> {
  await imports().patch({ tenantId, id }).set({ status: 'processing', progress }).remove(['error']).go();
}

/**
 * Saves an import's progress. whileProcessing: only while it is still processing (a part
 * reporting late never undoes a finished import); false when it was not.
 */
export async function updateImport(
  tenantId: string,
  id: string,
  set: ImportUpdate,
  { whileProcessing = false } = {},
): Promise<boolean> {
  const patch = imports().patch({ tenantId, id }).set(set);
  try {
    await (whileProcessing ? patch.where((attr, op) => op.eq(attr.status, 'processing')) : patch).go();
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
 */
export async function pointImportAtLedger(
  tenantId: string,
  id: string,
  set: ImportUpdate,
  from: { previousKey?: string; hadParts: boolean },
): Promise<void> {
  const patch = imports().patch({ tenantId, id }).set(set);
  await (from.hadParts ? patch.remove(['ledger_keys']) : patch)
    .where((attr, op) => (from.previousKey ? op.eq(attr.ledger_key, from.previousKey) : op.notExists(attr.ledger_key)))
    .go();
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
    .remove(['finishing', 'finishing_since'])
    .where((attr, op) => op.eq(attr.status, 'processing'))
    .go();
}

export async function deleteImport(tenantId: string, id: string): Promise<void> {
  await imports().delete({ tenantId, id }).go();
}

export async function getImportPart(
  tenantId: string,
  importId: string,
  part: number,
): Promise<RoyaltyImportPartItem | null> {
  return (await importParts().get({ tenantId, importId, part }).go()).data;
}

export async function putImportPart(item: CreateRoyaltyImportPart): Promise<void> {
  await importParts().put(item).go();
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

/** The uploader's imports history (spec 3 §3.12); keyed by the import's id, so a rerun writes it once. */
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
