import type { OpeningBalanceImportedFile } from '../../../shared/schemas/opening-balances.js';
import { openingBalanceImports } from '../../data/access/opening-balances.js';
import { getUsers } from '../../data/access/users.js';
import { importedDay } from '../../catalogue-exchange/imports/checked-file.js';

/**
 * The files of opening balances the company imported, newest first, for the page that imports them: what each
 * brought in (balances, their sum), when, by whom, and whether it stopped part-way (importing the same file again
 * carries it on). Read from the imports' own records, so the list and the refusal of a file imported twice agree.
 */
export async function openingBalanceHistory(tenantId: string): Promise<{ imports: OpeningBalanceImportedFile[] }> {
  const records = await openingBalanceImports(tenantId);
  const users = await getUsers([...new Set(records.map((record) => record.userId))]);
  const nameOf = new Map(users.map((user) => [user.userId, user.name || user.email]));
  const imports = records
    .map((record) => ({
      file_name: record.filename,
      status: record.status,
      entries: record.entries,
      total: record.total,
      currency: record.currency,
      imported_on: importedDay(record),
      imported_by: nameOf.get(record.userId) ?? null,
      at: record.completed_at ?? record.updatedAt ?? '',
    }))
    .sort((a, b) => b.at.localeCompare(a.at))
    .map(({ at: _at, ...file }) => file);
  return { imports };
}
