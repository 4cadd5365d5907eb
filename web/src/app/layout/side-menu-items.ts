import { hasTag } from '../../../../shared/company-tags';
import type { Role } from '../../../../shared/constants';
import type { PlanFeature } from '../../../../shared/plans';
import { mayOpenPage } from '../page-permissions';

/** Icons are Cloudscape icon names; every entry has one so the collapsed rail can show it. */
type MenuIcon =
  | 'grid-view'
  | 'star'
  | 'user-profile'
  | 'folder'
  | 'microphone'
  | 'group'
  | 'contact'
  | 'ticket'
  | 'transcript'
  | 'share'
  | 'upload-download'
  | 'announcement'
  | 'file'
  | 'globe'
  | 'script'
  | 'multiscreen'
  | 'settings'
  | 'send';

export type MenuEntry = {
  /** The product's route name the entry leads to. */
  name: string;
  text: string;
  href: string;
  icon: MenuIcon;
  section: 'user' | 'admin';
  /** The plan that includes this entry's feature, when the company's plan does not (shown, never hidden). */
  upgrade?: string;
};

/** The plan feature each gated entry's pages need (functions/plans/route-features.ts decides the routes). */
const MENU_FEATURES: Partial<Record<string, PlanFeature>> = {
  UserDashboard: 'dashboard',
  UserLabels: 'catalogue_management',
  UserArtists: 'catalogue_management',
  UserReleases: 'catalogue_management',
  UserRecordings: 'catalogue_management',
  UserContributors: 'catalogue_management',
  UserPayees: 'catalogue_management',
  UserSongs: 'catalogue_management',
  UserRoyalties: 'royalty_dashboard',
  UserFinances: 'royalty_dashboard',
  CompanyDistribution: 'label_pipelines',
  UserCompanyDsps: 'label_pipelines',
  UserDataManagement: 'bulk_catalogue_importing',
  UserMarketing: 'promo_system',
};

type MenuPlan = { features: Record<PlanFeature, boolean>; upgrades: Partial<Record<PlanFeature, string>> };

export type MenuInput = {
  user: { role: string } | null;
  company: {
    id: string;
    tags?: readonly string[] | null;
    distributed?: boolean | null;
    /** The user's role in the company (none for an admin's chosen company: admins are not limited). */
    role?: Role | null;
    /** The company's plan (from GET /me); absent for a company an admin picked (admins are not limited). */
    plan?: MenuPlan | null;
  } | null;
  collapsed: boolean;
  isAdmin: boolean;
};

/**
 * The side menu entries and when they show. Signed-out users get no menu. A member does not see the entries their
 * role in the company may not open (a promotions member has no Royalties or Finances): they would only lead to a
 * refusal.
 */
export function sideMenuItems({ user, company, collapsed, isAdmin }: MenuInput): MenuEntry[] {
  if (!user) return [];
  // Artist users are in no company (docs/artist-portal.md): every company page would refuse them.
  if (user.role === 'artist_user') return [entry('ArtistUserDashboard', 'Dashboard', '/artist_dashboard', 'grid-view')];
  const tenant = Boolean(company);
  const distributedCompany = company?.distributed ? company : null;
  const distributed = distributedCompany !== null;
  const entries: (MenuEntry | false)[] = [
    entry('UserDashboard', 'Dashboard', '/user', 'grid-view'),
    entry('UserLabels', 'Labels', '/user/labels', 'star'),
    tenant && entry('UserArtists', 'Artists', '/user/artists', 'user-profile'),
    tenant && entry('UserReleases', 'Releases', '/user/releases', 'folder'),
    tenant && entry('UserRecordings', 'Recordings', '/user/recordings', 'microphone'),
    tenant && entry('UserContributors', 'Contributors', '/user/contributors', 'group'),
    tenant && entry('UserPayees', 'Payees', '/user/payees', 'contact'),
    entry('UserRoyalties', 'Royalties', '/user/royalties', 'ticket'),
    entry('UserFinances', 'Finances', '/user/finances', 'transcript'),
    distributedCompany !== null &&
      entry(
        'CompanyDistribution',
        'Distribution',
        `/user/companies/${encodeURIComponent(distributedCompany.id)}/distribution`,
        'share',
      ),
    entry('UserDataManagement', 'Data management', '/user/data_management', 'upload-download'),
    (collapsed || distributed) && entry('UserMarketing', 'Marketing', '/user/marketing', 'announcement'),
    tenant && hasTag(company, 'Publisher') && entry('UserSongs', 'Songs', '/user/songs', 'file'),
    distributedCompany !== null &&
      entry(
        'UserCompanyDsps',
        'DSPs',
        `/user/companies/${encodeURIComponent(distributedCompany.id)}/distribution/dsps`,
        'globe',
      ),
    entry('LicensingHub', 'Licensing hub', '/user/licensing', 'script'),
    entry('UserCompanies', 'Companies', '/user/companies', 'multiscreen'),
    isAdmin && entry('AdminDashboard', 'Admin dashboard', '/admin', 'settings', 'admin'),
    isAdmin && entry('DistributionDashboard', 'Distribution dashboard', '/distribution', 'send', 'admin'),
  ];
  const companyRole = company?.role;
  return entries
    .filter((e): e is MenuEntry => Boolean(e))
    .filter((e) => !companyRole || mayOpenPage(user.role, companyRole, e.href))
    .map((e) => withUpgrade(e, company?.plan));
}

/** Marks an entry whose feature the plan lacks with the cheapest plan that has it ("Upgrade" if none is public). */
function withUpgrade(entry: MenuEntry, plan: MenuPlan | null | undefined): MenuEntry {
  const feature = MENU_FEATURES[entry.name];
  if (!plan || !feature || plan.features[feature]) return entry;
  return { ...entry, upgrade: plan.upgrades[feature] ?? 'Upgrade' };
}

function entry(
  name: string,
  text: string,
  href: string,
  icon: MenuIcon,
  section: MenuEntry['section'] = 'user',
): MenuEntry {
  return { name, text, href, icon, section };
}

/**
 * Which entry is highlighted: UserLabels on any UserLabel* route, UserCompanies on paths
 * containing profile/companies or company; otherwise the entry whose link is the
 * longest prefix of the path (the dashboards only on their exact paths).
 */
export function activeMenuHref(
  entries: readonly MenuEntry[],
  routeName: string | undefined,
  pathname: string,
): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const byName = (name: string) => entries.find((e) => e.name === name)?.href;
  if (routeName?.startsWith('UserLabel')) return byName('UserLabels');
  const exact = entries.find((e) => e.href === path);
  if (exact) return exact.href;
  const prefixed = entries
    .filter((e) => !['/user', '/admin', '/distribution'].includes(e.href) && path.startsWith(`${e.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  if (prefixed) return prefixed.href;
  if (path.includes('profile/companies') || path.includes('company') || path.startsWith('/user/companies/'))
    return byName('UserCompanies');
  if (path.startsWith('/admin/')) return byName('AdminDashboard');
  if (path.startsWith('/distribution/')) return byName('DistributionDashboard');
  return undefined;
}
