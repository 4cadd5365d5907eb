/**
 * Every route of the SPA with the product's paths and names.
 * Pure data: the router builds lazily loaded routes from it, the guards read its access rules,
 * and routes without a `page` show the generic "coming soon" page naming their feature.
 */
import { valueWords } from '../../../shared/messages';
export type Access = 'public' | 'user' | 'admin' | 'artist_user';

export type PageKey =
  | 'home'
  | 'user-company-plan'
  | 'admin-subscriptions'
  | 'admin-subscription'
  | 'admin-subscription-form'
  | 'bugs'
  | 'faqs'
  | 'guides'
  | 'guide'
  | 'changelog'
  | 'api-docs'
  | 'admin-site-help'
  | 'admin-distributed-labels'
  | 'admin-distributed-label'
  | 'admin-distributed-label-form'
  | 'admin-distribution-statements'
  | 'admin-import-form'
  | 'admin-label-settings'
  | 'company-distribution-settings'
  | 'company-add-distributor'
  | 'privacy'
  | 'terms'
  | 'signin'
  | 'signup'
  | 'signout'
  | 'forgotten-password'
  | 'reset-password'
  | 'change-password'
  | 'confirm-account'
  | 'invitation'
  | 'portal-invitation'
  | 'user-dashboard'
  | 'user-profile'
  | 'user-exports'
  | 'user-companies'
  | 'user-company'
  | 'labels'
  | 'label'
  | 'label-form'
  | 'label-tools'
  | 'label-todo-list'
  | 'label-notebook'
  | 'smart-links'
  | 'smart-link-unsubscribe'
  | 'label-marketing'
  | 'smart-link-landing'
  | 'label-settings'
  | 'label-store'
  | 'public-label-store'
  | 'label-calendar'
  | 'label-whitelist'
  | 'label-youtube-claims'
  | 'label-pitch'
  | 'label-pitch-album-ep'
  | 'label-pitch-single'
  | 'user-marketing'
  | 'distribution-marketing'
  | 'release-assets'
  | 'release-products'
  | 'release-contracts'
  | 'release-promos'
  | 'new-promo'
  | 'promo-detail'
  | 'promo-analysis'
  | 'mailing-lists'
  | 'promo-templates'
  | 'mailing-list'
  | 'view-promo'
  | 'give-bank-details'
  | 'label-contracts'
  | 'licensing-hub'
  | 'licence-invoices'
  | 'withholding-tax'
  | 'payments-register'
  | 'licenses'
  | 'new-incoming-license'
  | 'new-outgoing-license'
  | 'license'
  | 'license-form'
  | 'document-templates'
  | 'contracts-import'
  | 'contracts-register'
  | 'label-assets'
  | 'admin-label-assets'
  | 'admin-dashboard'
  | 'admin-labels'
  | 'admin-label'
  | 'admin-label-form'
  | 'admin-reference-list'
  | 'admin-reference-form'
  | 'admin-reference-detail'
  | 'admin-users'
  | 'admin-user'
  | 'admin-user-form'
  | 'admin-companies'
  | 'admin-company'
  | 'admin-company-form'
  | 'admin-company-section'
  | 'user-messages'
  | 'admin-notices'
  | 'admin-notice'
  | 'admin-notice-form'
  | 'admin-imports'
  | 'admin-importer'
  | 'admin-metadata-maps'
  | 'admin-metadata-map'
  | 'admin-metadata-map-form'
  | 'admin-royalties'
  | 'admin-royalty'
  | 'admin-royalty-form'
  | 'admin-import'
  | 'admin-user-imports'
  | 'admin-user-settings'
  | 'admin-user-companies'
  | 'admin-user-notices'
  | 'admin-access-tokens'
  | 'admin-access-token'
  | 'admin-access-token-form'
  | 'admin-user-access-tokens'
  | 'admin-user-bug-reports'
  | 'admin-user-logs'
  | 'admin-quality-control'
  | 'admin-jobs'
  | 'user-royalties'
  | 'user-royalties-bulk-import'
  | 'user-royalties-map-import'
  | 'user-royalties-new-sale'
  | 'user-royalties-import'
  | 'user-royalties-edit'
  | 'user-royalties-exchange-rates'
  | 'statements'
  | 'statement'
  | 'statement-edit'
  | 'statement-lines'
  | 'statement-run'
  | 'label-distribution-statements'
  | 'label-statement-settings'
  | 'payee-accounting'
  | 'payee-new-statement'
  | 'artist-finances'
  | 'artist-generate-report'
  | 'expenses'
  | 'expense-new'
  | 'expense-edit'
  | 'finances'
  | 'label-finances'
  | 'label-accounting-reports'
  | 'company-finances'
  | 'company-label-finances'
  | 'company-distribution-statements'
  | 'company-distribution-expenses'
  | 'distribution-finances'
  | 'distribution-label-accounting'
  | 'distribution-dashboard'
  // Connections: DSP links, distributor links, the UPC pool, the distribution catalogue.
  | 'dsp-connections'
  | 'dsp-connection-requests'
  | 'company-dsps'
  | 'company-distribution'
  | 'upcs'
  | 'upcs-import'
  // The distributor's CRM: its clients, client companies and client labels.
  | 'distribution-crm'
  | 'distribution-companies'
  | 'distribution-company'
  | 'distribution-labels'
  | 'distribution-label'
  | 'distribution-catalogue'
  | 'label-catalogue-tasks'
  | 'payment-run'
  | 'opening-balances'
  | 'payments'
  | 'payment'
  | 'payment-new'
  | 'payment-edit'
  | 'release-distribution'
  | 'distribution-deliveries'
  // Imports: the home of imports and exports, and the release import.
  | 'data-management'
  | 'data-management-new'
  // Cwr: the company's CWR registrations.
  | 'cwr-registrations'
  | 'release-deliveries'
  | 'release-delivery-new'
  | 'release-deliveries-bulk'
  // Company pages and team: the company's own pages and the profile's children.
  | 'company-settings'
  | 'company-api-tokens'
  | 'company-edit'
  | 'company-users'
  | 'company-connections'
  | 'company-request-label'
  | 'profile-bug-reports'
  | 'profile-logs'
  | 'profile-imports'
  | 'profile-import'
  // Artist portal: the artist user's dashboard and the token link's pages.
  | 'artist-dashboard'
  | 'artist-home'
  | 'artist-home-profile'
  | 'artist-home-statements'
  // A payee's token link's page.
  | 'payee-home'
  // Billing: the admin dashboard and coupons, a company's billing, the local provider's checkout.
  | 'billing'
  | 'billing-coupons'
  | 'company-billing'
  | 'local-checkout'
  | 'not-found';

export type RouteDef = {
  path: string;
  /** The product's route name (UserLabels, LabelAdmin …); unique. */
  name: string;
  /** Page title, and the feature named by the coming-soon page. */
  title: string;
  access: Access;
  /** Needs a current company. */
  tenantized?: boolean;
  page?: PageKey;
};

const def =
  (access: Access, tenantized = false) =>
  (path: string, name: string, title: string, page?: PageKey): RouteDef => ({
    path,
    name,
    title,
    access,
    ...(tenantized ? { tenantized } : {}),
    ...(page ? { page } : {}),
  });
const pub = def('public');
const user = def('user');
const tenant = def('user', true);
const admin = def('admin');
/** Admin pages that work in the current company, like the tenant area's (the distribution area's royalties). */
const adminTenant = def('admin', true);

const pascal = (text: string) =>
  text
    .split(/[_/\-\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
/** A path segment or entity name as a title's words: "api_tokens" → "API tokens", "dsp" in a sentence → "DSP". */
const words = (text: string, options?: { inSentence?: boolean }) => valueWords(text.replace(/\//g, ' '), options);

/** "child" routes under a base: `[segment, nameSuffix?, title?]`. */
function children(
  make: ReturnType<typeof def>,
  base: string,
  baseName: string,
  baseTitle: string,
  segments: string[],
): RouteDef[] {
  return segments.map((segment) => {
    const title = words(segment.replace(/(^|\/):\w+/g, '')) || 'Detail';
    return make(
      `${base}/${segment}`,
      `${baseName}${pascal(segment.replace(/:\w+/g, 'item'))}`,
      `${baseTitle}: ${title}`,
    );
  });
}

export const GUIDES = [
  'concepts_and_definitions',
  'new_release',
  'new_recording',
  'metadata',
  'metadata/contributors',
  'genres',
  'languages',
  'product_details',
  'release_dates',
  'publishers',
  'tutorials/namespacing',
  'tutorials/new_release_work_flow',
] as const;

const publicRoutes: RouteDef[] = [
  pub('/', 'Home', 'Home', 'home'),
  pub('/bugs', 'Bugs', 'Bug report', 'bugs'),
  pub('/faqs', 'FAQs', 'FAQs', 'faqs'),
  pub('/guides', 'Guides', 'Guides', 'guides'),
  ...GUIDES.map((slug) => pub(`/guides/${slug}`, `Guides${pascal(slug)}`, `Guide: ${words(slug)}`, 'guide')),
  pub('/changelog', 'Changelog', 'Changelog', 'changelog'),
  // The API reference for integrators, read from the served OpenAPI document.
  pub('/api_docs', 'ApiDocs', 'API reference', 'api-docs'),
  pub('/privay_policy', 'Privacy', 'Privacy policy', 'privacy'),
  pub('/terms', 'Terms', 'Terms of use', 'terms'),
  pub('/signin', 'SignIn', 'Sign in', 'signin'),
  pub('/signup', 'SignUp', 'Sign up', 'signup'),
  pub('/signout', 'SignOut', 'Sign out', 'signout'),
  pub('/forgotten_password', 'ForgottenPassword', 'Forgotten password', 'forgotten-password'),
  pub('/reset_password/:accessToken', 'ResetPassword', 'Reset password', 'reset-password'),
  pub('/change_password', 'ChangePassword', 'Change password', 'change-password'),
  pub('/confirm/:access_token', 'Confirm', 'Confirm your account', 'confirm-account'),
  pub('/setup_account', 'SetupAccount', 'Set up your account', 'confirm-account'),
  // The link an invitation to join a company mails (docs/onboarding.md).
  pub('/invitations/:token', 'Invitation', 'Invitation', 'invitation'),
  // The link a label's invitation to an artist's portal mails.
  pub('/artist_invitations/:token', 'PortalInvitation', 'Artist portal invitation', 'portal-invitation'),
  pub('/promo/:id/:accessToken', 'ViewPromo', 'Promo', 'view-promo'),
  // The secure link a label mails a payee to give their own bank details (docs/payouts.md).
  pub('/bank_details/:token', 'GiveBankDetails', 'Your bank details', 'give-bank-details'),
  // A smart link's landing page and a label's store page: what fans open, no sign-in.
  pub('/l/:slug', 'SmartLink', 'Smart link', 'smart-link-landing'),
  pub('/l/:slug/unsubscribe/:token', 'SmartLinkUnsubscribe', 'Unsubscribe', 'smart-link-unsubscribe'),
  pub('/label_store/:labelId', 'LabelStore', 'Label store', 'public-label-store'),
  pub('/artists/:id', 'ArtistHome', 'Artist portal', 'artist-home'),
  pub('/artists/:id/profile', 'ArtistHomeProfile', 'Artist portal: profile', 'artist-home-profile'),
  pub('/artists/:id/statements', 'ArtistHomeStatements', 'Artist portal: statements', 'artist-home-statements'),
  // The token link a label sends a payee: its balance and statements (docs/artist-portal.md, "Payees by link").
  pub('/payees/:payeeId', 'PayeeHome', 'Your statements', 'payee-home'),
  def('artist_user')('/artist_dashboard', 'ArtistUserDashboard', 'Artist dashboard', 'artist-dashboard'),
];

/** A tenant-area entity: list, new, detail, edit and detail children. */
function userEntity(
  plural: string,
  singular: string,
  param: string,
  extra: string[] = [],
  names: Partial<Record<'list' | 'new' | 'detail' | 'edit', string>> = {},
): RouteDef[] {
  const base = `/user/${plural}`;
  const Singular = pascal(singular);
  const detailName = names.detail ?? `User${Singular}`;
  return [
    tenant(base, names.list ?? `User${pascal(plural)}`, words(plural)),
    tenant(`${base}/new`, names.new ?? `UserNew${Singular}`, `New ${words(singular, { inSentence: true })}`),
    tenant(`${base}/:${param}`, detailName, words(singular)),
    tenant(
      `${base}/:${param}/edit`,
      names.edit ?? `EditUser${Singular}`,
      `Edit ${words(singular, { inSentence: true })}`,
    ),
    ...children(tenant, `${base}/:${param}`, detailName, words(singular), extra),
  ];
}

const labelRoutes: RouteDef[] = [
  tenant('/user/labels', 'UserLabels', 'Labels', 'labels'),
  tenant('/user/labels/new', 'UserLabelNew', 'New label', 'label-form'),
  tenant('/user/labels/:labelId', 'UserLabel', 'Label', 'label'),
  tenant('/user/labels/:labelId/edit', 'UserLabelEdit', 'Edit label', 'label-form'),
  ...withPages(
    children(tenant, '/user/labels/:labelId', 'UserLabel', 'Label', [
      'assets',
      'settings',
      'contracts',
      'distribution_statements',
      'statement_settings',
      'store',
    ]),
    {
      '/user/labels/:labelId/assets': 'label-assets',
      '/user/labels/:labelId/contracts': 'label-contracts',
      '/user/labels/:labelId/distribution_statements': 'label-distribution-statements',
      '/user/labels/:labelId/statement_settings': 'label-statement-settings',
      '/user/labels/:labelId/settings': 'label-settings',
      '/user/labels/:labelId/store': 'label-store',
    },
  ),
  tenant('/user/labels/tools', 'UserLabelTools', 'Label tools', 'label-tools'),
  ...withPages(
    children(tenant, '/user/labels/tools', 'UserLabelTools', 'Label tools', [
      'todo_list',
      'notebook',
      'calendar',
      'whitelist',
      'youtube_claims',
      'marketing',
      'marketing/new_release',
      'marketing/new_release/album_ep',
      'marketing/new_release/single',
      'marketing/smart_url',
    ]),
    {
      '/user/labels/tools/todo_list': 'label-todo-list',
      '/user/labels/tools/notebook': 'label-notebook',
      '/user/labels/tools/marketing': 'label-marketing',
      '/user/labels/tools/marketing/smart_url': 'smart-links',
      '/user/labels/tools/calendar': 'label-calendar',
      '/user/labels/tools/whitelist': 'label-whitelist',
      '/user/labels/tools/youtube_claims': 'label-youtube-claims',
      '/user/labels/tools/marketing/new_release': 'label-pitch',
      '/user/labels/tools/marketing/new_release/album_ep': 'label-pitch-album-ep',
      '/user/labels/tools/marketing/new_release/single': 'label-pitch-single',
    },
  ),
  tenant('/user/labels/promo_tools', 'UserLabelPromoTools', 'Label promo tools', 'mailing-lists'),
  ...withPages(
    children(tenant, '/user/labels/promo_tools', 'UserLabelPromoTools', 'Label promo tools', [
      'template_designer',
      'mailing_lists',
      'mailing_lists/:listId',
      'mailing_lists/:listId/edit',
    ]),
    {
      '/user/labels/promo_tools/template_designer': 'promo-templates',
      '/user/labels/promo_tools/mailing_lists': 'mailing-lists',
      '/user/labels/promo_tools/mailing_lists/:listId': 'mailing-list',
      '/user/labels/promo_tools/mailing_lists/:listId/edit': 'mailing-list',
    },
  ),
  tenant('/user/labels/finances', 'UserLabelFinances', 'Label finances'),
  ...withPages(
    children(tenant, '/user/labels/finances', 'UserLabelFinances', 'Label finances', [
      'royalties',
      'royalties/reports',
      'expenses',
      'expenses/new',
      'expenses/:expenseId/edit',
      'distribution_expenses',
      'distribution_expenses/new',
      'distribution_expenses/:expenseId/edit',
    ]),
    expensePages('/user/labels/finances/expenses', '/user/labels/finances/distribution_expenses'),
  ),
];

const userRoutes: RouteDef[] = [
  user('/user', 'UserDashboard', 'Dashboard', 'user-dashboard'),
  user('/user/profile', 'UserProfile', 'User profile', 'user-profile'),
  ...children(user, '/user/profile', 'UserProfile', 'User profile', [
    'bug_reports',
    'logs',
    'imports',
    'imports/:importId',
  ]),
  // The user's catalogue exports in the current company (exports slice).
  tenant('/user/profile/exports', 'UserProfileExports', 'User profile: Exports', 'user-exports'),
  user('/user/messages', 'UserMessages', 'Inbox', 'user-messages'),
  user('/user/companies', 'UserCompanies', 'Companies', 'user-companies'),
  user('/user/companies/:companyId', 'UserCompany', 'Company', 'user-company'),
  ...children(user, '/user/companies/:companyId', 'UserCompany', 'Company', [
    'settings',
    'edit',
    'users',
    'connections',
    'request_label',
    'finances',
    'finances/analytics',
    'finances/distribution_statements',
    'finances/distribution_expenses',
    'finances/label/:labelId',
    'distribution/distribution_settings',
    'distribution/distributor/new',
    // The company's API tokens for its own integrations (its managers make and revoke them).
    'api_tokens',
  ]),
  // The company's plan: what it includes, its usage, the plans to compare and Upgrade (docs/plans.md).
  user('/user/companies/:companyId/plan', 'UserCompanyPlan', 'Company plan', 'user-company-plan'),
  user('/user/companies/:companyId/distribution', 'CompanyDistribution', 'Company distribution'),
  user('/user/companies/:companyId/distribution/dsps', 'UserCompanyDsps', 'Company DSPs'),
  ...labelRoutes,
  ...withPages(
    userEntity(
      'releases',
      'release',
      'releaseId',
      [
        'assets',
        'contracts',
        'distribution',
        'distribution/deliveries',
        'products',
        'promos',
        'promos/new',
        'promos/:promoId',
        'promos/:promoId/edit',
        'promos/:promoId/send',
        'promos/:promoId/analysis',
        'promos/:promoId/recipients',
      ],
      { new: 'UserNewRelease', edit: 'EditRelease' },
    ),
    {
      ...cataloguePages('releases', 'releaseId'),
      '/user/releases/:releaseId/assets': 'release-assets',
      '/user/releases/:releaseId/products': 'release-products',
      '/user/releases/:releaseId/contracts': 'release-contracts',
      '/user/releases/:releaseId/promos': 'release-promos',
      '/user/releases/:releaseId/promos/new': 'new-promo',
      '/user/releases/:releaseId/promos/:promoId': 'promo-detail',
      '/user/releases/:releaseId/promos/:promoId/edit': 'promo-detail',
      '/user/releases/:releaseId/promos/:promoId/send': 'promo-detail',
      '/user/releases/:releaseId/promos/:promoId/analysis': 'promo-analysis',
      '/user/releases/:releaseId/promos/:promoId/recipients': 'promo-analysis',
    },
  ),
  ...withPages(userEntity('recordings', 'recording', 'recordingId'), cataloguePages('recordings', 'recordingId')),
  ...withPages(
    userEntity('artists', 'artist', 'artistId', ['finances', 'finances/generate_report', 'recordings', 'releases']),
    {
      ...cataloguePages('artists', 'artistId', ['releases', 'recordings']),
      '/user/artists/:artistId/finances': 'artist-finances',
      '/user/artists/:artistId/finances/generate_report': 'artist-generate-report',
    },
  ),
  ...withPages(
    userEntity('contributors', 'contributor', 'contributorId'),
    cataloguePages('contributors', 'contributorId'),
  ),
  ...withPages(userEntity('payees', 'payee', 'payeeId', ['accounting', 'new_statement']), {
    ...cataloguePages('payees', 'payeeId'),
    '/user/payees/:payeeId/accounting': 'payee-accounting',
    '/user/payees/:payeeId/new_statement': 'payee-new-statement',
  }),
  // Before songs/:songId, so the fixed path is not read as a song id.
  tenant('/user/songs/cwr_registrations', 'UserCwrRegistrations', 'CWR registrations', 'cwr-registrations'),
  ...withPages(userEntity('songs', 'song', 'songId'), cataloguePages('songs', 'songId')),
  tenant('/user/data_management', 'UserDataManagement', 'Data management', 'data-management'),
  tenant('/user/data_management/new', 'UserNewDataManagement', 'New data management task', 'data-management-new'),
  tenant('/user/marketing', 'UserMarketing', 'Marketing', 'user-marketing'),
  tenant('/user/import_release', 'UserImportRelease', 'Import a release', 'data-management-new'),
  tenant('/user/import_releases', 'UserImportReleases', 'Import releases', 'data-management-new'),
  tenant('/user/licensing', 'LicensingHub', 'Licensing hub', 'licensing-hub'),
  ...withPages(
    children(tenant, '/user/licensing', 'LicensingHub', 'Licensing', [
      'licenses',
      'new_incoming_license',
      'new_outgoing_license',
    ]),
    {
      '/user/licensing/licenses': 'licenses',
      '/user/licensing/new_incoming_license': 'new-incoming-license',
      '/user/licensing/new_outgoing_license': 'new-outgoing-license',
    },
  ),
  tenant('/user/licensing/templates', 'LicensingTemplates', 'Document templates', 'document-templates'),
  tenant('/user/contracts', 'UserContracts', 'Contracts', 'contracts-register'),
  tenant('/user/contracts/import', 'ContractsImport', 'Import contracts', 'contracts-import'),
  tenant('/user/licensing/invoices', 'LicensingInvoices', 'Invoices and credit notes', 'licence-invoices'),
  tenant('/user/licensing/:id', 'UserLicense', 'Licence', 'license'),
  tenant('/user/licensing/:id/edit', 'EditUserLicense', 'Edit licence', 'license-form'),
  tenant('/user/royalties', 'UserRoyalties', 'Royalties', 'user-royalties'),
  ...withPages(
    children(tenant, '/user/royalties', 'UserRoyalties', 'Royalties', [
      'bulk_import',
      'map_import',
      'new_sale',
      'exchange_rates',
    ]),
    {
      '/user/royalties/bulk_import': 'user-royalties-bulk-import',
      '/user/royalties/map_import': 'user-royalties-map-import',
      '/user/royalties/new_sale': 'user-royalties-new-sale',
      '/user/royalties/exchange_rates': 'user-royalties-exchange-rates',
    },
  ),
  tenant('/user/royalties/imports/:importId', 'UserRoyaltiesImport', 'Royalty import', 'user-royalties-import'),
  tenant('/user/royalties/:royaltyId/edit', 'UserRoyaltiesEdit', 'Edit royalty', 'user-royalties-edit'),
  tenant('/user/finances', 'UserFinances', 'Finances'),
  // A company's statements for its own users (a label's, a payee's), beside the admin and distribution pages.
  ...withPages(
    children(tenant, '/user/finances', 'UserFinances', 'Finances', [
      'statements',
      'statements/:statementId',
      'statements/:statementId/edit',
      'statements/:statementId/lines',
      'statement_run',
      'payment_run',
      'opening_balances',
      'withholding_tax',
      'payments_register',
      'payments',
      'payments/new',
      'payments/:paymentId',
      'payments/:paymentId/edit',
    ]),
    {
      ...statementPages('/user/finances/statements', '/user/finances/statement_run'),
      ...paymentPages('/user/finances/payments'),
      '/user/finances/payment_run': 'payment-run',
      '/user/finances/opening_balances': 'opening-balances',
      '/user/finances/withholding_tax': 'withholding-tax',
      '/user/finances/payments_register': 'payments-register',
    },
  ),
];

/** An admin entity: list, new, {id} (with children) and {id}/edit. */
function adminEntity(
  plural: string,
  singular: string,
  extra: string[] = [],
  names: Partial<Record<'list' | 'new' | 'detail' | 'edit', string>> = {},
  pages: Partial<Record<'list' | 'new' | 'detail' | 'edit', PageKey>> = {},
): RouteDef[] {
  const base = `/admin/${plural}`;
  const param = `${singular.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Id`;
  const Singular = pascal(singular);
  const detailName = names.detail ?? `Admin${Singular}`;
  return [
    admin(base, names.list ?? `Admin${pascal(plural)}`, `Admin: ${words(plural)}`, pages.list),
    admin(
      `${base}/new`,
      names.new ?? `AdminNew${Singular}`,
      `Admin: new ${words(singular, { inSentence: true })}`,
      pages.new,
    ),
    admin(`${base}/:${param}`, detailName, `Admin: ${words(singular, { inSentence: true })}`, pages.detail),
    admin(
      `${base}/:${param}/edit`,
      names.edit ?? `AdminEdit${Singular}`,
      `Admin: edit ${words(singular, { inSentence: true })}`,
      pages.edit,
    ),
    ...children(admin, `${base}/:${param}`, detailName, `Admin: ${words(singular, { inSentence: true })}`, extra),
  ];
}

/** A company's catalogue collection under /user shows the generic record pages (list, new, detail, edit). */
function cataloguePages(plural: string, param: string, detailChildren: string[] = []): Record<string, PageKey> {
  const base = `/user/${plural}`;
  return {
    [base]: 'admin-reference-list',
    [`${base}/new`]: 'admin-reference-form',
    [`${base}/:${param}`]: 'admin-reference-detail',
    [`${base}/:${param}/edit`]: 'admin-reference-form',
    // Children the record's page already shows (an artist's releases and recordings).
    ...Object.fromEntries(
      detailChildren.map((child) => [`${base}/:${param}/${child}`, 'admin-reference-detail' as const]),
    ),
  };
}

/** The statement pages under a list path: the list, a statement, its edit form, and the run page. */
function statementPages(list: string, run: string): Record<string, PageKey> {
  return {
    [list]: 'statements',
    [`${list}/:statementId`]: 'statement',
    [`${list}/:statementId/edit`]: 'statement-edit',
    [`${list}/:statementId/lines`]: 'statement-lines',
    [run]: 'statement-run',
  };
}

/** The expense pages under each expenses list path: the list, new and edit. */
function expensePages(...lists: string[]): Record<string, PageKey> {
  return Object.fromEntries(
    lists.flatMap((list) => [
      [list, 'expenses' as const],
      [`${list}/new`, 'expense-new' as const],
      [`${list}/:expenseId/edit`, 'expense-edit' as const],
    ]),
  );
}

/** The payment pages under each payments list path: the list, new, detail and edit. */
function paymentPages(list: string): Record<string, PageKey> {
  return {
    [list]: 'payments',
    [`${list}/new`]: 'payment-new',
    [`${list}/:paymentId`]: 'payment',
    [`${list}/:paymentId/edit`]: 'payment-edit',
  };
}

/** Routes that work in the current company (the statements and expenses APIs are the company's). */
function inCompany(routes: RouteDef[]): RouteDef[] {
  return routes.map((r) => ({ ...r, tenantized: true }));
}

/** Gives some of a helper's routes (children, say) their pages, by path. */
function withPages(routes: RouteDef[], pages: Record<string, PageKey>): RouteDef[] {
  return routes.map((r) => (pages[r.path] ? { ...r, page: pages[r.path] } : r));
}

/** The generic reference-data pages; each collection's config lives in pages/admin/reference. */
const REFERENCE_PAGES = {
  list: 'admin-reference-list',
  new: 'admin-reference-form',
  detail: 'admin-reference-detail',
  edit: 'admin-reference-form',
} as const;

const adminRoutes: RouteDef[] = [
  admin('/admin', 'AdminDashboard', 'Admin dashboard', 'admin-dashboard'),
  admin('/admin/site_help', 'AdminSiteHelp', 'Admin: site help', 'admin-site-help'),
  admin('/admin/importer', 'AdminImporter', 'Admin: importer', 'admin-importer'),
  // Releases waiting for review across companies.
  admin('/admin/quality_control', 'AdminQualityControl', 'Admin: quality control', 'admin-quality-control'),
  // Background jobs of every company left unfinished past their expected time, with Resume.
  admin('/admin/jobs', 'AdminJobs', 'Admin: jobs', 'admin-jobs'),
  ...adminEntity(
    'metadata_maps',
    'metadata_map',
    [],
    {},
    {
      list: 'admin-metadata-maps',
      new: 'admin-metadata-map-form',
      detail: 'admin-metadata-map',
      edit: 'admin-metadata-map-form',
    },
  ),
  ...adminEntity(
    'access_tokens',
    'access_token',
    [],
    {},
    {
      list: 'admin-access-tokens',
      new: 'admin-access-token-form',
      detail: 'admin-access-token',
      edit: 'admin-access-token-form',
    },
  ),
  ...adminEntity('artists', 'artist', [], {}, REFERENCE_PAGES),
  ...withPages(
    adminEntity(
      'companies',
      'company',
      ['connections', 'distribution', 'site_settings'],
      { list: 'CompaniesAdmin', detail: 'CompanyAdmin' },
      {
        list: 'admin-companies',
        new: 'admin-company-form',
        detail: 'admin-company',
        edit: 'admin-company-form',
      },
    ),
    {
      '/admin/companies/:companyId/connections': 'admin-company-section',
      '/admin/companies/:companyId/site_settings': 'admin-company-section',
    },
  ),
  ...adminEntity('contributors', 'contributor', [], {}, REFERENCE_PAGES),
  ...adminEntity('countries', 'country', [], {}, REFERENCE_PAGES),
  admin(
    '/admin/distributed_labels/statements',
    'AdminDistributedLabelsStatements',
    'Admin: distributed label statements',
    'admin-distribution-statements',
  ),
  ...adminEntity(
    'distributed_labels',
    'distributed_label',
    [],
    {},
    {
      list: 'admin-distributed-labels',
      new: 'admin-distributed-label-form',
      detail: 'admin-distributed-label',
      edit: 'admin-distributed-label-form',
    },
  ),
  ...adminEntity('distributors', 'distributor', [], {}, REFERENCE_PAGES),
  ...adminEntity('dsps', 'dsp', [], {}, REFERENCE_PAGES),
  ...adminEntity('genres', 'genre', [], {}, REFERENCE_PAGES),
  ...adminEntity(
    'imports',
    'import',
    [],
    { list: 'AdminImports', detail: 'AdminImport' },
    { list: 'admin-imports', detail: 'admin-import', new: 'admin-import-form', edit: 'admin-import-form' },
  ),
  ...withPages(
    adminEntity(
      'labels',
      'label',
      ['assets', 'settings'],
      { list: 'LabelsAdmin', new: 'LabelAdminNew', detail: 'LabelAdmin', edit: 'LabelAdminEdit' },
      {
        list: 'admin-labels',
        new: 'admin-label-form',
        detail: 'admin-label',
        edit: 'admin-label-form',
      },
    ),
    {
      '/admin/labels/:labelId/assets': 'admin-label-assets',
      '/admin/labels/:labelId/settings': 'admin-label-settings',
    },
  ),
  ...adminEntity('languages', 'language', [], {}, REFERENCE_PAGES),
  ...adminEntity(
    'notices',
    'notice',
    [],
    {},
    { list: 'admin-notices', new: 'admin-notice-form', detail: 'admin-notice', edit: 'admin-notice-form' },
  ),
  ...adminEntity('performer_roles', 'performer_role', [], {}, REFERENCE_PAGES),
  ...adminEntity('publishers', 'publisher', [], {}, REFERENCE_PAGES),
  ...adminEntity('recordings', 'recording', [], {}, REFERENCE_PAGES),
  ...adminEntity('releases', 'release', ['distribution'], {}, REFERENCE_PAGES),
  ...adminEntity('retailers', 'retailer', [], {}, REFERENCE_PAGES),
  ...adminEntity('rightsholders', 'rightsholder', [], {}, REFERENCE_PAGES),
  ...adminEntity(
    'royalties',
    'royalty',
    [],
    {},
    { list: 'admin-royalties', new: 'admin-royalty-form', detail: 'admin-royalty', edit: 'admin-royalty-form' },
  ),
  ...adminEntity('societies', 'society', [], {}, REFERENCE_PAGES),
  ...inCompany(
    adminEntity(
      'statements',
      'statement',
      [],
      {},
      { list: 'statements', new: 'statement-run', detail: 'statement', edit: 'statement-edit' },
    ),
  ),
  ...adminEntity(
    'subscriptions',
    'subscription',
    [],
    {},
    {
      list: 'admin-subscriptions',
      new: 'admin-subscription-form',
      detail: 'admin-subscription',
      edit: 'admin-subscription-form',
    },
  ),
  ...withPages(
    adminEntity(
      'users',
      'user',
      ['access_tokens', 'bug_reports', 'companies', 'imports', 'logs', 'settings', 'notices'],
      { list: 'UsersAdmin', detail: 'UserAdmin' },
      {
        list: 'admin-users',
        new: 'admin-user-form',
        detail: 'admin-user',
        edit: 'admin-user-form',
      },
    ),
    {
      '/admin/users/:userId/access_tokens': 'admin-user-access-tokens',
      '/admin/users/:userId/bug_reports': 'admin-user-bug-reports',
      '/admin/users/:userId/logs': 'admin-user-logs',
      '/admin/users/:userId/imports': 'admin-user-imports',
      '/admin/users/:userId/settings': 'admin-user-settings',
      '/admin/users/:userId/companies': 'admin-user-companies',
      '/admin/users/:userId/notices': 'admin-user-notices',
    },
  ),
];

const dist = (path: string, name: string, title: string) => admin(`/distribution${path}`, name, title);
const distributionRoutes: RouteDef[] = withPages(
  [
    dist('', 'DistributionDashboard', 'Distribution dashboard'),
    dist('/distributors', 'DistributionDistributors', 'Distribution: distributors'),
    dist('/distributors/new', 'DistributionNewDistributor', 'Distribution: new distributor'),
    dist('/distributors/:distributorId', 'DistributionDistributor', 'Distribution: distributor'),
    dist('/distributors/:distributorId/edit', 'DistributionEditDistributor', 'Distribution: edit distributor'),
    dist('/distributors/:distributorId/dsps', 'DistributionDistributorDsps', 'Distribution: distributor DSPs'),
    // The CRM and the client companies and labels are the current company's (the distributor's) clients.
    adminTenant('/distribution/crm', 'DistributionCrm', 'Distribution: CRM'),
    dist('/finances', 'DistributionFinances', 'Distribution: finances'),
    // The royalties pages work in the current company (the tenant area's pages, shown here to admins).
    ...children(adminTenant, '/distribution/finances', 'DistributionFinances', 'Distribution finances', [
      'royalties',
      'royalties/imports',
      'royalties/import',
      'royalties/import/:importId',
      'royalties/bulk_actions',
    ]),
    // Payment runs pay the current company's statements.
    ...children(adminTenant, '/distribution/finances', 'DistributionFinances', 'Distribution finances', [
      'payment_run',
    ]),
    // Statements, runs and expenses are the current company's, like the royalties.
    ...children(adminTenant, '/distribution/finances', 'DistributionFinances', 'Distribution finances', [
      'statement_run',
      'statements',
      'statements/bulk_actions',
      'statements/new',
      'statements/:statementId',
      'statements/:statementId/edit',
      'statements/:statementId/lines',
      'expenses',
      'expenses/new',
      'expenses/:expenseId/edit',
    ]),
    // Payments are the current company's, like its statements.
    adminTenant('/distribution/finances/payments', 'DistributionPayments', 'Distribution: payments'),
    ...children(adminTenant, '/distribution/finances/payments', 'DistributionPayments', 'Distribution payments', [
      'new',
      ':paymentId',
      ':paymentId/edit',
    ]),
    adminTenant('/distribution/companies', 'DistributionCompanies', 'Distribution: companies'),
    adminTenant('/distribution/companies/:companyId', 'DistributionCompany', 'Distribution: company'),
    dist('/companies/:companyId/finances', 'DistributionCompanyFinances', 'Distribution: company finances'),
    dist('/marketing', 'DistributionMarketing', 'Distribution: marketing'),
    dist('/catalogue', 'DistributionCatalogue', 'Distribution: catalogue'),
    dist('/deliveries', 'DistributionDeliveries', 'Distribution: deliveries'),
    // The product's release/deliveries and release_deliveries with /new and /bulk: the current company's deliveries.
    adminTenant('/distribution/release/deliveries', 'DistributionReleaseDeliveries', 'Distribution: release'),
    adminTenant('/distribution/release_deliveries', 'DistributionReleaseDeliveriesList', 'Distribution: deliveries'),
    adminTenant('/distribution/release_deliveries/new', 'DistributionNewReleaseDelivery', 'Distribution: new delivery'),
    adminTenant('/distribution/release_deliveries/bulk', 'DistributionBulkReleaseDeliveries', 'Distribution: bulk'),
    adminTenant('/distribution/labels', 'DistributionLabels', 'Distribution: labels'),
    adminTenant('/distribution/labels/:labelId', 'DistributionLabel', 'Distribution: label'),
    ...children(adminTenant, '/distribution/labels/:labelId', 'DistributionLabel', 'Distribution label', [
      'edit',
      'affiliates',
      'royalties',
    ]),
    ...children(admin, '/distribution/labels/:labelId', 'DistributionLabel', 'Distribution label', ['catalogue_tasks']),
    ...children(adminTenant, '/distribution/labels/:labelId', 'DistributionLabel', 'Distribution label', [
      'statement_settings',
    ]),
    ...children(admin, '/distribution/labels/:labelId', 'DistributionLabel', 'Distribution label', ['accounting']),
    dist('/releases', 'DistributionReleases', 'Distribution: releases'),
    dist('/releases/:releaseId', 'DistributionRelease', 'Distribution: release'),
    ...children(admin, '/distribution/releases/:releaseId', 'DistributionRelease', 'Distribution release', [
      'edit',
      'distribution',
    ]),
    dist('/recordings', 'DistributionRecordings', 'Distribution: recordings'),
    dist('/dsps', 'DistributionDSPs', 'Distribution: DSPs'),
    ...children(admin, '/distribution/dsps', 'DistributionDSPs', 'Distribution DSPs', [
      'new',
      'connections',
      'connection_requests',
      ':dspId',
      ':dspId/edit',
    ]),
    // The UPC pool is the current company's.
    adminTenant('/distribution/upcs', 'DistributionUpcs', 'Distribution: UPCs'),
    adminTenant('/distribution/upcs/import', 'DistributionUpcsImport', 'Distribution: import UPCs'),
    adminTenant('/distribution/royalty_maps', 'DistributionRoyaltyMaps', 'Distribution: royalty maps'),
    adminTenant('/distribution/royalty_maps/new', 'DistributionNewRoyaltyMap', 'Distribution: new royalty map'),
  ],
  {
    // The distribution team's queue of label requests (whitelist, YouTube claims, pitches).
    '/distribution/marketing': 'distribution-marketing',
    // The royalties pages of the tenant area, in the current company.
    '/distribution/finances/royalties': 'user-royalties',
    '/distribution/finances/royalties/bulk_actions': 'user-royalties',
    '/distribution/finances/royalties/imports': 'user-royalties-bulk-import',
    '/distribution/finances/royalties/import': 'user-royalties-bulk-import',
    '/distribution/finances/royalties/import/:importId': 'user-royalties-import',
    '/distribution/royalty_maps': 'user-royalties-map-import',
    '/distribution/royalty_maps/new': 'user-royalties-map-import',
    ...statementPages('/distribution/finances/statements', '/distribution/finances/statement_run'),
    '/distribution/finances/statements/bulk_actions': 'statements',
    '/distribution/finances/statements/new': 'statement-run',
    ...expensePages('/distribution/finances/expenses'),
    '/distribution/finances/payment_run': 'payment-run',
    ...paymentPages('/distribution/finances/payments'),
    // Distributors and DSPs are the reference collections' pages, in the distribution area.
    '/distribution/distributors': REFERENCE_PAGES.list,
    '/distribution/distributors/new': REFERENCE_PAGES.new,
    '/distribution/distributors/:distributorId': REFERENCE_PAGES.detail,
    '/distribution/distributors/:distributorId/edit': REFERENCE_PAGES.edit,
    '/distribution/distributors/:distributorId/dsps': REFERENCE_PAGES.detail,
    '/distribution/dsps': REFERENCE_PAGES.list,
    '/distribution/dsps/new': REFERENCE_PAGES.new,
    '/distribution/dsps/:dspId': REFERENCE_PAGES.detail,
    '/distribution/dsps/:dspId/edit': REFERENCE_PAGES.edit,
  },
);

const billingRoutes: RouteDef[] = [
  admin('/billing', 'Billing', 'Billing', 'billing'),
  admin('/billing/coupons', 'BillingCoupons', 'Billing: coupons', 'billing-coupons'),
  // A company's billing (its managers): subscription, card as reported, billing details, subscribe and cancel.
  user('/user/companies/:companyId/billing', 'UserCompanyBilling', 'Company billing', 'company-billing'),
  // The local billing provider's checkout page (local cloud only; Stripe Checkout in AWS).
  user('/local_checkout/:sessionId', 'LocalCheckout', 'Checkout', 'local-checkout'),
];

/** Finances: the finances views, label accounting and the distribution dashboard, by path. */
const FINANCE_PAGES: Record<string, PageKey> = {
  '/user/finances': 'finances',
  '/user/labels/finances': 'label-finances',
  '/user/labels/finances/royalties': 'user-royalties',
  '/user/labels/finances/royalties/reports': 'label-accounting-reports',
  '/user/companies/:companyId/finances': 'company-finances',
  '/user/companies/:companyId/finances/analytics': 'company-finances',
  '/user/companies/:companyId/finances/label/:labelId': 'company-label-finances',
  '/user/companies/:companyId/finances/distribution_statements': 'company-distribution-statements',
  '/user/companies/:companyId/finances/distribution_expenses': 'company-distribution-expenses',
  '/distribution': 'distribution-dashboard',
  '/distribution/finances': 'distribution-finances',
  '/distribution/companies/:companyId/finances': 'company-finances',
  '/distribution/labels/:labelId/accounting': 'distribution-label-accounting',
};

/** Deliveries: a release's Distribution tab (tenant, admin and distribution areas) and the delivery records. */
const DELIVERY_PAGES: Record<string, PageKey> = {
  '/user/releases/:releaseId/distribution': 'release-distribution',
  '/user/releases/:releaseId/distribution/deliveries': 'release-distribution',
  '/admin/releases/:releaseId/distribution': 'release-distribution',
  '/distribution/releases/:releaseId/distribution': 'release-distribution',
  '/distribution/deliveries': 'distribution-deliveries',
  '/distribution/release/deliveries': 'release-deliveries',
  '/distribution/release_deliveries': 'release-deliveries',
  '/distribution/release_deliveries/new': 'release-delivery-new',
  '/distribution/release_deliveries/bulk': 'release-deliveries-bulk',
};

/**
 * Connections: DSP links, distributor links, the UPC pool and the distribution
 * catalogue; its releases and recordings are the catalogue's generic pages across companies.
 */
const CONNECTIONS_PAGES: Record<string, PageKey> = {
  '/distribution/dsps/connections': 'dsp-connections',
  '/distribution/dsps/connection_requests': 'dsp-connection-requests',
  '/user/companies/:companyId/distribution': 'company-distribution',
  '/user/companies/:companyId/distribution/dsps': 'company-dsps',
  '/user/companies/:companyId/distribution/distribution_settings': 'company-distribution-settings',
  '/user/companies/:companyId/distribution/distributor/new': 'company-add-distributor',
  '/admin/companies/:companyId/distribution': 'company-distribution',
  '/distribution/upcs': 'upcs',
  '/distribution/upcs/import': 'upcs-import',
  '/distribution/catalogue': 'distribution-catalogue',
  '/distribution/labels/:labelId/catalogue_tasks': 'label-catalogue-tasks',
  '/distribution/releases': REFERENCE_PAGES.list,
  '/distribution/releases/:releaseId': REFERENCE_PAGES.detail,
  '/distribution/releases/:releaseId/edit': REFERENCE_PAGES.edit,
  '/distribution/recordings': REFERENCE_PAGES.list,
};

/** The distributor's CRM, client companies and client labels (a label's children are tabs of its page). */
const CRM_PAGES: Record<string, PageKey> = {
  '/distribution/crm': 'distribution-crm',
  '/distribution/companies': 'distribution-companies',
  '/distribution/companies/:companyId': 'distribution-company',
  '/distribution/labels': 'distribution-labels',
  '/distribution/labels/:labelId': 'distribution-label',
  '/distribution/labels/:labelId/edit': 'distribution-label',
  '/distribution/labels/:labelId/affiliates': 'distribution-label',
  '/distribution/labels/:labelId/royalties': 'distribution-label',
  '/distribution/labels/:labelId/statement_settings': 'distribution-label',
};

/** Company pages and team: a company's own pages and the profile's children, by path. */
const COMPANY_PAGES: Record<string, PageKey> = {
  '/user/companies/:companyId/settings': 'company-settings',
  '/user/companies/:companyId/api_tokens': 'company-api-tokens',
  '/user/companies/:companyId/edit': 'company-edit',
  '/user/companies/:companyId/users': 'company-users',
  '/user/companies/:companyId/connections': 'company-connections',
  '/user/companies/:companyId/request_label': 'company-request-label',
  '/user/profile/bug_reports': 'profile-bug-reports',
  '/user/profile/logs': 'profile-logs',
  '/user/profile/imports': 'profile-imports',
  '/user/profile/imports/:importId': 'profile-import',
};

export const ROUTE_TABLE: readonly RouteDef[] = withPages(
  withPages([...publicRoutes, ...userRoutes, ...adminRoutes, ...distributionRoutes, ...billingRoutes], FINANCE_PAGES),
  { ...DELIVERY_PAGES, ...CONNECTIONS_PAGES, ...COMPANY_PAGES, ...CRM_PAGES },
).concat(pub('*', 'NotFound', 'Page not found', 'not-found'));

export const ROUTE_BY_NAME: ReadonlyMap<string, RouteDef> = new Map(ROUTE_TABLE.map((r) => [r.name, r]));

/** Fills a route's path parameters: routePath('UserLabel', { labelId }) → /user/labels/01H… */
export function routePath(name: string, params: Record<string, string> = {}): string {
  const route = ROUTE_BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs ${key}`);
    return encodeURIComponent(value);
  });
}
