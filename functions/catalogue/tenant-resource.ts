import { z } from 'zod';
import {
  companyRecordRow,
  deletedResponse,
  listResponse,
  messageResponse,
  presignedUploadResponse,
  recordResponse,
  savedResponse,
} from '../../shared/schemas/responses.js';
import { companyExists, listCompanyNames } from '../data/access/companies.js';
import type { CatalogueEntityName } from '../data/access/records.js';
import { LISTS } from '../data/list-cache.js';
import { InvalidField } from '../lib/errors.js';
import { idParams, operation, reply, type Operation } from '../lib/http.js';
import { listAnswer, listQuerySchema, pageOf, pageOfQuery } from '../lib/list-query.js';
import { presignFileUpload, uploadRequestFor } from '../reference/record-files.js';
import type { RecordShape } from '../reference/record-shape.js';
import type { Collection } from '../reference/collection.js';
import type { Row } from '../reference/reference-resource.js';
import { allTenantRows, tenantRows } from './tenant-lists.js';
import { recordOps } from './tenant-records.js';

/**
 * One collection of a company's catalogue (artists, contributors, payees …): its entity, input,
 * list rules, notices and record shape. `tenantOperations` turns it into the tenant calls
 * (list, selectable, get, create, update, delete, bulk_destroy, uploads) and
 * `adminOperations` into the admin calls across companies.
 */
export type TenantResource = Collection & {
  entity: CatalogueEntityName;
  /** The record's shape for a company: links, nested rows and objects, files under the company's prefix. */
  shape: (tenantId: string) => RecordShape;
  /** Fields no two records of one company may share (UPC, ISRC), enforced with guard items. */
  unique?: readonly string[];
  /** Values of a unique field that any number of records may hold (a UPC placeholder containing "assign"). */
  uniqueExempt?: (field: string, value: unknown) => boolean;
  /** Stored with a new record before the input (defaults that are objects). */
  defaults?: Record<string, unknown>;
  /** Admins may move a record to another company (artists and contributors). */
  tenantSettable?: boolean;
  /** The notice after a create, when not "<title> Added" (releases: "Release Successfully Added"). */
  addedMessage?: string;
  /** The fields a picker's typed text matches (default the name). */
  pickerFields?: readonly string[];
  /**
   * Records a picker's typed text (lower-cased) matches through other records: recordings by the
   * cat_no of the releases they are on.
   */
  pickerAlso?: (tenantId: string, needle: string) => Promise<(row: Row) => boolean>;
  /** List filters switched on with `<param>=true` (releases: drafts). */
  listFilters?: Record<string, (row: Row) => boolean>;
  /** List filters taking an id (`artist_id=…`: an artist's releases; `recording_id=…`: the releases a recording is on). */
  idFilters?: Record<string, (row: Row, id: string) => boolean>;
  /**
   * List filters taking the id of another record that names the rows (`release_id=…`: the recordings a release holds),
   * read before the list is filtered; `tenantId` is the caller's company, absent in the admin's list across companies.
   */
  heldByFilters?: Record<string, (id: string, tenantId?: string) => Promise<(row: Row) => boolean>>;
  /**
   * Rules across fields and derived fields, run on the whole record as it will be stored: throws
   * a field error to refuse it, or answers fields to store as well (display artists, sequences).
   */
  prepare?: (
    record: Record<string, unknown>,
    context: { tenantId: string; isNew: boolean; before?: Row; editor?: RecordEditor },
  ) => Promise<Record<string, unknown>>;
  /** Refuses a company the collection is not for (songs: publishing companies only). */
  companyGuard?: (tenantId: string) => Promise<void>;
  /** Adds to a record's answer what storage cannot hold (a recording's short-lived audio URLs). */
  presentExtra?: (row: Row) => Promise<Record<string, unknown>>;
  /**
   * After a record is updated: effects on other records (a recording's edit on its approved releases),
   * answering what the user is told of them where they saved the edit, if anything.
   */
  afterUpdate?: (
    before: Row,
    after: Row,
    context: { tenantId: string; editor?: RecordEditor },
  ) => Promise<string | undefined>;
  /** What the user is told besides "Updated" where they saved an edit (a release sent back to review), if anything. */
  savedNote?: (before: Row, after: Row) => string | undefined;
  /** After a record is deleted: removes what it kept elsewhere (a release's files); must not throw. */
  afterDelete?: (row: Row) => Promise<void>;
  /** Why a record may not be deleted, if it may not (releases: only drafts). */
  undeletable?: (row: Row) => string | undefined;
};

/**
 * A collection as data (tenant-collections.ts): what every reader of the registry needs. The
 * hooks that reach other areas (audio, release rules, company tags) are attached in the
 * composition root, tenant-resources.ts, so reading the registry bundles none of them.
 */
export type TenantCollection = Omit<TenantResource, keyof CollectionHooks>;

/** The hooks of a collection that reach other areas, attached in the composition root (tenant-resources.ts). */
export type CollectionHooks = Pick<
  TenantResource,
  | 'prepare'
  | 'companyGuard'
  | 'presentExtra'
  | 'pickerAlso'
  | 'heldByFilters'
  | 'afterDelete'
  | 'afterUpdate'
  | 'savedNote'
>;

/** Who saves an edit (a release's status history names them when the edit sends it back to review). */
export type RecordEditor = { id?: string; name?: string };
const editorOf = (caller: { user: { userId: string; name?: string; email?: string } }): RecordEditor => ({
  id: caller.user.userId,
  name: caller.user.name || caller.user.email,
});

const PICKER_LIMIT = 50;

const listQuery = (resource: TenantResource, extra: z.ZodRawShape = {}) =>
  listQuerySchema(resource.sortFields, {
    selectable: z.enum(['true', 'false']).optional(),
    ...Object.fromEntries(
      Object.keys(resource.listFilters ?? {}).map((param) => [param, z.enum(['true', 'false']).optional()]),
    ),
    ...Object.fromEntries(
      [...Object.keys(resource.idFilters ?? {}), ...Object.keys(resource.heldByFilters ?? {})].map((param) => [
        param,
        z.string().min(1).max(64).optional(),
      ]),
    ),
    ...extra,
  });

/** The row filter of the list filters a query switches on (`drafts=true`, `artist_id=…`, `release_id=…`). */
async function filterOf(
  resource: TenantResource,
  query: Record<string, unknown>,
  tenantId?: string,
): Promise<((row: Row) => boolean) | undefined> {
  const on = Object.entries(resource.listFilters ?? {}).filter(([param]) => query[param] === 'true');
  const byId = Object.entries(resource.idFilters ?? {}).filter(([param]) => typeof query[param] === 'string');
  const heldBy = await Promise.all(
    Object.entries(resource.heldByFilters ?? {})
      .filter(([param]) => typeof query[param] === 'string')
      .map(([param, held]) => held(query[param] as string, tenantId)),
  );
  if (!on.length && !byId.length && !heldBy.length) return undefined;
  return (row) =>
    on.every(([, test]) => test(row)) &&
    byId.every(([param, test]) => test(row, query[param] as string)) &&
    heldBy.every((test) => test(row));
}

/** The tenant calls of a collection; the handler wrapper has checked the caller belongs to the company. */
export function tenantOperations(resource: TenantResource): Record<string, Operation<'tenant'>> {
  const ops = recordOps(resource);
  const nameField = resource.nameField ?? 'name';
  const bulkKey = `${resource.singular}_ids`;
  const added = resource.addedMessage ?? `${resource.title} Added`;
  const operations: Record<string, Operation<'tenant'>> = {
    [`${resource.collection}.list`]: operation('tenant', {
      lists: (tenantId) => [LISTS.tenantCollection(resource.collection, tenantId)],
      query: listQuery(resource),
      response: listResponse(resource.collection, companyRecordRow),
      run: async ({ tenantId, query, listVersions }) => {
        const rows = await tenantRows(
          resource,
          tenantId,
          listVersions?.[LISTS.tenantCollection(resource.collection, tenantId)],
        );
        const picker = query.selectable === 'true';
        const needle = query.q?.trim().toLowerCase();
        const alsoMatch =
          picker && needle && resource.pickerAlso ? await resource.pickerAlso(tenantId, needle) : undefined;
        const page = pageOf(rows, {
          page: picker ? 1 : query.page,
          perPage: picker ? PICKER_LIMIT : query.per_page,
          sort: picker ? { field: nameField, direction: 'asc' } : query.sort,
          q: query.q,
          searchFields: picker ? (resource.pickerFields ?? [nameField]) : resource.searchFields,
          tieBreaker: 'id',
          filter: await filterOf(resource, query, tenantId),
          alsoMatch,
        });
        return listAnswer(resource.collection, { ...page, items: await Promise.all(page.items.map(ops.present)) });
      },
    }),
    [`${resource.collection}.get`]: operation('tenant', {
      params: idParams,
      response: recordResponse(resource.singular, companyRecordRow),
      run: async ({ tenantId, params }) => ({
        [resource.singular]: await ops.present(await ops.load(tenantId, params.id)),
      }),
    }),
    [`${resource.collection}.create`]: operation('tenant', {
      body: resource.input,
      response: savedResponse(resource.singular, companyRecordRow),
      run: async ({ tenantId, body }) =>
        reply(201, {
          [resource.singular]: await ops.present(await ops.create({ tenantId }, body as Record<string, unknown>)),
          message: added,
        }),
    }),
    [`${resource.collection}.update`]: operation('tenant', {
      params: idParams,
      body: resource.input.partial(),
      response: savedResponse(resource.singular, companyRecordRow),
      run: async ({ tenantId, params, body, caller }) => {
        const { tenant_id: moveTo, ...changes } = body as Record<string, unknown>;
        // The tenant select is for admins; a member may only keep the record where it is.
        if (moveTo !== undefined && moveTo !== tenantId)
          throw new InvalidField('tenant_id', 'Only an admin can move a record to another company');
        const before = await ops.load(tenantId, params.id);
        const { after, note } = await ops.updateAndTell(before, changes, editorOf(caller));
        return {
          [resource.singular]: await ops.present(after),
          message: note ? `${resource.title} Updated. ${note}` : `${resource.title} Updated`,
        };
      },
    }),
    [`${resource.collection}.delete`]: operation('tenant', {
      params: idParams,
      response: messageResponse,
      run: async ({ tenantId, params }) => ops.destroy(await ops.load(tenantId, params.id)),
    }),
    [`${resource.collection}.bulkDestroy`]: operation('tenant', {
      body: z.strictObject({ [bulkKey]: z.array(z.string().min(1).max(64)).min(1).max(100) }),
      response: deletedResponse,
      run: ({ tenantId, body }) => ops.bulkDestroy(tenantId, (body as Record<string, string[]>)[bulkKey]),
    }),
  };
  const guard = resource.companyGuard;
  if (guard) {
    for (const [name, op] of Object.entries(operations)) {
      operations[name] = {
        ...op,
        run: async (request) => {
          await guard(request.tenantId);
          return op.run(request);
        },
      };
    }
  }
  const files = resource.shape('x').files;
  if (files?.length) {
    operations[`${resource.collection}.upload`] = operation('tenant', {
      body: uploadRequestFor(files),
      response: presignedUploadResponse,
      run: ({ tenantId, body }) =>
        presignFileUpload(
          resource.shape(tenantId).files ?? [],
          body as { field: string; filename: string; content_type: string; size: number },
        ),
    });
  }
  return operations;
}

/** A record as the admin's list across companies answers it: with its company's name. */
const adminRecordRow = companyRecordRow.extend({ company_name: z.string() });

/** The admin calls across companies: list with the company, get, create in a company, update (and move), delete. */
export function adminOperations(resource: TenantResource): Record<string, Operation<'admin'>> {
  const ops = recordOps(resource);
  const added = resource.addedMessage ?? `${resource.title} Added`;
  return {
    [`${resource.collection}.adminList`]: operation('admin', {
      query: listQuery(resource, { tenant_id: z.string().min(1).max(64).optional() }),
      response: listResponse(resource.collection, adminRecordRow),
      run: async ({ query }) => {
        const [rows, companies] = await Promise.all([allTenantRows(resource), listCompanyNames()]);
        const names = new Map(companies.map((c) => [c.companyId, c.name]));
        const tenantId = (query as { tenant_id?: string }).tenant_id;
        const filter = await filterOf(resource, query, tenantId);
        const page = pageOfQuery(rows, query, {
          searchFields: resource.searchFields,
          tieBreaker: 'id',
          filter: (row) => (!tenantId || row.tenantId === tenantId) && (filter?.(row) ?? true),
        });
        const items = await Promise.all(
          page.items.map(async (row) => ({
            ...(await ops.present(row)),
            company_name: names.get(String(row.tenantId)) ?? '',
          })),
        );
        return listAnswer(resource.collection, { ...page, items: items });
      },
    }),
    [`${resource.collection}.adminGet`]: operation('admin', {
      params: idParams,
      response: recordResponse(resource.singular, companyRecordRow),
      run: async ({ params }) => ({ [resource.singular]: await ops.present(await ops.loadAnyTenant(params.id)) }),
    }),
    [`${resource.collection}.adminCreate`]: operation('admin', {
      body: resource.input.extend({ tenant_id: z.string().trim().min(1).max(64) }),
      response: savedResponse(resource.singular, companyRecordRow),
      run: async ({ body }) => {
        const tenantId = String((body as { tenant_id: string }).tenant_id);
        if (!(await companyExists(tenantId))) throw new InvalidField('tenant_id', 'Company not found');
        return reply(201, {
          [resource.singular]: await ops.present(await ops.create({ tenantId }, body as Record<string, unknown>)),
          message: added,
        });
      },
    }),
    [`${resource.collection}.adminUpdate`]: operation('admin', {
      params: idParams,
      body: resource.input.partial(),
      response: savedResponse(resource.singular, companyRecordRow),
      run: async ({ params, body, caller }) => {
        const { tenant_id: moveTo, ...changes } = body as Record<string, unknown>;
        const before = (await ops.loadAnyTenant(params.id)) as Row & { tenantId: string };
        const moved = typeof moveTo === 'string' && moveTo !== before.tenantId;
        if (moved && !resource.tenantSettable)
          throw new InvalidField('tenant_id', `${resource.title} records cannot move to another company`);
        const after = moved
          ? await ops.move(before, moveTo, changes)
          : await ops.update(before, changes, editorOf(caller));
        return { [resource.singular]: await ops.present(after), message: `${resource.title} Updated` };
      },
    }),
    [`${resource.collection}.adminDelete`]: operation('admin', {
      params: idParams,
      response: messageResponse,
      run: async ({ params }) => ops.destroy(await ops.loadAnyTenant(params.id)),
    }),
  };
}
