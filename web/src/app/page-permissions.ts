import { type Permission, rolePermits } from '../../../shared/permissions';
import type { Role } from '../../../shared/constants';

/**
 * What a member's company role must allow to open a page of the company's data, so the SPA can refuse the page
 * (with the server's own sentence) before the member fills a form the server would refuse, and leave out menu
 * entries and buttons that lead nowhere for them. The server stays the judge: every call it serves checks the same
 * permission table (shared/permissions.ts); this only keeps the screens in step with it.
 *
 * A page belongs to a part of the product by its path, and asks for that part's write permission when it makes or
 * changes something (a form, an import, a run), its read permission otherwise. The rules read any path, a route's
 * pattern (`/user/releases/:releaseId/edit`) or a link's target (`/user/releases/01J…/edit`), so a button can ask
 * about the page it opens.
 */
type Part = 'catalogue' | 'delivery' | 'promotion' | 'money';

/** The part of the product a tenant page works in, first match wins; anything else under /user is the catalogue. */
const PAGE_PARTS: readonly (readonly [RegExp, Part])[] = [
  [/^\/user\/(royalties|finances)(\/|$)/, 'money'],
  [/^\/user\/labels\/finances(\/|$)/, 'money'],
  [/^\/user\/labels\/[^/]+\/(distribution_statements|statement_settings)$/, 'money'],
  [/^\/user\/payees\/[^/]+\/(accounting|new_statement)$/, 'money'],
  // Anyone who sees the catalogue reads payees (the pickers name them), but making or changing one is money's.
  [/^\/user\/payees\/(new|[^/]+\/edit)$/, 'money'],
  [/^\/user\/artists\/[^/]+\/finances(\/|$)/, 'money'],
  [/^\/user\/licensing\/invoices$/, 'money'],
  [/^\/user\/labels\/promo_tools(\/|$)/, 'promotion'],
  // The marketing tools' requests to the distributor (pitches, whitelists, claims); smart links are catalogue.
  [/^\/user\/labels\/tools\/(whitelist|youtube_claims)$/, 'promotion'],
  [/^\/user\/labels\/tools\/marketing(\/new_release(\/[^/]+)?)?$/, 'promotion'],
  [/^\/user\/releases\/[^/]+\/promos(\/|$)/, 'promotion'],
  [/^\/user\/marketing$/, 'promotion'],
  [/^\/user\/releases\/[^/]+\/distribution(\/|$)/, 'delivery'],
];

/** Last path segments of pages that make or change something. */
const WRITE_PAGES = new Set([
  'new',
  'edit',
  'send',
  'new_statement',
  'generate_report',
  'bulk_import',
  'map_import',
  'new_sale',
  'exchange_rates',
  'statement_run',
  'payment_run',
  'opening_balances',
  // /user/contracts/import: contracts from a file.
  'import',
  'new_incoming_license',
  'new_outgoing_license',
  'import_release',
  'import_releases',
  'template_designer',
  'whitelist',
  'youtube_claims',
  'album_ep',
  'single',
]);

/**
 * The permission a page of the company's data needs, or null for a page outside the tenant area (/user/profile,
 * /user/companies …, which check their own rules). Takes a path with or without its query.
 */
export function pagePermission(path: string): Permission | null {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '');
  if (!bare.startsWith('/user/') || /^\/user\/(profile|companies|messages)(\/|$)/.test(bare)) {
    return bare === '/user/profile/exports' ? 'catalogue.read' : null;
  }
  const part = PAGE_PARTS.find(([pattern]) => pattern.test(bare))?.[1] ?? 'catalogue';
  const last = bare.slice(bare.lastIndexOf('/') + 1);
  return `${part}.${WRITE_PAGES.has(last) ? 'write' : 'read'}`;
}

/**
 * Whether the signed-in user may use a permission in the current company: a platform admin always (admins are not
 * limited by company roles), a member by their role there, nobody without a company.
 */
export function permitsInCompany(
  userRole: string | null | undefined,
  companyRole: Role | null | undefined,
  permission: Permission,
): boolean {
  if (userRole === 'admin') return true;
  return companyRole ? rolePermits(companyRole, permission) : false;
}

/** Whether the user may open the page at `path` in the current company (pages outside the tenant area: yes). */
export function mayOpenPage(
  userRole: string | null | undefined,
  companyRole: Role | null | undefined,
  path: string,
): boolean {
  const permission = pagePermission(path);
  return permission === null || permitsInCompany(userRole, companyRole, permission);
}
