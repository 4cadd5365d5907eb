import type { Permission } from '../shared/permissions.js';
import { getOrCreate } from './lib/get-or-create.js';
import {
  CATALOGUE_COLLECTIONS,
  CATALOGUE_WITH_FILES,
  REFERENCE_COLLECTIONS,
  REFERENCE_WITH_FILES,
  type Area,
  type OperationName,
} from './operation-names.js';

export type { Area, OperationName };

/**
 * The route table: the one list of API routes. The CDK stack builds API Gateway routes and
 * per-area Lambda integrations from it, the local gateway serves exactly these routes, and the
 * handler wrapper enforces each route's auth rule on the server.
 *
 * Auth rules:
 * - public: no sign-in (the request authorizer is not attached).
 * - user: a signed-in user.
 * - tenant: a signed-in user who is a member of the company named by the X-Company-Id header
 *   (the SPA's current company) and whose role there grants the route's permission
 *   (shared/permissions.ts); admins may work in any company.
 * - admin: role admin.
 * - artist_user: role artist_user.
 */
export type AuthRule = 'public' | 'user' | 'tenant' | 'admin' | 'artist_user';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route's auth rule; a tenant route also names the permission a member's company role must grant. */
export type RouteAuth =
  | { auth: 'tenant'; permission: Permission }
  | { auth: Exclude<AuthRule, 'tenant'>; permission?: undefined };

type RouteOf<A extends Area> = RouteAuth & {
  method: HttpMethod;
  /** API Gateway path syntax: /api/v1/labels/{id} */
  path: string;
  area: A;
  /** The operation inside the area's handler: one of the area's declared names (functions/operation-names.ts). */
  op: OperationName<A>;
};
export type Route = { [A in Area]: RouteOf<A> }[Area];

type Op<A extends Area> = OperationName<A>;
/** One route: a tenant route also names its permission; `op` must be one of the area's declared operations. */
function r<A extends Area>(
  method: HttpMethod,
  path: string,
  area: A,
  op: Op<A>,
  auth: Exclude<AuthRule, 'tenant'>,
): Route;
function r<A extends Area>(
  method: HttpMethod,
  path: string,
  area: A,
  op: Op<A>,
  auth: 'tenant',
  permission: Permission,
): Route;
function r<A extends Area>(
  method: HttpMethod,
  path: string,
  area: A,
  op: Op<A>,
  auth: AuthRule,
  permission?: Permission,
): Route {
  const access = (auth === 'tenant' ? { auth, permission } : { auth }) as RouteAuth;
  return { method, path: `/api/v1${path}`, area, op, ...access } as Route;
}

const hasFiles = <C extends string, F extends C>(withFiles: readonly F[], collection: C): collection is F & C =>
  (withFiles as readonly string[]).includes(collection);

/**
 * A reference collection's routes: anyone signed in reads (pickers), admins write.
 * bulk_destroy is listed before {id} so it is not read as an id.
 */
const referenceRoutes = (collection: (typeof REFERENCE_COLLECTIONS)[number]): Route[] => [
  r('GET', `/${collection}`, 'reference', `${collection}.list`, 'user'),
  r('DELETE', `/${collection}/bulk_destroy`, 'reference', `${collection}.bulkDestroy`, 'admin'),
  r('GET', `/${collection}/{id}`, 'reference', `${collection}.get`, 'user'),
  r('GET', `/${collection}/{id}/edit`, 'reference', `${collection}.get`, 'admin'),
  r('POST', `/${collection}`, 'reference', `${collection}.create`, 'admin'),
  r('PATCH', `/${collection}/{id}`, 'reference', `${collection}.update`, 'admin'),
  r('DELETE', `/${collection}/{id}`, 'reference', `${collection}.delete`, 'admin'),
  ...(hasFiles(REFERENCE_WITH_FILES, collection)
    ? [r('POST', `/${collection}/uploads`, 'reference', `${collection}.upload`, 'admin')]
    : []),
  // The DSP form saves with PUT.
  ...(collection === 'dsps' ? [r('PUT', `/${collection}/{id}`, 'reference', `${collection}.update`, 'admin')] : []),
];

/**
 * Payees are who the money goes to (their statements and payment settings): members read them
 * with the catalogue (pickers on artists and recordings), but changing one needs money rights.
 */
const CATALOGUE_WRITE_PERMISSION: Partial<Record<(typeof CATALOGUE_COLLECTIONS)[number], Permission>> = {
  payees: 'money.write',
};

/**
 * A company's catalogue collection: members of the company read and write it; admins
 * reach every company's records under /admin. bulk_destroy and uploads come before {id}.
 */
const catalogueRoutes = (collection: (typeof CATALOGUE_COLLECTIONS)[number]): Route[] => {
  const write = CATALOGUE_WRITE_PERMISSION[collection] ?? 'catalogue.write';
  return [
    r('GET', `/${collection}`, 'catalogue', `${collection}.list`, 'tenant', 'catalogue.read'),
    r('POST', `/${collection}/bulk_destroy`, 'catalogue', `${collection}.bulkDestroy`, 'tenant', write),
    ...(hasFiles(CATALOGUE_WITH_FILES, collection)
      ? [r('POST', `/${collection}/uploads`, 'catalogue', `${collection}.upload`, 'tenant', write)]
      : []),
    r('GET', `/${collection}/{id}`, 'catalogue', `${collection}.get`, 'tenant', 'catalogue.read'),
    r('GET', `/${collection}/{id}/edit`, 'catalogue', `${collection}.get`, 'tenant', 'catalogue.read'),
    r('POST', `/${collection}`, 'catalogue', `${collection}.create`, 'tenant', write),
    r('PATCH', `/${collection}/{id}`, 'catalogue', `${collection}.update`, 'tenant', write),
    r('DELETE', `/${collection}/{id}`, 'catalogue', `${collection}.delete`, 'tenant', write),
    r('GET', `/admin/${collection}`, 'catalogue', `${collection}.adminList`, 'admin'),
    r('POST', `/admin/${collection}`, 'catalogue', `${collection}.adminCreate`, 'admin'),
    r('GET', `/admin/${collection}/{id}`, 'catalogue', `${collection}.adminGet`, 'admin'),
    r('PATCH', `/admin/${collection}/{id}`, 'catalogue', `${collection}.adminUpdate`, 'admin'),
    r('DELETE', `/admin/${collection}/{id}`, 'catalogue', `${collection}.adminDelete`, 'admin'),
  ];
};

export const ROUTES: readonly Route[] = [
  // Sign-up, confirmation, invitations and password resets.
  r('POST', '/signup', 'auth', 'signUp', 'public'),
  r('PUT', '/find_unconfirmed_user', 'auth', 'findUnconfirmedUser', 'public'),
  r('POST', '/confirm_user', 'auth', 'confirmUser', 'public'),
  r('POST', '/find_user_and_send_email', 'auth', 'requestPasswordReset', 'public'),
  r('POST', '/check_user', 'auth', 'checkResetToken', 'public'),
  r('PATCH', '/change_password', 'auth', 'changePassword', 'public'),
  // The signed-in user.
  r('GET', '/me', 'auth', 'currentUser', 'user'),
  r('PATCH', '/user/{id}', 'auth', 'updateProfile', 'user'),

  // Companies the user belongs to (Choose Current Company) and the company page.
  r('GET', '/companies', 'companies', 'listMyCompanies', 'user'),
  r('GET', '/companies/{id}', 'companies', 'getCompany', 'user'),
  // Onboarding (docs/onboarding.md): a signed-in user creates their own company; a manager invites people
  // into theirs (pending invitations listed and withdrawn by id); the invitee opens the mailed
  // /invitations/{token} link and accepts, declines, or (a new account) sets a password, which accepts it.
  r('POST', '/companies', 'companies', 'createOwnCompany', 'user'),
  r('POST', '/company/users', 'companies', 'inviteMember', 'tenant', 'company.manage'),
  r('GET', '/company/invitations', 'companies', 'listCompanyInvitations', 'tenant', 'company.manage'),
  r('DELETE', '/company/invitations/{id}', 'companies', 'revokeInvitation', 'tenant', 'company.manage'),
  r('GET', '/invitations', 'companies', 'myInvitations', 'user'),
  r('GET', '/invitations/{token}', 'companies', 'describeInvitation', 'public'),
  r('POST', '/invitations/{token}/accept', 'companies', 'acceptInvitation', 'user'),
  r('POST', '/invitations/{token}/decline', 'companies', 'declineInvitation', 'user'),
  r('POST', '/invitations/{token}/setup_account', 'companies', 'setUpInvitedAccount', 'public'),
  r('GET', '/admin/companies', 'companies', 'listAllCompanies', 'admin'),
  r('POST', '/admin/companies', 'companies', 'adminCreateCompany', 'admin'),
  r('GET', '/admin/companies/{id}', 'companies', 'adminGetCompany', 'admin'),
  r('PATCH', '/admin/companies/{id}', 'companies', 'adminUpdateCompany', 'admin'),
  r('DELETE', '/admin/companies/{id}', 'companies', 'adminDeleteCompany', 'admin'),
  r('POST', '/admin/companies/{id}/uploads', 'companies', 'adminPresignCompanyFile', 'admin'),
  // The company's own pages: its managers edit it and run its team; `{id}`
  // must be the current company (X-Company-Id), another company's is 404.
  r('PATCH', '/companies/{id}', 'companies', 'updateOwnCompany', 'tenant', 'company.manage'),
  r('POST', '/companies/{id}/uploads', 'companies', 'presignOwnCompanyFile', 'tenant', 'company.manage'),
  r('PATCH', '/company/users/{id}', 'companies', 'changeMemberRole', 'tenant', 'company.manage'),
  r('DELETE', '/company/users/{id}', 'companies', 'removeMember', 'tenant', 'company.manage'),
  // A company's links to stores and distributors: admins
  // connect, the company asks for a store and sees its links. Only `connected` lets it deliver.
  r('GET', '/companies/{id}/dsp_connections', 'companies', 'adminCompanyDspConnections', 'admin'),
  r('POST', '/companies/{id}/dsp_connections', 'companies', 'adminCreateDspConnection', 'admin'),
  r('GET', '/dsp_connections', 'companies', 'adminListDspConnections', 'admin'),
  r('PATCH', '/dsp_connections/{id}', 'companies', 'adminUpdateDspConnection', 'admin'),
  r('GET', '/requested_dsps', 'companies', 'adminRequestedDsps', 'admin'),
  r('POST', '/companies/{id}/distributors', 'companies', 'adminSaveCompanyDistributor', 'admin'),
  r('POST', '/companies/{id}/distributors/uploads', 'companies', 'adminPresignDistributorContract', 'admin'),
  r('GET', '/companies/{id}/distribution', 'companies', 'adminCompanyDistribution', 'admin'),
  r('GET', '/company/dsp_connections', 'companies', 'myDspConnections', 'tenant', 'delivery.read'),
  r('POST', '/company/dsp_connections', 'companies', 'requestDsp', 'tenant', 'delivery.write'),
  r('GET', '/company/distributors', 'companies', 'myDistributors', 'tenant', 'delivery.read'),
  // The company's UPC pool: import, list, link the next free code.
  r('GET', '/distribution_upcs', 'companies', 'listUpcs', 'tenant', 'delivery.read'),
  r('POST', '/distribution_upcs/import', 'companies', 'importUpcs', 'tenant', 'delivery.write'),
  r('POST', '/distribution_upcs/link_to_release', 'companies', 'linkUpcToRelease', 'tenant', 'delivery.write'),
  // The distributor's CRM (functions/crm): the company's own client companies and their labels, for its managers.
  r('GET', '/crm', 'companies', 'crmList', 'tenant', 'company.manage'),
  r('POST', '/crm/clients', 'companies', 'onboardCrmClient', 'tenant', 'company.manage'),
  r('GET', '/crm/clients/{id}', 'companies', 'getCrmClient', 'tenant', 'company.manage'),
  r('PATCH', '/crm/clients/{id}', 'companies', 'updateCrmClient', 'tenant', 'company.manage'),
  r('POST', '/crm/clients/{id}/notes', 'companies', 'addCrmNote', 'tenant', 'company.manage'),
  r('POST', '/crm/clients/{id}/todo_tasks', 'companies', 'addCrmTask', 'tenant', 'company.manage'),
  r('PATCH', '/crm/clients/{id}/todo_tasks/{taskId}', 'companies', 'updateCrmTask', 'tenant', 'company.manage'),
  r('POST', '/crm/clients/{id}/labels', 'companies', 'createClientLabel', 'tenant', 'company.manage'),
  r('GET', '/company_labels', 'companies', 'companyLabels', 'tenant', 'company.manage'),
  r('GET', '/distributor_labels', 'companies', 'distributorLabels', 'tenant', 'company.manage'),
  r('GET', '/distribution_labels/{id}', 'companies', 'getClientLabel', 'tenant', 'company.manage'),
  r('PATCH', '/distribution_labels/{id}', 'companies', 'updateClientLabel', 'tenant', 'company.manage'),
  r('PUT', '/distribution_labels/{id}/stores', 'companies', 'setClientLabelStores', 'tenant', 'company.manage'),
  r('GET', '/distribution_labels/{id}/royalties', 'royalties', 'clientLabelRoyalties', 'tenant', 'company.manage'),

  // Labels of the current company.
  r('GET', '/labels', 'catalogue', 'listLabels', 'tenant', 'catalogue.read'),
  r('POST', '/labels', 'catalogue', 'createLabel', 'tenant', 'catalogue.write'),
  // Before /labels/{id}: the local gateway takes the first route that matches (exports slice).
  r('GET', '/labels/export_catalogue', 'exports', 'exportLabelCatalogue', 'tenant', 'catalogue.read'),
  r('GET', '/labels/{id}', 'catalogue', 'getLabel', 'tenant', 'catalogue.read'),
  r('GET', '/labels/{id}/edit', 'catalogue', 'getLabel', 'tenant', 'catalogue.read'),
  r('PATCH', '/labels/{id}', 'catalogue', 'updateLabel', 'tenant', 'catalogue.write'),
  r('DELETE', '/labels/{id}', 'catalogue', 'deleteLabel', 'tenant', 'catalogue.write'),
  r('POST', '/labels/{id}/logo_upload', 'catalogue', 'presignLabelLogo', 'tenant', 'catalogue.write'),
  r('POST', '/labels/{id}/contract_upload', 'catalogue', 'presignLabelContract', 'tenant', 'catalogue.write'),
  // Labels of every tenant (LabelsAdmin, LabelAdmin).
  r('GET', '/admin/labels', 'catalogue', 'listAllLabels', 'admin'),
  r('POST', '/admin/labels', 'catalogue', 'adminCreateLabel', 'admin'),
  r('GET', '/admin/labels/{id}', 'catalogue', 'adminGetLabel', 'admin'),
  r('PATCH', '/admin/labels/{id}', 'catalogue', 'adminUpdateLabel', 'admin'),
  r('DELETE', '/admin/labels/{id}', 'catalogue', 'adminDeleteLabel', 'admin'),
  // Label requests: a member asks, an admin approves or rejects.
  r('POST', '/label_requests', 'catalogue', 'requestLabel', 'tenant', 'catalogue.write'),
  r('POST', '/admin/labels/{id}/approve', 'catalogue', 'adminApproveLabel', 'admin'),
  r('POST', '/admin/labels/{id}/reject', 'catalogue', 'adminRejectLabel', 'admin'),

  // Subscription plans (docs/plans.md): admins maintain them;
  // list_products and retrieve_plans come before {id} so they are not read as ids.
  r('GET', '/subscriptions', 'plans', 'listPlans', 'admin'),
  r('GET', '/subscriptions/list_products', 'plans', 'listProducts', 'admin'),
  r('GET', '/subscriptions/retrieve_plans', 'plans', 'retrievePlans', 'admin'),
  r('GET', '/subscriptions/{id}', 'plans', 'getPlan', 'admin'),
  r('POST', '/subscriptions', 'plans', 'createPlan', 'admin'),
  r('PATCH', '/subscriptions/{id}', 'plans', 'updatePlan', 'admin'),
  r('DELETE', '/subscriptions/{id}', 'plans', 'deletePlan', 'admin'),
  // The current company's plan, usage and the plans to compare: every member, on every plan (no feature).
  r('GET', '/company/plan', 'plans', 'companyPlan', 'tenant', 'catalogue.read'),

  // Admin: users.
  r('GET', '/admin/users', 'auth', 'adminListUsers', 'admin'),
  r('POST', '/admin/users', 'auth', 'adminInviteUser', 'admin'),
  r('GET', '/admin/users/{id}', 'auth', 'adminGetUser', 'admin'),
  r('PATCH', '/admin/users/{id}', 'auth', 'adminUpdateUser', 'admin'),
  r('DELETE', '/admin/users/{id}', 'auth', 'adminDeleteUser', 'admin'),
  r('POST', '/admin/users/{id}/resend_create_email', 'auth', 'adminResendInvite', 'admin'),
  // Activity logs (sign-ins and changes, with IP) and their GDPR deletion.
  r('GET', '/admin/logs', 'auth', 'listLogs', 'admin'),
  // The signed-in user's own log (profile logs page).
  r('GET', '/logs', 'auth', 'myLogs', 'user'),
  r('POST', '/admin/gdpr/delete_logs', 'auth', 'deleteLogs', 'admin'),

  // Notices: the signed-in user's inbox, and admins sending them.
  r('GET', '/notices', 'notices', 'myNotices', 'user'),
  r('PATCH', '/notices/{id}', 'notices', 'markRead', 'user'),
  r('GET', '/admin/notices', 'notices', 'listNotices', 'admin'),
  r('POST', '/admin/notices', 'notices', 'createNotice', 'admin'),
  r('GET', '/admin/notices/{id}', 'notices', 'getNotice', 'admin'),
  r('GET', '/admin/notices/{id}/edit', 'notices', 'getNotice', 'admin'),
  r('PATCH', '/admin/notices/{id}', 'notices', 'updateNotice', 'admin'),
  r('DELETE', '/admin/notices/{id}', 'notices', 'deleteNotice', 'admin'),
  r('GET', '/admin/users/{id}/notices', 'notices', 'userNotices', 'admin'),

  // Bug reports: anyone signed in reports, admins read and delete.
  r('POST', '/bug_reports', 'support', 'reportBug', 'user'),
  // The signed-in user's own reports (profile bug_reports page).
  r('GET', '/bug_reports', 'support', 'myBugReports', 'user'),
  r('GET', '/admin/bug_reports', 'support', 'listBugReports', 'admin'),
  // Background jobs of every company left unfinished past their expected time, and their Resume.
  r('GET', '/admin/jobs', 'jobs', 'listStuckJobs', 'admin'),
  r('POST', '/admin/jobs/{kind}/{tenantId}/{id}/resume', 'jobs', 'resumeJob', 'admin'),
  r('DELETE', '/admin/bug_reports/{id}', 'support', 'deleteBugReport', 'admin'),

  // The help panel's texts: anyone signed in reads them, admins edit a page's (by its SPA route name) or reset it.
  r('GET', '/site_help', 'support', 'listSiteHelp', 'user'),
  r('PUT', '/admin/site_help/{page}', 'support', 'saveSiteHelp', 'admin'),
  r('DELETE', '/admin/site_help/{page}', 'support', 'resetSiteHelp', 'admin'),
  // Access tokens, admin only; revoke_all is listed before {id}.
  r('GET', '/admin/access_tokens', 'support', 'listAccessTokens', 'admin'),
  r('POST', '/admin/access_tokens', 'support', 'createAccessToken', 'admin'),
  r('POST', '/admin/access_tokens/revoke_all', 'support', 'revokeAllAccessTokens', 'admin'),
  r('GET', '/admin/access_tokens/{id}', 'support', 'getAccessToken', 'admin'),
  r('PATCH', '/admin/access_tokens/{id}', 'support', 'updateAccessToken', 'admin'),
  r('DELETE', '/admin/access_tokens/{id}', 'support', 'deleteAccessToken', 'admin'),
  // A company's API tokens: its managers make, list and revoke them (a token itself never may).
  r('GET', '/company/api_tokens', 'support', 'listCompanyApiTokens', 'tenant', 'company.manage'),
  r('POST', '/company/api_tokens', 'support', 'createCompanyApiToken', 'tenant', 'company.manage'),
  r('DELETE', '/company/api_tokens/{id}', 'support', 'revokeCompanyApiToken', 'tenant', 'company.manage'),

  // The imports history: users their own, admins anyone's.
  r('GET', '/imports', 'imports', 'listImports', 'user'),
  r('POST', '/imports', 'imports', 'addImport', 'user'),
  r('POST', '/imports/bulk_destroy', 'imports', 'bulkDestroyImports', 'user'),
  r('GET', '/imports/{id}', 'imports', 'getImport', 'user'),
  r('DELETE', '/imports/{id}', 'imports', 'deleteImport', 'user'),
  // Admins correct a record's facts (the admin imports edit page).
  r('PATCH', '/imports/{id}', 'imports', 'updateImport', 'admin'),
  // Catalogue imports: a file presigned into the company's import folder, previewed (every error,
  // nothing written), started (the worker writes it in chunks), its progress; import_release(s).
  r('POST', '/catalogue_imports/uploads', 'imports', 'presignCatalogueImport', 'tenant', 'catalogue.write'),
  r('POST', '/catalogue_imports/preview', 'imports', 'previewCatalogueImport', 'tenant', 'catalogue.write'),
  r('POST', '/catalogue_imports', 'imports', 'startCatalogueImport', 'tenant', 'catalogue.write'),
  // Before `{id}`: the first route that matches a path answers it.
  r('GET', '/catalogue_imports/template', 'imports', 'catalogueImportTemplate', 'tenant', 'catalogue.read'),
  r('GET', '/catalogue_imports/{id}', 'imports', 'getCatalogueImport', 'tenant', 'catalogue.read'),
  r('POST', '/import_releases', 'imports', 'importReleases', 'tenant', 'catalogue.write'),
  r('POST', '/import_release', 'imports', 'importRelease', 'tenant', 'catalogue.write'),
  // The admin importer (models, model_attributes, records) and its metadata maps, admins only.
  r('GET', '/importer', 'importer', 'importerModels', 'admin'),
  r('POST', '/model_attributes', 'importer', 'modelAttributes', 'admin'),
  r('POST', '/importer/uploads', 'importer', 'presignImporterFile', 'admin'),
  r('POST', '/importer/preview', 'importer', 'previewImporter', 'admin'),
  r('POST', '/importer', 'importer', 'startImporter', 'admin'),
  r('GET', '/metadata_maps', 'importer', 'listMetadataMaps', 'admin'),
  r('GET', '/metadata_maps/{id}', 'importer', 'getMetadataMap', 'admin'),
  r('GET', '/metadata_maps/{id}/edit', 'importer', 'getMetadataMap', 'admin'),
  r('POST', '/metadata_maps', 'importer', 'createMetadataMap', 'admin'),
  r('PATCH', '/metadata_maps/{id}', 'importer', 'updateMetadataMap', 'admin'),
  r('DELETE', '/metadata_maps/{id}', 'importer', 'deleteMetadataMap', 'admin'),

  // CWR files of the company's songs (docs/cwr.md): building one reads the
  // catalogue; recording one as sent writes. Listed before songs/{id} so the fixed paths are not ids.
  r('POST', '/songs/cwr', 'cwr', 'buildCwrFile', 'tenant', 'catalogue.read'),
  r('POST', '/songs/cwr_registrations', 'cwr', 'registerCwrFile', 'tenant', 'catalogue.write'),
  r('GET', '/songs/cwr_registrations', 'cwr', 'listCwrRegistrations', 'tenant', 'catalogue.read'),
  r('GET', '/songs/cwr_registrations/{id}/download', 'cwr', 'downloadCwrFile', 'tenant', 'catalogue.read'),

  // Promos (docs/promos.md): the promotion permission (the promotions role has it), the promo_system plan feature.
  r('GET', '/mailing_lists', 'promos', 'listMailingLists', 'tenant', 'promotion.read'),
  r('POST', '/mailing_lists', 'promos', 'createMailingList', 'tenant', 'promotion.write'),
  r('GET', '/mailing_lists/{id}', 'promos', 'getMailingList', 'tenant', 'promotion.read'),
  r('PATCH', '/mailing_lists/{id}', 'promos', 'updateMailingList', 'tenant', 'promotion.write'),
  r('POST', '/mailing_lists/{id}/members', 'promos', 'addMailingListMember', 'tenant', 'promotion.write'),
  r('POST', '/mailing_lists/{id}/members_csv', 'promos', 'importMailingListMembers', 'tenant', 'promotion.write'),
  // One member, by their address (URL-encoded): edited, or taken off the list.
  r('PATCH', '/mailing_lists/{id}/members/{email}', 'promos', 'updateMailingListMember', 'tenant', 'promotion.write'),
  r('DELETE', '/mailing_lists/{id}/members/{email}', 'promos', 'removeMailingListMember', 'tenant', 'promotion.write'),
  r('GET', '/mailing_lists/{id}/unengaged', 'promos', 'unengagedListMembers', 'tenant', 'promotion.read'),
  r('POST', '/mailing_lists/{id}/deactivate', 'promos', 'deactivateListMembers', 'tenant', 'promotion.write'),
  r('GET', '/promos', 'promos', 'listPromos', 'tenant', 'promotion.read'),
  r('POST', '/promos', 'promos', 'createPromo', 'tenant', 'promotion.write'),
  r('GET', '/promos/{id}', 'promos', 'getPromo', 'tenant', 'promotion.read'),
  r('PATCH', '/promos/{id}', 'promos', 'updatePromo', 'tenant', 'promotion.write'),
  r('DELETE', '/promos/{id}', 'promos', 'deletePromo', 'tenant', 'promotion.write'),
  r('POST', '/promos/{id}/send', 'promos', 'sendPromo', 'tenant', 'promotion.write'),
  r('POST', '/promos/{id}/follow_ups', 'promos', 'followUpPromo', 'tenant', 'promotion.write'),
  r('DELETE', '/promos/{id}/scheduled_send', 'promos', 'cancelScheduledPromoSend', 'tenant', 'promotion.write'),
  r('GET', '/promos/{id}/recipients', 'promos', 'promoRecipients', 'tenant', 'promotion.read'),
  r('GET', '/promos/{id}/recipients_csv', 'promos', 'promoRecipientsCsv', 'tenant', 'promotion.read'),
  r(
    'POST',
    '/promos/{id}/recipients/{recipientId}/revoke',
    'promos',
    'revokePromoRecipient',
    'tenant',
    'promotion.write',
  ),
  // "Whose file is this?": the browser sends the dropped file's SHA-256 and tag, never the file.
  r('POST', '/promo_traces', 'promos', 'whosePromoFile', 'tenant', 'promotion.read'),
  // A recipient's own link (public: the link's secret is the proof, checked on every call).
  r('GET', '/promo_pages/{id}/{accessToken}', 'promos', 'viewPromo', 'public'),
  r('POST', '/promo_pages/{id}/{accessToken}/plays', 'promos', 'playPromoTrack', 'public'),
  r('POST', '/promo_pages/{id}/{accessToken}/feedback', 'promos', 'givePromoFeedback', 'public'),
  r('POST', '/promo_pages/{id}/{accessToken}/downloads', 'promos', 'downloadPromoTrack', 'public'),
  // RFC 8058 one-click unsubscribe: POST only, so a mail scanner following links unsubscribes nobody.
  r('POST', '/promo_unsubscribe/{id}/{accessToken}', 'promos', 'unsubscribeFromPromos', 'public'),
  // The template designer (a label's promo mail templates), the preview and a test send to oneself; the artist's report.
  r('GET', '/promo_templates', 'promos', 'listPromoTemplates', 'tenant', 'promotion.read'),
  r('POST', '/promo_templates', 'promos', 'createPromoTemplate', 'tenant', 'promotion.write'),
  r('GET', '/promo_templates/{id}', 'promos', 'getPromoTemplate', 'tenant', 'promotion.read'),
  r('PATCH', '/promo_templates/{id}', 'promos', 'updatePromoTemplate', 'tenant', 'promotion.write'),
  r('POST', '/promo_templates/{id}/test_send', 'promos', 'testSendPromoTemplate', 'tenant', 'promotion.write'),
  r('POST', '/promo_template_previews', 'promos', 'previewPromoTemplate', 'tenant', 'promotion.read'),
  r('GET', '/promos/{id}/report_pdf', 'promos', 'promoReportPdf', 'tenant', 'promotion.read'),
  r('GET', '/promo_pages/{id}/{accessToken}/cover', 'promos', 'promoCover', 'public'),
  // Smart links (docs/label-tools.md): catalogue rights, like the releases they point at. The landing page, the
  // store redirects and a label's store page are public: a fan has no account, the slug is the address.
  r('GET', '/smart_links', 'smart-links', 'listSmartLinks', 'tenant', 'catalogue.read'),
  r('POST', '/smart_links', 'smart-links', 'createSmartLink', 'tenant', 'catalogue.write'),
  r('GET', '/smart_links/{id}', 'smart-links', 'getSmartLink', 'tenant', 'catalogue.read'),
  r('PATCH', '/smart_links/{id}', 'smart-links', 'updateSmartLink', 'tenant', 'catalogue.write'),
  r('DELETE', '/smart_links/{id}', 'smart-links', 'deleteSmartLink', 'tenant', 'catalogue.write'),
  r('GET', '/link_pages/{slug}', 'smart-links', 'viewSmartLink', 'public'),
  // A fan's "notify me" on a pre-release link, and the one-click unsubscribe of its mail (POST only, RFC 8058).
  r('POST', '/link_pages/{slug}/fans', 'smart-links', 'notifyMeOnRelease', 'public'),
  r('POST', '/link_pages/{slug}/unsubscribe/{token}', 'smart-links', 'unsubscribeFan', 'public'),
  r('GET', '/go/{slug}', 'smart-links', 'followSmartLink', 'public'),
  r('GET', '/go/{slug}/{store}', 'smart-links', 'followSmartLinkStore', 'public'),
  r('GET', '/label_stores/{labelId}', 'smart-links', 'viewLabelStore', 'public'),
  // Contracts (docs/contracts.md): reading needs catalogue.read, every change catalogue.write.
  r('GET', '/contract_templates', 'contracts', 'listContractTemplates', 'tenant', 'catalogue.read'),
  // The company's own texts of the contract and licence templates its documents are written from.
  r('GET', '/document_templates', 'contracts', 'listDocumentTemplates', 'tenant', 'catalogue.read'),
  r('PATCH', '/document_templates/{id}', 'contracts', 'updateDocumentTemplate', 'tenant', 'catalogue.write'),
  r('GET', '/contracts', 'contracts', 'listContracts', 'tenant', 'catalogue.read'),
  r('POST', '/contracts', 'contracts', 'createContract', 'tenant', 'catalogue.write'),
  // Contracts from a file: a check that writes nothing, then the import (once per file).
  r('POST', '/contracts/import/check', 'contracts', 'checkContractImport', 'tenant', 'catalogue.write'),
  r('POST', '/contracts/import', 'contracts', 'importContracts', 'tenant', 'catalogue.write'),
  // What an unsaved contract would pay over past months: money figures, so it needs money.read.
  r('POST', '/contracts/preview', 'contracts', 'previewContract', 'tenant', 'money.read'),
  r('GET', '/contracts/{id}', 'contracts', 'getContract', 'tenant', 'catalogue.read'),
  r('PATCH', '/contracts/{id}', 'contracts', 'updateContract', 'tenant', 'catalogue.write'),
  r('DELETE', '/contracts/{id}', 'contracts', 'deleteContract', 'tenant', 'catalogue.write'),
  r('POST', '/contracts/{id}/amendments', 'contracts', 'amendContract', 'tenant', 'catalogue.write'),
  r('POST', '/contracts/{id}/update_contract', 'contracts', 'regenerateContractDocument', 'tenant', 'catalogue.write'),
  r('GET', '/contracts/{id}/document', 'contracts', 'contractDocument', 'tenant', 'catalogue.read'),
  r('POST', '/contracts/{id}/signed_copy_upload', 'contracts', 'presignSignedContract', 'tenant', 'catalogue.write'),
  r('PUT', '/contracts/{id}/signed_copy', 'contracts', 'attachSignedContract', 'tenant', 'catalogue.write'),
  r('GET', '/contracts/{id}/signed_copy', 'contracts', 'signedContractCopy', 'tenant', 'catalogue.read'),
  // A company's catalogue: artists, contributors, payees, releases, recordings.
  ...CATALOGUE_COLLECTIONS.flatMap(catalogueRoutes),
  // The metadata checker's findings on a release, and a label's next catalogue number.
  r('GET', '/releases/{id}/check', 'catalogue', 'checkRelease', 'tenant', 'catalogue.read'),
  r('PATCH', '/releases/{id}/update_status', 'catalogue', 'updateReleaseStatus', 'tenant', 'catalogue.write'),
  // Quality control: the label sends a release; admins review it across companies.
  r('POST', '/releases/{id}/quality_control', 'catalogue', 'sendToQualityControl', 'tenant', 'catalogue.write'),
  r('GET', '/admin/releases/{id}/check', 'catalogue', 'adminCheckRelease', 'admin'),
  r('PATCH', '/admin/releases/{id}/update_status', 'catalogue', 'adminUpdateReleaseStatus', 'admin'),
  // One change to many releases of any companies (admins).
  r('POST', '/releases/bulk_update', 'catalogue', 'bulkUpdateReleases', 'admin'),
  // A recording's audio: a presigned PUT; the upload worker does the rest.
  r('POST', '/recordings/{id}/update_audio', 'catalogue', 'presignRecordingAudio', 'tenant', 'catalogue.write'),
  // A release's cover art: a presigned PUT; the upload worker checks it.
  r('POST', '/releases/{id}/update_images', 'catalogue', 'presignReleaseCoverArt', 'tenant', 'catalogue.write'),
  // Files kept beside a release or a label: presigned PUT (update_assets), then registered, listed, deleted.
  r('POST', '/releases/{id}/update_assets', 'catalogue', 'presignReleaseAsset', 'tenant', 'catalogue.write'),
  r('GET', '/releases/{id}/assets', 'catalogue', 'listReleaseAssets', 'tenant', 'catalogue.read'),
  r('POST', '/releases/{id}/assets', 'catalogue', 'addReleaseAsset', 'tenant', 'catalogue.write'),
  r('DELETE', '/releases/{id}/assets/{assetId}', 'catalogue', 'deleteReleaseAsset', 'tenant', 'catalogue.write'),
  r('POST', '/labels/{id}/update_assets', 'catalogue', 'presignLabelAsset', 'tenant', 'catalogue.write'),
  r('GET', '/labels/{id}/assets', 'catalogue', 'listLabelAssets', 'tenant', 'catalogue.read'),
  r('POST', '/labels/{id}/assets', 'catalogue', 'addLabelAsset', 'tenant', 'catalogue.write'),
  r('DELETE', '/labels/{id}/assets/{assetId}', 'catalogue', 'deleteLabelAsset', 'tenant', 'catalogue.write'),
  r('POST', '/admin/labels/{id}/update_assets', 'catalogue', 'adminPresignLabelAsset', 'admin'),
  r('GET', '/admin/labels/{id}/assets', 'catalogue', 'adminListLabelAssets', 'admin'),
  r('POST', '/admin/labels/{id}/assets', 'catalogue', 'adminAddLabelAsset', 'admin'),
  r('DELETE', '/admin/labels/{id}/assets/{assetId}', 'catalogue', 'adminDeleteLabelAsset', 'admin'),
  // A label's tools: its to-do list and notebook, for the roles that change the catalogue.
  r('GET', '/labels/{id}/todo_list', 'catalogue', 'labelTodoList', 'tenant', 'catalogue.read'),
  r('POST', '/labels/{id}/todo_list', 'catalogue', 'createLabelTodoList', 'tenant', 'catalogue.write'),
  r('PATCH', '/labels/{id}/todo_list/{listId}', 'catalogue', 'updateLabelTodoList', 'tenant', 'catalogue.write'),
  r('POST', '/todo_tasks', 'catalogue', 'createTodoTask', 'tenant', 'catalogue.write'),
  r('PATCH', '/todo_tasks/{id}', 'catalogue', 'updateTodoTask', 'tenant', 'catalogue.write'),
  r('DELETE', '/todo_tasks/{id}', 'catalogue', 'deleteTodoTask', 'tenant', 'catalogue.write'),
  r('GET', '/labels/{id}/notebook', 'catalogue', 'labelNotebook', 'tenant', 'catalogue.read'),
  r('POST', '/labels/{id}/notebook', 'catalogue', 'createLabelNotebook', 'tenant', 'catalogue.write'),
  r('POST', '/notes', 'catalogue', 'createNote', 'tenant', 'catalogue.write'),
  r('PATCH', '/notes/{id}', 'catalogue', 'updateNote', 'tenant', 'catalogue.write'),
  r('DELETE', '/notes/{id}', 'catalogue', 'deleteNote', 'tenant', 'catalogue.write'),
  // The company's calendar for anyone who sees the catalogue; each user's own feed link, read by calendar apps
  // through its secret (public). Requests to the distributor's team are marketing work; the team's queue is admins'.
  r('GET', '/calendar', 'catalogue', 'labelCalendar', 'tenant', 'catalogue.read'),
  r('GET', '/calendar/feed', 'catalogue', 'calendarFeedState', 'tenant', 'catalogue.read'),
  r('POST', '/calendar/feed', 'catalogue', 'createCalendarFeed', 'tenant', 'catalogue.read'),
  r('DELETE', '/calendar/feed', 'catalogue', 'revokeCalendarFeed', 'tenant', 'catalogue.read'),
  r('GET', '/calendar_feeds/{token}', 'catalogue', 'calendarFeed', 'public'),
  r('POST', '/label_mailers/soundcloud_whitelist', 'catalogue', 'soundcloudWhitelist', 'tenant', 'promotion.write'),
  r('POST', '/label_mailers/youtube_claim', 'catalogue', 'youtubeClaim', 'tenant', 'promotion.write'),
  r('POST', '/marketing/album_ep_email', 'catalogue', 'albumEpPitch', 'tenant', 'promotion.write'),
  r('POST', '/marketing/standalone_single_email', 'catalogue', 'singlePitch', 'tenant', 'promotion.write'),
  r('POST', '/marketing/official_video_email', 'catalogue', 'officialVideoPitch', 'tenant', 'promotion.write'),
  // The tracks a pitch's focus track is chosen from: one of the release's recordings.
  r('GET', '/marketing/releases/{id}/tracks', 'catalogue', 'pitchReleaseTracks', 'tenant', 'promotion.read'),
  r('GET', '/marketing', 'catalogue', 'marketingRequests', 'tenant', 'promotion.read'),
  r('GET', '/distribution/marketing', 'catalogue', 'marketingQueue', 'admin'),
  r('PATCH', '/distribution/marketing/{id}', 'catalogue', 'moveMarketingRequest', 'admin'),
  r('GET', '/distribution/marketing_settings', 'catalogue', 'marketingSettings', 'admin'),
  r('PATCH', '/distribution/marketing_settings', 'catalogue', 'updateMarketingSettings', 'admin'),
  r('GET', '/labels/{id}/last_release', 'catalogue', 'lastRelease', 'tenant', 'catalogue.read'),
  // A label's settings: the defaults its new releases start with, and whether its public store page is open.
  r('GET', '/labels/{id}/settings', 'catalogue', 'labelReleaseDefaults', 'tenant', 'catalogue.read'),
  r('PATCH', '/labels/{id}/settings', 'catalogue', 'updateLabelReleaseDefaults', 'tenant', 'catalogue.write'),

  // Reference data.
  ...REFERENCE_COLLECTIONS.flatMap(referenceRoutes),
  // A company's own publishers beside the shared ones (functions/reference/company-publishers.ts).
  r('GET', '/company_publishers', 'reference', 'company_publishers.list', 'tenant', 'catalogue.read'),
  r('POST', '/company_publishers', 'reference', 'company_publishers.create', 'tenant', 'catalogue.write'),
  r('GET', '/company_publishers/{id}', 'reference', 'company_publishers.get', 'tenant', 'catalogue.read'),
  r('PATCH', '/company_publishers/{id}', 'reference', 'company_publishers.update', 'tenant', 'catalogue.write'),
  r('DELETE', '/company_publishers/{id}', 'reference', 'company_publishers.delete', 'tenant', 'catalogue.write'),

  // Royalties of the current company: the ledger, its sums and facets, and the
  // changes made on top of it. Fixed paths come before royalties/{id}.
  r('GET', '/royalties', 'royalties', 'listRoyalties', 'tenant', 'money.read'),
  r('POST', '/royalties', 'royalties', 'createRoyalty', 'tenant', 'money.write'),
  r('PATCH', '/royalties/mark_as_paid', 'royalties', 'markAsPaid', 'tenant', 'money.write'),
  r('PATCH', '/royalties/mark_as_unpaid', 'royalties', 'markAsUnpaid', 'tenant', 'money.write'),
  r('PATCH', '/royalties/mark_as_artist_paid', 'royalties', 'markAsArtistPaid', 'tenant', 'money.write'),
  r('PATCH', '/royalties/mark_as_artist_unpaid', 'royalties', 'markAsArtistUnpaid', 'tenant', 'money.write'),
  r('POST', '/royalties_bulk_update', 'royalties', 'bulkUpdateRoyalties', 'tenant', 'money.write'),
  r('GET', '/royalties/attributes', 'royalties', 'royaltyAttributes', 'tenant', 'money.read'),
  r('GET', '/import_royalties/model_attributes', 'royalties', 'royaltyAttributes', 'tenant', 'money.read'),
  r('GET', '/royalties/delivered_by', 'royalties', 'deliveredBy', 'tenant', 'money.read'),
  r('POST', '/royalties/deliverer_pay_periods', 'royalties', 'delivererPayPeriods', 'tenant', 'money.read'),
  r('GET', '/royalties/all_pay_periods', 'royalties', 'payPeriods', 'tenant', 'money.read'),
  r('POST', '/royalties/update_exchange_rates', 'royalties', 'updateExchangeRates', 'tenant', 'money.write'),
  r('POST', '/royalties/bulk', 'royalties', 'presignReport', 'tenant', 'money.write'),
  r('GET', '/pay_periods', 'royalties', 'payPeriods', 'tenant', 'money.read'),
  r('GET', '/pay_periods/years', 'royalties', 'payPeriodYears', 'tenant', 'money.read'),
  r('GET', '/label_royalties', 'royalties', 'labelRoyalties', 'tenant', 'money.read'),
  r('GET', '/release_royalties', 'royalties', 'releaseRoyalties', 'tenant', 'money.read'),
  r('GET', '/royalties/{id}', 'royalties', 'getRoyalty', 'tenant', 'money.read'),
  r('PATCH', '/royalties/{id}', 'royalties', 'updateRoyalty', 'tenant', 'money.write'),
  r('DELETE', '/royalties/{id}', 'royalties', 'deleteRoyalty', 'tenant', 'money.write'),
  // Report imports: the upload or drop-folder file, its control totals, rejected and unmatched lines.
  // The admin royalties across every company; a line is named by its company and id.
  r('GET', '/admin/royalties', 'royalties', 'listAdminRoyalties', 'admin'),
  r('POST', '/admin/royalties', 'royalties', 'createAdminRoyalty', 'admin'),
  r('GET', '/admin/royalties/{companyId}/{id}', 'royalties', 'getAdminRoyalty', 'admin'),
  r('PATCH', '/admin/royalties/{companyId}/{id}', 'royalties', 'updateAdminRoyalty', 'admin'),
  // Every company's statements, expenses and UPC pools for admins, with a company filter (admin and distribution pages opened with no company).
  r('GET', '/admin/statements', 'statements', 'listAdminStatements', 'admin'),
  r('GET', '/admin/expenses', 'accounts', 'listAdminExpenses', 'admin'),
  r('GET', '/admin/upcs', 'companies', 'listAdminUpcs', 'admin'),
  r('GET', '/royalty_imports', 'royalties', 'listImports', 'tenant', 'money.read'),
  r('GET', '/royalty_imports/{id}', 'royalties', 'getImport', 'tenant', 'money.read'),
  r('DELETE', '/royalty_imports/{id}', 'royalties', 'deleteImport', 'tenant', 'money.write'),
  r('POST', '/royalty_imports/{id}/confirm', 'royalties', 'confirmImport', 'tenant', 'money.write'),
  r('POST', '/royalty_imports/{id}/rerun', 'royalties', 'rerunImport', 'tenant', 'money.write'),
  r('POST', '/royalty_imports/{id}/accept', 'royalties', 'acceptImport', 'tenant', 'money.write'),
  r('GET', '/royalty_imports/{id}/unmatched', 'royalties', 'unmatchedLines', 'tenant', 'money.read'),
  r('POST', '/royalty_imports/{id}/assign', 'royalties', 'assignMatch', 'tenant', 'money.write'),
  r('POST', '/royalty_imports/{id}/rematch', 'royalties', 'rematchImport', 'tenant', 'money.write'),
  // Column maps ("royalty maps"), one per source, and a preview of a file through a map.
  r('GET', '/royalty_maps', 'royalties', 'listMaps', 'tenant', 'money.read'),
  r('POST', '/royalty_maps', 'royalties', 'createMap', 'tenant', 'money.write'),
  r('POST', '/royalty_maps/preview', 'royalties', 'previewMap', 'tenant', 'money.read'),
  r('GET', '/royalty_maps/{id}', 'royalties', 'getMap', 'tenant', 'money.read'),
  r('PATCH', '/royalty_maps/{id}', 'royalties', 'updateMap', 'tenant', 'money.write'),
  r('DELETE', '/royalty_maps/{id}', 'royalties', 'deleteMap', 'tenant', 'money.write'),
  // Exchange rates.
  r('GET', '/exchange_rates', 'royalties', 'listExchangeRates', 'tenant', 'money.read'),
  r('POST', '/exchange_rates/find', 'royalties', 'findExchangeRate', 'tenant', 'money.read'),
  r('POST', '/exchange_rates', 'royalties', 'createExchangeRate', 'tenant', 'money.write'),
  r('DELETE', '/exchange_rates/{id}', 'royalties', 'deleteExchangeRate', 'tenant', 'money.write'),
  // Licences in and out (docs/licensing.md): the pipeline is catalogue work; the invoice, its credit note, the payment
  // (which writes ledger lines or an expense) and deleting (which may remove them) move money.
  r('GET', '/licenses', 'royalties', 'listLicenses', 'tenant', 'catalogue.read'),
  r('GET', '/licensing/summary', 'royalties', 'licensingSummary', 'tenant', 'catalogue.read'),
  r('GET', '/licensing/invoices', 'royalties', 'licenceInvoiceRegister', 'tenant', 'money.read'),
  r('GET', '/licensing/invoices_csv', 'royalties', 'licenceInvoiceRegisterCsv', 'tenant', 'money.read'),
  r('POST', '/licenses', 'royalties', 'createLicense', 'tenant', 'catalogue.write'),
  r('GET', '/licenses/{id}', 'royalties', 'getLicense', 'tenant', 'catalogue.read'),
  r('PATCH', '/licenses/{id}', 'royalties', 'updateLicense', 'tenant', 'catalogue.write'),
  r('POST', '/licenses/{id}/status', 'royalties', 'moveLicense', 'tenant', 'catalogue.write'),
  r('POST', '/licenses/{id}/invoice', 'royalties', 'issueLicenseInvoice', 'tenant', 'money.write'),
  r('GET', '/licenses/{id}/invoice', 'royalties', 'licenseInvoicePdf', 'tenant', 'money.read'),
  r('GET', '/licenses/{id}/invoices/{number}', 'royalties', 'licenseInvoiceByNumber', 'tenant', 'money.read'),
  r('POST', '/licenses/{id}/credit_note', 'royalties', 'issueLicenseCreditNote', 'tenant', 'money.write'),
  r('GET', '/licenses/{id}/credit_notes/{number}', 'royalties', 'licenseCreditNotePdf', 'tenant', 'money.read'),
  r('POST', '/licenses/{id}/mail', 'royalties', 'mailLicenseDocument', 'tenant', 'money.write'),
  r('POST', '/licenses/{id}/payment', 'royalties', 'recordLicensePayment', 'tenant', 'money.write'),
  r('DELETE', '/licenses/{id}', 'royalties', 'deleteLicense', 'tenant', 'money.write'),
  r('POST', '/licenses/{id}/advance', 'royalties', 'recordLicenseAdvance', 'tenant', 'money.write'),
  r('POST', '/licenses/{id}/advance_refund', 'royalties', 'refundLicenseAdvance', 'tenant', 'money.write'),
  r('POST', '/licenses/{id}/payment_refund', 'royalties', 'refundLicensePayment', 'tenant', 'money.write'),
  r('POST', '/licenses/{id}/report_received', 'royalties', 'recordLicenseReport', 'tenant', 'catalogue.write'),
  r('GET', '/licenses/{id}/document', 'royalties', 'licenseDocument', 'tenant', 'catalogue.read'),
  r('POST', '/licenses/{id}/signed_copy_upload', 'royalties', 'presignSignedLicense', 'tenant', 'catalogue.write'),
  r('PUT', '/licenses/{id}/signed_copy', 'royalties', 'attachSignedLicense', 'tenant', 'catalogue.write'),
  r('GET', '/licenses/{id}/signed_copy', 'royalties', 'signedLicenseCopy', 'tenant', 'catalogue.read'),

  // Statements and statement runs (docs/statements.md): published statements are
  // numbered and never change; runs preview, then publish through the statement worker. Fixed
  // paths come before statements/{id}.
  r('GET', '/statements', 'statements', 'listStatements', 'tenant', 'money.read'),
  r('POST', '/statements', 'statements', 'createStatement', 'tenant', 'money.write'),
  r('POST', '/statements/create_statement_run', 'statements', 'createStatementRun', 'tenant', 'money.write'),
  r('POST', '/statements/bulk_pay', 'statements', 'bulkPay', 'tenant', 'money.write'),
  r('POST', '/statements/pay_statement', 'statements', 'payStatement', 'tenant', 'money.write'),
  r('POST', '/statements/resend_statement', 'statements', 'resendStatement', 'tenant', 'money.write'),
  r('POST', '/statements/bulk_download', 'statements', 'bulkDownload', 'tenant', 'money.read'),
  r('GET', '/statements/royalty_pay_periods', 'statements', 'royaltyPayPeriods', 'tenant', 'money.read'),
  r('GET', '/statements/not_yet_stated', 'statements', 'notYetStated', 'tenant', 'money.read'),
  r('POST', '/statements/pay_periods_expenses', 'statements', 'payPeriodsExpenses', 'tenant', 'money.read'),
  r(
    'POST',
    '/statements/royalty_pay_periods_statement_sums',
    'statements',
    'royaltyPayPeriodsStatementSums',
    'tenant',
    'money.read',
  ),
  r(
    'POST',
    '/statements/artist_pay_period_royalty_records',
    'statements',
    'artistPayPeriodRoyaltyRecords',
    'tenant',
    'money.read',
  ),
  r('GET', '/statements/{id}', 'statements', 'getStatement', 'tenant', 'money.read'),
  r('PATCH', '/statements/{id}', 'statements', 'updateStatement', 'tenant', 'money.write'),
  r('DELETE', '/statements/{id}', 'statements', 'deleteStatement', 'tenant', 'money.write'),
  r('GET', '/statements/{id}/pdf', 'statements', 'statementPdf', 'tenant', 'money.read'),
  r('GET', '/statements/{id}/csv', 'statements', 'statementCsv', 'tenant', 'money.read'),
  r('GET', '/statements/{id}/lines', 'statements', 'statementLines', 'tenant', 'money.read'),
  r('POST', '/statements/{id}/new_version', 'statements', 'newStatementVersion', 'tenant', 'money.write'),
  r('GET', '/statement_runs', 'statements', 'listStatementRuns', 'tenant', 'money.read'),
  r('GET', '/statement_runs/{id}', 'statements', 'getStatementRun', 'tenant', 'money.read'),
  r('POST', '/statement_runs/{id}/publish', 'statements', 'publishStatementRun', 'tenant', 'money.write'),
  r('POST', '/statement_runs/{id}/resume', 'statements', 'resumeStatementRun', 'tenant', 'money.write'),
  r('GET', '/label_statements', 'statements', 'labelStatements', 'tenant', 'money.read'),
  r('GET', '/label/distribution_statements', 'statements', 'labelDistributionStatements', 'tenant', 'money.read'),
  r('GET', '/labels/{id}/distribution_statements', 'statements', 'labelDistributionStatements', 'tenant', 'money.read'),
  r(
    'GET',
    '/companies/{id}/distribution_statements',
    'statements',
    'companyDistributionStatements',
    'tenant',
    'money.read',
  ),
  r('GET', '/distribution_statements', 'statements', 'listDistributionStatements', 'tenant', 'money.read'),
  r('POST', '/distribution_statements', 'statements', 'createDistributionStatement', 'tenant', 'money.write'),
  r('GET', '/distribution_statements/{id}', 'statements', 'getDistributionStatement', 'tenant', 'money.read'),
  r('GET', '/distribution_statements/{id}/edit', 'statements', 'getDistributionStatement', 'tenant', 'money.read'),
  r('PATCH', '/distribution_statements/{id}', 'statements', 'updateDistributionStatement', 'tenant', 'money.write'),
  r('DELETE', '/distribution_statements/{id}', 'statements', 'deleteDistributionStatement', 'tenant', 'money.write'),
  // The admin's distributed labels of every company and their distribution statements (statements before {id}).
  r('GET', '/admin/distributed_labels', 'statements', 'listDistributedLabels', 'admin'),
  r('POST', '/admin/distributed_labels', 'statements', 'createDistributedLabel', 'admin'),
  r('GET', '/admin/distributed_labels/statements', 'statements', 'listAllDistributionStatements', 'admin'),
  r('POST', '/admin/distributed_labels/generate_statement', 'statements', 'generateDistributionStatement', 'admin'),
  r('GET', '/admin/distributed_labels/{id}', 'statements', 'getDistributedLabel', 'admin'),
  r('PATCH', '/admin/distributed_labels/{id}', 'statements', 'updateDistributedLabel', 'admin'),
  // Artist (payee) statements of a label: the label's statements, one artist's, their pay periods and sums.
  r('GET', '/label_artists/statements', 'statements', 'listArtistStatements', 'tenant', 'money.read'),
  r('POST', '/label_artists/statements', 'statements', 'createArtistStatement', 'tenant', 'money.write'),
  r('POST', '/label_artist/statements', 'statements', 'artistStatements', 'tenant', 'money.read'),
  r('GET', '/label_artists/statements/royalty_pay_periods', 'statements', 'artistPayPeriods', 'tenant', 'money.read'),
  r('GET', '/label_artists/statements/statement_sum', 'statements', 'artistStatementSum', 'tenant', 'money.read'),
  r('GET', '/label/artist_statements/prepare', 'statements', 'prepareArtistStatements', 'tenant', 'money.read'),

  // Expenses and payees' accounts: advances, reserves, transfers, adjustments, and
  // an account as it stands. The pickers' fixed paths come before expenses/{id}.
  r('GET', '/expenses', 'accounts', 'listExpenses', 'tenant', 'money.read'),
  r('GET', '/expenses/tags', 'accounts', 'expenseTags', 'tenant', 'money.read'),
  r('GET', '/expenses/suppliers', 'accounts', 'expenseSuppliers', 'tenant', 'money.read'),
  r('GET', '/expenses/{id}', 'accounts', 'getExpense', 'tenant', 'money.read'),
  r('GET', '/expenses/{id}/edit', 'accounts', 'getExpense', 'tenant', 'money.read'),
  r('POST', '/expenses', 'accounts', 'createExpense', 'tenant', 'money.write'),
  r('PATCH', '/expenses/{id}', 'accounts', 'updateExpense', 'tenant', 'money.write'),
  r('DELETE', '/expenses/{id}', 'accounts', 'deleteExpense', 'tenant', 'money.write'),
  r('GET', '/label/expenses', 'accounts', 'labelExpenses', 'tenant', 'money.read'),
  r('GET', '/label/distribution_expenses', 'accounts', 'labelDistributionExpenses', 'tenant', 'money.read'),
  r('GET', '/release_expenses', 'accounts', 'releaseExpenses', 'tenant', 'money.read'),
  r('GET', '/account_entries', 'accounts', 'listAccountEntries', 'tenant', 'money.read'),
  r('POST', '/account_entries', 'accounts', 'createAccountEntry', 'tenant', 'money.write'),
  r('PATCH', '/account_entries/{id}', 'accounts', 'updateAccountEntry', 'tenant', 'money.write'),
  r('DELETE', '/account_entries/{id}', 'accounts', 'deleteAccountEntry', 'tenant', 'money.write'),
  // Payees' opening balances from a file: a check that writes nothing, then the import (once per file).
  r('GET', '/opening_balances', 'accounts', 'listOpeningBalanceImports', 'tenant', 'money.read'),
  r('POST', '/opening_balances/check', 'accounts', 'checkOpeningBalances', 'tenant', 'money.write'),
  r('POST', '/opening_balances', 'accounts', 'importOpeningBalances', 'tenant', 'money.write'),
  r('GET', '/payees/{id}/accounting', 'accounts', 'payeeAccounting', 'tenant', 'money.read'),
  r('GET', '/artists/{id}/accounting', 'accounts', 'artistAccounting', 'tenant', 'money.read'),

  // Finances, accounting and dashboards: read-only, money.read.
  r('GET', '/label/accounting', 'finances', 'labelAccounting', 'tenant', 'money.read'),
  r('GET', '/labels/{id}/accounting', 'finances', 'labelAccounting', 'tenant', 'money.read'),
  r('GET', '/label_accounting/{label_id}', 'finances', 'labelAccounting', 'tenant', 'money.read'),
  r('GET', '/labels/{id}/finances', 'finances', 'labelFinances', 'tenant', 'money.read'),
  r('GET', '/label/finances', 'finances', 'labelFinances', 'tenant', 'money.read'),
  r('GET', '/artists/{id}/finances', 'finances', 'artistFinances', 'tenant', 'money.read'),
  r('GET', '/payees/{id}/finances', 'finances', 'payeeFinances', 'tenant', 'money.read'),
  r('GET', '/companies/{id}/finances', 'finances', 'companyFinances', 'tenant', 'money.read'),
  r('GET', '/company/finances', 'finances', 'companyFinances', 'tenant', 'money.read'),
  r('GET', '/finances', 'finances', 'companyFinances', 'tenant', 'money.read'),
  r('GET', '/labels/{id}/chart', 'finances', 'labelChart', 'tenant', 'money.read'),
  r('GET', '/user_dashboard', 'finances', 'userDashboard', 'tenant', 'money.read'),
  r('GET', '/dashboard', 'finances', 'dashboard', 'tenant', 'money.read'),
  r('GET', '/dashboard/releases', 'finances', 'dashboardReleases', 'tenant', 'money.read'),
  r('GET', '/admin/dashboard', 'finances', 'adminDashboard', 'admin'),

  // Payouts: what is due, how each account is paid (bank details sealed, only
  // masks answered), the company's debtor account, and payment runs: preview, export (frozen; bank
  // files), download (each download logged: a bank file carries account numbers in full), confirm, cancel.
  r('POST', '/statements/payments_due_summary', 'payouts', 'paymentsDueSummary', 'tenant', 'money.read'),
  r('GET', '/payees/{id}/payout_details', 'payouts', 'payeePayoutDetails', 'tenant', 'money.read'),
  r('PUT', '/payees/{id}/payout_details', 'payouts', 'updatePayeePayoutDetails', 'tenant', 'money.write'),
  r('DELETE', '/payees/{id}/payout_details', 'payouts', 'deletePayeePayoutDetails', 'tenant', 'money.write'),
  // A payee, artist or distributed label gives their own bank details by a secure link (docs/payouts.md): members
  // ask, the account's holder answers.
  r('GET', '/payees/{id}/payout_details_request', 'payouts', 'payeePayoutRequest', 'tenant', 'money.read'),
  r('POST', '/payees/{id}/payout_details_request', 'payouts', 'askPayeeForPayoutDetails', 'tenant', 'money.write'),
  r('DELETE', '/payees/{id}/payout_details_request', 'payouts', 'withdrawPayeePayoutRequest', 'tenant', 'money.write'),
  r('GET', '/payout_details_requests/{token}', 'payouts', 'describePayoutRequest', 'public'),
  r('PUT', '/payout_details_requests/{token}', 'payouts', 'givePayoutDetails', 'public'),
  r('GET', '/artists/{id}/payout_details', 'payouts', 'artistPayoutDetails', 'tenant', 'money.read'),
  r('PUT', '/artists/{id}/payout_details', 'payouts', 'updateArtistPayoutDetails', 'tenant', 'money.write'),
  r('DELETE', '/artists/{id}/payout_details', 'payouts', 'deleteArtistPayoutDetails', 'tenant', 'money.write'),
  r('GET', '/artists/{id}/payout_details_request', 'payouts', 'artistPayoutRequest', 'tenant', 'money.read'),
  r('POST', '/artists/{id}/payout_details_request', 'payouts', 'askArtistForPayoutDetails', 'tenant', 'money.write'),
  r(
    'DELETE',
    '/artists/{id}/payout_details_request',
    'payouts',
    'withdrawArtistPayoutRequest',
    'tenant',
    'money.write',
  ),
  r('GET', '/labels/{id}/payout_details', 'payouts', 'labelPayoutDetails', 'tenant', 'money.read'),
  r('PUT', '/labels/{id}/payout_details', 'payouts', 'updateLabelPayoutDetails', 'tenant', 'money.write'),
  r('DELETE', '/labels/{id}/payout_details', 'payouts', 'deleteLabelPayoutDetails', 'tenant', 'money.write'),
  r('GET', '/labels/{id}/payout_details_request', 'payouts', 'labelPayoutRequest', 'tenant', 'money.read'),
  r('POST', '/labels/{id}/payout_details_request', 'payouts', 'askLabelForPayoutDetails', 'tenant', 'money.write'),
  r('DELETE', '/labels/{id}/payout_details_request', 'payouts', 'withdrawLabelPayoutRequest', 'tenant', 'money.write'),
  r('GET', '/company/debtor_account', 'payouts', 'debtorAccount', 'tenant', 'money.read'),
  r('PUT', '/company/debtor_account', 'payouts', 'updateDebtorAccount', 'tenant', 'money.write'),
  r('GET', '/payment_runs', 'payouts', 'listPaymentRuns', 'tenant', 'money.read'),
  r('POST', '/payment_runs', 'payouts', 'createPaymentRun', 'tenant', 'money.write'),
  r('GET', '/payment_runs/{id}', 'payouts', 'getPaymentRun', 'tenant', 'money.read'),
  r('POST', '/payment_runs/{id}/export', 'payouts', 'exportPaymentRun', 'tenant', 'money.write'),
  r('GET', '/payment_runs/{id}/files/{name}', 'payouts', 'paymentRunFile', 'tenant', 'money.read'),
  r('POST', '/payment_runs/{id}/confirm', 'payouts', 'confirmPaymentRun', 'tenant', 'money.write'),
  r('POST', '/payment_runs/{id}/cancel', 'payouts', 'cancelPaymentRun', 'tenant', 'money.write'),

  // Payments: a payment pays one account's statements.
  r('GET', '/payments', 'payments', 'listPayments', 'tenant', 'money.read'),
  // The tax withheld from payments over a range of days (money/payments/withholding-report.ts).
  r('GET', '/payments/withholding_tax', 'payments', 'withholdingTaxReport', 'tenant', 'money.read'),
  r('GET', '/payments/withholding_tax_csv', 'payments', 'withholdingTaxCsv', 'tenant', 'money.read'),
  // Every payment over a range of days, as recorded, for the accounts (money/payments/register.ts).
  r('GET', '/payments/register', 'payments', 'paymentsRegister', 'tenant', 'money.read'),
  r('GET', '/payments/register_csv', 'payments', 'paymentsRegisterCsv', 'tenant', 'money.read'),
  r('POST', '/payments', 'payments', 'createPayment', 'tenant', 'money.write'),
  // What a payment of chosen statements would pay, worked out as recording it would (the payment form shows it).
  r('POST', '/payments/summary', 'payments', 'paymentSummary', 'tenant', 'money.read'),
  r('GET', '/payments/{id}', 'payments', 'getPayment', 'tenant', 'money.read'),
  r('GET', '/payments/{id}/edit', 'payments', 'getPayment', 'tenant', 'money.read'),
  r('PATCH', '/payments/{id}', 'payments', 'updatePayment', 'tenant', 'money.write'),
  r('DELETE', '/payments/{id}', 'payments', 'deletePayment', 'tenant', 'money.write'),

  // Release deliveries: a release's
  // deliveries to stores, created, queued to the delivery worker (bulk_deliver) and re-delivered.
  r('GET', '/releases/{id}/distribution_deliveries', 'deliveries', 'listReleaseDeliveries', 'tenant', 'delivery.read'),
  r(
    'POST',
    '/releases/{id}/distribution_deliveries/bulk_create',
    'deliveries',
    'bulkCreateReleaseDeliveries',
    'tenant',
    'delivery.write',
  ),
  r(
    'POST',
    '/release/release_deliveries/bulk_create',
    'deliveries',
    'bulkCreateForRelease',
    'tenant',
    'delivery.write',
  ),
  r('POST', '/distribution_deliveries/bulk_deliver', 'deliveries', 'bulkDeliver', 'tenant', 'delivery.write'),
  r('PATCH', '/distribution_deliveries/{id}', 'deliveries', 'updateReleaseDelivery', 'tenant', 'delivery.write'),
  r('DELETE', '/distribution_deliveries/{id}', 'deliveries', 'deleteReleaseDelivery', 'tenant', 'delivery.write'),
  r('POST', '/distribution_deliveries/{id}/redeliver', 'deliveries', 'redeliver', 'tenant', 'delivery.write'),
  // The product's release/deliveries (a release's deliveries by ?id=) and release_deliveries with /new and /bulk
  // (the distribution area's names): the company's deliveries across releases, one new, several releases at once.
  r('GET', '/release/deliveries', 'deliveries', 'releaseDeliveriesByQuery', 'tenant', 'delivery.read'),
  r('GET', '/release_deliveries', 'deliveries', 'listCompanyDeliveries', 'tenant', 'delivery.read'),
  r('POST', '/release_deliveries/new', 'deliveries', 'newCompanyDelivery', 'tenant', 'delivery.write'),
  r('POST', '/release_deliveries/bulk', 'deliveries', 'bulkCompanyDeliveries', 'tenant', 'delivery.write'),
  // The distribution area's delivery records (admins): list, one, new, CSV import, delete.
  r('GET', '/deliveries', 'deliveries', 'listDistributionDeliveries', 'admin'),
  r('POST', '/deliveries/new', 'deliveries', 'createDistributionDelivery', 'admin'),
  r('POST', '/deliveries/import', 'deliveries', 'importDistributionDeliveries', 'admin'),
  r('GET', '/deliveries/{id}', 'deliveries', 'getDistributionDelivery', 'admin'),
  r('DELETE', '/deliveries/{id}', 'deliveries', 'deleteDistributionDelivery', 'admin'),
  // Catalogue exports: exports/export and the distribution catalogue/export ask for an
  // export job; POST exports is the SPA's (chosen rows in a body); the user's exports list (profile/exports).
  r('GET', '/exports/export', 'exports', 'exportCatalogue', 'tenant', 'catalogue.read'),
  r('GET', '/catalogue/export', 'exports', 'distributionExport', 'tenant', 'catalogue.read'),
  r('POST', '/exports', 'exports', 'createExport', 'tenant', 'catalogue.read'),
  r('GET', '/exports', 'exports', 'listExports', 'tenant', 'catalogue.read'),
  r('GET', '/exports/{id}', 'exports', 'getExport', 'tenant', 'catalogue.read'),
  r('DELETE', '/exports/{id}', 'exports', 'deleteExport', 'tenant', 'catalogue.read'),
  // The artist portal (docs/artist-portal.md). A label links artist users to an artist and makes
  // token links (tenant: granting or withdrawing sight of an artist's earnings and statements is a money right);
  // an artist user reads their artists (artist_user); a token link reads one artist (public, ?token=). The
  // artist_user and token routes read only through functions/artist-portal/scope.ts.
  r('GET', '/artists/{id}/portal_users', 'artist-portal', 'listPortalUsers', 'tenant', 'catalogue.read'),
  r('POST', '/artists/{id}/portal_users', 'artist-portal', 'addPortalUser', 'tenant', 'money.write'),
  r('DELETE', '/artists/{id}/portal_users/{userId}', 'artist-portal', 'removePortalUser', 'tenant', 'money.write'),
  // A pending invitation is withdrawn by its id; the invitee opens the mailed /artist_invitations/{token} link
  // and, signed in with an artist account, accepts, or (a new address) sets a password, which accepts it.
  r(
    'DELETE',
    '/artists/{id}/portal_invitations/{invitationId}',
    'artist-portal',
    'withdrawPortalInvitation',
    'tenant',
    'money.write',
  ),
  r('GET', '/artist_invitations/{token}', 'artist-portal', 'describePortalInvitation', 'public'),
  r('POST', '/artist_invitations/{token}/accept', 'artist-portal', 'acceptPortalInvitation', 'user'),
  r('POST', '/artist_invitations/{token}/setup_account', 'artist-portal', 'setUpPortalAccount', 'public'),
  r('GET', '/artists/{id}/portal_links', 'artist-portal', 'listPortalLinks', 'tenant', 'catalogue.read'),
  r('POST', '/artists/{id}/portal_link', 'artist-portal', 'createPortalLink', 'tenant', 'money.write'),
  r('DELETE', '/artists/{id}/portal_links/{linkId}', 'artist-portal', 'revokePortalLink', 'tenant', 'money.write'),
  r('GET', '/artist_portal', 'artist-portal', 'portalArtists', 'artist_user'),
  r('GET', '/artist_portal/{artistId}/releases', 'artist-portal', 'portalReleases', 'artist_user'),
  r('GET', '/artist_portal/{artistId}/earnings', 'artist-portal', 'portalEarnings', 'artist_user'),
  r('GET', '/artist_portal/{artistId}/balance', 'artist-portal', 'portalBalance', 'artist_user'),
  r('GET', '/artist_portal/{artistId}/statements', 'artist-portal', 'portalStatements', 'artist_user'),
  r(
    'GET',
    '/artist_portal/{artistId}/statements/{statementId}/pdf',
    'artist-portal',
    'portalStatementPdf',
    'artist_user',
  ),
  // The statement's lines as the label's statement page downloads them (Curve's "all sales" CSV).
  r(
    'GET',
    '/artist_portal/{artistId}/statements/{statementId}/csv',
    'artist-portal',
    'portalStatementCsv',
    'artist_user',
  ),
  r('GET', '/artist_home/{artistId}', 'artist-portal', 'homeProfile', 'public'),
  r('GET', '/artist_home/{artistId}/statements', 'artist-portal', 'homeStatements', 'public'),
  r('GET', '/artist_home/{artistId}/statements/{statementId}/pdf', 'artist-portal', 'homeStatementPdf', 'public'),
  r('GET', '/artist_home/{artistId}/statements/{statementId}/csv', 'artist-portal', 'homeStatementCsv', 'public'),
  // A payee (not an artist: a producer, a co-writer, an estate) gets a token link to its own account's balance and
  // statements; made, listed and revoked as an artist's, read only through scope.ts's tokenPayee.
  r('GET', '/payees/{id}/portal_links', 'artist-portal', 'listPayeePortalLinks', 'tenant', 'catalogue.read'),
  r('POST', '/payees/{id}/portal_link', 'artist-portal', 'createPayeePortalLink', 'tenant', 'money.write'),
  r('DELETE', '/payees/{id}/portal_links/{linkId}', 'artist-portal', 'revokePayeePortalLink', 'tenant', 'money.write'),
  r('GET', '/payee_home/{payeeId}', 'artist-portal', 'payeeHome', 'public'),
  r('GET', '/payee_home/{payeeId}/statements', 'artist-portal', 'payeeHomeStatements', 'public'),
  r('GET', '/payee_home/{payeeId}/statements/{statementId}/pdf', 'artist-portal', 'payeeHomeStatementPdf', 'public'),
  r('GET', '/payee_home/{payeeId}/statements/{statementId}/csv', 'artist-portal', 'payeeHomeStatementCsv', 'public'),
  // Billing: the provider posts its events to the webhook (public: its signature is the proof);
  // a company's plan purchase and billing details (company.manage, no plan feature: reachable on any plan).
  r('POST', '/billing/webhook', 'billing', 'billingWebhook', 'public'),
  r('POST', '/company/billing/checkout', 'billing', 'startCheckout', 'tenant', 'company.manage'),
  r('POST', '/company/billing/cancel', 'billing', 'cancelSubscription', 'tenant', 'company.manage'),
  r('GET', '/company/billing_details', 'billing', 'getBillingDetails', 'tenant', 'company.manage'),
  r('POST', '/company/billing_details', 'billing', 'createBillingDetails', 'tenant', 'company.manage'),
  r('PATCH', '/company/billing_details', 'billing', 'updateBillingDetails', 'tenant', 'company.manage'),
  // The local provider's checkout page (local cloud only; the session names its company, checked per call).
  r('GET', '/billing/local_checkout/{id}', 'billing', 'getLocalCheckout', 'user'),
  r('POST', '/billing/local_checkout/{id}/pay', 'billing', 'payLocalCheckout', 'user'),
  // Admins: the /billing dashboard, its events table, coupons, the local provider's "renew now".
  r('GET', '/billing/overview', 'billing', 'billingOverview', 'admin'),
  r('GET', '/billing/events', 'billing', 'listBillingEvents', 'admin'),
  r('POST', '/billing/local/renew', 'billing', 'renewLocalSubscription', 'admin'),
  r('GET', '/coupons', 'billing', 'listCoupons', 'admin'),
  r('GET', '/coupons/{id}', 'billing', 'getCoupon', 'admin'),
  r('POST', '/coupons', 'billing', 'createCoupon', 'admin'),
  r('DELETE', '/coupons/{id}', 'billing', 'deleteCoupon', 'admin'),
  // The API's description (OpenAPI 3.1) for integrators: public, like any published API reference.
  r('GET', '/openapi.json', 'api-docs', 'openApiDocument', 'public'),
];

export const AREAS: readonly Area[] = [...new Set(ROUTES.map((route) => route.area))];

/** WebSocket API routes (realtime area): per-user pushes. */
export const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;

/** "GET /api/v1/labels/{id}" — the routeKey API Gateway puts on the event. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

const compiled = new Map<string, { regex: RegExp; names: string[] }>();

function compile(pattern: string) {
  return getOrCreate(compiled, pattern, () => {
    const names: string[] = [];
    const source = pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { regex: new RegExp(`^${source}/?$`), names };
  });
}

/** Matches a path against a route path (compiled once), returning its path parameters. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const { regex, names } = compile(pattern);
  const match = regex.exec(path);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
}

/** The segment that first tells routes apart: /api/v1/<this>/… */
const FIRST_SEGMENT = 3;
const isParam = (segment: string | undefined) => segment === undefined || /^\{\w+\}$/.test(segment);

/**
 * The routes a path may match, by its number of segments and then its first segment after /api/v1, in table
 * order: a path parameter is one whole segment, so a route can only match a path with as many segments, and a
 * literal first segment only its own. Every request is checked against a handful of routes instead of all of
 * them (the local gateway answers each test's calls; its time per request is every test's time).
 */
const candidates = (() => {
  const bySize = new Map<number, { byFirst: Map<string, Route[]>; anyFirst: Route[] }>();
  for (const route of ROUTES) {
    const segments = route.path.split('/');
    const entry = getOrCreate(bySize, segments.length, () => ({ byFirst: new Map<string, Route[]>(), anyFirst: [] }));
    const first = segments[FIRST_SEGMENT];
    if (isParam(first)) {
      // A route that takes anything first stays a candidate of every first segment, in its place in the table.
      entry.anyFirst.push(route);
      for (const list of entry.byFirst.values()) list.push(route);
    } else getOrCreate(entry.byFirst, first, () => [...entry.anyFirst]).push(route);
  }
  return (path: string): readonly Route[] => {
    const segments = (path.endsWith('/') ? path.slice(0, -1) : path).split('/');
    const entry = bySize.get(segments.length);
    return entry ? (entry.byFirst.get(segments[FIRST_SEGMENT]) ?? entry.anyFirst) : [];
  };
})();

/** Finds the route for a request; `methodAllowed` tells a 405 from a 404. */
export function findRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | { route: null; methodAllowed: boolean } {
  let pathKnown = false;
  for (const route of candidates(path)) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    pathKnown = true;
    if (route.method === method) return { route, params };
  }
  return { route: null, methodAllowed: !pathKnown };
}
