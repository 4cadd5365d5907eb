import { ulid } from 'ulid';
import type { ImportRow } from '../../shared/schemas/import-views.js';
import * as store from '../data/access/imports.js';
import { getUser, getUsers } from '../data/access/users.js';
import type { ImportRecordItem } from '../data/entities/import-record.js';
import type { Caller } from '../lib/auth-context.js';
import { Forbidden, InvalidField, NotFound } from '../lib/errors.js';
import { listAnswer, pageOfQuery, type SortSpec } from '../lib/list-query.js';

type Owner = { name: string; email: string };

const view = (i: ImportRecordItem, owner?: Owner): ImportRow => ({
  id: i.importId,
  user_id: i.userId,
  user_name: owner?.name ?? '',
  user_email: owner?.email ?? '',
  filename: i.filename,
  filesize: i.filesize,
  records: i.records,
  type: i.type,
  created_at: i.createdAt ?? '',
});

const isAdmin = (caller: Caller) => caller.user.role === 'admin';

/** A user sees and deletes their own imports; admins anyone's. Another's import reads as missing. */
async function loadOwn(caller: Caller, importId: string): Promise<ImportRecordItem> {
  const found = await store.getImportRecord(importId);
  if (!found || (!isAdmin(caller) && found.userId !== caller.user.userId)) throw new NotFound('Import');
  return found;
}

type ImportFacts = { filename: string; filesize: number; records: number; type: string };

/** Files a record for the caller, or (an admin) for the user they name, who must exist. */
export async function addImport(caller: Caller, { user_id, ...input }: ImportFacts & { user_id?: string }) {
  const forOther = user_id !== undefined && user_id !== caller.user.userId;
  if (forOther && !isAdmin(caller)) throw new Forbidden();
  const owner = forOther ? await getUser(user_id) : caller.user;
  if (!owner) throw new InvalidField('user_id', 'User not found');
  const importId = ulid();
  await store.createImportRecord({ importId, userId: forOther ? user_id : caller.user.userId, ...input });
  const item = await loadOwn(caller, importId);
  return { import: view(item, owner), message: `${input.records} records were added` };
}

/** An admin corrects a record's facts (never whose it is). */
export async function updateImport(caller: Caller, importId: string, changes: Partial<ImportFacts>) {
  await loadOwn(caller, importId);
  await store.patchImportRecord(importId, changes);
  return { ...(await getImport(caller, importId)), message: 'Import Updated' };
}

/**
 * The caller's imports; admins may ask for one user's (`user_id`) or everyone's (`all=true`).
 * Sorted and searched on the server like every list.
 */
export async function listImports(
  caller: Caller,
  query: { page: number; per_page: number; sort: SortSpec<string>; q?: string; user_id?: string; all?: string },
) {
  const everyone = isAdmin(caller) && query.all === 'true' && !query.user_id;
  const userId = isAdmin(caller) && query.user_id ? query.user_id : caller.user.userId;
  if (query.user_id && query.user_id !== caller.user.userId && !isAdmin(caller)) throw new Forbidden();
  const items = await store.listImportRecords(everyone ? undefined : userId);
  const owners = await getUsers([...new Set(items.map((i) => i.userId))]);
  const byId = new Map(owners.map((u) => [u.userId, u]));
  const rows = items.map((i) => view(i, byId.get(i.userId)));
  const page = pageOfQuery(rows, query, {
    searchFields: ['filename', 'type', 'user_email'],
    tieBreaker: 'id',
  });
  return listAnswer('imports', page);
}

export async function getImport(caller: Caller, importId: string) {
  const item = await loadOwn(caller, importId);
  const owner = (await getUser(item.userId)) ?? undefined;
  return { import: view(item, owner) };
}

export async function deleteImport(caller: Caller, importId: string) {
  const item = await loadOwn(caller, importId);
  await store.deleteImportRecords([importId]);
  return { message: `Import ${item.filename} deleted` };
}

/** Deletes exactly the given imports the caller may delete; others' ids are skipped, not deleted. */
export async function bulkDestroyImports(caller: Caller, ids: string[]) {
  const found = await store.getImportRecords([...new Set(ids)]);
  const mine = found.filter((i) => isAdmin(caller) || i.userId === caller.user.userId);
  await store.deleteImportRecords(mine.map((i) => i.importId));
  return { message: `${mine.length} ${mine.length === 1 ? 'import' : 'imports'} deleted`, deleted: mine.length };
}
