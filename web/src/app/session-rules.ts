import { SESSION_LIFETIME_MS } from '../../../shared/constants';

/** The session lasts one day from sign-in; no recorded sign-in counts as expired. */
export function isSessionExpired(loginAt: number | null, now: number = Date.now()): boolean {
  if (loginAt === null || !Number.isFinite(loginAt)) return true;
  return now - loginAt >= SESSION_LIFETIME_MS || loginAt > now + 60_000;
}

/**
 * The current company after sign-in or reload: the stored choice when it is still one of the
 * user's companies (admins may work in any company), else the only company when there is
 * exactly one, else none.
 */
export function chooseCurrentCompany(
  companies: readonly { id: string }[],
  storedId: string | null,
  options: { isAdmin: boolean },
): string | null {
  if (storedId && (options.isAdmin || companies.some((c) => c.id === storedId))) return storedId;
  if (companies.length === 1) return companies[0].id;
  return null;
}

/** Where sign-in goes: the ?redirect= path when it is a local path, else UserDashboard. */
export function safeRedirect(raw: string | null | undefined, fallback = '/user'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  const path = raw.split('?')[0];
  if (['/signin', '/signout', '/signup'].includes(path)) return fallback;
  return raw;
}

/** The header's dashboard link: ArtistUserDashboard for artist users, else UserDashboard. */
export function dashboardPath(role: string | null | undefined): string {
  return role === 'artist_user' ? '/artist_dashboard' : '/user';
}

/** localStorage keys; the current company is kept per user. */
export const STORAGE_KEYS = {
  loginAt: 'lp.session.loginAt',
  company: (userId: string) => `lp.company.${userId}`,
  adminFeatures: (userId: string) => `lp.adminFeatures.${userId}`,
  siteHelp: 'lp.siteHelp',
  navCollapsed: 'lp.navCollapsed',
  resetToken: 'lp.resetToken',
  pageSize: (table: string) => `lp.pageSize.${table}`,
} as const;
