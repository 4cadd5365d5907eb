import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { useApi } from '../../app/resources';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FormattedDate } from '../../components/formatted';
import { StatusBadge } from '../../components/status-badge';
import type { DspConnection, DspConnections } from './distribution-api';

/**
 * One list of DSP connections (every company's, or one company's): the store, the company, the
 * status and when it was asked for and connected. `actions` adds a row's buttons.
 */
export function ConnectionsTable({
  title,
  empty,
  path,
  companyId,
  showCompany = true,
  testId,
  actions,
  headerActions,
  page,
}: {
  title: string;
  /** The list is the page: its title is the page's one heading (with this description under it). */
  page?: { description: string };
  /** What an empty list says, in its own words ("No DSP connections yet"): the title is not always a noun. */
  empty: string;
  path: string;
  companyId?: string;
  showCompany?: boolean;
  testId: string;
  actions?: (row: DspConnection, reload: () => Promise<unknown>) => ReactNode;
  headerActions?: (reload: () => Promise<unknown>) => ReactNode;
}) {
  const { data, error, isLoading, mutate } = useApi<DspConnections>(path, undefined, companyId);
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} />;
  const reload = () => mutate();
  return (
    <Table<DspConnection>
      data-testid={testId}
      variant={page ? 'full-page' : undefined}
      loading={isLoading}
      items={data?.dsp_connections ?? []}
      trackBy="id"
      // A note or a company's name wraps, so the seven columns fit beside the side menu.
      wrapLines
      header={
        <Header
          variant={page ? 'awsui-h1-sticky' : undefined}
          description={page?.description}
          counter={data ? `(${data.total_count})` : undefined}
          actions={headerActions?.(reload)}
        >
          {title}
        </Header>
      }
      empty={<Box textAlign="center">{empty}</Box>}
      columnDefinitions={[
        { id: 'dsp', header: 'DSP', isRowHeader: true, cell: (r) => r.dsp_name },
        ...(showCompany ? [{ id: 'company', header: 'Company', cell: (r: DspConnection) => r.company_name }] : []),
        { id: 'status', header: 'Status', cell: (r) => <StatusBadge word={r.status} /> },
        { id: 'note', header: 'Note', cell: (r) => r.note ?? '-' },
        { id: 'requested', header: 'Requested', cell: (r) => <FormattedDate value={r.requested_at} /> },
        { id: 'connected', header: 'Connected', cell: (r) => <FormattedDate value={r.connected_at} /> },
        ...(actions
          ? [
              {
                id: 'actions',
                header: 'Actions',
                // The lines wrap (see the table); an action's word is kept whole.
                cell: (r: DspConnection) => (
                  <span style={{ whiteSpace: 'nowrap' }}>
                    <SpaceBetween direction="horizontal" size="xs">
                      {actions(r, reload)}
                    </SpaceBetween>
                  </span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
