import Big from 'big.js';
import { money } from '../../../shared/schemas/money.js';
import type { AdminDashboard, DashboardCounts, UserDashboard } from '../../../shared/schemas/finance-views.js';
import { listCompanies } from '../../data/access/companies.js';
import { listAllLabels } from '../../data/access/labels.js';
import { listUsers } from '../../data/access/users.js';
import { LISTS } from '../../data/list-cache.js';
import { required } from '../../lib/required.js';
import { companySummaries, inForce } from './company-summary.js';
import { owedStatements } from '../payments/owed.js';
import { totalsByCurrency } from '../currency-totals.js';
import { NotFound } from '../../lib/errors.js';
import { addToCube, type FinanceCube } from './cube.js';
import { byPeriod, figuresOf, rangeTotal } from './finance-figures.js';
import { companyCounts } from './counts.js';
import { financesView } from './finances-view.js';
import { moneyRecords } from './money-records.js';
import { latestReleases } from './releases.js';
import type { DateRange } from './range.js';

/**
 * The dashboards (UserDashboard, AdminDashboard, DistributionDashboard):
 * counts, the company's finances over the range, what is due and the latest statements; for a
 * platform admin, the platform's counts and money by company. Royalty figures from the cube.
 */
export async function dashboardCounts(tenantId: string, versions?: Record<string, string>): Promise<DashboardCounts> {
  return companyCounts(tenantId, versions);
}

export async function userDashboard(
  tenantId: string,
  range: DateRange,
  versions: Record<string, string> = {},
): Promise<UserDashboard> {
  // The company, its statements and the rest of its money records: held per process (money-records.ts).
  const { company, statements, entries } = await moneyRecords(tenantId, versions[LISTS.money(tenantId)]);
  if (!company) throw new NotFound('Company');
  const [counts, finances] = await Promise.all([
    companyCounts(tenantId, versions),
    financesView(tenantId, { type: 'company', id: tenantId, name: company.name }, { kind: 'all' }, range, {
      versions,
    }),
  ]);
  // Each account's due statements, which hold the earlier unpaid ones they carry: as the payments due list says.
  const due = owedStatements(statements, entries);
  return {
    company: { id: tenantId, name: company.name },
    counts,
    finances,
    due: {
      accounts: new Set(due.map((s) => s.accountKey)).size,
      total: money(due.reduce((a, s) => a.plus(s.figures.payable), new Big(0))),
      by_currency: totalsByCurrency(due, { total: (s) => s.figures.payable }),
    },
    latest_statements: statements
      .filter(inForce)
      .sort((a, b) =>
        String(b.publishedAt ?? b.createdAt ?? '').localeCompare(String(a.publishedAt ?? a.createdAt ?? '')),
      )
      .slice(0, 10)
      .map((s) => ({
        id: s.statementId,
        number: s.number,
        payee_name: s.payee_name,
        payable: s.figures.payable,
        currency: s.currency,
        paid: s.paid,
      })),
  };
}

/** GET dashboard/releases: the company's latest releases. */
export async function dashboardReleases(tenantId: string, versions: Record<string, string> = {}) {
  return { releases: await latestReleases(tenantId, 10, versions) };
}

/**
 * The platform's dashboard: every company's counts added up, each company's revenue over the
 * range and what its statements still owe (each in its own currency), and the platform's revenue
 * by period in `currency` (the first company's): only companies in that currency are added up,
 * never sums of mixed currencies.
 */
export async function adminDashboard(range: DateRange): Promise<AdminDashboard> {
  const [companies, users, labels] = await Promise.all([listCompanies(), listUsers(), listAllLabels()]);
  const { summaries } = await companySummaries(companies.map((c) => c.companyId));
  const perCompany = companies.map((company) => {
    const summary = required(summaries.get(company.companyId), 'company summary');
    return { company, ...summary, owed: new Big(summary.owed) };
  });
  const currency = perCompany[0]?.currency ?? 'GBP';
  const counts = perCompany.reduce<DashboardCounts>(
    (total, { counts: c }) =>
      Object.fromEntries(
        Object.entries(total).map(([k, v]) => [k, v + c[k as keyof DashboardCounts]]),
      ) as DashboardCounts,
    {
      labels: 0,
      artists: 0,
      releases: 0,
      recordings: 0,
      songs: 0,
      payees: 0,
      imports: 0,
      statements: 0,
      statements_unpaid: 0,
      payments: 0,
    },
  );
  const sameCurrency = perCompany.filter((c) => c.currency === currency);
  const platform = byPeriod(mergeCubes(sameCurrency.map((c) => c.cube)), range, { kind: 'all' });
  return {
    counts: {
      ...counts,
      companies: companies.length,
      users: users.length,
      distributed_labels: labels.filter((l) => l.distributed).length,
    },
    currency,
    by_company: perCompany
      .map(({ company, cube, currency: own, owed, owed_by_currency, counts: c }) => ({
        id: company.companyId,
        name: company.name,
        currency: own,
        revenue: figuresOf(rangeTotal(cube, range, { kind: 'all' })).revenue,
        owed: money(owed),
        owed_by_currency,
        statements_unpaid: c.statements_unpaid,
      }))
      .sort((a, b) => new Big(b.revenue).cmp(a.revenue) || a.name.localeCompare(b.name)),
    by_period: platform,
  };
}

/** The companies' totals by period in one cube (only the 'total' cells: all the platform view needs). */
function mergeCubes(cubes: FinanceCube[]): FinanceCube {
  const merged: FinanceCube = new Map();
  for (const cube of cubes)
    for (const [period, dimensions] of cube) {
      const total = dimensions.get('total')?.get('total');
      if (total) addToCube(merged, period, 'total', 'total', total);
    }
  return merged;
}
