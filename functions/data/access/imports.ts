import type { CreateImportRecord, ImportRecordItem, UpdateImportRecord } from '../entities/import-record.js';
import { getDb } from '../service.js';

/** Every query of the imports history (files users imported), by name. */

const imports = () => getDb().entities.ImportRecord;

export async function createImportRecord(record: CreateImportRecord): Promise<void> {
  await imports().create(record).go();
}

export async function getImportRecord(importId: string): Promise<ImportRecordItem | null> {
  return (await imports().get({ importId }).go()).data;
}

/** Several imports in one batch read; absent ones are left out. */
export async function getImportRecords(importIds: readonly string[]): Promise<ImportRecordItem[]> {
  if (!importIds.length) return [];
  return (
    await imports()
      .get(importIds.map((importId) => ({ importId })))
      .go()
  ).data;
}

/** Every user's imports (admins), or one user's. */
export async function listImportRecords(userId?: string): Promise<ImportRecordItem[]> {
  return userId
    ? (await imports().query.byUser({ userId }).go({ pages: 'all' })).data
    : (await imports().query.all({}).go({ pages: 'all' })).data;
}

export async function deleteImportRecords(importIds: readonly string[]): Promise<void> {
  if (importIds.length)
    await imports()
      .delete(importIds.map((importId) => ({ importId })))
      .go();
}

export async function patchImportRecord(importId: string, changes: UpdateImportRecord): Promise<void> {
  await imports().patch({ importId }).set(changes).go();
}
