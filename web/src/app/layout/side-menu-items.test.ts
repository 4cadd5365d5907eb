import { describe, expect, it } from 'vitest';
import { activeMenuHref, sideMenuItems, type MenuInput } from './side-menu-items';

const user = { role: 'label_manager' };
const plain = { id: 'c1', tags: [], distributed: false };
const distributed = { id: 'c2', tags: [], distributed: true };
const publisher = { id: 'c3', tags: ['publisher'], distributed: false };

const names = (input: Partial<MenuInput>) =>
  sideMenuItems({ user, company: null, collapsed: false, isAdmin: false, ...input }).map((e) => e.name);

describe('sideMenuItems', () => {
  it('shows an artist user only their artist dashboard: they work in no company', () => {
    for (const company of [null, plain, distributed])
      expect(sideMenuItems({ user: { role: 'artist_user' }, company, collapsed: false, isAdmin: false })).toEqual([
        {
          name: 'ArtistUserDashboard',
          text: 'Dashboard',
          href: '/artist_dashboard',
          icon: 'grid-view',
          section: 'user',
        },
      ]);
  });

  it('shows nothing to a signed-out visitor', () => {
    expect(sideMenuItems({ user: null, company: plain, collapsed: false, isAdmin: false })).toEqual([]);
  });

  it('always shows dashboard, labels, royalties, finances, data management, licensing hub and companies', () => {
    const always = [
      'UserDashboard',
      'UserLabels',
      'UserRoyalties',
      'UserFinances',
      'UserDataManagement',
      'LicensingHub',
      'UserCompanies',
    ];
    for (const company of [null, plain, distributed, publisher])
      expect(names({ company })).toEqual(expect.arrayContaining(always));
    expect(names({ company: null })).toEqual(always);
  });

  it('leaves out what the member’s role in the company may not open, and nothing for a label manager or an admin', () => {
    const asRole = (role: NonNullable<MenuInput['company']>['role'], isAdmin = false) =>
      names({ company: { ...distributed, role }, isAdmin, user: isAdmin ? { role: 'admin' } : user });
    const everything = asRole('label_manager');
    expect(everything).toEqual(expect.arrayContaining(['UserRoyalties', 'UserFinances', 'UserMarketing']));
    expect(asRole('promotions')).toEqual(everything.filter((n) => n !== 'UserRoyalties' && n !== 'UserFinances'));
    expect(asRole('label_assistant')).toEqual(everything.filter((n) => n !== 'UserRoyalties' && n !== 'UserFinances'));
    expect(asRole('accounting')).toEqual(everything.filter((n) => n !== 'UserMarketing'));
    expect(asRole('intern')).not.toContain('UserRoyalties');
    expect(asRole('intern')).toContain('UserReleases');
    expect(asRole(null, true)).toEqual(expect.arrayContaining([...everything, 'AdminDashboard']));
  });

  it('shows artists, releases, recordings, contributors and payees only with a current tenant', () => {
    const tenantOnly = ['UserArtists', 'UserReleases', 'UserRecordings', 'UserContributors', 'UserPayees'];
    expect(names({ company: null })).not.toEqual(expect.arrayContaining([tenantOnly[0]]));
    for (const name of tenantOnly) {
      expect(names({ company: null })).not.toContain(name);
      expect(names({ company: plain })).toContain(name);
    }
  });

  it('shows CompanyDistribution and UserCompanyDsps only for a distributed tenant, linked to it', () => {
    expect(names({ company: plain })).not.toContain('CompanyDistribution');
    expect(names({ company: plain })).not.toContain('UserCompanyDsps');
    const items = sideMenuItems({ user, company: distributed, collapsed: false, isAdmin: false });
    expect(items.find((e) => e.name === 'CompanyDistribution')?.href).toBe('/user/companies/c2/distribution');
    expect(items.find((e) => e.name === 'UserCompanyDsps')?.href).toBe('/user/companies/c2/distribution/dsps');
  });

  it('shows UserMarketing always when collapsed, and in the full menu only for distributed tenants', () => {
    expect(names({ company: null, collapsed: true })).toContain('UserMarketing');
    expect(names({ company: plain, collapsed: true })).toContain('UserMarketing');
    expect(names({ company: plain, collapsed: false })).not.toContain('UserMarketing');
    expect(names({ company: null, collapsed: false })).not.toContain('UserMarketing');
    expect(names({ company: distributed, collapsed: false })).toContain('UserMarketing');
  });

  it('shows UserSongs only for a Publisher tenant, matching the tag case-insensitively', () => {
    expect(names({ company: publisher })).toContain('UserSongs');
    expect(names({ company: { ...publisher, tags: ['PUBLISHER '] } })).toContain('UserSongs');
    expect(names({ company: plain })).not.toContain('UserSongs');
    expect(names({ company: { id: 'x', tags: ['Label Group'], distributed: true } })).not.toContain('UserSongs');
  });

  it('adds AdminDashboard and DistributionDashboard for admins only', () => {
    expect(names({ isAdmin: true })).toEqual(expect.arrayContaining(['AdminDashboard', 'DistributionDashboard']));
    expect(names({ isAdmin: false })).not.toContain('AdminDashboard');
    expect(names({ isAdmin: false })).not.toContain('DistributionDashboard');
  });

  it('gives every entry an icon so the collapsed rail can show it', () => {
    const all = sideMenuItems({
      user,
      company: { id: 'c', tags: ['Publisher'], distributed: true },
      collapsed: true,
      isAdmin: true,
    });
    expect(all.length).toBe(18);
    for (const item of all) expect(item.icon).toBeTruthy();
  });
});

describe('activeMenuHref', () => {
  const items = sideMenuItems({ user, company: distributed, collapsed: false, isAdmin: true });

  it('highlights UserLabels on any UserLabel* route', () => {
    expect(activeMenuHref(items, 'UserLabel', '/user/labels/01H')).toBe('/user/labels');
    expect(activeMenuHref(items, 'UserLabelEdit', '/user/labels/01H/edit')).toBe('/user/labels');
    expect(activeMenuHref(items, 'UserLabelToolsTodoList', '/user/labels/tools/todo_list')).toBe('/user/labels');
  });

  it('highlights UserCompanies on company paths, but the more specific distribution entries first', () => {
    expect(activeMenuHref(items, 'UserCompany', '/user/companies/c9')).toBe('/user/companies');
    expect(activeMenuHref(items, 'X', '/user/profile/companies')).toBe('/user/companies');
    expect(activeMenuHref(items, 'CompanyDistribution', '/user/companies/c2/distribution')).toBe(
      '/user/companies/c2/distribution',
    );
    expect(activeMenuHref(items, 'UserCompanyDsps', '/user/companies/c2/distribution/dsps')).toBe(
      '/user/companies/c2/distribution/dsps',
    );
  });

  it('highlights the dashboard only on its own path, and a list on its detail pages', () => {
    expect(activeMenuHref(items, 'UserDashboard', '/user')).toBe('/user');
    expect(activeMenuHref(items, 'UserProfile', '/user/profile')).toBeUndefined();
    expect(activeMenuHref(items, 'UserRelease', '/user/releases/r1/edit')).toBe('/user/releases');
    expect(activeMenuHref(items, 'LabelsAdmin', '/admin/labels')).toBe('/admin');
  });
});
