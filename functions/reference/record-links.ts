import { listCompanyNames } from '../data/access/companies.js';
import { humanizeField } from '../../shared/messages.js';
import { BadRequest, type FieldErrors } from '../lib/errors.js';
import { referenceResource, referenceRows } from './reference-lists.js';
import { rowsVisibleTo } from './company-owned.js';
import { tenantCollectionOf, tenantRows } from '../catalogue/tenant-lists.js';
import { tenantLabelSummaries } from '../catalogue/labels.js';
import { getOrCreate } from '../lib/get-or-create.js';

/**
 * Links from a record to other records by id (a retailer's distributor, a society's country, a
 * distributor's DSPs, an artist member's contributor). On write every linked id must exist; on read the
 * link is answered as `{ id, name }` beside the id, so lists and forms need no second call.
 */
export type Link = {
  /** The stored id field: `country_id`. */
  field: string;
  /** The collection the id names: `countries`, or `companies`. */
  to: string;
  /** The key the answer carries the linked record under: `country`. */
  as: string;
  /** `tenant`: the linked record must belong to the same company (an artist member's contributor). */
  scope?: 'tenant';
};

type Named = { id: string; name: string };

const byIdMemo = new WeakMap<readonly object[], Map<string, Named>>();

/**
 * Companies are not reference data, but publishers (and every catalogue record, as its tenant)
 * link to them. Their names are read at most every few seconds per warm Lambda: a list of 50
 * records names its companies from one read, and a rename shows within seconds.
 */
const COMPANY_NAMES_SECONDS = 5;
/** A company the remembered names lack may be new: they are read again, at most once in this long. */
const COMPANY_MISS_REREAD_MS = 250;
let companyMemo: { at: number; names: Promise<Map<string, Named>> } | undefined;
function readCompanyNames(): Promise<Map<string, Named>> {
  const names = listCompanyNames().then(
    (found) => new Map(found.map((c) => [c.companyId, { id: c.companyId, name: c.name }])),
  );
  companyMemo = { at: Date.now(), names };
  names.catch(() => (companyMemo = undefined));
  return names;
}
async function companyNames(fresh: boolean, wanted: readonly string[]): Promise<Map<string, Named>> {
  if (fresh || !companyMemo || Date.now() - companyMemo.at > COMPANY_NAMES_SECONDS * 1000) return readCompanyNames();
  const { at, names } = companyMemo;
  const remembered = await names;
  const missing = wanted.some((id) => !remembered.has(id));
  return missing && Date.now() - at >= COMPANY_MISS_REREAD_MS ? readCompanyNames() : remembered;
}

/**
 * id → name of a collection's records. `forCheck` (validating a write) always reads the list's
 * current version; naming links in an answer accepts a version checked within the last second.
 * `wanted`: the ids the caller names (a company among them the remembered names lack reads them again).
 */
async function namesOf(
  collection: string,
  tenantId?: string,
  forCheck = false,
  wanted: readonly string[] = [],
): Promise<Map<string, Named>> {
  if (collection === 'companies') return companyNames(forCheck, wanted);
  if (collection === 'labels') return tenantId ? byIdOf(await tenantLabelSummaries(tenantId), 'name') : new Map();
  const tenantResource = tenantCollectionOf(collection);
  if (tenantResource) {
    // A record of another company is simply not there: the same answer as an id that never existed.
    if (!tenantId) return new Map();
    return byIdOf(await tenantRows(tenantResource, tenantId, undefined, !forCheck), tenantResource.nameField ?? 'name');
  }
  const resource = referenceResource(collection);
  if (!resource) throw new Error(`${collection} is not a collection records can link to`);
  const rows = await referenceRows(resource, !forCheck);
  // A company links and names its own and the shared publishers; another company's are not there.
  const seen = resource.companyOwned && tenantId ? rowsVisibleTo(rows, tenantId) : rows;
  return byIdOf(seen, resource.nameField ?? 'name');
}

function byIdOf(rows: readonly ({ id: string } & object)[], nameField: string): Map<string, Named> {
  return getOrCreate(
    byIdMemo,
    rows,
    () =>
      new Map(
        rows.map((row) => [row.id, { id: row.id, name: String((row as Record<string, unknown>)[nameField] ?? '') }]),
      ),
  );
}

/** Refuses ids that name no record: `{ country_id: ['Country not found'] }` (or `rows.2.dsp_id`). */
export async function checkLinks(
  links: readonly Link[],
  record: Record<string, unknown>,
  path = '',
  tenantId?: string,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const link of links) {
    const id = record[link.field];
    if (typeof id !== 'string' || id === '') continue;
    if (!(await namesOf(link.to, tenantId, true)).has(id))
      errors[`${path}${link.field}`] = [`${humanizeField(link.as)} not found`];
  }
  if (Object.keys(errors).length) throw new BadRequest(Object.values(errors)[0][0], errors);
}

/** The record with each link answered as `{ id, name }` (null when unset or gone). */
export async function withLinks<T extends Record<string, unknown>>(
  links: readonly Link[],
  record: T,
  tenantId?: string,
): Promise<T> {
  if (!links.length) return record;
  const answer: Record<string, unknown> = { ...record };
  for (const link of links) {
    const id = record[link.field];
    answer[link.as] =
      typeof id === 'string' && id ? ((await namesOf(link.to, tenantId, false, [id])).get(id) ?? null) : null;
  }
  return answer as T;
}

/** Refuses a list of ids (an artist's linked_ids) naming a record that is not there: `{ 'linked_ids.1': ['Linked artist not found'] }`. */
export async function checkIdList(list: Link, ids: readonly string[], tenantId?: string): Promise<void> {
  const names = await namesOf(list.to, tenantId, true);
  const errors: FieldErrors = {};
  // `as` names the answer's list (languages); one missing entry is named in the singular.
  for (const [index, id] of ids.entries())
    if (!names.has(id)) errors[`${list.field}.${index}`] = [`${humanizeField(list.as).replace(/s$/, '')} not found`];
  if (Object.keys(errors).length) throw new BadRequest(Object.values(errors)[0][0], errors);
}

/** A list of ids answered as `[{ id, name }]`, leaving out records that are gone. */
export async function namedIds(list: Link, ids: unknown, tenantId?: string): Promise<Named[]> {
  if (!Array.isArray(ids) || !ids.length) return [];
  const names = await namesOf(list.to, tenantId, false, ids.map(String));
  return ids.flatMap((id) => names.get(String(id)) ?? []);
}
