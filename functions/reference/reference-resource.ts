import { ulid } from 'ulid';
import {
  deletedResponse,
  messageResponse,
  pickableListResponse,
  presignedUploadResponse,
  recordResponse,
  referenceRow,
  savedResponse,
} from '../../shared/schemas/responses.js';
import { z } from 'zod';
import { humanizeField } from '../../shared/messages.js';
import { referenceStore } from '../data/access/reference.js';
import type { RecordChange, ReferenceEntityName, ReferenceKey } from '../data/access/records.js';
import { LISTS } from '../data/list-cache.js';
import { guardsFor, normaliseUnique, type Guard } from '../data/unique-guards.js';
import { listCompanies, membershipRole } from '../data/access/companies.js';
import { allDspConnections } from '../data/access/distribution.js';
import { companyShape } from '../companies/company-shape.js';
import { NotFound } from '../lib/errors.js';
import { getOrCreate } from '../lib/get-or-create.js';
import { idParams, operation, reply, type Operation } from '../lib/http.js';
import { listAnswer, listQuerySchema, pageOf, pageOfQuery } from '../lib/list-query.js';
import { presignFileUpload, uploadRequestFor } from './record-files.js';
import { REFERENCE_RESOURCES } from './collections.js';
import { referenceRows, storedRow } from './reference-lists.js';
import { refuseIfUsed, type LinkingCollection } from './record-usage.js';
import { TENANT_COLLECTIONS } from '../catalogue/tenant-collections.js';
import { allTenantRows } from '../catalogue/tenant-lists.js';
import { presentRecord, storedChanges, type RecordShape } from './record-shape.js';
import type { Collection } from './collection.js';
import { isShared, ownerOf } from './company-owned.js';

export type Row = Record<string, unknown> & { id: string };

/**
 * One reference collection (countries, societies, DSPs, …): its entity, input schema, sort
 * and search fields, the words of its notices, and the shape of its records (links to other
 * records, nested rows, nested objects, files). `referenceOperations` turns it into the list /
 * get / create / update / delete / bulk_destroy (and uploads) operations every reference collection has.
 */
export type ReferenceResource = RecordShape &
  Collection & {
    entity: ReferenceEntityName;
    /** The body key of bulk_destroy; the API spells some irregularly (performer_roles_ids, societies_ids). */
    bulkKey?: string;
    /** Rows pickers show first whatever the order (Instrumental among languages). */
    pinned?: (row: Row) => boolean;
    /** Fields no two records may share (case-insensitive), enforced with guard items. */
    unique?: readonly string[];
    /** Pickers (selectable=true): the fields typed text matches (default the name) and which records they offer. */
    picker?: { fields?: readonly string[]; only?: (row: Row) => boolean };
    /**
     * Companies add their own records too (publishers): a record with a `tenant_id` is that
     * company's (company-owned.ts); the reference routes show such records to admins only.
     */
    companyOwned?: boolean;
  };

const PICKER_LIMIT = 50;

/**
 * What may link to a reference record: other reference collections, and every company's
 * catalogue (a genre its recordings use, a society its contributors name).
 */
function linkingCollections(): LinkingCollection[] {
  return [
    ...REFERENCE_RESOURCES.map((r) => ({
      collection: r.collection,
      singular: r.singular,
      shape: r,
      rows: () => referenceRows(r),
    })),
    ...TENANT_COLLECTIONS.map((r) => ({
      collection: r.collection,
      singular: r.singular,
      shape: r.shape('any'),
      rows: () => allTenantRows(r),
    })),
    // A company's links to distributors, publishers and rightsholders (its nested rows), and its store connections:
    // deleting what they name would leave a nameless row on the company's distribution page.
    {
      collection: 'companies',
      singular: 'company',
      shape: companyShape(''),
      rows: async () => (await listCompanies()).map((c) => ({ ...c, id: c.companyId }) as Row),
    },
    {
      collection: 'store_connections',
      singular: 'store_connection',
      shape: { links: [{ field: 'dspId', to: 'dsps', as: 'dsp' }] },
      rows: async () => (await allDspConnections()).map((c) => ({ ...c }) as Row),
    },
  ];
}
/** Refuses to delete records another record still links to ("Society PRS is used by 2 rightsholders"). */
export const refuseIfLinked = (resource: ReferenceResource, rows: readonly Row[]) =>
  refuseIfUsed(resource, rows, linkingCollections());

export function referenceOperations(resource: ReferenceResource): Record<string, Operation> {
  const store = referenceStore(resource.entity);
  const list = LISTS.reference(resource.collection);
  const bulkKey = resource.bulkKey ?? `${resource.singular}_ids`;
  const nameField = resource.nameField ?? 'name';
  const all = () => referenceRows(resource);

  async function load(id: string): Promise<Row> {
    const found = await store.get({ id });
    if (!found) throw new NotFound(resource.title);
    return storedRow(found);
  }
  const present = (row: Row) => presentRecord(resource, row);
  /** What a reader is answered: admin-only parts left out unless they are an admin. */
  const presentTo = (caller: { user: { role: string } }) => (row: Row) =>
    presentRecord(resource, row, undefined, caller.user.role === 'admin');

  const unique = resource.unique ?? [];

  /**
   * Writes one change to a record atomically with its guard items (released and claimed) and
   * the list version; a claimed guard that exists already answers 409 naming its field.
   */
  const write = (change: RecordChange<ReferenceKey>, guards: { release?: Guard[]; claim?: Guard[]; ownerId: string }) =>
    store.write([change], { ...guards, lists: [list] });

  const operations: Record<string, Operation> = {
    [`${resource.collection}.list`]: operation('user', {
      query: referenceListQuery(resource),
      response: pickableListResponse(resource.collection, referenceRow),
      run: async ({ caller, query }) => {
        // Companies' own records are theirs: outside a company's routes only admins list them.
        const rows = await all();
        const seen = resource.companyOwned && caller.user.role !== 'admin' ? sharedRows(rows) : rows;
        return referenceListAnswer(resource, seen, query, presentTo(caller));
      },
    }),
    [`${resource.collection}.get`]: operation('user', {
      params: idParams,
      response: recordResponse(resource.singular, referenceRow),
      run: async ({ caller, params }) => {
        const row = await load(params.id);
        const owner = resource.companyOwned ? ownerOf(row) : undefined;
        // A company's own record is for its members (and admins); to anyone else it does not exist.
        if (owner && caller.user.role !== 'admin' && !(await membershipRole(caller.user.userId, owner)))
          throw new NotFound(resource.title);
        return { [resource.singular]: await presentTo(caller)(row) };
      },
    }),
    [`${resource.collection}.create`]: operation('admin', {
      body: resource.input,
      response: savedResponse(resource.singular, referenceRow),
      run: async ({ body }) => {
        const id = ulid();
        const { set } = await storedChanges(resource, body as Record<string, unknown>);
        const claim = guardsFor(resource.collection, unique, set);
        await write({ create: { ...set, id } }, { claim, ownerId: id });
        return reply(201, { [resource.singular]: await present(await load(id)), message: `${resource.title} Added` });
      },
    }),
    [`${resource.collection}.update`]: operation('admin', {
      params: idParams,
      body: resource.input.partial(),
      response: savedResponse(resource.singular, referenceRow),
      run: async ({ params, body }) => {
        const before = await load(params.id);
        const { set, remove } = await storedChanges(resource, body as Record<string, unknown>, before);
        const changed = unique.filter((f) => f in set && normaliseUnique(set[f]) !== normaliseUnique(before[f]));
        await write(
          { patch: { id: params.id }, set, remove },
          {
            release: guardsFor(resource.collection, changed, before),
            claim: guardsFor(resource.collection, changed, set),
            ownerId: params.id,
          },
        );
        return { [resource.singular]: await present(await load(params.id)), message: `${resource.title} Updated` };
      },
    }),
    [`${resource.collection}.delete`]: operation('admin', {
      params: idParams,
      response: messageResponse,
      run: async ({ params }) => {
        const row = await load(params.id);
        await refuseIfLinked(resource, [row]);
        await write(
          { delete: { id: params.id } },
          { release: guardsFor(resource.collection, unique, row), ownerId: params.id },
        );
        return { message: `${resource.title} ${String(row[nameField])} deleted` };
      },
    }),
    [`${resource.collection}.bulkDestroy`]: operation('admin', {
      body: z.strictObject({ [bulkKey]: z.array(z.string().min(1).max(64)).min(1).max(100) }),
      response: deletedResponse,
      run: async ({ body }) => {
        const ids = [...new Set((body as Record<string, string[]>)[bulkKey])];
        const existing = (await Promise.all(ids.map((id) => store.get({ id })))).flatMap((f) =>
          f ? [storedRow(f)] : [],
        );
        await refuseIfLinked(resource, existing);
        // DynamoDB transactions hold up to 100 items: each record with its guards, plus the list version.
        const perChunk = Math.floor(99 / (1 + unique.length));
        for (let i = 0; i < existing.length; i += perChunk) {
          const chunk = existing.slice(i, i + perChunk);
          await store.write(
            chunk.map((row) => ({ delete: { id: row.id } })),
            { release: chunk.flatMap((row) => guardsFor(resource.collection, unique, row)), lists: [list] },
          );
        }
        const noun = humanizeField(existing.length === 1 ? resource.singular : resource.collection, {
          inSentence: true,
        });
        return { message: `${existing.length} ${noun} deleted`, deleted: existing.length };
      },
    }),
  };
  if (resource.files?.length) {
    const files = resource.files;
    operations[`${resource.collection}.upload`] = operation('admin', {
      body: uploadRequestFor(files),
      response: presignedUploadResponse,
      run: async ({ body }) =>
        presignFileUpload(files, body as { field: string; filename: string; content_type: string; size: number }),
    });
  }
  return operations;
}

/** The query of a reference list: paging, sort and search, or `all=true`, or a picker's `selectable=true`. */
export const referenceListQuery = (resource: ReferenceResource) =>
  listQuerySchema(resource.sortFields, {
    all: z.enum(['true', 'false']).optional(),
    selectable: z.enum(['true', 'false']).optional(),
  });
type ReferenceListQuery = z.infer<ReturnType<typeof referenceListQuery>>;

const sharedMemo = new WeakMap<readonly Row[], Row[]>();
/** The shared records of a company-owned collection, remembered per cached list. */
const sharedRows = (rows: readonly Row[]) => getOrCreate(sharedMemo, rows, () => rows.filter(isShared));

/**
 * A reference list's answer from the rows the caller may see: a picker's first
 * matches by name, pinned rows first; `all=true` everything by name; else a page.
 */
export async function referenceListAnswer(
  resource: ReferenceResource,
  rows: Row[],
  query: ReferenceListQuery,
  present: (row: Row) => Promise<Row>,
  /** The answer's key: the collection, or the path it is served under (`company_publishers`). */
  key: string = resource.collection,
) {
  const nameField = resource.nameField ?? 'name';
  const byName = { field: nameField, direction: 'asc' as const };
  const pinnedFirst = (sorted: Row[]) => (resource.pinned ? pinnedRowsFirst(sorted, resource.pinned) : sorted);
  if (query.selectable === 'true') {
    // Pickers: the first matches by name (case-insensitive substring), pinned rows first.
    const page = pageOf(rows, {
      page: 1,
      perPage: PICKER_LIMIT,
      sort: byName,
      q: query.q,
      searchFields: resource.picker?.fields ?? [nameField],
      tieBreaker: 'id',
      filter: resource.picker?.only,
    });
    return {
      [key]: await Promise.all(pinnedFirst(page.items).map(present)),
      total_count: page.total_count,
      total_pages: 1,
    };
  }
  if (query.all === 'true') {
    const sorted = pinnedFirst(
      pageOf(rows, { page: 1, perPage: rows.length || 1, sort: byName, searchFields: [], tieBreaker: 'id' }).items,
    );
    return {
      [key]: await Promise.all(sorted.map(present)),
      total_count: sorted.length,
      total_pages: 1,
    };
  }
  const page = pageOfQuery(rows, query, {
    searchFields: resource.searchFields,
    tieBreaker: 'id',
  });
  return listAnswer(key, { ...page, items: await Promise.all(page.items.map(present)) });
}

/** The pinned records (the UK before other countries) first, each part in the list's order. */
function pinnedRowsFirst<R>(rows: R[], pinned: (row: R) => boolean): R[] {
  return [...rows.filter(pinned), ...rows.filter((row) => !pinned(row))];
}
