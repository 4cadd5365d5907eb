import type { ContractImportItem } from '../entities/contract-import.js';
import { getDb } from '../service.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';

/**
 * Contracts brought in from a file: the company's releases and artists to match the file's UPCs and names against,
 * and the import's record, keyed by the file's hash.
 */

/** The company's releases (id, title, UPC) and artists (id, name): a file names a contract's subject by them. */
export async function contractSubjects(tenantId: string) {
  const db = getDb().entities;
  const [releases, artists] = await Promise.all([
    db.Release.query.byTenant({ tenantId }).go({ pages: 'all', attributes: ['id', 'title', 'upc'] }),
    db.Artist.query.byTenant({ tenantId }).go({ pages: 'all', attributes: ['id', 'name'] }),
  ]);
  return {
    releases: releases.data.map((r) => ({ id: r.id, title: r.title, upc: r.upc ?? null })),
    artists: artists.data.map((a) => ({ id: a.id, name: a.name })),
  };
}

/** The company's import of the file with this hash, if one was started. */
export async function contractImport(tenantId: string, hash: string): Promise<ContractImportItem | null> {
  return (await getDb().entities.ContractImport.get({ tenantId, hash }).go({ consistent: true })).data;
}

/** Starts the record of a file's import, only if absent: a retried or concurrent import finds it there. */
export async function startContractImport(
  record: Pick<ContractImportItem, 'tenantId' | 'hash' | 'filename' | 'userId' | 'contracts'>,
): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    getDb()
      .entities.ContractImport.create({ ...record, status: 'importing' })
      .go(),
  );
}

/** Marks the file imported: from now on it is refused. */
export async function completeContractImport(tenantId: string, hash: string): Promise<void> {
  await getDb()
    .entities.ContractImport.patch({ tenantId, hash })
    .set({ status: 'complete', completed_at: new Date().toISOString() })
    .go();
}

/** Which of these contract ids the company has already (an import carried on skips their rows), read consistently. */
export async function existingContractIds(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const found = await getDb()
    .entities.Contract.get(ids.map((id) => ({ tenantId, id })))
    .go({ attributes: ['id'], consistent: true });
  return new Set(found.data.map((contract) => contract.id));
}
