import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatDate } from '../../../../../shared/format';
import { formatMoney } from '../../../../../shared/money';
import type { OpeningBalanceImportedFile } from '../../../../../shared/schemas/opening-balances';
import { useApi } from '../../../app/resources';
import { importStatusWords } from './opening-balances-model';

/** The company's files of opening balances (GET /opening_balances). */
export const useOpeningBalanceImports = () => useApi<{ imports: OpeningBalanceImportedFile[] }>('/opening_balances');

/**
 * The files of opening balances the company imported, newest first: so an accountant sees what came in, when and by
 * whom, and finishes one that stopped part-way.
 */
export function ImportedFiles({ files }: { files: readonly OpeningBalanceImportedFile[] | undefined }) {
  return (
    <Table
      data-testid="opening-history"
      loading={!files}
      loadingText="Loading the files imported"
      items={files ?? []}
      variant="container"
      header={<Header variant="h2">Files imported</Header>}
      empty={<Box color="text-body-secondary">No file of opening balances imported yet.</Box>}
      columnDefinitions={[
        { id: 'file', header: 'File', cell: (f) => f.file_name, isRowHeader: true },
        { id: 'on', header: 'Imported on', cell: (f) => formatDate(f.imported_on) },
        { id: 'by', header: 'By', cell: (f) => f.imported_by ?? '-' },
        { id: 'entries', header: 'Balances', cell: (f) => f.entries },
        { id: 'total', header: 'Total', cell: (f) => formatMoney(f.total, f.currency) },
        { id: 'status', header: 'Status', cell: (f) => importStatusWords(f.status) },
      ]}
    />
  );
}
