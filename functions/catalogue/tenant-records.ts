import { ulid } from 'ulid';
import { listsChanged } from '../data/list-cache.js';
import { getDb } from '../data/service.js';
import { writeTransaction } from '../data/transaction.js';
import { guardsFor as guardsOf, normaliseUnique, type Guard } from '../data/unique-guards.js';
import { humanizeField } from '../../shared/messages.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { checkAllLinks, presentRecord, storedChanges } from '../reference/record-shape.js';
import { withLinks, type Link } from '../reference/record-links.js';
import { refuseIfUsed } from '../reference/record-usage.js';
import { storedRow } from '../reference/reference-lists.js';
import type { Row } from '../reference/reference-resource.js';
import { TENANT_RESOURCES } from './tenant-collections.js';
import { allTenantsListName, tenantEntity, tenantListName, tenantRows } from './tenant-lists.js';
import type { TenantResource } from './tenant-resource.js';

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

export function recordOps(resource: TenantResource) {
  const unique = resource.unique ?? [];
  const nameField = resource.nameField ?? 'name';
  const guardScope = (tenantId: string) => `${resource.collection}#${tenantId}`;
  const guardsFor = (scope: string, fields: readonly string[], record: Record<string, unknown>) =>
    guardsOf(scope, fields, record).filter((g) => !resource.uniqueExempt?.(g.field, record[g.field]));
  const lists = (tenantId: string) => [tenantListName(resource.collection, tenantId), allTenantsListName(resource.collection)];
  const taken = (field: string) => ({ field, message: `${humanizeField(field)} has already been taken` });
  const entity = () => tenantEntity(resource);

  async function load(tenantId: string, id: string): Promise<Row> {
    const found = await entity().get({ tenantId, id }).go();
    if (!found.data) throw new NotFound(resource.title);
    return storedRow(found.data);
  }

  /** A record of any company (admin calls), found through its id index. */
  async function loadAnyTenant(id: string): Promise<Row> {
    const found = (await entity().query.byId({ id }).go()).data[0];
    if (!found) throw new NotFound(resource.title);
    return storedRow(found);
  }

  async function present(row: Row): Promise<Row> {
    const { tenantId, ...fields } = row as Row & { tenantId: string };
    const { tenant } = (await withLinks([TENANT_LINK], { tenant_id: tenantId })) as { tenant?: unknown };
    return { ...(await presentRecord(resource.shape(tenantId), fields as Row, tenantId)), ...(await resource.presentExtra?.(row)), tenant_id: tenantId, tenant };
  }

  /** Records of the same company that still link to these (a contributor named by an artist's members). */
  const refuseIfLinked = (tenantId: string, rows: readonly Row[]) =>
    refuseIfUsed(
      { collection: resource.collection, title: resource.title, nameField },
      rows,
      TENANT_RESOURCES.map((other) => ({ collection: other.collection, singular: other.singular, shape: other.shape(tenantId), rows: () => tenantRows(other, tenantId) })),
    );

  async function create({ tenantId }: Scope, body: Record<string, unknown>) {
    const id = ulid();
    const { tenant_id: _ignored, ...input } = body;
    const { set } = await storedChanges(resource.shape(tenantId), input, undefined, tenantId);
    const draft = { ...resource.defaults, ...set, tenantId, id };
    const record = { ...draft, ...(await resource.prepare?.(draft, { tenantId, isNew: true })) };
    const claim = guardsFor(guardScope(tenantId), unique, record);
    await writeTransaction(
      (e) => [
        (e[resource.entity] as any).create(record).commit(),
        ...claim.map((g) => e.UniqueValue.create({ scope: g.scope, value: g.value, ownerId: id }).commit()),
        ...listsChanged(e.ListVersion, lists(tenantId)),
      ],
      Object.fromEntries(claim.map((g, i) => [1 + i, taken(g.field)])),
    );
    return load(tenantId, id);
  }

  async function update(before: Row & { tenantId?: string }, body: Record<string, unknown>) {
    const tenantId = String(before.tenantId);
    const stored = await storedChanges(resource.shape(tenantId), body, before, tenantId);
    const remove = stored.remove;
    const set = { ...stored.set, ...(await resource.prepare?.({ ...before, ...stored.set }, { tenantId, isNew: false })) };
    const changed = unique.filter((f) => f in set && normaliseUnique(set[f]) !== normaliseUnique(before[f]));
    const release: Guard[] = guardsFor(guardScope(tenantId), changed, before);
    const claim: Guard[] = guardsFor(guardScope(tenantId), changed, set);
    await writeTransaction(
      (e) => {
        const patch = (e[resource.entity] as any).patch({ tenantId, id: before.id }).set(set);
        return [
          (remove.length ? patch.remove(remove) : patch).commit(),
          ...release.map((g) => e.UniqueValue.delete({ scope: g.scope, value: g.value }).commit()),
          ...claim.map((g) => e.UniqueValue.create({ scope: g.scope, value: g.value, ownerId: before.id }).commit()),
          ...listsChanged(e.ListVersion, lists(tenantId)),
        ];
      },
      Object.fromEntries(claim.map((g, i) => [1 + release.length + i, taken(g.field)])),
    );
    return load(tenantId, before.id);
  }

  /**
   * Moves a record to another company (admins, spec 2 §6): the same id, re-created under the
   * new tenant in one transaction; its links must hold in the new company.
   */
  async function move(before: Row & { tenantId?: string }, toTenant: string, body: Record<string, unknown>) {
    const from = String(before.tenantId);
    const company = (await getDb().entities.Company.get({ companyId: toTenant }).go()).data;
    if (!company) throw new InvalidField('tenant_id', 'Company not found');
    const { tenantId: _t, created_at: _c, updated_at: _u, ...kept } = before;
    const { set } = await storedChanges(resource.shape(toTenant), body, before, toTenant);
    const record: Record<string, unknown> = { ...kept, ...set, tenantId: toTenant, id: before.id };
    await checkAllLinks(resource.shape(toTenant), record, toTenant);
    await writeTransaction((e) => [
      (e[resource.entity] as any).delete({ tenantId: from, id: before.id }).commit(),
      (e[resource.entity] as any).create(record).commit(),
      ...listsChanged(e.ListVersion, [...new Set([...lists(from), ...lists(toTenant)])]),
    ]);
    return load(toTenant, before.id);
  }

  async function destroy(row: Row & { tenantId?: string }) {
    const tenantId = String(row.tenantId);
    const refusal = resource.undeletable?.(row);
    if (refusal) throw new Conflict(refusal);
    await refuseIfLinked(tenantId, [row]);
    await writeTransaction((e) => [
      (e[resource.entity] as any).delete({ tenantId, id: row.id }).commit(),
      ...guardsFor(guardScope(tenantId), unique, row).map((g) => e.UniqueValue.delete({ scope: g.scope, value: g.value }).commit()),
      ...listsChanged(e.ListVersion, lists(tenantId)),
    ]);
    return { message: `${resource.title} ${String(row[nameField])} deleted` };
  }

  /** Deletes exactly the given ids that belong to the company; ids of other companies are not touched. */
  async function bulkDestroy(tenantId: string, ids: string[]) {
    const found = (await Promise.all([...new Set(ids)].map((id) => entity().get({ tenantId, id }).go()))).flatMap((f) => (f.data ? [storedRow(f.data)] : []));
    for (const row of found) {
      const refusal = resource.undeletable?.(row);
      if (refusal) throw new Conflict(`${String(row[nameField])}: ${refusal}`);
    }
    await refuseIfLinked(tenantId, found);
    const perChunk = Math.floor(98 / (1 + unique.length));
    for (let i = 0; i < found.length; i += perChunk) {
      const chunk = found.slice(i, i + perChunk);
      await writeTransaction((e) => [
        ...chunk.flatMap((row) => [
          (e[resource.entity] as any).delete({ tenantId, id: row.id }).commit(),
          ...guardsFor(guardScope(tenantId), unique, row).map((g) => e.UniqueValue.delete({ scope: g.scope, value: g.value }).commit()),
        ]),
        ...listsChanged(e.ListVersion, lists(tenantId)),
      ]);
    }
    return { message: `${plural(found.length, resource.singular, resource.collection)} deleted`, deleted: found.length };
  }

  return { load, loadAnyTenant, present, create, update, move, destroy, bulkDestroy };
}

