import { ulid } from 'ulid';
import { z } from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import { companyPublisherInput } from '../../shared/schemas/reference.js';
import {
  messageResponse,
  pickableListResponse,
  recordResponse,
  referenceRow,
  savedResponse,
} from '../../shared/schemas/responses.js';
import { referenceStore } from '../data/access/reference.js';
import type { RecordChange, ReferenceKey } from '../data/access/records.js';
import { LISTS } from '../data/list-cache.js';
import { Forbidden, NotFound } from '../lib/errors.js';
import { idParams, operation, reply, type Operation } from '../lib/http.js';
import type { Caller } from '../lib/auth-context.js';
import { ownerOf, referenceRowsFor } from './company-owned.js';
import { referenceResource, storedRow } from './reference-lists.js';
import {
  referenceListAnswer,
  referenceListQuery,
  refuseIfLinked,
  type ReferenceResource,
  type Row,
} from './reference-resource.js';
import { presentRecord, storedChanges } from './record-shape.js';

/** A record a company sees: its own, or a shared one (`shared`) it may link but not change. */
const companyPublisherRow = referenceRow.extend({ shared: z.boolean() });

/**
 * A company's own records of a company-owned reference collection, under `/company_<collection>`
 * (tenant routes: catalogue.read to read, catalogue.write to change). The company lists and reads
 * its own and the shared records; it adds records that become its own; it edits and deletes only
 * its own. A shared record answers 403 "You must be an Admin to do that" to a change (admins
 * change it, here or on the reference routes); another company's record is 404 whatever the call.
 */
function companyOwnedOperations(resource: ReferenceResource, input: z.ZodObject): Record<string, Operation<'tenant'>> {
  if (!resource.companyOwned) throw new Error(`${resource.collection} is not a company-owned collection`);
  // Unique fields would be unique across companies, so a name would tell whether another company has it.
  if (resource.unique?.length) throw new Error(`${resource.collection}: company-owned records cannot be unique`);
  const store = referenceStore(resource.entity);
  const list = LISTS.reference(resource.collection);
  const prefix = `company_${resource.collection}`;
  const nameField = resource.nameField ?? 'name';

  const write = (change: RecordChange<ReferenceKey>, ownerId: string) =>
    store.write([change], { ownerId, lists: [list] });
  /** The answer names the owner-independent links and says whether the record is shared. */
  const present = async (row: Row) => ({ ...(await presentRecord(resource, row)), shared: ownerOf(row) === undefined });

  /** A record the company sees (its own or a shared one); anything else does not exist for it. */
  async function visible(tenantId: string, id: string): Promise<Row> {
    const found = await store.get({ id });
    const row = found ? storedRow(found) : undefined;
    const owner = row ? ownerOf(row) : undefined;
    if (!row || (owner !== undefined && owner !== tenantId)) throw new NotFound(resource.title);
    return row;
  }
  /** A record the company may change: its own; a shared one only an admin may. */
  async function changeable(tenantId: string, id: string, caller: Caller): Promise<Row> {
    const row = await visible(tenantId, id);
    if (ownerOf(row) === undefined && caller.user.role !== 'admin') throw new Forbidden(MESSAGES.mustBeAdmin);
    return row;
  }

  return {
    [`${prefix}.list`]: operation('tenant', {
      query: referenceListQuery(resource),
      response: pickableListResponse(prefix, companyPublisherRow),
      run: async ({ tenantId, query }) =>
        referenceListAnswer(resource, await referenceRowsFor(resource, tenantId), query, present, prefix),
    }),
    [`${prefix}.get`]: operation('tenant', {
      params: idParams,
      response: recordResponse(resource.singular, companyPublisherRow),
      run: async ({ tenantId, params }) => ({ [resource.singular]: await present(await visible(tenantId, params.id)) }),
    }),
    [`${prefix}.create`]: operation('tenant', {
      body: input,
      response: savedResponse(resource.singular, companyPublisherRow),
      run: async ({ tenantId, body }) => {
        const id = ulid();
        const { set } = await storedChanges(resource, body as Record<string, unknown>, undefined, tenantId);
        // The company that adds it owns it, and is the publisher's company.
        await write({ create: { ...set, company_id: tenantId, tenant_id: tenantId, id } }, id);
        const created = await visible(tenantId, id);
        return reply(201, { [resource.singular]: await present(created), message: `${resource.title} Added` });
      },
    }),
    [`${prefix}.update`]: operation('tenant', {
      params: idParams,
      body: input.partial(),
      response: savedResponse(resource.singular, companyPublisherRow),
      run: async ({ tenantId, caller, params, body }) => {
        const before = await changeable(tenantId, params.id, caller);
        const { set, remove } = await storedChanges(resource, body as Record<string, unknown>, before, tenantId);
        await write({ patch: { id: params.id }, set, remove }, params.id);
        return {
          [resource.singular]: await present(await visible(tenantId, params.id)),
          message: `${resource.title} Updated`,
        };
      },
    }),
    [`${prefix}.delete`]: operation('tenant', {
      params: idParams,
      response: messageResponse,
      run: async ({ tenantId, caller, params }) => {
        const row = await changeable(tenantId, params.id, caller);
        await refuseIfLinked(resource, [row]);
        await write({ delete: { id: params.id } }, params.id);
        return { message: `${resource.title} ${String(row[nameField])} deleted` };
      },
    }),
  };
}

/** The company publishers' operations: a label's own publishers beside the shared ones. */
export function companyPublisherOperations(): Record<string, Operation<'tenant'>> {
  const publishers = referenceResource('publishers');
  if (!publishers) throw new Error('publishers is not a reference collection');
  return companyOwnedOperations(publishers, companyPublisherInput);
}
