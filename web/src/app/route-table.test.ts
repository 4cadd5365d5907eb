import { describe, expect, it } from 'vitest';
import { ROUTE_BY_NAME, ROUTE_TABLE, routePath } from './route-table';
import { CATALOGUE_CONFIGS } from '../pages/catalogue/catalogue-configs';
import { REFERENCE_CONFIGS } from '../pages/admin/reference/reference-config';

const paths = new Set(ROUTE_TABLE.map((r) => r.path));

describe('route table', () => {
  it('has unique names and paths', () => {
    expect(new Set(ROUTE_TABLE.map((r) => r.name)).size).toBe(ROUTE_TABLE.length);
    expect(paths.size).toBe(ROUTE_TABLE.length);
  });

  it('has every public and authentication route', () => {
    const wanted = [
      '/',
      '/bugs',
      '/faqs',
      '/guides',
      '/changelog',
      '/privay_policy',
      '/terms',
      '/signin',
      '/signup',
      '/signout',
      '/forgotten_password',
      '/reset_password/:accessToken',
      '/change_password',
      '/confirm/:access_token',
      '/setup_account',
      '/promo/:id/:accessToken',
      '/artists/:id',
      '/artists/:id/profile',
      '/artists/:id/statements',
      '/payees/:payeeId',
      '/artist_dashboard',
      '/guides/concepts_and_definitions',
      '/guides/metadata/contributors',
      '/guides/tutorials/namespacing',
      '/guides/tutorials/new_release_work_flow',
    ];
    for (const path of wanted) expect(paths, path).toContain(path);
  });

  it('has the named routes the shell uses', () => {
    const names = [
      'UserDashboard',
      'ArtistUserDashboard',
      'UserNewRelease',
      'UserCompany',
      'UserLabels',
      'UserLabel',
      'UserArtists',
      'UserReleases',
      'UserRecordings',
      'UserContributors',
      'UserPayees',
      'UserRoyalties',
      'UserFinances',
      'CompanyDistribution',
      'UserDataManagement',
      'UserMarketing',
      'UserSongs',
      'UserCompanyDsps',
      'LicensingHub',
      'UserCompanies',
      'UserMessages',
      'UserProfile',
      'Bugs',
      'Guides',
      'Privacy',
      'Terms',
      'Changelog',
      'SignIn',
      'AdminDashboard',
      'CompaniesAdmin',
      'LabelsAdmin',
      'UsersAdmin',
      'LabelAdmin',
      'DistributionCompany',
      'DistributionLabel',
      'DistributionPayments',
      'DistributionDSPs',
      'DistributionDashboard',
      'ViewPromo',
      'ArtistHome',
      'PayeeHome',
      'EditRelease',
      'UserNewArtist',
      'EditUserArtist',
    ];
    for (const name of names) expect(ROUTE_BY_NAME.has(name), name).toBe(true);
  });

  it('has the catalogue routes', () => {
    const wanted = [
      '/user/labels',
      '/user/labels/new',
      '/user/labels/:labelId',
      '/user/labels/:labelId/edit',
      '/user/labels/:labelId/assets',
      '/user/labels/:labelId/settings',
      '/user/labels/:labelId/contracts',
      '/user/labels/:labelId/distribution_statements',
      '/user/labels/:labelId/statement_settings',
      '/user/labels/:labelId/store',
      '/user/labels/tools/todo_list',
      '/user/labels/tools/marketing/new_release/album_ep',
      '/user/labels/tools/marketing/smart_url',
      '/user/labels/promo_tools/mailing_lists/:listId/edit',
      '/user/releases/new',
      '/user/releases/:releaseId/edit',
      '/user/releases/:releaseId/promos/:promoId/recipients',
      '/user/recordings/:recordingId/edit',
      '/user/artists/:artistId/finances/generate_report',
      '/user/contributors/:contributorId/edit',
      '/user/payees/:payeeId/new_statement',
      '/user/songs/:songId/edit',
      '/user/data_management/new',
      '/user/marketing',
      '/user/import_release',
      '/user/import_releases',
      '/user/licensing/new_outgoing_license',
      '/user/licensing/:id',
      '/admin/labels',
      '/admin/labels/new',
      '/admin/labels/:labelId',
      '/admin/labels/:labelId/edit',
      '/admin/labels/:labelId/assets',
      '/admin/releases/:releaseId/distribution',
      '/admin/imports/:importId',
      '/admin/metadata_maps/new',
      '/admin/importer',
      '/distribution/labels/:labelId/catalogue_tasks',
      '/distribution/upcs/import',
      '/billing',
      '/billing/coupons',
    ];
    for (const path of wanted) expect(paths, path).toContain(path);
  });

  it('gives every admin entity list, new, detail and edit pages', () => {
    for (const entity of [
      'countries',
      'genres',
      'languages',
      'notices',
      'performer_roles',
      'publishers',
      'retailers',
      'rightsholders',
      'societies',
      'users',
      'companies',
    ]) {
      const detail = ROUTE_TABLE.find(
        (r) => r.path.startsWith(`/admin/${entity}/:`) && !r.path.slice(`/admin/${entity}/:`.length).includes('/'),
      );
      expect(paths, entity).toContain(`/admin/${entity}`);
      expect(paths, entity).toContain(`/admin/${entity}/new`);
      expect(detail, entity).toBeDefined();
      expect(paths, entity).toContain(`${detail!.path}/edit`);
    }
  });

  it("shows a release's Distribution tab in every area and the distribution area's delivery records", () => {
    const pageOf = (path: string) => ROUTE_TABLE.find((r) => r.path === path)?.page;
    for (const path of [
      '/user/releases/:releaseId/distribution',
      '/user/releases/:releaseId/distribution/deliveries',
      '/admin/releases/:releaseId/distribution',
      '/distribution/releases/:releaseId/distribution',
    ])
      expect(pageOf(path), path).toBe('release-distribution');
    expect(pageOf('/distribution/deliveries')).toBe('distribution-deliveries');
  });

  it('shows the generic reference pages for every configured collection and no other', () => {
    // Admin pages exist for the company collections artists and contributors; payees only under /user.
    for (const entity of [...Object.keys(REFERENCE_CONFIGS), 'artists', 'contributors', 'releases', 'recordings']) {
      // Children without their own page yet are left out; a release's distribution has its own.
      const pages = ROUTE_TABLE.filter((r) => r.path === `/admin/${entity}` || r.path.startsWith(`/admin/${entity}/`))
        .filter((r) => r.path !== '/admin/releases/:releaseId/distribution')
        .map((r) => r.page)
        .filter(Boolean);
      expect(pages, entity).toEqual([
        'admin-reference-list',
        'admin-reference-form',
        'admin-reference-detail',
        'admin-reference-form',
      ]);
    }
    for (const entity of Object.keys(CATALOGUE_CONFIGS)) {
      const pages = ROUTE_TABLE.filter(
        (r) =>
          r.path === `/user/${entity}` ||
          /^\/user\/\w+\/(new|:\w+(\/edit)?)$/.test(r.path.replace(`/user/${entity}`, '/user/x')),
      )
        .filter((r) => r.path.startsWith(`/user/${entity}`))
        .map((r) => r.page);
      expect(pages.filter(Boolean), entity).toEqual([
        'admin-reference-list',
        'admin-reference-form',
        'admin-reference-detail',
        'admin-reference-form',
      ]);
    }
    for (const entity of ['subscriptions', 'royalties', 'payees', 'songs']) {
      for (const route of ROUTE_TABLE.filter((r) => r.path.startsWith(`/admin/${entity}`)))
        expect(route.page?.startsWith('admin-reference-') ?? false, route.path).toBe(false);
    }
  });

  it('shows the inbox and the admin notice pages', () => {
    expect(ROUTE_BY_NAME.get('UserMessages')).toMatchObject({
      path: '/user/messages',
      access: 'user',
      page: 'user-messages',
    });
    expect(ROUTE_BY_NAME.get('UserMessages')?.tenantized).toBeUndefined();
    const pages = ROUTE_TABLE.filter((r) => r.path === '/admin/notices' || r.path.startsWith('/admin/notices/')).map(
      (r) => [r.path, r.page],
    );
    expect(pages).toEqual([
      ['/admin/notices', 'admin-notices'],
      ['/admin/notices/new', 'admin-notice-form'],
      ['/admin/notices/:noticeId', 'admin-notice'],
      ['/admin/notices/:noticeId/edit', 'admin-notice-form'],
    ]);
  });

  it('puts /admin, /distribution and /billing behind the admin rule and /user behind sign-in', () => {
    for (const route of ROUTE_TABLE) {
      if (/^\/(admin|distribution|billing)(\/|$)/.test(route.path)) expect(route.access, route.path).toBe('admin');
      if (route.path.startsWith('/user')) expect(route.access, route.path).toBe('user');
    }
    expect(ROUTE_BY_NAME.get('ArtistUserDashboard')?.access).toBe('artist_user');
    expect(ROUTE_BY_NAME.get('UserLabels')?.tenantized).toBe(true);
    expect(ROUTE_BY_NAME.get('UserDashboard')?.tenantized).toBeUndefined();
    expect(ROUTE_BY_NAME.get('UserCompanies')?.tenantized).toBeUndefined();
  });

  it('names every label route so UserLabels stays active on it', () => {
    for (const route of ROUTE_TABLE.filter((r) => r.path.startsWith('/user/labels')))
      expect(route.name.startsWith('UserLabel'), route.name).toBe(true);
  });

  it('shows the royalties pages under /user and, in the current company, in the distribution area', () => {
    expect(ROUTE_BY_NAME.get('UserRoyaltiesExchangeRates')).toMatchObject({
      path: '/user/royalties/exchange_rates',
      access: 'user',
      tenantized: true,
      page: 'user-royalties-exchange-rates',
    });
    const pages = Object.fromEntries(
      ROUTE_TABLE.filter((r) => /^\/distribution\/(finances\/royalties|royalty_maps)/.test(r.path)).map((r) => [
        r.path,
        [r.name, r.page, r.access, r.tenantized],
      ]),
    );
    expect(pages).toEqual({
      '/distribution/finances/royalties': ['DistributionFinancesRoyalties', 'user-royalties', 'admin', true],
      '/distribution/finances/royalties/imports': [
        'DistributionFinancesRoyaltiesImports',
        'user-royalties-bulk-import',
        'admin',
        true,
      ],
      '/distribution/finances/royalties/import': [
        'DistributionFinancesRoyaltiesImport',
        'user-royalties-bulk-import',
        'admin',
        true,
      ],
      '/distribution/finances/royalties/import/:importId': [
        'DistributionFinancesRoyaltiesImportItem',
        'user-royalties-import',
        'admin',
        true,
      ],
      '/distribution/finances/royalties/bulk_actions': [
        'DistributionFinancesRoyaltiesBulkActions',
        'user-royalties',
        'admin',
        true,
      ],
      '/distribution/royalty_maps': ['DistributionRoyaltyMaps', 'user-royalties-map-import', 'admin', true],
      '/distribution/royalty_maps/new': ['DistributionNewRoyaltyMap', 'user-royalties-map-import', 'admin', true],
    });
    // The payment run pays the current company's statements, like the statements pages below.
    expect(ROUTE_BY_NAME.get('DistributionFinancesPaymentRun')).toMatchObject({
      path: '/distribution/finances/payment_run',
      access: 'admin',
      tenantized: true,
      page: 'payment-run',
    });
    // A company's own accountants and managers pay their payees from their finances too.
    expect(ROUTE_TABLE.find((r) => r.path === '/user/finances/payment_run')).toMatchObject({
      access: 'user',
      tenantized: true,
      page: 'payment-run',
    });
  });

  it('shows the statement, run and expense pages in the current company', () => {
    const page = (path: string) => {
      const route = ROUTE_TABLE.find((r) => r.path === path);
      return route && [route.page, route.access, route.tenantized];
    };
    expect(page('/admin/statements')).toEqual(['statements', 'admin', true]);
    expect(page('/admin/statements/new')).toEqual(['statement-run', 'admin', true]);
    expect(page('/admin/statements/:statementId')).toEqual(['statement', 'admin', true]);
    expect(page('/admin/statements/:statementId/edit')).toEqual(['statement-edit', 'admin', true]);
    expect(page('/distribution/finances/statement_run')).toEqual(['statement-run', 'admin', true]);
    expect(page('/distribution/finances/statements')).toEqual(['statements', 'admin', true]);
    expect(page('/distribution/finances/statements/bulk_actions')).toEqual(['statements', 'admin', true]);
    expect(page('/distribution/finances/statements/new')).toEqual(['statement-run', 'admin', true]);
    expect(page('/distribution/finances/statements/:statementId')).toEqual(['statement', 'admin', true]);
    expect(page('/distribution/finances/statements/:statementId/edit')).toEqual(['statement-edit', 'admin', true]);
    expect(page('/distribution/finances/expenses')).toEqual(['expenses', 'admin', true]);
    expect(page('/distribution/finances/expenses/new')).toEqual(['expense-new', 'admin', true]);
    expect(page('/distribution/finances/expenses/:expenseId/edit')).toEqual(['expense-edit', 'admin', true]);
    expect(page('/user/labels/:labelId/distribution_statements')).toEqual([
      'label-distribution-statements',
      'user',
      true,
    ]);
    expect(page('/user/labels/:labelId/statement_settings')).toEqual(['label-statement-settings', 'user', true]);
    expect(page('/user/labels/finances/expenses')).toEqual(['expenses', 'user', true]);
    expect(page('/user/labels/finances/distribution_expenses')).toEqual(['expenses', 'user', true]);
    expect(page('/user/labels/finances/distribution_expenses/:expenseId/edit')).toEqual(['expense-edit', 'user', true]);
    expect(page('/user/payees/:payeeId/accounting')).toEqual(['payee-accounting', 'user', true]);
    expect(page('/user/payees/:payeeId/new_statement')).toEqual(['payee-new-statement', 'user', true]);
    expect(page('/user/artists/:artistId/finances')).toEqual(['artist-finances', 'user', true]);
    expect(page('/user/artists/:artistId/finances/generate_report')).toEqual(['artist-generate-report', 'user', true]);
    expect(page('/user/finances/statements/:statementId')).toEqual(['statement', 'user', true]);
    expect(page('/user/finances/statements/:statementId/lines')).toEqual(['statement-lines', 'user', true]);
    expect(page('/distribution/finances/statements/:statementId/lines')).toEqual(['statement-lines', 'admin', true]);
    expect(page('/user/finances/statement_run')).toEqual(['statement-run', 'user', true]);
  });

  it('shows the finances pages and dashboards under their product names', () => {
    const page = (name: string) => {
      const route = ROUTE_BY_NAME.get(name);
      return route && [route.path, route.page, route.access, route.tenantized ?? false];
    };
    expect(page('UserFinances')).toEqual(['/user/finances', 'finances', 'user', true]);
    expect(page('UserLabelFinances')).toEqual(['/user/labels/finances', 'label-finances', 'user', true]);
    expect(page('UserLabelFinancesRoyalties')?.[1]).toBe('user-royalties');
    expect(page('UserLabelFinancesRoyaltiesReports')?.[1]).toBe('label-accounting-reports');
    expect(page('UserCompanyFinances')?.slice(1)).toEqual(['company-finances', 'user', false]);
    expect(page('UserCompanyFinancesAnalytics')?.[1]).toBe('company-finances');
    expect(page('UserCompanyFinancesLabelItem')?.slice(0, 2)).toEqual([
      '/user/companies/:companyId/finances/label/:labelId',
      'company-label-finances',
    ]);
    expect(page('UserCompanyFinancesDistributionStatements')?.slice(0, 2)).toEqual([
      '/user/companies/:companyId/finances/distribution_statements',
      'company-distribution-statements',
    ]);
    expect(page('UserCompanyFinancesDistributionExpenses')?.[1]).toBe('company-distribution-expenses');
    expect(page('DistributionDashboard')).toEqual(['/distribution', 'distribution-dashboard', 'admin', false]);
    expect(page('DistributionFinances')?.slice(1)).toEqual(['distribution-finances', 'admin', false]);
    expect(page('DistributionCompanyFinances')?.[1]).toBe('company-finances');
    expect(page('DistributionLabelAccounting')?.[1]).toBe('distribution-label-accounting');
    expect(page('AdminDashboard')?.[1]).toBe('admin-dashboard');
    expect(page('UserDashboard')?.[1]).toBe('user-dashboard');
    // The catch-all stays last, after every route the finances pages were given to.
    expect(ROUTE_TABLE.at(-1)?.path).toBe('*');
  });

  it('fills route parameters', () => {
    expect(routePath('UserLabel', { labelId: 'a b' })).toBe('/user/labels/a%20b');
    expect(() => routePath('UserLabel')).toThrow();
  });
});
