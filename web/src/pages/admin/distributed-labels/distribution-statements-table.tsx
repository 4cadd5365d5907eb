import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ReactNode, useMemo, useState } from 'react';
import { CellNote } from '../../../components/cell-note';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { Money, PaidBadge, StateBadge } from '../../money/statements/statement-badges';
import { statementPeriodWords } from '../../money/statements/statement-model';
import { formatMoney } from '../../../../../shared/money';
import type { DistributionStatementRow } from '../../../../../shared/schemas/distributed-labels';
import { ALL_COMPANIES, CompanyFilter } from './company-filter';
import { openStatementPdf } from './distributed-labels-api';
import { distributedLabelPath, distributionStatementsPath } from './distributed-label-model';

function columns(): TableProps.ColumnDefinition<DistributionStatementRow>[] {
  return [
    { id: 'number', header: 'Number', sortingField: 'number', isRowHeader: true, cell: (s) => s.number },
    {
      id: 'label',
      header: 'Label',
      sortingField: 'payee_name',
      cell: (s) => <RouterLink href={distributedLabelPath(s.payee_id)}>{s.payee_name}</RouterLink>,
    },
    { id: 'company', header: 'Company', sortingField: 'company_name', cell: (s) => s.company_name },
    { id: 'period', header: 'Period', sortingField: 'end_pay_period', cell: (s) => statementPeriodWords(s) },
    {
      id: 'payable',
      header: 'Payable',
      // The distributor's fee, taken before the payable, shares its cell: one column fewer beside the admin menu.
      cell: (s) => (
        <>
          <Money value={s.payee_total} currency={s.currency} testId={`distribution-statement-payable-${s.id}`} />
          <Box textAlign="right">
            <CellNote>Distributor’s fee {formatMoney(s.aggregator_fee, s.currency)}</CellNote>
          </Box>
        </>
      ),
    },
    { id: 'paid', header: 'Paid', cell: (s) => <PaidBadge statement={s} /> },
    { id: 'queue_status', header: 'Status', cell: (s) => <StateBadge state={s.queue_status} /> },
    {
      id: 'created_at',
      header: 'Made',
      sortingField: 'created_at',
      cell: (s) => <FormattedDate value={s.created_at} />,
    },
    {
      id: 'pdf',
      header: 'PDF',
      cell: (s) =>
        s.queue_status === 'published' ? (
          <Button
            variant="inline-link"
            onClick={() => void openStatementPdf(s.id, s.company_id)}
            ariaLabel={`Open the PDF of ${s.number}`}
          >
            {/* The table wraps its lines: the button's two words stay on one. */}
            <span style={{ whiteSpace: 'nowrap' }}>Open PDF</span>
          </Button>
        ) : (
          '-'
        ),
    },
  ];
}

/**
 * Distribution statements of every distributed label (the page's own list, under the page's one heading, with its
 * further actions) or one label's (a section of the label's page), newest first, by company.
 */
export function DistributionStatementsTable({
  labelId,
  actions,
}: {
  labelId?: string;
  /** Further buttons beside Refresh (the statements page's Generate). */
  actions?: ReactNode;
}) {
  const [company, setCompany] = useState(ALL_COMPANIES);
  const cols = useMemo(columns, []);
  const filter = { company: company.value || undefined, label_id: labelId };
  return (
    <ServerTable<DistributionStatementRow>
      tableId="distribution-statements"
      storageId="distribution-statements"
      title={labelId ? 'Distribution statements' : 'Distributed label statements'}
      description={labelId ? undefined : 'The distribution statements of every distributed label, newest first.'}
      section={Boolean(labelId)}
      resourceName="statement"
      resourcePlural="statements"
      // Nine columns beside the admin menu: long names wrap so that every column fits a laptop's width.
      wrapLines
      columns={cols}
      collection="statements"
      trackBy="id"
      buildPath={(params) => distributionStatementsPath(params, filter)}
      filterKey={JSON.stringify(filter)}
      filters={
        // One label's statements are that label's company's: no company to choose.
        labelId ? undefined : (
          <CompanyFilter value={company} onChange={setCompany} testId="distribution-statements-company" />
        )
      }
      actions={({ refresh }) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="refresh" onClick={() => void refresh()} data-testid="distribution-statements-refresh">
            Refresh
          </Button>
          {actions}
        </SpaceBetween>
      )}
    />
  );
}
