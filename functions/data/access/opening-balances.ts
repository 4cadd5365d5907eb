import type { CreateAccountEntry } from '../entities/statements.js';
import type { OpeningBalanceImportItem } from '../entities/opening-balance-import.js';
import { moneyRecordsChanged } from '../list-cache.js';
import { getDb } from '../service.js';
import { Conflict } from '../../lib/errors.js';
import { retriedOnConflict } from '../transaction.js';

/**
 * Payees' opening balances brought in from a file: the company's payees to match the file's names against, the
 * import's record (keyed by the file's hash) and the one write of each batch of entries with it.
 */

/** The company's payees, id and name: a file names a payee by one or the other. */
export async function companyPayeeNames(tenantId: string): Promise<{ id: string; name: string }[]> {
  const payees = await getDb()
    .entities.Payee.query.byTenant({ tenantId })
    .go({ pages: 'all', attributes: ['id', 'name'] });
  return payees.data.map((payee) => ({ id: payee.id, name: payee.name }));
}

/** The company's import of the file with this hash, if one was started. */
export async function openingBalanceImport(tenantId: string, hash: string): Promise<OpeningBalanceImportItem | null> {
  return (await getDb().entities.OpeningBalanceImport.get({ tenantId, hash }).go({ consistent: true })).data;
}

/** Every file of opening balances the company began to import (a company brings in few: its books move once). */
export async function openingBalanceImports(tenantId: string): Promise<OpeningBalanceImportItem[]> {
  return (await getDb().entities.OpeningBalanceImport.query.byHash({ tenantId }).go({ pages: 'all' })).data;
}

/** The record as its first batch creates it. */
export type NewOpeningBalanceImport = Omit<OpeningBalanceImportItem, 'createdAt' | 'updatedAt' | 'batches_done'>;

/**
 * Writes batch `index` (0-based) of an import: its entries, each created only if absent, and the record in one
 * transaction. The first batch creates the record (only if absent); a later one moves `batches_done` from `index` to
 * `index + 1` only if it still says `index` and the import is not complete. The last batch marks it complete.
 * `written`, or `moved` when another writer got there first (the record or an entry exists): nothing was written.
 */
export async function writeOpeningBalanceBatch(
  record: NewOpeningBalanceImport,
  index: number,
  entries: readonly CreateAccountEntry[],
): Promise<'written' | 'moved'> {
  const { tenantId, hash } = record;
  const last = index + 1 === record.batches;
  const completion = last ? { status: 'complete' as const, completed_at: new Date().toISOString() } : {};
  const result = await retriedOnConflict(() =>
    getDb()
      .transaction.write(({ OpeningBalanceImport, AccountEntry }) => [
        index === 0
          ? OpeningBalanceImport.create({ ...record, ...completion, batches_done: 1 }).commit()
          : OpeningBalanceImport.patch({ tenantId, hash })
              .set({ batches_done: index + 1, ...completion })
              .where((attr, op) => `${op.eq(attr.batches_done, index)} AND ${op.eq(attr.status, 'importing')}`)
              .commit(),
        ...entries.map((entry) => AccountEntry.create(entry).commit()),
      ])
      .go(),
  );
  if (!result.canceled) {
    await moneyRecordsChanged(tenantId);
    return 'written';
  }
  if (result.data.some((item) => item?.code === 'ConditionalCheckFailed')) return 'moved';
  throw new Conflict('Another import of this file is under way; try again in a moment');
}
