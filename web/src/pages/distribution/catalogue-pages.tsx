import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useParams } from 'react-router';
import { useApi } from '../../app/resources';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { nextStep, releasesWithTasks, type TaskRelease } from './catalogue-tasks-model';

/** /distribution/catalogue: the distribution area's catalogue and delivery setup, one link each. */
export function DistributionCataloguePage() {
  const links: [string, string, string][] = [
    ['/distribution/releases', 'Releases', 'Every company’s releases, their status and distribution'],
    ['/distribution/recordings', 'Recordings', 'Every company’s recordings'],
    ['/distribution/upcs', 'UPCs', 'The current company’s UPC pool and its import'],
    ['/distribution/dsps/connections', 'DSP connections', 'Which companies deliver to which stores'],
    ['/distribution/dsps/connection_requests', 'Connection requests', 'Stores companies asked for'],
    ['/distribution/deliveries', 'Delivery records', 'What was sent to the stores'],
  ];
  return (
    <ContentLayout header={<Header variant="h1">Distribution catalogue</Header>}>
      <Container>
        <ColumnLayout columns={3} variant="text-grid">
          {links.map(([href, title, text]) => (
            <div key={href}>
              <Box variant="awsui-key-label">
                <RouterLink href={href}>{title}</RouterLink>
              </Box>
              <div>{text}</div>
            </div>
          ))}
        </ColumnLayout>
      </Container>
    </ContentLayout>
  );
}

/**
 * /distribution/labels/{labelId}/catalogue_tasks: the label's releases that are not in stores yet,
 * each with the next thing to do (a UPC, quality control, delivery).
 */
export function LabelCatalogueTasksPage() {
  const { labelId = '' } = useParams();
  const label = useApi<{ label: { company_id: string; name: string } }>(`/admin/labels/${encodeURIComponent(labelId)}`);
  const company = label.data?.label.company_id;
  const releases = useApi<{ releases: TaskRelease[] }>(
    company ? `/admin/releases?tenant_id=${encodeURIComponent(company)}&per_page=1000` : null,
  );
  const error = label.error ?? releases.error;
  if (error) return <ApiErrorAlert error={error} />;
  const tasks = releasesWithTasks(releases.data?.releases ?? [], labelId);
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={
            label.data ? (
              <RouterLink href={`/distribution/labels/${encodeURIComponent(labelId)}`} data-testid="tasks-label-link">
                {label.data.label.name}
              </RouterLink>
            ) : undefined
          }
        >
          {label.data ? `${label.data.label.name}: catalogue tasks` : 'Catalogue tasks'}
        </Header>
      }
    >
      <Table<TaskRelease>
        data-testid="catalogue-tasks"
        loading={!releases.data}
        items={tasks}
        trackBy="id"
        empty={<Box textAlign="center">Nothing left to do</Box>}
        columnDefinitions={[
          {
            id: 'title',
            header: 'Release',
            isRowHeader: true,
            cell: (r) => <RouterLink href={`/distribution/releases/${encodeURIComponent(r.id)}`}>{r.title}</RouterLink>,
          },
          { id: 'cat_no', header: 'Cat. no.', cell: (r) => r.cat_no || '-' },
          { id: 'upc', header: 'UPC', cell: (r) => r.upc || '-' },
          { id: 'status', header: 'Status', cell: (r) => <StatusBadge word={r.status} /> },
          { id: 'next', header: 'Next step', cell: nextStep },
        ]}
      />
    </ContentLayout>
  );
}
