import { ulid } from 'ulid';
import { catalogueStore } from '../data/access/catalogue.js';
import { getCompany } from '../data/access/companies.js';
import { LISTS } from '../data/list-cache.js';
import { guardsFor as guardsOf, normaliseUnique, type Guard } from '../data/unique-guards.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { checkAllLinks, presentRecord, storedChanges } from '../reference/record-shape.js';
import { withLinks, type Link } from '../reference/record-links.js';
import { refuseIfUsed } from '../reference/record-usage.js';
import { storedRow } from '../reference/reference-lists.js';
import type { Row } from '../reference/reference-resource.js';
import { TENANT_COLLECTIONS } from './tenant-collections.js';
import { tenantRows } from './tenant-lists.js';
import type { RecordEditor, TenantResource } from './tenant-resource.js';

/**
 * The reads and writes of one catalogue collection's records, shared by the tenant and admin
 * operations: load (in a company, or anywhere for admins), present, create, update, move to
 * another company, delete and bulk delete — each write atomic with its unique guards and the
 * list versions of the company and of the all-companies list.
 */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Every record answers its company as `tenant: { id, name }` (the admin's company select shows it). */
const TENANT_LINK: Link = { field: 'tenant_id', to: 'companies', as: 'tenant' };

/** The company a new record is created in. */
type Scope = { tenantId: string };

/**
 * A new record's fields without the blank ones that have a default: a form sends a field the user left empty
 * as '', and a new recording left so still starts with copyright year 2020 and length 00:00:00.
 */
function withoutBlankDefaults(set: Record<string, unknown>, defaults: Record<string, unknown> = {}) {
  return Object.fromEntries(Object.entries(set).filter(([field, value]) => !(value === '' && field in defaults)));
}

export function recordOps(resource: TenantResource) {
  const unique = resource.unique ?? [];
  const nameField = resource.nameField ?? 'name';
  const guardScope = (tenantId: string) => `${resource.collection}#${tenantId}`;
  const guardsFor = (scope: string, fields: readonly string[], record: Record<string, unknown>) =>
    guardsOf(scope, fields, record).filter((g) => !resource.uniqueExempt?.(g.field, record[g.field]));
  const lists = (tenantId: string) => [
    LISTS.tenantCollection(resource.collection, tenantId),
    LISTS.allTenantsCollection(resource.collection),
  ];
  const store = catalogueStore(resource.entity);

  async function load(tenantId: string, id: string): Promise<Row> {
    const found = await store.get({ tenantId, id });
    if (!found) throw new NotFound(resource.title);
    return storedRow(found);
  }

  /** A record of any company (admin calls), found through its id index. */
  async function loadAnyTenant(id: string): Promise<Row> {
    const found = await store.findAnyTenant(id);
    if (!found) throw new NotFound(resource.title);
    return storedRow(found);
  }

  async function present(row: Row): Promise<Row> {
    const { tenantId, ...fields } = row as Row & { tenantId: string };
    const { tenant } = (await withLinks([TENANT_LINK], { tenant_id: tenantId })) as { tenant?: unknown };
    return {
      ...(await presentRecord(resource.shape(tenantId), fields as Row, tenantId)),
      ...(await resource.presentExtra?.(row)),
      tenant_id: tenantId,
      tenant,
    };
  }

  /** Records of the same company that still link to these (a contributor named by an artist's members). */
  const refuseIfLinked = (tenantId: string, rows: readonly Row[]) =>
    refuseIfUsed(
      { collection: resource.collection, title: resource.title, nameField },
      rows,
      TENANT_COLLECTIONS.map((other) => ({
        collection: other.collection,
        singular: other.singular,
        shape: other.shape(tenantId),
        rows: () => tenantRows(other, tenantId),
      })),
    );

  /** `id` is given by imports, which derive it from the import so a retried chunk creates nothing twice. */
  async function create({ tenantId }: Scope, body: Record<string, unknown>, id: string = ulid()) {
    const { tenant_id: _ignored, ...input } = body;
    const { set } = await storedChanges(resource.shape(tenantId), input, undefined, tenantId);
    const draft = { ...resource.defaults, ...withoutBlankDefaults(set, resource.defaults), tenantId, id };
    const record = { ...draft, ...(await resource.prepare?.(draft, { tenantId, isNew: true })) };
    const claim = guardsFor(guardScope(tenantId), unique, record);
    await store.write([{ create: record }], { claim, ownerId: id, lists: lists(tenantId) });
    return load(tenantId, id);
  }

  /**
   * Saves an edit and answers, besides the record, what the user is told where they saved it beyond "Updated"
   * (a release the edit sent back to quality control), if anything.
   */
  async function updateAndTell(
    before: Row & { tenantId?: string },
    body: Record<string, unknown>,
    editor?: RecordEditor,
  ): Promise<{ after: Row; note: string | undefined }> {
    const tenantId = String(before.tenantId);
    const stored = await storedChanges(resource.shape(tenantId), body, before, tenantId);
    const remove = stored.remove;
    const set = {
      ...stored.set,
      ...(await resource.prepare?.({ ...before, ...stored.set }, { tenantId, isNew: false, before, editor })),
    };
    const changed = unique.filter((f) => f in set && normaliseUnique(set[f]) !== normaliseUnique(before[f]));
    const release: Guard[] = guardsFor(guardScope(tenantId), changed, before);
    const claim: Guard[] = guardsFor(guardScope(tenantId), changed, set);
    await store.write([{ patch: { tenantId, id: before.id }, set, remove }], {
      release,
      claim,
      ownerId: before.id,
      lists: lists(tenantId),
    });
    const after = await load(tenantId, before.id);
    const effect = await resource.afterUpdate?.(before, after, { tenantId, editor });
    return { after, note: effect ?? resource.savedNote?.(before, after) };
  }

  async function update(before: Row & { tenantId?: string }, body: Record<string, unknown>, editor?: RecordEditor) {
    return (await updateAndTell(before, body, editor)).after;
  }

  /**
   * Moves a record to another company (admins): the same id, re-created under the
   * new tenant in one transaction; its links must hold in the new company.
   */
  async function move(before: Row & { tenantId?: string }, toTenant: string, body: Record<string, unknown>) {
    const from = String(before.tenantId);
    const company = await getCompany(toTenant);
    if (!company) throw new InvalidField('tenant_id', 'Company not found');
    const { tenantId: _t, created_at: _c, updated_at: _u, ...kept } = before;
    const { set } = await storedChanges(resource.shape(toTenant), body, before, toTenant);
    const record: Record<string, unknown> = { ...kept, ...set, tenantId: toTenant, id: before.id };
    await checkAllLinks(resource.shape(toTenant), record, toTenant);
    await store.write([{ delete: { tenantId: from, id: before.id } }, { create: record }], {
      lists: [...new Set([...lists(from), ...lists(toTenant)])],
    });
    return load(toTenant, before.id);
  }

  async function destroy(row: Row & { tenantId?: string }) {
    const tenantId = String(row.tenantId);
    const refusal = resource.undeletable?.(row);
    if (refusal) throw new Conflict(refusal);
    await refuseIfLinked(tenantId, [row]);
    await store.write([{ delete: { tenantId, id: row.id } }], {
      release: guardsFor(guardScope(tenantId), unique, row),
      lists: lists(tenantId),
    });
    await resource.afterDelete?.(row);
    return { message: `${resource.title} ${String(row[nameField])} deleted` };
  }

  /** Deletes exactly the given ids that belong to the company; ids of other companies are not touched. */
  async function bulkDestroy(tenantId: string, ids: string[]) {
    const found = (await Promise.all([...new Set(ids)].map((id) => store.get({ tenantId, id })))).flatMap((f) =>
      f ? [storedRow(f)] : [],
    );
    for (const row of found) {
      const refusal = resource.undeletable?.(row);
      if (refusal) throw new Conflict(`${String(row[nameField])}: ${refusal}`);
    }
    await refuseIfLinked(tenantId, found);
    const perChunk = Math.floor(98 / (1 + unique.length));
    for (let i = 0; i < found.length; i += perChunk) {
      const chunk = found.slice(i, i + perChunk);
      await store.write(
        chunk.map((row) => ({ delete: { tenantId, id: row.id } })),
        { release: chunk.flatMap((row) => guardsFor(guardScope(tenantId), unique, row)), lists: lists(tenantId) },
      );
      for (const row of chunk) await resource.afterDelete?.(row);
    }
    return {
      message: `${plural(found.length, resource.singular, resource.collection)} deleted`,
      deleted: found.length,
    };
  }

  return { load, loadAnyTenant, present, create, update, updateAndTell, move, destroy, bulkDestroy };
}
