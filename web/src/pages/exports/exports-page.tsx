import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_PROGRESS_EVENT,
  type ExportJobView,
} from '../../../../shared/catalogue-exchange/exports';
import { api } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { subscribeRealtime } from '../../app/realtime';
import { useApi } from '../../app/resources';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { StatusBadge } from '../../components/status-badge';
import { openExportFile, skippedLines } from './export-menu';
import { formatDateTime } from '../../../../shared/format';

type ExportList = { exports: ExportJobView[]; total_count: number };

/** Asks for a fresh link (the one in the list may have expired) and opens the file. */
async function download(id: string) {
  try {
    openExportFile((await api.get<{ export: ExportJobView }>(`/exports/${id}`)).export);
  } catch (error) {
    notifyError(error);
  }
}

async function remove(id: string, refresh: () => unknown) {
  try {
    await api.delete(`/exports/${id}`);
    notify('notification', 'Export deleted');
    refresh();
  } catch (error) {
    notifyError(error);
  }
}

function Progress({ job }: { job: ExportJobView }) {
  if (job.status === 'done' || job.status === 'failed') return <Box>{job.error ?? `${job.rows} rows`}</Box>;
  const value = job.total ? Math.round((job.done / job.total) * 100) : 0;
  return <ProgressBar value={value} additionalInfo={`${job.done} of ${job.total || '…'} releases`} />;
}

function Skipped({ job }: { job: ExportJobView }) {
  if (!job.skipped.length) return <Box>None</Box>;
  return (
    <ExpandableSection headerText={`${job.skipped.length} left out`} data-testid={`export-skipped-${job.id}`}>
      <ul>
        {skippedLines(job).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ExpandableSection>
  );
}

/**
 * Profile → Exports: the user's exports in the current company, newest first, with
 * their progress (pushed over the WebSocket while the worker writes), what each left out and why
 * (a ℗/© line without a four-digit year), a download (a fresh link each time) and delete.
 */
export function ExportsPage() {
  const { data, error, mutate, isLoading } = useApi<ExportList>('/exports');
  useEffect(() => subscribeRealtime(EXPORT_PROGRESS_EVENT, () => void mutate()), [mutate]);
  const refresh = () => void mutate();
  return (
    <SpaceBetween size="s">
      {error ? <ApiErrorAlert error={error} onRetry={refresh} header="Could not load your exports" /> : null}
      <Table<ExportJobView>
        data-testid="exports-table"
        variant="full-page"
        loading={isLoading && !data}
        loadingText="Loading exports"
        items={data?.exports ?? []}
        trackBy="id"
        header={
          <Header variant="awsui-h1-sticky" counter={data ? `(${data.total_count})` : undefined}>
            Exports
          </Header>
        }
        empty={<Box textAlign="center">No exports yet: use Export on the releases or recordings list.</Box>}
        columnDefinitions={[
          { id: 'created', header: 'Asked for', cell: (job) => formatDateTime(job.created_at) },
          { id: 'selection', header: 'What', cell: (job) => job.selection },
          { id: 'format', header: 'Format', cell: (job) => EXPORT_FORMAT_LABELS[job.format] },
          { id: 'status', header: 'Status', cell: (job) => <StatusBadge word={job.status} /> },
          { id: 'progress', header: 'Progress', cell: (job) => <Progress job={job} /> },
          { id: 'skipped', header: 'Left out', cell: (job) => <Skipped job={job} /> },
          {
            id: 'actions',
            header: 'Actions',
            cell: (job) => (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  disabled={job.status !== 'done'}
                  onClick={() => void download(job.id)}
                  data-testid={`export-download-${job.id}`}
                >
                  Download
                </Button>
                <Button onClick={() => void remove(job.id, refresh)} data-testid={`export-delete-${job.id}`}>
                  Delete
                </Button>
              </SpaceBetween>
            ),
          },
        ]}
      />
    </SpaceBetween>
  );
}
