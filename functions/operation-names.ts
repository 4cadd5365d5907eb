/**
 * The names of every area's operations, declared once. The route table's `op` column is typed
 * by these lists (a typo there is a compile error) and each area's handler map must hold exactly
 * these names (`satisfies AreaOperations<area>` in functions/lib/http.ts). This file imports
 * nothing, so the route table stays free of handler code.
 */

/** A company's catalogue collections; functions/catalogue/tenant-collections.ts defines each. */
export const CATALOGUE_COLLECTIONS = ['artists', 'contributors', 'payees', 'releases', 'recordings', 'songs'] as const;
/** Catalogue collections whose records carry files: they get POST /{collection}/uploads. */
export const CATALOGUE_WITH_FILES = ['artists', 'releases'] as const;

/** Reference collections; functions/reference/collections.ts defines each. */
export const REFERENCE_COLLECTIONS = [
  'countries',
  'languages',
  'genres',
  'performer_roles',
  'societies',
  'retailers',
  'rightsholders',
  'publishers',
  'distributors',
  'dsps',
] as const;
/** Reference collections whose records carry files (distributor logos, DSP guides). */
export const REFERENCE_WITH_FILES = ['distributors', 'dsps'] as const;

/**
 * The operations a generic resource generates per collection (functions/catalogue/tenant-resource.ts,
 * functions/reference/reference-resource.ts).
 */
const TENANT_VERBS = ['list', 'get', 'create', 'update', 'delete', 'bulkDestroy'] as const;
const ADMIN_VERBS = ['adminList', 'adminGet', 'adminCreate', 'adminUpdate', 'adminDelete'] as const;
const REFERENCE_VERBS = ['list', 'get', 'create', 'update', 'delete', 'bulkDestroy'] as const;

type Named<C extends string, V extends string> = `${C}.${V}`;

/** `artists.list`, `artists.get` …: every collection with every verb. */
function named<C extends string, V extends string>(collections: readonly C[], verbs: readonly V[]): Named<C, V>[] {
  return collections.flatMap((collection) => verbs.map((verb) => `${collection}.${verb}` as Named<C, V>));
}

/** The catalogue operations generated from the collections (the handler joins them from the generic resource). */
export type CatalogueCollectionOperation =
  | Named<(typeof CATALOGUE_COLLECTIONS)[number], (typeof TENANT_VERBS)[number] | (typeof ADMIN_VERBS)[number]>
  | Named<(typeof CATALOGUE_WITH_FILES)[number], 'upload'>;
/** Reference collections companies add their own records to, served to them under /company_<collection>. */
const COMPANY_OWNED_COLLECTIONS = ['company_publishers'] as const;
const COMPANY_OWNED_VERBS = ['list', 'get', 'create', 'update', 'delete'] as const;
/** The reference operations generated from the collections. */
export type ReferenceOperation =
  | Named<(typeof REFERENCE_COLLECTIONS)[number], (typeof REFERENCE_VERBS)[number]>
  | Named<(typeof REFERENCE_WITH_FILES)[number], 'upload'>
  | Named<(typeof COMPANY_OWNED_COLLECTIONS)[number], (typeof COMPANY_OWNED_VERBS)[number]>;

export const OPERATION_NAMES = {
  auth: [
    'signUp',
    'findUnconfirmedUser',
    'confirmUser',
    'requestPasswordReset',
    'checkResetToken',
    'changePassword',
    'currentUser',
    'updateProfile',
    'adminListUsers',
    'adminInviteUser',
    'adminGetUser',
    'adminUpdateUser',
    'adminDeleteUser',
    'adminResendInvite',
    'listLogs',
    'deleteLogs',
    'myLogs',
  ],
  companies: [
    'listMyCompanies',
    'getCompany',
    'listAllCompanies',
    'adminCreateCompany',
    'adminGetCompany',
    'adminUpdateCompany',
    'adminDeleteCompany',
    'adminPresignCompanyFile',
    // The company's own pages.
    'updateOwnCompany',
    'presignOwnCompanyFile',
    'changeMemberRole',
    'removeMember',
    // DSP connections, distributor links and the UPC pool.
    'adminCompanyDspConnections',
    'adminCreateDspConnection',
    'adminUpdateDspConnection',
    'adminListDspConnections',
    'adminRequestedDsps',
    'adminSaveCompanyDistributor',
    'adminPresignDistributorContract',
    'adminCompanyDistribution',
    'myDspConnections',
    'myDistributors',
    'requestDsp',
    'listUpcs',
    'importUpcs',
    'linkUpcToRelease',
    // Onboarding: a user's own company and invitations to join one.
    'createOwnCompany',
    'inviteMember',
    'listCompanyInvitations',
    'revokeInvitation',
    'myInvitations',
    'describeInvitation',
    'acceptInvitation',
    'declineInvitation',
    'setUpInvitedAccount',
  ],
  catalogue: [
    'listLabels',
    'createLabel',
    'getLabel',
    'updateLabel',
    'deleteLabel',
    'presignLabelLogo',
    'presignLabelContract',
    'listAllLabels',
    'adminCreateLabel',
    'adminGetLabel',
    'adminUpdateLabel',
    'adminDeleteLabel',
    // Label requests: a member asks, an admin approves or rejects.
    'requestLabel',
    'adminApproveLabel',
    'adminRejectLabel',
    'checkRelease',
    'updateReleaseStatus',
    'sendToQualityControl',
    'adminCheckRelease',
    'adminUpdateReleaseStatus',
    'bulkUpdateReleases',
    'presignRecordingAudio',
    'presignReleaseCoverArt',
    'presignReleaseAsset',
    'listReleaseAssets',
    'addReleaseAsset',
    'deleteReleaseAsset',
    'presignLabelAsset',
    'listLabelAssets',
    'addLabelAsset',
    'deleteLabelAsset',
    'adminPresignLabelAsset',
    'adminListLabelAssets',
    'adminAddLabelAsset',
    'adminDeleteLabelAsset',
    'lastRelease',
    ...named(CATALOGUE_COLLECTIONS, [...TENANT_VERBS, ...ADMIN_VERBS]),
    ...named(CATALOGUE_WITH_FILES, ['upload']),
  ],
  reference: [
    ...named(REFERENCE_COLLECTIONS, REFERENCE_VERBS),
    ...named(REFERENCE_WITH_FILES, ['upload']),
    ...named(COMPANY_OWNED_COLLECTIONS, COMPANY_OWNED_VERBS),
  ],
  notices: [
    'myNotices',
    'markRead',
    'listNotices',
    'createNotice',
    'getNotice',
    'updateNotice',
    'deleteNotice',
    'userNotices',
  ],
  // The admins' Jobs page: jobs of every kind left unfinished past their expected time, and Resume.
  jobs: ['listStuckJobs', 'resumeJob'],
  support: [
    'reportBug',
    'myBugReports',
    'listBugReports',
    'deleteBugReport',
    'listAccessTokens',
    'createAccessToken',
    'revokeAllAccessTokens',
    'getAccessToken',
    'updateAccessToken',
    'deleteAccessToken',
  ],
  imports: [
    'listImports',
    'addImport',
    'bulkDestroyImports',
    'getImport',
    'deleteImport',
    // Catalogue imports: upload, preview, start, progress, and the release imports.
    'presignCatalogueImport',
    'previewCatalogueImport',
    'startCatalogueImport',
    'getCatalogueImport',
    'catalogueImportTemplate',
    'importReleases',
    'importRelease',
  ],
  // The admin importer and metadata maps.
  importer: [
    'importerModels',
    'modelAttributes',
    'presignImporterFile',
    'previewImporter',
    'startImporter',
    'listMetadataMaps',
    'getMetadataMap',
    'createMetadataMap',
    'updateMetadataMap',
    'deleteMetadataMap',
  ],
  // CWR registrations of a publisher company's songs.
  cwr: ['buildCwrFile', 'registerCwrFile', 'listCwrRegistrations', 'downloadCwrFile'],
  royalties: [
    'listRoyalties',
    'labelRoyalties',
    'releaseRoyalties',
    'getRoyalty',
    'updateRoyalty',
    'deleteRoyalty',
    'createRoyalty',
    'markAsPaid',
    'markAsUnpaid',
    'markAsArtistPaid',
    'markAsArtistUnpaid',
    'bulkUpdateRoyalties',
    'royaltyAttributes',
    'deliveredBy',
    'delivererPayPeriods',
    'payPeriods',
    'payPeriodYears',
    'presignReport',
    'listImports',
    'getImport',
    'deleteImport',
    'confirmImport',
    'rerunImport',
    'acceptImport',
    'unmatchedLines',
    'assignMatch',
    'rematchImport',
    'updateExchangeRates',
    'listMaps',
    'getMap',
    'createMap',
    'updateMap',
    'deleteMap',
    'previewMap',
    'listExchangeRates',
    'findExchangeRate',
    'createExchangeRate',
    'listAdminRoyalties',
    'getAdminRoyalty',
    'createAdminRoyalty',
    'updateAdminRoyalty',
    'deleteExchangeRate',
  ],
  statements: [
    'listStatements',
    'getStatement',
    'createStatement',
    'updateStatement',
    'deleteStatement',
    'statementPdf',
    'statementCsv',
    'newStatementVersion',
    'notYetStated',
    'bulkPay',
    'payStatement',
    'resendStatement',
    'bulkDownload',
    'royaltyPayPeriods',
    'payPeriodsExpenses',
    'royaltyPayPeriodsStatementSums',
    'createStatementRun',
    'listStatementRuns',
    'getStatementRun',
    'publishStatementRun',
    'resumeStatementRun',
    'labelStatements',
    'labelDistributionStatements',
    'companyDistributionStatements',
    'listDistributionStatements',
    'getDistributionStatement',
    'createDistributionStatement',
    'updateDistributionStatement',
    'deleteDistributionStatement',
    'listArtistStatements',
    'createArtistStatement',
    'artistStatements',
    'artistPayPeriods',
    'artistStatementSum',
    'artistPayPeriodRoyaltyRecords',
    'prepareArtistStatements',
  ],
  // Payments.
  payments: ['listPayments', 'getPayment', 'createPayment', 'updatePayment', 'deletePayment'],
  accounts: [
    'listExpenses',
    'getExpense',
    'createExpense',
    'updateExpense',
    'deleteExpense',
    'expenseTags',
    'expenseSuppliers',
    'labelExpenses',
    'labelDistributionExpenses',
    'releaseExpenses',
    'listAccountEntries',
    'createAccountEntry',
    'updateAccountEntry',
    'deleteAccountEntry',
    'payeeAccounting',
    'artistAccounting',
  ],
  // Finances, accounting and dashboards.
  finances: [
    'labelAccounting',
    'labelFinances',
    'companyFinances',
    'artistFinances',
    'payeeFinances',
    'labelChart',
    'userDashboard',
    'dashboard',
    'adminDashboard',
    'dashboardReleases',
  ],
  // Payout details, the company's debtor account, what is due and payment runs.
  payouts: [
    'paymentsDueSummary',
    'payeePayoutDetails',
    'updatePayeePayoutDetails',
    'deletePayeePayoutDetails',
    'artistPayoutDetails',
    'updateArtistPayoutDetails',
    'deleteArtistPayoutDetails',
    'labelPayoutDetails',
    'updateLabelPayoutDetails',
    'deleteLabelPayoutDetails',
    'debtorAccount',
    'updateDebtorAccount',
    'listPaymentRuns',
    'createPaymentRun',
    'getPaymentRun',
    'exportPaymentRun',
    'paymentRunFile',
    'confirmPaymentRun',
    'cancelPaymentRun',
  ],
  // Release deliveries and the distribution area's delivery records.
  deliveries: [
    'listReleaseDeliveries',
    'bulkCreateReleaseDeliveries',
    'bulkCreateForRelease',
    'updateReleaseDelivery',
    'deleteReleaseDelivery',
    'bulkDeliver',
    'redeliver',
    'releaseDeliveriesByQuery',
    'listCompanyDeliveries',
    'newCompanyDelivery',
    'bulkCompanyDeliveries',
    'listDistributionDeliveries',
    'getDistributionDelivery',
    'createDistributionDelivery',
    'importDistributionDeliveries',
    'deleteDistributionDelivery',
  ],
  // Catalogue exports: export jobs in every format and the user's exports list.
  exports: [
    'exportCatalogue',
    'createExport',
    'distributionExport',
    'exportLabelCatalogue',
    'listExports',
    'getExport',
    'deleteExport',
  ],
  // Subscription plans (admin) and the current company's plan (docs/plans.md).
  plans: [
    'listPlans',
    'getPlan',
    'createPlan',
    'updatePlan',
    'deletePlan',
    'listProducts',
    'retrievePlans',
    'companyPlan',
  ],
  // The artist portal: the label's artist users and token links, the artist
  // user's dashboard and the token link's page.
  'artist-portal': [
    'listPortalUsers',
    'addPortalUser',
    'removePortalUser',
    'listPortalLinks',
    'createPortalLink',
    'revokePortalLink',
    'portalArtists',
    'portalReleases',
    'portalEarnings',
    'portalBalance',
    'portalStatements',
    'portalStatementPdf',
    'homeProfile',
    'homeStatements',
    'homeStatementPdf',
  ],
  // Billing: the provider's webhook, a company's checkout, cancel and billing details,
  // the local provider's checkout page and renewals, and the admin /billing dashboard with coupons and events.
  billing: [
    'billingWebhook',
    'startCheckout',
    'cancelSubscription',
    'getBillingDetails',
    'createBillingDetails',
    'updateBillingDetails',
    'getLocalCheckout',
    'payLocalCheckout',
    'renewLocalSubscription',
    'billingOverview',
    'listBillingEvents',
    'listCoupons',
    'getCoupon',
    'createCoupon',
    'deleteCoupon',
  ],
} as const;

/** An API area: one Lambda, one handler map. */
export type Area = keyof typeof OPERATION_NAMES;
/** The operations of an area (of every area when none is named). */
export type OperationName<A extends Area = Area> = (typeof OPERATION_NAMES)[A][number];
