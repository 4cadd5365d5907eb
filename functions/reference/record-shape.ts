import { BadRequest } from '../lib/errors.js';
import { applyNestedAttributes, type NestedAttribute, type StoredRow } from '../lib/nested-attributes.js';
import { resolveFileKeys, withFileUrls } from './record-files.js';
import { checkIdList, checkLinks, namedIds, withLinks, type Link } from './record-links.js';
import type { FileField } from './record-files.js';

/**
 * How a reference record's API shape maps onto what is stored: `*_attributes` nested rows
 * and objects, `<file>_key` uploads, and links to other records.
 */

/** What a record holds besides plain fields; reference collections and companies both have one. */
export type RecordShape = {
  links?: readonly Link[];
  /** Lists of ids (an artist's linked_ids, a recording's language_ids): each must exist; answered named under `as`. */
  idLists?: readonly Link[];
  rows?: readonly RowsField[];
  objects?: readonly ObjectField[];
  files?: readonly FileField[];
};

/** Nested rows: `urls_attributes` in, `urls` stored and answered. */
type RowsField = {
  input: string;
  stored: string;
  links?: readonly Link[];
  /** A field no two rows may share (a distributor lists each DSP once). */
  uniqueBy?: { field: string; message: string };
  /** Fills blanks when answering (a society URL's link text defaults to the society's name). */
  present?: (row: StoredRow, record: Record<string, unknown>) => StoredRow;
  /** Defaults for a new row. */
  defaults?: Record<string, unknown>;
  /** A file on each row (a release image): `<field>_key` in, the uploaded object's facts stored, a URL answered. */
  files?: readonly FileField[];
};

/** One nested object: `technical_specification_attributes` in, `technical_specification` stored. */
type ObjectField = {
  input: string;
  stored: string;
  /** Never answered (only `<field>_set: true`); a blank value on update keeps the stored one. */
  secrets?: readonly string[];
  /**
   * Answered to admins only: a store's technical specification (server address, login, folder) is
   * how we deliver to it, not something a label or a new sign-up may read.
   */
  adminOnly?: boolean;
};

/** The fields to set and to remove for a create (no `before`) or an update. */
export async function storedChanges(
  resource: RecordShape,
  body: Record<string, unknown>,
  before?: Record<string, unknown>,
  /** The company tenant-scoped links must stay in. */
  tenantId?: string,
): Promise<{ set: Record<string, unknown>; remove: string[] }> {
  const set: Record<string, unknown> = { ...body };
  for (const file of resource.files ?? []) delete set[`${file.field}_key`];
  await checkLinks(resource.links ?? [], set, '', tenantId);
  for (const list of resource.idLists ?? []) {
    const ids = set[list.field];
    if (Array.isArray(ids)) await checkIdList(list, ids.map(String), tenantId);
  }

  for (const rows of resource.rows ?? []) {
    const attributes = body[rows.input] as NestedAttribute[] | undefined;
    delete set[rows.input];
    if (!attributes) continue;
    const withDefaults = attributes.map((a) => (a.id ? a : { ...rows.defaults, ...a }));
    const applied = applyNestedAttributes(before?.[rows.stored] as StoredRow[] | undefined, withDefaults, rows.input);
    for (const [index, row] of applied.entries()) {
      await checkLinks(rows.links ?? [], row, `${rows.input}.${index}.`, tenantId);
      applied[index] = await rowFiles(rows.files ?? [], row, `${rows.input}.${index}.`);
    }
    if (rows.uniqueBy) {
      const { field, message } = rows.uniqueBy;
      const seen = new Set<unknown>();
      for (const [index, row] of applied.entries()) {
        if (seen.has(row[field])) throw new BadRequest(message, { [`${rows.input}.${index}.${field}`]: [message] });
        seen.add(row[field]);
      }
    }
    set[rows.stored] = applied;
  }

  for (const object of resource.objects ?? []) {
    const input = body[object.input] as Record<string, unknown> | undefined;
    delete set[object.input];
    if (!input) continue;
    const previous = (before?.[object.stored] as Record<string, unknown> | undefined) ?? {};
    const merged = { ...previous, ...input };
    for (const secret of object.secrets ?? []) if (!input[secret]) merged[secret] = previous[secret] ?? '';
    set[object.stored] = merged;
  }

  const files = await resolveFileKeys(resource.files ?? [], body);
  Object.assign(set, files.set);
  return { set, remove: files.remove };
}

/** A row with its new files' keys resolved to the uploaded objects (kept as they are without a new key). */
async function rowFiles(files: readonly FileField[], row: StoredRow, path: string): Promise<StoredRow> {
  if (!files.length) return row;
  const keys = Object.fromEntries(files.map((f) => [`${f.field}_key`, row[`${f.field}_key`]]));
  const { set } = await resolveFileKeys(files, keys, path);
  const stored: StoredRow = { ...row, ...set };
  for (const file of files) delete stored[`${file.field}_key`];
  return stored;
}

/** Checks every link of a whole record (top level and nested rows) against a company, e.g. before moving it there. */
export async function checkAllLinks(
  resource: RecordShape,
  record: Record<string, unknown>,
  tenantId?: string,
): Promise<void> {
  await checkLinks(resource.links ?? [], record, '', tenantId);
  for (const list of resource.idLists ?? []) {
    const ids = record[list.field];
    if (Array.isArray(ids)) await checkIdList(list, ids.map(String), tenantId);
  }
  for (const rows of resource.rows ?? []) {
    for (const [index, row] of ((record[rows.stored] as StoredRow[] | undefined) ?? []).entries())
      await checkLinks(rows.links ?? [], row, `${rows.input}.${index}.`, tenantId);
  }
}

/** The API answer of a stored record: links named, row defaults filled, secrets hidden, file URLs. */
export async function presentRecord<T extends Record<string, unknown>>(
  resource: RecordShape,
  row: T,
  tenantId?: string,
  /** Whether the reader is an admin (admin-only objects are left out for anyone else). */
  forAdmin = true,
): Promise<T> {
  let answer: Record<string, unknown> = await withLinks(resource.links ?? [], row, tenantId);
  for (const rows of resource.rows ?? []) {
    const children = ((row[rows.stored] as StoredRow[] | undefined) ?? []).map((child) =>
      rows.present ? rows.present(child, row) : child,
    );
    answer[rows.stored] = await Promise.all(
      children.map(async (child) => withFileUrls(rows.files ?? [], await withLinks(rows.links ?? [], child, tenantId))),
    );
  }
  for (const object of resource.objects ?? []) {
    if (object.adminOnly && !forAdmin) {
      delete answer[object.stored];
      continue;
    }
    const value = { ...((row[object.stored] as Record<string, unknown> | undefined) ?? {}) };
    for (const secret of object.secrets ?? []) {
      value[`${secret}_set`] = Boolean(value[secret]);
      delete value[secret];
    }
    answer[object.stored] = value;
  }
  for (const list of resource.idLists ?? []) answer[list.as] = await namedIds(list, row[list.field], tenantId);
  answer = await withFileUrls(resource.files ?? [], answer);
  return answer as T;
}
