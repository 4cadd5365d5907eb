import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useParams, useSearchParams } from 'react-router';
import { formatCount } from '../../../../../shared/format';
import { formatMoney } from '../../../../../shared/money';
import {
  STATEMENT_LINE_FILTERS,
  type StatementLine,
  type StatementLineFilter,
} from '../../../../../shared/schemas/statement-views';
import { errorMessage } from '../../../app/api';
import { notifyError } from '../../../app/notifications';
import { CellNote } from '../../../components/cell-note';
import { RouterLink } from '../../../components/router-link';
import { linesTotalWords, statementPeriodWords, statementTitle } from './statement-model';
import { openStatementFile, useStatement, useStatementLines, useStatementPages } from './statements-api';
import { territoryName } from '../../../../../shared/territories';
import { periodLabel } from '../finances/finance-model';

/** Each filter as the page names it ("Store: Spotify"). */
const FILTER_WORDS: Record<StatementLineFilter, string> = {
  store: 'Store',
  territory: 'Territory',
  format: 'Format',
  release: 'Release',
  track: 'Track',
  month: 'Month',
  term: 'Contract term',
};

const PER_PAGE = 50;

/**
 * One statement's lines (`…/statements/:statementId/lines`): the lines it was published with, as its CSV holds them,
 * kept by the row of its tables a figure was opened from. Each line's amounts and what they add up to (the server's own
 * sum) are shown to the cent, as every amount on screen is, so the total reads as the row's amount; the CSV keeps the
 * exact millionths. Removing a filter widens the list, up to every line of the statement.
 */
export function StatementLinesPage() {
  const { statementId } = useParams();
  const pages = useStatementPages();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const filters = STATEMENT_LINE_FILTERS.flatMap((name) => {
    const value = search.get(name);
    return value === null ? [] : [{ name, value }];
  });
  const query = new URLSearchParams(filters.map(({ name, value }) => [name, value]));
  query.set('page', String(page));
  query.set('per_page', String(PER_PAGE));
  const statement = useStatement(statementId).data?.statement;
  const answer = useStatementLines(statementId, query);
  const currency = statement?.currency ?? '';
  const found = answer.data;
  const moveTo = (next: URLSearchParams) => setSearch(next, { replace: false });
  const without = (name: string) => {
    const next = new URLSearchParams(search);
    next.delete(name);
    next.delete('page');
    moveTo(next);
  };
  const toPage = (n: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(n));
    moveTo(next);
  };
  const amount = (value: string) => formatMoney(value, currency);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            statement ? (
              <>
                {statement.payee_name} · {statementPeriodWords(statement)} ·{' '}
                <RouterLink href={pages.detail(statement.id)}>Back to the statement</RouterLink>
              </>
            ) : null
          }
          actions={
            statementId ? (
              <Button iconName="download" onClick={() => void openStatementFile(statementId, 'csv').catch(notifyError)}>
                CSV
              </Button>
            ) : null
          }
        >
          {statement ? `Lines of statement ${statementTitle(statement)}` : 'Lines of the statement'}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {filters.length ? (
          <TokenGroup
            data-testid="statement-lines-filters"
            items={filters.map(({ name, value }) => ({
              label: `${FILTER_WORDS[name]}: ${value}`,
              dismissLabel: `Show every ${FILTER_WORDS[name].toLowerCase()}`,
            }))}
            onDismiss={({ detail }) => {
              const dismissed = filters[detail.itemIndex];
              if (dismissed) without(dismissed.name);
            }}
          />
        ) : null}
        <Table<StatementLine>
          data-testid="statement-lines"
          variant="container"
          wrapLines
          loading={answer.isLoading}
          loadingText="Reading the statement's lines"
          items={found?.lines ?? []}
          empty={
            <Box color="text-body-secondary">
              {answer.error ? errorMessage(answer.error) : 'No line of this statement matches'}
            </Box>
          }
          header={
            <Header
              counter={found ? `(${formatCount(found.total_count)})` : undefined}
              description={
                found ? <span data-testid="statement-lines-total">{linesTotalWords(found, currency)}</span> : null
              }
            >
              {filters.length ? 'The lines behind this figure' : 'Every line of the statement'}
            </Header>
          }
          pagination={
            found && found.total_pages > 1 ? (
              <Pagination
                currentPageIndex={page}
                pagesCount={found.total_pages}
                onChange={({ detail }) => toPage(detail.currentPageIndex)}
              />
            ) : undefined
          }
          // Six figures of a line and four of its words: what belongs together shares a cell (the store with its
          // territory and format, the track with its release, the amount with the label's share), so every one shows
          // within a 1,000 px window with the side menu open.
          columnDefinitions={[
            {
              id: 'month',
              header: 'Month',
              cell: (l) => (
                <>
                  {periodLabel(l.pay_period)}
                  {l.term ? <CellNote>{l.term}</CellNote> : null}
                </>
              ),
            },
            {
              id: 'store',
              header: 'Store',
              cell: (l) => (
                <>
                  {l.retailer || '-'}
                  {l.territory ? <CellNote>{territoryName(l.territory)}</CellNote> : null}
                  {l.sales_format ? <CellNote>{l.sales_format}</CellNote> : null}
                </>
              ),
            },
            {
              id: 'track',
              header: 'Track',
              cell: (l) => (
                <>
                  {l.isrc ? `${l.track} (${l.isrc})` : l.track || '-'}
                  {l.release ? <CellNote>{l.release}</CellNote> : null}
                </>
              ),
            },
            { id: 'quantity', header: 'Quantity', cell: (l) => <Box textAlign="right">{formatCount(l.quantity)}</Box> },
            {
              id: 'amount',
              header: 'Amount',
              cell: (l) => (
                <Box textAlign="right">
                  {amount(l.share)}
                  <CellNote>Label’s share {amount(l.label_payable)}</CellNote>
                </Box>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
