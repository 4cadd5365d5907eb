import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo } from 'react';
import { CellNote } from '../../../components/cell-note';
import { RouterLink } from '../../../components/router-link';
import { PeriodChart, SlicePie } from './finance-charts';
import { Figure, RoyaltyFigures } from './finance-figures';
import {
  fillPeriods,
  formatCount,
  ledgerPeriodWords,
  money,
  royaltiesHref,
  sharePercent,
  sliceHref,
  type FinancePages,
  type PeriodMeasure,
} from './finance-model';
import type { FinanceSlice, FinancesView } from '../../../../../shared/schemas/finance-views';
import { formatMoneyByCurrency } from '../../../../../shared/money';

const MEASURES: PeriodMeasure[] = ['revenue', 'label_share', 'artist_share'];

/** The pies beside each other: container header, pie title, the view's slices (its test id with a dash). */
const SLICES: [string, string, 'by_store' | 'by_territory', [string, string]][] = [
  ['By store', 'Stores', 'by_store', ['store', 'stores']],
  ['By territory', 'Territories', 'by_territory', ['territory', 'territories']],
];

/** Slices (labels, releases, stores, territories) as a table: each name links to its royalties. */
function SliceTable({
  title,
  noun,
  slices,
  currency,
  royaltiesPage,
  testId,
}: {
  title: string;
  noun: string;
  slices: FinanceSlice[];
  currency: string;
  royaltiesPage: string;
  testId: string;
}) {
  return (
    <Table<FinanceSlice>
      wrapLines
      data-testid={testId}
      variant="embedded"
      header={<Header variant="h3">{title}</Header>}
      items={slices}
      trackBy={(s) => s.key ?? `other:${s.name}`}
      empty={<Box color="text-status-inactive">No royalties in this period</Box>}
      columnDefinitions={[
        {
          id: 'name',
          header: noun,
          isRowHeader: true,
          // "Other" (key null) is the rest beyond the top ten, or lines without one: no filter selects them alone.
          cell: (s) =>
            s.key === null ? (
              <Box color="text-body-secondary">{s.name}</Box>
            ) : (
              <RouterLink href={sliceHref(royaltiesPage, s)} data-testid={`${testId}-link`}>
                {s.name}
              </RouterLink>
            ),
        },
        // Its part of the whole under the revenue, so two tables side by side each fit half a 1,400 px page.
        {
          id: 'revenue',
          header: 'Revenue',
          cell: (s) => (
            <Box textAlign="right">
              {money(s.revenue, currency)}
              <CellNote>{sharePercent(s.revenue, slices)} of the revenue</CellNote>
            </Box>
          ),
        },
        {
          id: 'label',
          header: 'Label share',
          cell: (s) => <Box textAlign="right">{money(s.label_share, currency)}</Box>,
        },
        { id: 'lines', header: 'Lines', cell: (s) => <Box textAlign="right">{formatCount(s.lines)}</Box> },
      ]}
    />
  );
}

/**
 * A finances view (FinancesView) as a page body: the figures, the chart by pay period, revenue
 * by store and territory, the top labels and releases, and the money side (expenses,
 * statements, paid, owed). Every figure and slice links to what is behind it.
 */
export function FinancesPanel({
  view,
  pages,
  testId = 'finances',
}: {
  view: FinancesView;
  pages: FinancePages;
  testId?: string;
}) {
  const { currency } = view;
  const periods = useMemo(
    () => fillPeriods(view.by_period, { start: view.start_date, end: view.end_date }, view.royalties_query),
    [view],
  );
  const slice = (s: Pick<FinanceSlice, 'name' | 'royalties_query'>) => sliceHref(pages.royalties, s);
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" description={ledgerPeriodWords(view)}>
            Royalties
          </Header>
        }
        data-testid={`${testId}-figures`}
      >
        <SpaceBetween size="l">
          <RoyaltyFigures
            figures={view.totals}
            currency={currency}
            royaltiesPage={pages.royalties}
            royaltiesQuery={view.royalties_query}
            testId={testId}
          />
          <PeriodChart
            periods={periods}
            currency={currency}
            measures={MEASURES}
            hrefOf={(p) => royaltiesHref(pages.royalties, p.royalties_query)}
            testId={`${testId}-by-period`}
          />
        </SpaceBetween>
      </Container>
      <ColumnLayout columns={2} minColumnWidth={440}>
        {SLICES.map(([header, title, key, counted]) => (
          <Container key={key} header={<Header variant="h2">{header}</Header>}>
            <SlicePie
              title={title}
              counted={counted}
              slices={view[key]}
              currency={currency}
              hrefOf={slice}
              testId={`${testId}-${key.replace('_', '-')}`}
            />
          </Container>
        ))}
      </ColumnLayout>
      <Container header={<Header variant="h2">Money</Header>} data-testid={`${testId}-money`}>
        <ColumnLayout columns={4} variant="text-grid">
          <Figure
            label="Expenses"
            value={money(view.money.expenses, currency)}
            href={pages.expenses}
            testId={`${testId}-expenses`}
          />
          <Figure
            label="Statements"
            value={formatCount(view.money.statements)}
            href={pages.statements}
            testId={`${testId}-statements`}
            note="Published in the period"
          />
          <Figure
            label="Paid"
            value={formatMoneyByCurrency(view.money.by_currency, 'paid', currency)}
            href={pages.statements}
            testId={`${testId}-paid`}
          />
          <Figure
            label="Owed"
            value={formatMoneyByCurrency(view.money.by_currency, 'owed', currency)}
            href={pages.statements}
            testId={`${testId}-owed`}
            note="Published, not yet paid"
          />
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">Top labels and releases</Header>}>
        {/* Side by side where both fit whole; in a narrower window (1,000 px) one above the other, not cut off. */}
        <ColumnLayout columns={2} minColumnWidth={440}>
          {view.scope.type === 'label' ? null : (
            <SliceTable
              title="Labels"
              noun="Label"
              slices={view.by_label}
              currency={currency}
              royaltiesPage={pages.royalties}
              testId={`${testId}-labels`}
            />
          )}
          <SliceTable
            title="Releases"
            noun="Release"
            slices={view.by_release}
            currency={currency}
            royaltiesPage={pages.royalties}
            testId={`${testId}-releases`}
          />
        </ColumnLayout>
      </Container>
    </SpaceBetween>
  );
}
