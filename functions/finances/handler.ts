import { z } from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import { getCompany } from '../data/access/companies.js';
import { getLabel } from '../data/access/labels.js';
import { LISTS } from '../data/list-cache.js';
import { canonicalCompanyId } from '../lib/company-id.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { areaHandler, idParams, operation, type AreaOperations } from '../lib/http.js';
import { accountFinances } from './account-finances.js';
import { adminDashboard, dashboardCounts, dashboardReleases, userDashboard } from './dashboard.js';
import { countLists } from './counts.js';
import { financesView } from './finances-view.js';
import { nameLists } from './names.js';
import { labelAccounting } from './label-accounting.js';
import { dateRange, financeQuery, type FinanceQuery } from './range.js';

/**
 * Finances area (spec 3 §7.4; issue 14; README "Finances: where the figures come from"): label
 * accounting, finances of the company, a label, an artist or a payee, a label's chart and the
 * dashboards. Royalty figures come from the ledger's aggregates (cube.ts), money from the
 * statements and account entries. Every call works in the caller's current company: another
 * company's label, artist, payee or company is not found.
 */
type Versions = Record<string, string>;
/** The ledger's version comes with the auth check: an unchanged ledger costs no further reads. */
const ledgerLists = (tenantId: string) => [LISTS.royalties(tenantId)];
const versionOf = (tenantId: string, versions: Versions) => versions[LISTS.royalties(tenantId)];
/** The user dashboard reads the counts' lists and the names' lists. */
const dashboardLists = (tenantId: string) => [...new Set([...countLists(tenantId), ...nameLists(tenantId)])];
const optionalIdParams = z.strictObject({ id: z.string().min(1).max(80).optional() });

/** The label a call names in its path or query: required ('No Label Selected'). */
const labelOf = (query: FinanceQuery, pathId?: string) => {
  const id = pathId ?? query.label_id ?? query.id;
  if (!id) throw new InvalidField('label_id', MESSAGES.noLabelSelected);
  return id;
};

/** A company named in the path must be the current one: another company's is not found. */
async function currentCompany(tenantId: string, named?: string) {
  if (named && canonicalCompanyId(named) !== tenantId) throw new NotFound('Company');
  const company = await getCompany(tenantId);
  if (!company) throw new NotFound('Company');
  return company;
}

const accounting = (pathId: (params: Record<string, string | undefined>) => string | undefined) =>
  operation('tenant', {
    query: financeQuery,
    params: z.record(z.string(), z.string().optional()),
    lists: ledgerLists,
    run: async ({ tenantId, query, params, listVersions }) => ({
      accounting: await labelAccounting(
        tenantId,
        labelOf(query, pathId(params)),
        dateRange(query),
        versionOf(tenantId, listVersions),
      ),
    }),
  });

const labelFinances = operation('tenant', {
  query: financeQuery,
  params: optionalIdParams,
  lists: nameLists,
  run: async ({ tenantId, query, params, listVersions }) => {
    const id = labelOf(query, params.id);
    const label = await getLabel(tenantId, id);
    if (!label) throw new NotFound('Label');
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
  lists: nameLists,
  run: async ({ tenantId, query, params, listVersions }) => {
    const company = await currentCompany(tenantId, params.id);
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
    query: financeQuery,
    params: idParams,
    lists: nameLists,
    run: async ({ tenantId, query, params, listVersions }) => {
      const label = await getLabel(tenantId, params.id);
      if (!label) throw new NotFound('Label');
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
    query: financeQuery,
    lists: dashboardLists,
    run: async ({ tenantId, query, listVersions }) => {
      return { user_dashboard: await userDashboard(tenantId, dateRange(query), listVersions) };
    },
  }),
  dashboard: operation('tenant', {
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
    run: ({ tenantId }) => dashboardReleases(tenantId),
  }),
} satisfies AreaOperations<'finances'>;

export const handler = areaHandler('finances', operations);
