import { mapLimit } from '../../lib/map-limit.js';
import { z } from 'zod';
import { ENV } from '../../../infra/resources.js';
import type { NewSale, RoyaltyUpdate } from '../../../shared/schemas/royalty.js';
import { companyExists, getCompany, listCompanyNames } from '../../data/access/companies.js';
import { requireEnv } from '../../lib/clients.js';
import { NotFound } from '../../lib/errors.js';
import { listQuerySchema } from '../../lib/list-query.js';
import { ledgerKeys } from '../ledger/files.js';
import { ledgerEngine } from '../ledger/engine/choose.js';
import type { LedgerEngine } from '../ledger/engine/engine.js';
import { portablePage } from '../ledger/engine/portable-page.js';
import {
  type LedgerScope,
  PORTABLE_SORT_FIELDS,
  type PortableFilter,
  type PortableSort,
} from '../ledger/engine/portable-sql.js';
import { createRoyalty, getRoyalty, markRoyalties, type StateAction, updateRoyalty } from './changes.js';

/**
 * The admin royalties across every company (list, new, detail, edit).
 * The list reads every company's finished imports through the engine seam (Athena in AWS, DuckDB
 * here): one portable query for the page, one for the count and sums. Detail, new and edit act in
 * the line's company with the tenant royalties' own functions, so the same rules and overlays apply.
 */
const text = z.string().trim().max(200);
const month = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'must be a date (YYYY-MM-DD)');
// `company` (not company_id, which every route reads as the caller's current company: lib/http.ts).
export const adminListQuery = listQuerySchema(PORTABLE_SORT_FIELDS, {
  company: text.optional(),
  by_retailer: text.optional(),
  by_artist: text.optional(),
  by_label: text.optional(),
  import_id: text.optional(),
  start_date: month.optional(),
  end_date: month.optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/**
 * Companies whose imports are listed at once. With a thousand client companies, listing them all at once sent a
 * thousand queries together, and every other request of every company waited behind them.
 */
const COMPANIES_AT_ONCE = 8;

/** Every company's finished imports, or one company's: what the seam's queries may read. */
async function ledgerScope(companyIds: string[]): Promise<LedgerScope> {
  const companies = await mapLimit(companyIds, COMPANIES_AT_ONCE, async (tenantId) => ({
    tenantId,
    imports: (await ledgerKeys(tenantId)).map(({ importId, keys }) => ({ importId, keys })),
  }));
  return { bucket: requireEnv(ENV.ledgerBucket), companies };
}

/** A ledger file that is gone when read: its import was deleted after the scope was listed. */
function isVanishedFile(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'NoSuchKey';
}

/**
 * Reads across companies with a scope listed just before: a company may delete an import between
 * the listing and the read, and its files are then gone. That is no error of the reader's, so list
 * the scope again and read once more (three times at most); any other error is raised as it is.
 */
export async function readingFreshScope<S, T>(listScope: () => Promise<S>, read: (scope: S) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const scope = await listScope();
    try {
      return await read(scope);
    } catch (error) {
      if (attempt >= 3 || !isVanishedFile(error)) throw error;
    }
  }
}

/** GET /admin/royalties: every company's royalties, with a company column, paging and filters. */
export async function listAdminRoyalties(query: AdminListQuery, engine: LedgerEngine = ledgerEngine()) {
  const { page, per_page, sort_field: _f, sort_order: _d, order: _o, sort, company, ...rest } = query;
  const filter: PortableFilter = { ...rest, company_id: company };
  const companies = await listCompanyNames();
  const names = new Map(companies.map((c) => [c.companyId, c.name]));
  const ids = filter.company_id ? companies.filter((c) => c.companyId === filter.company_id) : companies;
  // Newest pay period first unless the caller sorts (as the company royalties list).
  const chosen: PortableSort = query.sort_field || query.order ? sort : { field: 'pay_period', direction: 'desc' };
  const answer = await readingFreshScope(
    () => ledgerScope(ids.map((c) => c.companyId)),
    (scope) => portablePage(engine, scope, filter, chosen, page, per_page),
  );
  return {
    ...answer,
    royalties: answer.royalties.map((row) => ({ ...row, company_name: names.get(String(row.company_id)) ?? null })),
    engine: engine.name,
  };
}

async function existingCompany(companyId: string): Promise<string> {
  if (!(await companyExists(companyId))) throw new NotFound('Company');
  return companyId;
}

/** GET /admin/royalties/{companyId}/{id}: one line as its company sees it (overlays applied). */
export async function getAdminRoyalty(companyId: string, id: string) {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound('Company');
  // The company's name beside its id, as the list gives it: the page names the company, never its id.
  return { royalty: { ...(await getRoyalty(companyId, id)), company_id: companyId, company_name: company.name } };
}

/** POST /admin/royalties: a manual sale in the company the admin chose. */
export async function createAdminRoyalty(userId: string, companyId: string, sale: NewSale) {
  return createRoyalty(await existingCompany(companyId), userId, sale);
}

/** The paid marks an admin edit may change, as the company list's mark_as_* actions. */
export const STATE_ACTION_NAMES = [
  'mark_as_paid',
  'mark_as_unpaid',
  'mark_as_artist_paid',
  'mark_as_artist_unpaid',
] as const;

/** PATCH /admin/royalties/{companyId}/{id}: an edit on top of the line, and its paid marks, in its company. */
export async function updateAdminRoyalty(
  userId: string,
  companyId: string,
  id: string,
  update: RoyaltyUpdate,
  marks: readonly StateAction[] = [],
) {
  const answer = await updateRoyalty(await existingCompany(companyId), userId, id, update);
  for (const action of marks) await markRoyalties(companyId, userId, action, { ids: [id] });
  return answer;
}
