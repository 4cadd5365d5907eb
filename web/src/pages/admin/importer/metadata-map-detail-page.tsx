import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { displayLabel } from '../../../app/display-labels';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { EXCHANGE_MODEL_TITLES } from '../../../../../shared/catalogue-exchange/model-attributes';
import { attributesOf, rowsOfMap, type MapRow } from './column-map-model';
import { deleteMetadataMap, useMetadataMap, useMetadataMapsRefresh } from './importer-api';

const LIST = '/admin/metadata_maps';

/** /admin/metadata_maps/{id}: every field of the map and its columns, with Edit and Delete. */
export function AdminMetadataMapPage() {
  const { metadataMapId } = useParams();
  const navigate = useNavigate();
  const refresh = useMetadataMapsRefresh();
  const { data, error, isLoading, mutate } = useMetadataMap(metadataMapId);
  const [deleting, setDeleting] = useState(false);
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the map">
      {({ metadata_map: m }) => {
        const label = (name: string) => attributesOf(m.model_type).find((a) => a.name === name)?.label ?? name;
        const title = m.source_service || 'Metadata map';
        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="metadata-map"
                title={title}
                onEdit={() => navigate(`${LIST}/${encodeURIComponent(m.id)}/edit`)}
                onDelete={() => setDeleting(true)}
              />
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">Metadata map</Header>} data-testid="metadata-map-detail">
                <KeyValuePairs
                  columns={3}
                  items={[
                    { label: 'Model', value: EXCHANGE_MODEL_TITLES[m.model_type] },
                    { label: 'Type', value: m.type ? displayLabel(m.type) : '-' },
                    { label: 'Year', value: m.year ?? '-' },
                    { label: 'Source service', value: m.source_service || '-' },
                    { label: 'Target service', value: m.target_service || '-' },
                    {
                      label: 'Belongs to',
                      value: m.mapable ? `${displayLabel(m.mapable_type)}: ${m.mapable.name}` : '-',
                    },
                    { label: 'Notes', value: m.notes || '-' },
                    { label: 'Created', value: <FormattedDate value={m.created_at} /> },
                    { label: 'Updated', value: <FormattedDate value={m.updated_at} /> },
                  ]}
                />
              </Container>
              <Table<MapRow>
                data-testid="metadata-map-columns"
                header={<Header variant="h2">Columns</Header>}
                items={rowsOfMap(m.map)}
                trackBy="column"
                columnDefinitions={[
                  { id: 'column', header: 'File column', isRowHeader: true, cell: (r) => r.column },
                  { id: 'attribute', header: 'Attribute', cell: (r) => label(r.attribute) },
                ]}
              />
            </SpaceBetween>
            {deleting ? (
              <DeleteModal
                noun="metadata map"
                plural="metadata maps"
                names={[title]}
                run={async (report) => report((await deleteMetadataMap(m.id)).message)}
                onClose={() => setDeleting(false)}
                onDeleted={() => {
                  void refresh();
                  navigate(LIST);
                }}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}
