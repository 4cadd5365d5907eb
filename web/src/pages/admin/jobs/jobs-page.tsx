import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { api, errorMessage } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { useApi } from '../../../app/resources';
import { FormattedDate } from '../../../components/formatted';

/** A job as GET /admin/jobs answers it: every kind alike, named in the admins' words. */
type StuckJob = {
  kind: string;
  kind_name: string;
  company_id: string;
  company_name: string | null;
  id: string;
  what: string;
  state: string;
  since: string;
  expected_minutes: number;
  started_by: string | null;
};

/** "3 hours ago", "5 minutes ago": how long the job has been waiting. */
function ago(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (Number.isNaN(minutes)) return 'unknown';
  const [value, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.round(minutes / 60), 'hour']
        : [Math.round(minutes / 1440), 'day'];
  return `${value} ${unit}${value === 1 ? '' : 's'} ago`;
}

const resumePath = (job: StuckJob) =>
  `/admin/jobs/${encodeURIComponent(job.kind)}/${encodeURIComponent(job.company_id)}/${encodeURIComponent(job.id)}/resume`;

/**
 * AdminJobs (/admin/jobs): background jobs of every company (imports, statement runs, deliveries,
 * payment runs, catalogue imports) that have stayed unfinished for longer than their kind should
 * take, oldest first, each with Resume, which carries it on from where it stopped.
 */
export function AdminJobsPage() {
  const { data, error, isLoading, mutate } = useApi<{ jobs: StuckJob[]; total_count: number }>('/admin/jobs');
  const [resuming, setResuming] = useState<string | null>(null);

  const resume = async (job: StuckJob) => {
    setResuming(job.id);
    try {
      const answer = await api.post<{ message: string }>(resumePath(job));
      notify('notification', answer.message);
      await mutate();
    } catch (failure) {
      notify('error', errorMessage(failure));
    } finally {
      setResuming(null);
    }
  };

  const columns: TableProps.ColumnDefinition<StuckJob>[] = [
    { id: 'company', header: 'Company', isRowHeader: true, cell: (j) => j.company_name ?? 'A deleted company' },
    { id: 'kind', header: 'Job', cell: (j) => j.kind_name },
    { id: 'what', header: 'What', cell: (j) => j.what },
    { id: 'state', header: 'State', cell: (j) => j.state },
    {
      id: 'since',
      header: 'Since',
      cell: (j) => (
        <span title={`Expected to take up to ${j.expected_minutes} minutes`}>
          {ago(j.since)} (<FormattedDate value={j.since} />)
        </span>
      ),
    },
    { id: 'by', header: 'Started by', cell: (j) => j.started_by ?? '-' },
    {
      id: 'actions',
      header: 'Actions',
      cell: (j) => (
        <Button
          variant="inline-link"
          loading={resuming === j.id}
          onClick={() => resume(j)}
          data-testid={`resume-job-${j.id}`}
          ariaLabel={`Resume ${j.kind_name.toLowerCase()} ${j.what}`}
        >
          Resume
        </Button>
      ),
    },
  ];

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Background work of every company that has not finished in the time it should take, oldest first."
        >
          Jobs
        </Header>
      }
    >
      <Table<StuckJob>
        data-testid="jobs-table"
        header={
          <Header
            counter={data ? `(${data.total_count})` : undefined}
            actions={<Button iconName="refresh" ariaLabel="Refresh" onClick={() => mutate()} />}
          >
            Stuck jobs
          </Header>
        }
        columnDefinitions={columns}
        items={data?.jobs ?? []}
        trackBy={(j) => `${j.kind}/${j.company_id}/${j.id}`}
        loading={isLoading}
        loadingText="Loading jobs"
        empty={<Box textAlign="center">{error ? errorMessage(error) : 'Nothing is stuck.'}</Box>}
      />
    </ContentLayout>
  );
}
