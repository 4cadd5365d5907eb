import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMayOpen } from '../../../app/use-may-open';
import { ServerTable } from '../../../components/server-table';
import { ExportMenu } from '../../exports/export-menu';
import { referenceListPath, useReferenceRoute } from './reference-api';
import { referenceColumns } from './reference-columns';
import { DeleteReferencesModal, type DeleteTarget } from './reference-delete-modal';
import { reloadFromState, type ReferenceRecord } from './reference-model';

/** /admin/{collection} (and /distribution/dsps): the collection's server-side table with search, sorting, paging and deletes. */
export function ReferenceListPage() {
  const { config, base } = useReferenceRoute();
  const navigate = useNavigate();
  const location = useLocation();
  // A save may ask for a particular reload (languages come back 20 per page, name descending).
  const reload = reloadFromState(location.state);
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  // The config's list filter, when on (payees whose tax form runs out).
  const [narrowed, setNarrowed] = useState(false);
  const listFilter = config.listFilter;
  const extra: Record<string, string> = listFilter && narrowed ? { [listFilter.param]: 'true' } : {};
  const columns = useMemo(
    () => referenceColumns(config, base, (record) => setTarget({ records: [record], bulk: false })),
    [config, base],
  );
  const create = () => navigate(`${base}/new`);
  // Adding and deleting need the same permission: a member whose role only reads the list gets neither.
  const mayChange = useMayOpen()(`${base}/new`);
  // Bulk delete is a company's call (or reference data's); admin lists of company records delete one at a time.
  const bulkDelete = mayChange && !(config.tenant && !config.endpoint?.companyScoped);
  // A company's releases and recordings lists export their rows (exports slice).
  const exportModel =
    config.tenant &&
    config.endpoint?.companyScoped &&
    (config.collection === 'releases' || config.collection === 'recordings')
      ? config.collection
      : undefined;

  return (
    <ServerTable<ReferenceRecord>
      // Remount on another collection, or on a new reload request, so paging and sorting start afresh.
      key={`${config.collection}-${location.key}`}
      tableId="ref"
      storageId={`ref-${config.collection}`}
      title={config.title}
      resourceName={config.noun}
      resourcePlural={config.nounPlural}
      columns={columns}
      collection={config.collection}
      trackBy="id"
      // A long name (a company's, a release's) wraps rather than pushing the table wider than the page.
      wrapLines
      defaultSort={reload?.sort ?? config.defaultSort}
      initialPerPage={reload?.per_page}
      buildPath={(params) => referenceListPath(config, params, extra)}
      filterKey={narrowed ? 'narrowed' : ''}
      filters={
        listFilter ? (
          <Toggle
            checked={narrowed}
            onChange={({ detail }) => setNarrowed(detail.checked)}
            data-testid="ref-list-filter"
          >
            {listFilter.label}
          </Toggle>
        ) : undefined
      }
      selectionType={bulkDelete ? 'multi' : undefined}
      actions={({ selectedItems, items, refresh, clearSelection }) => (
        <SpaceBetween direction="horizontal" size="xs">
          {exportModel ? (
            <ExportMenu
              model={exportModel}
              selectedIds={selectedItems.map((r) => String(r.id))}
              visibleIds={items.map((r) => String(r.id))}
            />
          ) : null}
          {/* A company's own list only: the admin list spans companies. */}
          {config.ListActions && config.tenant && bulkDelete ? <config.ListActions selected={selectedItems} /> : null}
          {bulkDelete ? (
            <Button
              disabled={selectedItems.length === 0}
              onClick={() => setTarget({ records: selectedItems, bulk: true })}
              data-testid="ref-delete-selected"
            >
              Delete selected
            </Button>
          ) : null}
          {mayChange ? (
            <Button variant="primary" onClick={create} data-testid="ref-create">
              Add {config.noun}
            </Button>
          ) : null}
          {target ? (
            <DeleteReferencesModal
              config={config}
              target={target}
              onClose={() => setTarget(null)}
              onDeleted={() => {
                clearSelection();
                // Some lists come back in a fixed order after a delete (DSPs page 1, 50, by name).
                if (config.afterDelete) navigate(base, { replace: true, state: { reload: config.afterDelete } });
                else void refresh();
              }}
            />
          ) : null}
        </SpaceBetween>
      )}
      emptyAdd={mayChange ? { label: `Add ${config.noun}`, onClick: create } : undefined}
    />
  );
}
