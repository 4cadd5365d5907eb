import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo } from 'react';
import { ApiError } from '../../../app/api';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { useUserDashboard } from './finance-api';
import { PeriodChart, SlicePie } from './finance-charts';
import { Figure, RoyaltyFigures } from './finance-figures';
import { countLinks, fillPeriods, money, royaltiesHref, sliceHref } from './finance-model';
import { formatMoneyByCurrency } from '../../../../../shared/money';
import { PeriodContainer } from './period-views';
import { useFinancePages, usePeriod } from './use-period';
import type { DashboardCounts, UserDashboard } from '../../../../../shared/schemas/finance-views';

/** The dashboards' counts, each linking to the list it counts. */
export function DashboardCountsGrid({ counts, admin = false }: { counts: DashboardCounts; admin?: boolean }) {
  return (
    <ColumnLayout columns={5} variant="text-grid" minColumnWidth={120}>
      {countLinks(counts, admin).map((c) => (
        <Figure key={c.key} label={c.label} value={c.value} href={c.href} testId={`dashboard-count-${c.key}`} />
      ))}
    </ColumnLayout>
  );
}

function CompanyFigures({ dashboard }: { dashboard: UserDashboard }) {
  const pages = useFinancePages();
  const view = dashboard.finances;
  const { currency } = view;
  const periods = useMemo(
    () => fillPeriods(view.by_period, { start: view.start_date, end: view.end_date }, view.royalties_query),
    [view],
  );
  const slice = (s: { name: string; royalties_query: string }) => sliceHref(pages.royalties, s);
  return (
    <SpaceBetween size="l">
      <RoyaltyFigures
        figures={view.totals}
        currency={currency}
        royaltiesPage={pages.royalties}
        royaltiesQuery={view.royalties_query}
        testId="dashboard"
      />
      <PeriodChart
        periods={periods}
        currency={currency}
        measures={['revenue', 'label_share']}
        hrefOf={(p) => royaltiesHref(pages.royalties, p.royalties_query)}
        testId="dashboard-by-period"
      />
      <ColumnLayout columns={2}>
        <SlicePie
          title="Stores"
          counted={['store', 'stores']}
          slices={view.by_store}
          currency={currency}
          hrefOf={slice}
          testId="dashboard-by-store"
        />
        <SlicePie
          title="Territories"
          counted={['territory', 'territories']}
          slices={view.by_territory}
          currency={currency}
          hrefOf={slice}
          testId="dashboard-by-territory"
        />
      </ColumnLayout>
    </SpaceBetween>
  );
}

function Statements({ dashboard }: { dashboard: UserDashboard }) {
  const pages = useFinancePages();
  const { currency } = dashboard.finances;
  return (
    <Table
      wrapLines
      data-testid="dashboard-statements"
      variant="container"
      header={
        <Header
          variant="h2"
          description={
            <span data-testid="dashboard-due">
              {dashboard.due.accounts} {dashboard.due.accounts === 1 ? 'account' : 'accounts'} due for payment,{' '}
              {formatMoneyByCurrency(dashboard.due.by_currency, 'total', currency)} in all
            </span>
          }
          actions={<RouterLink href={pages.statements}>All statements</RouterLink>}
        >
          Latest statements
        </Header>
      }
      items={dashboard.latest_statements}
      trackBy="id"
      empty={<Box color="text-status-inactive">No statements yet</Box>}
      columnDefinitions={[
        {
          id: 'number',
          header: 'Statement',
          isRowHeader: true,
          cell: (s) => <RouterLink href={pages.statement(s.id)}>{s.number}</RouterLink>,
        },
        { id: 'payee', header: 'Payee', cell: (s) => s.payee_name },
        { id: 'payable', header: 'Payable', cell: (s) => money(s.payable, s.currency) },
        { id: 'paid', header: 'Paid', cell: (s) => <StatusBadge word={s.paid ? 'paid' : 'unpaid'} /> },
      ]}
    />
  );
}

/**
 * The user dashboard's real figures (GET user_dashboard) for the current company: counts, the
 * royalties of the period by pay period, store and territory, and the statements due.
 */
export function DashboardFinances({ companyId }: { companyId: string }) {
  const [period] = usePeriod();
  const load = useUserDashboard(companyId, period);
  const { data, error } = load;
  // A company role without money.read has no finances to show: the dashboard simply leaves them out.
  if (error instanceof ApiError && error.status === 403) return null;
  return (
    <SpaceBetween size="l">
      <PeriodContainer
        testId="dashboard-finances"
        title="Finances"
        description="Royalties of the period, from the ledger: every figure and slice opens its lines"
        pickerTestId="dashboard-period"
        load={load}
        errorHeader="Could not load the figures"
      >
        {(answer) => <CompanyFigures dashboard={answer.user_dashboard} />}
      </PeriodContainer>
      {data ? (
        <Container header={<Header variant="h2">In the company</Header>} data-testid="dashboard-counts">
          <DashboardCountsGrid counts={data.user_dashboard.counts} />
        </Container>
      ) : null}
      {data ? <Statements dashboard={data.user_dashboard} /> : null}
    </SpaceBetween>
  );
}
