import Button from '@cloudscape-design/components/button';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LabelRow } from '../../app/resources';
import { ServerTable } from '../../components/server-table';
import { DeleteLabelsModal } from './delete-labels-modal';
import { LABEL_MODES, type LabelMode } from './label-api';
import { labelColumns } from './label-columns';

const SCOPES = [
  { id: 'all', text: 'All' },
  { id: 'active', text: 'Active' },
  { id: 'inactive', text: 'Inactive' },
  { id: 'distributed', text: 'Distributed' },
  { id: 'requested', text: 'Requested' },
];

/** The labels list, shared by UserLabels and LabelsAdmin (which adds the Company column). */
function LabelsTable({ mode }: { mode: LabelMode }) {
  const conf = LABEL_MODES[mode];
  const navigate = useNavigate();
  const [scope, setScope] = useState('all');
  const [toDelete, setToDelete] = useState<LabelRow[] | null>(null);
  const columns = useMemo(() => labelColumns(mode), [mode]);
  return (
    <ServerTable<LabelRow>
      tableId={conf.tableId}
      title={mode === 'admin' ? 'All labels' : 'Labels'}
      description={mode === 'admin' ? 'Labels of every company.' : 'Labels of the current company.'}
      resourceName="label"
      columns={columns}
      collection="labels"
      trackBy="id"
      defaultSort={{ field: 'name', order: 'asc' }}
      buildPath={(params) => conf.listPath({ ...params, scope: scope === 'all' ? undefined : scope })}
      filterKey={scope}
      filters={
        <div data-testid={`${conf.tableId}-scope`}>
          <SegmentedControl
            selectedId={scope}
            onChange={({ detail }) => setScope(detail.selectedId)}
            label="Scope"
            options={SCOPES}
          />
        </div>
      }
      selectionType="multi"
      actions={({ selectedItems, refresh, clearSelection }) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            disabled={selectedItems.length === 0}
            onClick={() => setToDelete(selectedItems)}
            data-testid={`${conf.tableId}-delete`}
          >
            Delete
          </Button>
          <Button
            variant="primary"
            onClick={() => navigate(`${conf.pageBase}/new`)}
            data-testid={`${conf.tableId}-create`}
          >
            Create label
          </Button>
          {toDelete ? (
            <DeleteLabelsModal
              mode={mode}
              labels={toDelete}
              onClose={() => setToDelete(null)}
              onDeleted={() => {
                clearSelection();
                void refresh();
              }}
            />
          ) : null}
        </SpaceBetween>
      )}
      emptyAction={<Button onClick={() => navigate(`${conf.pageBase}/new`)}>Create label</Button>}
    />
  );
}

/** UserLabels (/user/labels). */
export function UserLabelsPage() {
  return <LabelsTable mode="user" />;
}

/** LabelsAdmin (/admin/labels). */
export function AdminLabelsPage() {
  return <LabelsTable mode="admin" />;
}
