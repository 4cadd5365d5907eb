import { getOrCreate } from '../lib/get-or-create.js';
import { referenceRows } from './reference-lists.js';
import type { ReferenceResource, Row } from './reference-resource.js';

/**
 * Reference collections a company may also add to (publishers: a publisher has a
 * company). A record with a `tenant_id` belongs to that company: its members list, link, edit and
 * delete it. A record without one is shared reference data: every company lists and links it,
 * only admins change it. Another company's records are never listed nor linkable.
 */

/** The company a record belongs to; undefined for shared reference data. */
export function ownerOf(row: Readonly<Record<string, unknown>>): string | undefined {
  return typeof row.tenant_id === 'string' && row.tenant_id !== '' ? row.tenant_id : undefined;
}

/** Whether a company sees a record: a shared one, or its own. */
function visibleToCompany(row: Readonly<Record<string, unknown>>, tenantId: string): boolean {
  const owner = ownerOf(row);
  return owner === undefined || owner === tenantId;
}

/** Whether a record is shared reference data (no company owns it). */
export const isShared = (row: Readonly<Record<string, unknown>>): boolean => ownerOf(row) === undefined;

/**
 * Per cached list (its identity changes when the list does) and company, the rows that company
 * sees, so link naming keeps its per-list memo and a picker does not filter on every keystroke.
 */
const visibleMemo = new WeakMap<readonly Row[], Map<string, Row[]>>();

/** Filters rows to what a company sees, remembered per list instance and company. */
export function rowsVisibleTo(rows: readonly Row[], tenantId: string): Row[] {
  const byTenant = getOrCreate(visibleMemo, rows, () => new Map<string, Row[]>());
  return getOrCreate(byTenant, tenantId, () => rows.filter((row) => visibleToCompany(row, tenantId)));
}

/**
 * The records of a reference collection a company sees: for a company-owned collection its own
 * and the shared ones, else all of them. Imports resolve names (a sheet's publishers) against these.
 */
export async function referenceRowsFor(resource: ReferenceResource, tenantId: string, forLinks = false) {
  const rows = await referenceRows(resource, forLinks);
  return resource.companyOwned ? rowsVisibleTo(rows, tenantId) : rows;
}
