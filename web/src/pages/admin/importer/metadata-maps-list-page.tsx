import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router';
import { displayLabel } from '../../../app/display-labels';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { EXCHANGE_MODEL_TITLES } from '../../../../../shared/catalogue-exchange/model-attributes';
import { metadataMapsPath, type MetadataMap } from './importer-api';

const COLUMNS: TableProps.ColumnDefinition<MetadataMap>[] = [
  {
    id: 'source_service',
    header: 'Map',
    sortingField: 'source_service',
    isRowHeader: true,
    cell: (m) => (
      <RouterLink href={`/admin/metadata_maps/${encodeURIComponent(m.id)}`} data-testid={`metadata-map-link-${m.id}`}>
        {m.title ?? m.source_service ?? m.id}
      </RouterLink>
    ),
  },
  { id: 'model_type', header: 'Model', sortingField: 'model_type', cell: (m) => EXCHANGE_MODEL_TITLES[m.model_type] },
  { id: 'type', header: 'Type', sortingField: 'type', cell: (m) => (m.type ? displayLabel(m.type) : '-') },
  { id: 'target_service', header: 'Target', sortingField: 'target_service', cell: (m) => m.target_service ?? '-' },
  { id: 'year', header: 'Year', sortingField: 'year', cell: (m) => m.year ?? '-' },
  { id: 'columns', header: 'Columns', cell: (m) => Object.keys(m.map).length },
  {
    id: 'updated_at',
    header: 'Updated',
    sortingField: 'updated_at',
    cell: (m) => <FormattedDate value={m.updated_at} />,
  },
];

/** /admin/metadata_maps: the saved column maps, searchable and sortable. */
export function AdminMetadataMapsPage() {
  const navigate = useNavigate();
  const create = () => navigate('/admin/metadata_maps/new');
  return (
    <ServerTable<MetadataMap>
      tableId="metadata-maps"
      title="Metadata maps"
      resourceName="metadata map"
      columns={COLUMNS}
      collection="metadata_maps"
      trackBy="id"
      defaultSort={{ field: 'updated_at', order: 'desc' }}
      buildPath={metadataMapsPath}
      actions={() => (
        <Button variant="primary" onClick={create} data-testid="metadata-maps-create">
          Add metadata map
        </Button>
      )}
      emptyAdd={{ label: 'Add metadata map', onClick: create }}
    />
  );
}
