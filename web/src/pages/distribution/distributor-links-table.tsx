import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Table from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { useApi } from '../../app/resources';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { StatusBadge } from '../../components/status-badge';
import type { CompanyDistributor } from './distribution-api';
import { FormattedDate } from '../../components/formatted';

/**
 * A company's distributor links with their contract terms and signed contract: the admin's distribution page and the
 * company's own connections page show the same table.
 */
export function DistributorLinksTable({
  rows,
  loading,
  description,
  testId,
}: {
  rows: readonly CompanyDistributor[] | undefined;
  loading: boolean;
  description?: ReactNode;
  testId: string;
}) {
  return (
    <Table<CompanyDistributor>
      data-testid={testId}
      header={
        <Header variant="h2" counter={rows ? `(${rows.length})` : undefined} description={description}>
          Distributors
        </Header>
      }
      items={rows ? [...rows] : []}
      loading={loading}
      trackBy="id"
      empty={<Box textAlign="center">No distributors linked</Box>}
      columnDefinitions={[
        { id: 'name', header: 'Distributor', isRowHeader: true, cell: (r) => r.distributor_name },
        {
          id: 'status',
          header: 'Status',
          cell: (r) => <StatusBadge word={r.terminated ? 'terminated' : r.active === false ? 'inactive' : 'active'} />,
        },
        { id: 'base', header: 'Base', cell: (r) => (r.base ? 'Yes' : 'No') },
        {
          id: 'start',
          header: 'Contract start',
          cell: (r) => <FormattedDate value={r.contract_start_date} />,
        },
        {
          id: 'end',
          header: 'Contract end',
          cell: (r) => <FormattedDate value={r.contract_end_date} />,
        },
        {
          id: 'contract',
          header: 'Contract',
          cell: (r) =>
            r.contract_data_uri ? (
              <Link href={r.contract_data_uri} external>
                {r.contract_file_name}
              </Link>
            ) : (
              '-'
            ),
        },
      ]}
    />
  );
}

/** The distributors the company delivers through, as admins connected them (read-only here). */
export function OwnDistributorLinks({ companyId }: { companyId: string }) {
  const { data, error, mutate } = useApi<{ company_distributors: CompanyDistributor[] }>(
    '/company/distributors',
    undefined,
    companyId,
  );
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} />;
  return (
    <DistributorLinksTable
      rows={data?.company_distributors}
      loading={!data}
      description="Set up by the platform's admins."
      testId="company-distributor-links"
    />
  );
}
