import Button from '@cloudscape-design/components/button';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import type { LabelRow } from '../../app/resources';
import { ServerTable } from '../../components/server-table';
import { DeleteLabelsModal } from './delete-labels-modal';
import { LABEL_MODES, type LabelMode } from './label-api';
import { labelColumns, WIDE_LABELS_TABLE } from './label-columns';
import { useElementWidth } from '../../components/use-element-width';
import { useMayOpen } from '../../app/use-may-open';
import { PageButton } from '../../components/page-button';

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
  // Creating and deleting labels need the same permission: a read-only member gets neither button.
  const mayChange = useMayOpen()(`${conf.pageBase}/new`);
  const [scope, setScope] = useState('all');
  const [toDelete, setToDelete] = useState<LabelRow[] | null>(null);
  // Every column on its own needs about 1,150 px; a narrower table (the side menu open, a smaller window) shares cells.
  const [tableBox, tableWidth] = useElementWidth<HTMLDivElement>();
  const narrow = tableWidth !== null && tableWidth < WIDE_LABELS_TABLE;
  const columns = useMemo(() => labelColumns(mode, narrow), [mode, narrow]);
  return (
    <div ref={tableBox}>
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
            {mayChange ? (
              <Button
                disabled={selectedItems.length === 0}
                onClick={() => setToDelete(selectedItems)}
                data-testid={`${conf.tableId}-delete`}
              >
                Delete
              </Button>
            ) : null}
            <PageButton variant="primary" href={`${conf.pageBase}/new`} testId={`${conf.tableId}-create`}>
              Create label
            </PageButton>
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
        emptyAdd={{ label: 'Create label', href: `${conf.pageBase}/new` }}
        // Names and addresses wrap, so every column shows without scrolling sideways.
        wrapLines
      />
    </div>
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
