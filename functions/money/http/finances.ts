import * as dashboards from '../../../shared/schemas/responses-dashboards.js';
import { accountFinancesResponse, labelAccountingResponse } from '../../../shared/schemas/responses-money.js';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages.js';
import { LISTS } from '../../data/list-cache.js';
import { termsLists } from '../earnings/line-split.js';
import { canonicalCompanyId } from '../../lib/company-id.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import { areaHandler, idParams, operation, type AreaOperations } from '../../lib/http.js';
import { planGate } from '../../plans/gate.js';
import { accountFinances } from '../finances/account-finances.js';
import { adminDashboard, dashboardCounts, dashboardReleases, userDashboard } from '../finances/dashboard.js';
import { countLists } from '../finances/counts.js';
import { financesView } from '../finances/finances-view.js';
import { financeLabel } from '../finances/labels.js';
import { moneyLists, moneyRecords } from '../finances/money-records.js';
import { nameLists } from '../finances/names.js';
import { labelAccounting } from '../finances/label-accounting.js';
import { dateRange, financeQuery, type FinanceQuery } from '../finances/range.js';
import { releaseLists } from '../finances/releases.js';
import { financesResponse } from '../../../shared/schemas/responses.js';

/**
 * Finances area (docs/finances.md): label
 * accounting, finances of the company, a label, an artist or a payee, a label's chart and the
 * dashboards. Royalty figures come from the ledger's aggregates (cube.ts), money from the
 * statements and account entries (money-records.ts). Every call works in the caller's current
 * company: another company's label, artist, payee or company is not found.
 *
 * Each operation declares the cached lists it reads, so their versions come with the auth check
 * in its one BatchGetItem: while nothing changed, a call reads nothing more than GET /me does.
 */
type Versions = Record<string, string>;
const lists =
  (...sets: ((tenantId: string) => string[])[]) =>
  (tenantId: string) => [...new Set(sets.flatMap((set) => set(tenantId)))];
const ledgerLists = (tenantId: string) => [LISTS.royalties(tenantId)];
/** Finances views: the ledger, the names of labels and releases, and the money records. */
const viewLists = lists(nameLists, moneyLists, termsLists);
/** Label accounting: the ledger, the company's labels and the money records, and the terms its payees' part follows. */
const accountingLists = lists(ledgerLists, (tenantId) => [LISTS.tenantLabels(tenantId)], moneyLists, termsLists);
/** The user dashboard reads the counts' lists and the names' lists, and the terms. */
const dashboardLists = lists(countLists, nameLists, termsLists);
const optionalIdParams = z.strictObject({ id: z.string().min(1).max(80).optional() });

/** The label a call names in its path or query: required ('No Label Selected'). */
const labelOf = (query: FinanceQuery, pathId?: string) => {
  const id = pathId ?? query.label_id ?? query.id;
  if (!id) throw new InvalidField('label_id', MESSAGES.noLabelSelected);
  return id;
};

/** A company named in the path must be the current one: another company's is not found. */
async function currentCompany(tenantId: string, versions: Versions, named?: string) {
  if (named && canonicalCompanyId(named) !== tenantId) throw new NotFound('Company');
  const { company } = await moneyRecords(tenantId, versions[LISTS.money(tenantId)]);
  if (!company) throw new NotFound('Company');
  return company;
}

/** The label a call names, from the company's labels held per process; another company's is not found. */
async function labelNamed(tenantId: string, id: string, versions: Versions) {
  const label = await financeLabel(tenantId, id, versions);
  if (!label) throw new NotFound('Label');
  return label;
}

const accounting = (pathId: (params: Record<string, string | undefined>) => string | undefined) =>
  operation('tenant', {
    query: financeQuery,
    params: z.record(z.string(), z.string().optional()),
    lists: accountingLists,
    response: labelAccountingResponse,
    run: async ({ tenantId, query, params, listVersions }) => ({
      accounting: await labelAccounting(tenantId, labelOf(query, pathId(params)), dateRange(query), listVersions),
    }),
  });

const labelFinances = operation('tenant', {
  query: financeQuery,
  params: optionalIdParams,
  response: financesResponse,
  lists: viewLists,
  run: async ({ tenantId, query, params, listVersions }) => {
    const id = labelOf(query, params.id);
    const label = await labelNamed(tenantId, id, listVersions);
    const finances = await financesView(
      tenantId,
      { type: 'label', id, name: label.name },
      { kind: 'label', id },
      dateRange(query),
      { versions: listVersions },
    );
    return { finances };
  },
});

const companyFinances = operation('tenant', {
  query: financeQuery,
  params: optionalIdParams,
  response: financesResponse,
  lists: viewLists,
  run: async ({ tenantId, query, params, listVersions }) => {
    const company = await currentCompany(tenantId, listVersions, params.id);
    const finances = await financesView(
      tenantId,
      { type: 'company', id: tenantId, name: company.name },
      { kind: 'all' },
      dateRange(query),
      { versions: listVersions },
    );
    return { finances };
  },
});

const accountOf = (type: 'Payee' | 'Artist') =>
  operation('tenant', {
    query: financeQuery,
    params: idParams,
    response: accountFinancesResponse,
    run: async ({ tenantId, query, params }) => ({
      finances: await accountFinances(tenantId, { type, id: params.id }, dateRange(query)),
    }),
  });

const operations = {
  labelAccounting: accounting((params) => params.id ?? params.label_id),
  labelFinances,
  companyFinances,
  artistFinances: accountOf('Artist'),
  payeeFinances: accountOf('Payee'),
  labelChart: operation('tenant', {
    response: dashboards.labelChartResponse,
    query: financeQuery,
    params: idParams,
    lists: viewLists,
    run: async ({ tenantId, query, params, listVersions }) => {
      const label = await labelNamed(tenantId, params.id, listVersions);
      const view = await financesView(
        tenantId,
        { type: 'label', id: params.id, name: label.name },
        { kind: 'label', id: params.id },
        dateRange(query),
        { versions: listVersions },
      );
      const { scope, currency, start_date, end_date, by_period, by_store, by_territory } = view;
      return { chart: { scope, currency, start_date, end_date, by_period, by_store, by_territory } };
    },
  }),
  userDashboard: operation('tenant', {
    response: dashboards.userDashboardResponse,
    query: financeQuery,
    lists: dashboardLists,
    run: async ({ tenantId, query, listVersions }) => {
      return { user_dashboard: await userDashboard(tenantId, dateRange(query), listVersions) };
    },
  }),
  dashboard: operation('tenant', {
    response: dashboards.dashboardResponse,
    query: financeQuery,
    lists: countLists,
    run: async ({ tenantId, caller, query, listVersions }) =>
      caller.user.role === 'admin'
        ? { dashboard: await adminDashboard(dateRange(query)) }
        : { dashboard: { counts: await dashboardCounts(tenantId, listVersions) } },
  }),
  adminDashboard: operation('admin', {
    query: financeQuery,
    run: async ({ query }) => ({ dashboard: await adminDashboard(dateRange(query)) }),
  }),
  dashboardReleases: operation('tenant', {
    response: dashboards.dashboardReleasesResponse,
    lists: releaseLists,
    run: ({ tenantId, listVersions }) => dashboardReleases(tenantId, listVersions),
  }),
} satisfies AreaOperations<'finances'>;

export const handler = areaHandler('finances', operations, planGate);
