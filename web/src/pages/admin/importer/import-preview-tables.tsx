import Alert from '@cloudscape-design/components/alert';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { previewShownPart } from '../../data-management/import-model';
import type { ImporterPreview, PlannedRecord, RowError } from './importer-api';

/**
 * The errors of a preview (row × field) and its duplicates, which are reported, not written; a large
 * file's preview lists its first ones and says so.
 */
export function ImportPreviewTables({ preview }: { preview: ImporterPreview }) {
  const errors: RowError[] = preview.records.flatMap((r) => r.errors).sort((a, b) => a.row - b.row);
  const duplicates: PlannedRecord[] = preview.records.filter((r) => r.duplicate && !r.errors.length);
  const part = previewShownPart(preview);
  return (
    <SpaceBetween size="l">
      {part ? (
        <Alert type="info" data-testid="importer-preview-part">
          {part}
        </Alert>
      ) : null}
      <Table<RowError & { id: number }>
        data-testid="importer-errors"
        header={<Header counter={`(${errors.length})`}>Errors</Header>}
        items={errors.map((e, id) => ({ ...e, id }))}
        trackBy="id"
        empty="No errors"
        columnDefinitions={[
          { id: 'row', header: 'Row', cell: (e) => e.row },
          { id: 'field', header: 'Field', cell: (e) => e.field },
          { id: 'message', header: 'Problem', cell: (e) => e.message },
        ]}
      />
      <Table<PlannedRecord>
        data-testid="importer-duplicates"
        header={<Header counter={`(${duplicates.length})`}>Duplicates (not imported)</Header>}
        items={duplicates}
        trackBy="key"
        empty="No duplicates"
        columnDefinitions={[
          { id: 'record', header: 'Record', cell: (r) => r.label },
          { id: 'why', header: 'Why', cell: (r) => r.duplicate },
        ]}
      />
    </SpaceBetween>
  );
}
