import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ImporterPreview, PlannedRecord, RowError } from './importer-api';

/** Every error of a preview (row × field, none left out) and every duplicate, which are reported, not written. */
export function ImportPreviewTables({ preview }: { preview: ImporterPreview }) {
  const errors: RowError[] = preview.records.flatMap((r) => r.errors).sort((a, b) => a.row - b.row);
  const duplicates: PlannedRecord[] = preview.records.filter((r) => r.duplicate && !r.errors.length);
  return (
    <SpaceBetween size="l">
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
