import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { StatusBadge } from '../../../components/status-badge';
import type { DistributedLabel } from '../../../../../shared/schemas/distributed-labels';
import { ALL_COMPANIES, CompanyFilter } from './company-filter';
import { DistributionStatementsTable } from './distribution-statements-table';
import { GENERATE_WORDS, GenerateStatementForm } from './generate-statement-form';
import { useDistributedLabel, useRefreshDistributedLabels } from './distributed-labels-api';
import {
  DISTRIBUTED_LABELS_BASE,
  DISTRIBUTION_STATEMENTS_BASE,
  dealText,
  distributedLabelPath,
  distributedLabelsPath,
} from './distributed-label-model';

const frequencyText = (label: DistributedLabel) => label.statement_settings.frequency || 'On demand';

function columns(): TableProps.ColumnDefinition<DistributedLabel>[] {
  return [
    {
      id: 'name',
      header: 'Label',
      sortingField: 'name',
      isRowHeader: true,
      cell: (l) => (
        <RouterLink href={distributedLabelPath(l.id)} data-testid={`distributed-label-link-${l.id}`}>
          {l.name}
        </RouterLink>
      ),
    },
    { id: 'company', header: 'Company', sortingField: 'company_name', cell: (l) => l.company_name },
    { id: 'deal', header: 'Deal percentage', cell: (l) => dealText(l.deal_percentage) },
    { id: 'frequency', header: 'Statements', cell: frequencyText },
    {
      id: 'active',
      header: 'Status',
      cell: (l) => (
        <StatusBadge word={l.active ? 'active' : 'inactive'}>{l.active ? 'Active' : 'Inactive'}</StatusBadge>
      ),
    },
  ];
}

/** /admin/distributed_labels: every company's distributed labels, by company, with paging and search. */
export function AdminDistributedLabelsPage() {
  const [company, setCompany] = useState(ALL_COMPANIES);
  const cols = useMemo(columns, []);
  return (
    <ServerTable<DistributedLabel>
      tableId="distributed-labels"
      storageId="distributed-labels"
      title="Distributed labels"
      description="Labels the platform distributes, in every company, with their deal and statement settings."
      resourceName="distributed label"
      columns={cols}
      collection="distributed_labels"
      trackBy="id"
      defaultSort={{ field: 'name', order: 'asc' }}
      buildPath={(params) => distributedLabelsPath(params, company.value || undefined)}
      filterKey={company.value}
      filters={<CompanyFilter value={company} onChange={setCompany} testId="distributed-labels-company" />}
      actions={() => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button href={DISTRIBUTION_STATEMENTS_BASE}>Statements</Button>
          <Button variant="primary" href={`${DISTRIBUTED_LABELS_BASE}/new`} data-testid="distributed-labels-new">
            New distributed label
          </Button>
        </SpaceBetween>
      )}
    />
  );
}

/** /admin/distributed_labels/{id}: the label's deal and statement settings, Generate, its statements. */
export function AdminDistributedLabelPage() {
  const { distributedLabelId } = useParams();
  const { data, error, isLoading, mutate } = useDistributedLabel(distributedLabelId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.distributed_label}
      retry={mutate}
      errorHeader="Could not load the distributed label"
    >
      {(label) => (
        <ContentLayout
          header={
            <Header
              variant="h1"
              actions={
                <Button href={`${distributedLabelPath(label.id)}/edit`} data-testid="distributed-label-edit">
                  Edit
                </Button>
              }
            >
              {label.name}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Deal and statement settings</Header>}>
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Company', value: label.company_name },
                  {
                    label: 'Deal percentage',
                    value: <span data-testid="distributed-label-deal">{dealText(label.deal_percentage)}</span>,
                  },
                  { label: 'Statements', value: frequencyText(label) },
                  { label: 'Charts on statements', value: label.statement_settings.graphs ? 'Yes' : 'No' },
                  { label: 'E-mail', value: label.email ?? '-' },
                  { label: 'Status', value: label.active ? 'Active' : 'Inactive' },
                ]}
              />
            </Container>
            <GenerateStatementForm labelId={label.id} />
            <DistributionStatementsTable labelId={label.id} />
          </SpaceBetween>
        </ContentLayout>
      )}
    </RecordState>
  );
}

/**
 * /admin/distributed_labels/statements: every distributed label's statements, the list under the page's one heading;
 * "Generate statement" opens the form (any label) in a dialog, which follows the run and refreshes the list.
 */
export function AdminDistributionStatementsPage() {
  const [generating, setGenerating] = useState(false);
  const refresh = useRefreshDistributedLabels();
  // Closed before its run finished, the dialog leaves the list to be read again (the run goes on without it).
  const close = () => {
    setGenerating(false);
    void refresh();
  };
  return (
    <>
      <DistributionStatementsTable
        actions={
          <Button variant="primary" onClick={() => setGenerating(true)} data-testid="distribution-statements-generate">
            Generate statement
          </Button>
        }
      />
      <Modal
        visible={generating}
        onDismiss={close}
        header={<Header description={GENERATE_WORDS}>Generate a distribution statement</Header>}
        size="large"
        footer={
          <Box float="right">
            <Button onClick={close}>Close</Button>
          </Box>
        }
        data-testid="generate-statement-dialog"
      >
        {generating ? <GenerateStatementForm bare /> : null}
      </Modal>
    </>
  );
}
