import { listPath, type ListParams } from '../../../app/list-params';

/** The admin royalties: every company's lines; a line is named by its company and id. */
export const ADMIN_ROYALTIES_BASE = '/admin/royalties';
export const ADMIN_ROYALTIES_DEFAULT_SORT = { field: 'pay_period', order: 'desc' } as const;

/** The list's filters beside the search box, as the API names them. */
export type AdminRoyaltyFilter = { company?: string; by_retailer?: string; start_date?: string; end_date?: string };

export const adminRoyaltiesPath = (params: ListParams, filter: AdminRoyaltyFilter) =>
  listPath(ADMIN_ROYALTIES_BASE, params, filter);

const enc = encodeURIComponent;
/** The API path of one line. */
export const adminRoyaltyApiPath = (companyId: string, id: string) =>
  `${ADMIN_ROYALTIES_BASE}/${enc(companyId)}/${enc(id)}`;
/** The SPA pages of one line: /admin/royalties/{id} and its edit page, the company in the query. */
export const adminRoyaltyPage = (companyId: string, id: string) =>
  `${ADMIN_ROYALTIES_BASE}/${enc(id)}?company=${enc(companyId)}`;
export const adminRoyaltyEditPage = (companyId: string, id: string) =>
  `${ADMIN_ROYALTIES_BASE}/${enc(id)}/edit?company=${enc(companyId)}`;

/** A YYYY-MM month typed in a filter box as the API takes it; anything else is left out. */
export function monthFilter(value: string): string | undefined {
  const trimmed = value.trim();
  return /^\d{4}-\d{2}$/.test(trimmed) ? trimmed : undefined;
}
