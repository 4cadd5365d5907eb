import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo } from 'react';
import { RouterLink } from '../../../components/router-link';
import { useAdminDashboard } from './finance-api';
import { PeriodChart } from './finance-charts';
import { Figure } from './finance-figures';
import { fillPeriods, formatCount, money, royaltiesHref } from './finance-model';
import { DashboardCountsGrid } from './dashboard-finances';
import { PeriodContainer } from './period-views';
import { useFinancePages, usePeriod } from './use-period';
import type { AdminDashboard } from '../../../../../shared/schemas/finance-views';
import { formatMoneyByCurrency } from '../../../../../shared/money';

function Figures({ dashboard, companyPage }: { dashboard: AdminDashboard; companyPage: (id: string) => string }) {
  const pages = useFinancePages();
  const [period] = usePeriod();
  const periods = useMemo(() => fillPeriods(dashboard.by_period, period, ''), [dashboard, period]);
  const { counts } = dashboard;
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={3} variant="text-grid">
        <Figure
          label="Companies"
          value={formatCount(counts.companies)}
          href="/admin/companies"
          testId="platform-companies"
        />
        <Figure label="Users" value={formatCount(counts.users)} href="/admin/users" testId="platform-users" />
        <Figure
          label="Distributed labels"
          value={formatCount(counts.distributed_labels)}
          // Every company's labels flagged distributed, as the admin's list of them holds them (not one distributor's
          // client labels, which the CRM's pages list).
          href="/admin/distributed_labels"
          testId="platform-distributed-labels"
        />
      </ColumnLayout>
      <DashboardCountsGrid counts={counts} admin />
      <PeriodChart
        periods={periods}
        currency={dashboard.currency}
        measures={['revenue', 'label_share', 'aggregator_fee']}
        hrefOf={(p) => royaltiesHref(pages.royalties, p.royalties_query)}
        testId="platform-by-period"
      />
      <Table
        data-testid="platform-companies-table"
        variant="embedded"
        header={<Header variant="h3">By company</Header>}
        items={dashboard.by_company}
        trackBy="id"
        empty={<Box color="text-status-inactive">No companies yet</Box>}
        columnDefinitions={[
          {
            id: 'name',
            header: 'Company',
            isRowHeader: true,
            cell: (c) => <RouterLink href={companyPage(c.id)}>{c.name}</RouterLink>,
          },
          { id: 'revenue', header: 'Revenue', cell: (c) => money(c.revenue, c.currency) },
          { id: 'owed', header: 'Owed', cell: (c) => formatMoneyByCurrency(c.owed_by_currency, 'owed', c.currency) },
          { id: 'unpaid', header: 'Statements not paid', cell: (c) => formatCount(c.statements_unpaid) },
        ]}
      />
    </SpaceBetween>
  );
}

/**
 * The platform's figures for the admin and distribution dashboards (GET dashboard as an admin):
 * counts, revenue by pay period and money by company; a company links to its finances.
 */
export function PlatformFigures({ companyPage }: { companyPage: (id: string) => string }) {
  const [period] = usePeriod();
  return (
    <PeriodContainer
      testId="platform-figures"
      title="The platform"
      description="Every company, from the royalty ledger's aggregates"
      pickerTestId="dashboard-period"
      load={useAdminDashboard(period)}
      errorHeader="Could not load the figures"
    >
      {(answer) => <Figures dashboard={answer.dashboard} companyPage={companyPage} />}
    </PeriodContainer>
  );
}
