import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import type { ReferenceConfig } from './reference-config';
import { recordTitle, type ReferenceRecord } from './reference-model';
import { ReferenceValue } from './reference-values';

/** The list's columns from the config: the title field links to the record; each row has a Delete. */
export function referenceColumns(
  config: ReferenceConfig,
  base: string,
  onDelete: (record: ReferenceRecord) => void,
): TableProps.ColumnDefinition<ReferenceRecord>[] {
  // Admin lists of a company's records say whose each one is.
  const acrossCompanies = Boolean(config.tenant && config.endpoint && !config.endpoint.companyScoped);
  const rowAction = config.rowAction;
  return [
    ...config.columns.map(
      (column): TableProps.ColumnDefinition<ReferenceRecord> => ({
        id: column.field,
        header: column.header,
        ...(column.sortable ? { sortingField: column.field } : {}),
        ...(column.field === config.titleField
          ? {
              isRowHeader: true,
              cell: (r: ReferenceRecord) => (
                <RouterLink href={`${base}/${encodeURIComponent(r.id)}`} data-testid={`ref-link-${r.id}`}>
                  {recordTitle(config, r)}
                </RouterLink>
              ),
            }
          : column.badge
            ? { cell: (r: ReferenceRecord) => <StatusBadge word={String(r[column.field] ?? '')} /> }
            : {
                cell: (r: ReferenceRecord) =>
                  column.Cell ? (
                    <column.Cell record={r} />
                  ) : (
                    <ReferenceValue config={config} record={r} field={column.field} />
                  ),
              }),
      }),
    ),
    ...(acrossCompanies
      ? [{ id: 'company_name', header: 'Company', cell: (r: ReferenceRecord) => String(r.company_name ?? '') || '-' }]
      : []),
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <SpaceBetween direction="horizontal" size="xs">
          {rowAction?.enabled(r) ? (
            <Button variant="inline-link" onClick={() => rowAction.run(r)} data-testid={`ref-row-action-${r.id}`}>
              {rowAction.label}
            </Button>
          ) : null}
          <Button
            variant="inline-link"
            onClick={() => onDelete(r)}
            ariaLabel={`Delete ${recordTitle(config, r)}`}
            data-testid={`ref-delete-${r.id}`}
          >
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];
}
