import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { displayLabel } from '../../app/display-labels';
import { StatusBadge } from '../../components/status-badge';
import { PitchDetails } from './pitch-details';
import { isPitch } from './pitch-facts';
import type { LabelRequest } from './requests-api';

/**
 * Requests with their state in words; a refusal shows its reason. A pitch's line opens every field it was sent with. `extra` adds columns (the team's actions); `empty`
 * says what to do when there are none yet, where the page offers it.
 */
export function RequestsTable({
  requests,
  testId,
  header,
  extra = [],
  showCompany = false,
  empty = 'No requests yet',
}: {
  requests: LabelRequest[];
  testId: string;
  header: React.ReactNode;
  extra?: TableProps.ColumnDefinition<LabelRequest>[];
  showCompany?: boolean;
  empty?: string;
}) {
  const [opened, setOpened] = useState<LabelRequest | null>(null);
  const columns: TableProps.ColumnDefinition<LabelRequest>[] = [
    { id: 'sent', header: 'Sent', cell: (r) => formatDate(r.createdAt.slice(0, 10)) },
    ...(showCompany ? [{ id: 'company', header: 'Company', cell: (r: LabelRequest) => r.company_name ?? '' }] : []),
    { id: 'label', header: 'Label', cell: (r) => r.label_name },
    { id: 'kind', header: 'Request', cell: (r) => displayLabel(`request_${r.kind}`) },
    {
      id: 'summary',
      header: 'About',
      cell: (r) =>
        isPitch(r) ? (
          <Button variant="inline-link" onClick={() => setOpened(r)} data-testid={`pitch-open-${r.id}`}>
            {r.summary}
          </Button>
        ) : (
          r.summary
        ),
    },
    {
      id: 'status',
      header: 'State',
      cell: (r) => (
        <span data-testid={`request-state-${r.id}`}>
          <StatusBadge word={r.status}>{displayLabel(`request_${r.status}`)}</StatusBadge>
          {r.reason ? <Box variant="small">{r.reason}</Box> : null}
        </span>
      ),
    },
    ...extra,
  ];
  return (
    <>
      <Table
        data-testid={testId}
        variant="container"
        header={header}
        items={requests}
        trackBy="id"
        wrapLines
        empty={<Box color="text-status-inactive">{empty}</Box>}
        columnDefinitions={columns}
      />
      <PitchDetails request={opened} onClose={() => setOpened(null)} />
    </>
  );
}
