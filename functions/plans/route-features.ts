import type { PlanFeature } from '../../shared/plans.js';
import type { Area, OperationName, Route } from '../routes.js';

/**
 * What a route needs of the company's plan: a feature, or `none` for routes every plan reaches
 * (company self-service, the plan and billing pages: a company must always be able to upgrade).
 */
export type RouteDecision = PlanFeature | 'none';

/**
 * Which feature each area's tenant routes need (docs/plans.md). Typed by Area, so
 * a new area does not compile until it is decided here; areas without tenant routes say `none`.
 * `each-op`: the area mixes gated and ungated routes, so each of its tenant operations is listed in
 * OP_FEATURES (test/unit/route-features.test.ts refuses one that is not).
 */
const AREA_FEATURES: Record<Area, RouteDecision | 'each-op'> = {
  auth: 'none',
  // Company self-service (settings, team, connections) stays reachable on any plan; store links do not.
  companies: 'each-op',
  catalogue: 'catalogue_management',
  reference: 'catalogue_management',
  notices: 'none',
  support: 'none',
  jobs: 'none',
  imports: 'bulk_catalogue_importing',
  importer: 'none',
  cwr: 'bulk_catalogue_importing',
  // Contracts are part of managing the catalogue.
  contracts: 'catalogue_management',
  // Promos need the promo system; the public page of a recipient's link has no tenant route, so no gate.
  promos: 'promo_system',
  royalties: 'royalty_dashboard',
  statements: 'statement_generator',
  payments: 'release_accounting',
  accounts: 'release_accounting',
  finances: 'royalty_dashboard',
  payouts: 'release_accounting',
  deliveries: 'label_pipelines',
  // A company may always take its own catalogue out (exports), whatever its plan.
  exports: 'catalogue_management',
  plans: 'each-op',
  // The label's artist users and token links show artists their earnings: part of the royalty dashboard.
  'artist-portal': 'royalty_dashboard',
  // Smart links are a label's marketing, beside its promos; the fans' public pages have no tenant route.
  'smart-links': 'promo_system',
  // Buying a plan and the billing details must work on every plan: it is how a company upgrades.
  billing: 'none',
  // The API's description is public.
  'api-docs': 'none',
};

/** Operations that need another feature than their area's. */
const OP_FEATURES: { [A in Area]?: Partial<Record<OperationName<A>, RouteDecision>> } = {
  companies: {
    listMyCompanies: 'none',
    getCompany: 'none',
    // Onboarding: a company's team is self-service on every plan (max_users is checked at the write).
    inviteMember: 'none',
    listCompanyInvitations: 'none',
    revokeInvitation: 'none',
    // Company pages and team: settings, logo and agreement, roles and removal.
    updateOwnCompany: 'none',
    presignOwnCompanyFile: 'none',
    changeMemberRole: 'none',
    removeMember: 'none',
    myDspConnections: 'label_pipelines',
    myDistributors: 'label_pipelines',
    requestDsp: 'label_pipelines',
    listUpcs: 'label_pipelines',
    importUpcs: 'label_pipelines',
    linkUpcToRelease: 'label_pipelines',
    // The distributor's CRM runs its clients' pipelines to the stores.
    crmList: 'label_pipelines',
    onboardCrmClient: 'label_pipelines',
    getCrmClient: 'label_pipelines',
    updateCrmClient: 'label_pipelines',
    addCrmNote: 'label_pipelines',
    addCrmTask: 'label_pipelines',
    updateCrmTask: 'label_pipelines',
    createClientLabel: 'label_pipelines',
    companyLabels: 'label_pipelines',
    distributorLabels: 'label_pipelines',
    getClientLabel: 'label_pipelines',
    updateClientLabel: 'label_pipelines',
    setClientLabelStores: 'label_pipelines',
  },
  catalogue: { sendToQualityControl: 'label_pipelines' },
  royalties: {
    presignReport: 'bulk_royalty_importing',
    listImports: 'bulk_royalty_importing',
    getImport: 'bulk_royalty_importing',
    deleteImport: 'bulk_royalty_importing',
    confirmImport: 'bulk_royalty_importing',
    rerunImport: 'bulk_royalty_importing',
    unmatchedLines: 'bulk_royalty_importing',
    assignMatch: 'bulk_royalty_importing',
    rematchImport: 'bulk_royalty_importing',
    listMaps: 'bulk_royalty_importing',
    createMap: 'bulk_royalty_importing',
    previewMap: 'bulk_royalty_importing',
    getMap: 'bulk_royalty_importing',
    updateMap: 'bulk_royalty_importing',
    deleteMap: 'bulk_royalty_importing',
  },
  finances: {
    userDashboard: 'dashboard',
    dashboard: 'dashboard',
    dashboardReleases: 'dashboard',
    labelAccounting: 'release_accounting',
  },
  // The plan page must open on every plan: it is where a company upgrades.
  plans: { companyPlan: 'none' },
};

/** The decision for a route: its operation's override, else its area's; undefined when nobody decided it. */
export function routeDecision(route: Pick<Route, 'area' | 'op'>): RouteDecision | undefined {
  const overrides = OP_FEATURES[route.area] as Partial<Record<string, RouteDecision>> | undefined;
  const decision = overrides?.[route.op] ?? AREA_FEATURES[route.area];
  return decision === 'each-op' ? undefined : decision;
}

/**
 * The feature a tenant route needs of the company's plan, or undefined when every plan reaches it.
 * An undecided route is refused by the route-features unit test, not at run time.
 */
export function routeFeature(route: Pick<Route, 'area' | 'op'>): PlanFeature | undefined {
  const decision = routeDecision(route);
  return decision === 'none' ? undefined : decision;
}

/**
 * The tenant routes that presign an upload into the company's storage: each counts its declared
 * `size` against the plan's file_storage_capacity (functions/lib/http.ts, after the presign is made;
 * test/unit/route-features.test.ts refuses a presign operation left out).
 */
const STORAGE_PRESIGNS: { [A in Area]?: readonly OperationName<A>[] } = {
  catalogue: [
    'artists.upload',
    'releases.upload',
    'presignLabelLogo',
    'presignLabelContract',
    'presignRecordingAudio',
    'presignReleaseCoverArt',
    'presignReleaseAsset',
    'presignLabelAsset',
  ],
  companies: ['presignOwnCompanyFile'],
  contracts: ['presignSignedContract'],
  imports: ['presignCatalogueImport'],
  royalties: ['presignReport', 'presignSignedLicense'],
};

/** Whether a tenant route presigns an upload that counts against the company's storage. */
export function countsStorage(route: Pick<Route, 'area' | 'op'>): boolean {
  return ((STORAGE_PRESIGNS[route.area] ?? []) as readonly string[]).includes(route.op);
}
