import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { listPath } from '../../app/list-params';
import { FileSize, FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { ServerTable } from '../../components/server-table';
import type { ImportRow } from '../../../../shared/schemas/import-views';
import { uploadedFileName } from '../../../../shared/file-names';
import { valueWords } from '../../../../shared/messages';
import { PageButton } from '../../components/page-button';

const COLUMNS: TableProps.ColumnDefinition<ImportRow>[] = [
  {
    id: 'created_at',
    header: 'Imported',
    sortingField: 'created_at',
    cell: (r) => <FormattedDate value={r.created_at} />,
  },
  {
    id: 'filename',
    header: 'File',
    sortingField: 'filename',
    isRowHeader: true,
    cell: (r) => uploadedFileName(r.filename),
  },
  { id: 'type', header: 'Type', sortingField: 'type', cell: (r) => valueWords(r.type) },
  { id: 'records', header: 'Records', sortingField: 'records', cell: (r) => r.records },
  { id: 'filesize', header: 'Size', sortingField: 'filesize', cell: (r) => <FileSize bytes={r.filesize} /> },
];

/**
 * UserDataManagement (/user/data_management): the home of imports and exports — the user's
 * imports history, a new import, and the way to the exports.
 */
export function DataManagementPage() {
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Bring releases in from spreadsheets, and take the catalogue out as files."
          actions={
            <PageButton variant="primary" href="/user/data_management/new" testId="data-management-new">
              Import releases
            </PageButton>
          }
        >
          Data management
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Exports</Header>}>
          <Box>
            Select releases or recordings on their lists (<RouterLink href="/user/releases">Releases</RouterLink>,{' '}
            <RouterLink href="/user/recordings">Recordings</RouterLink>) and export them; your export files are on{' '}
            <RouterLink href="/user/profile/exports">your exports</RouterLink>.
          </Box>
        </Container>
        <ServerTable<ImportRow>
          tableId="data-management-imports"
          storageId="data-management-imports"
          title="Imports"
          // Under the page's heading: the imports are a section of the page, not a second page heading.
          section
          resourceName="import"
          columns={COLUMNS}
          collection="imports"
          trackBy="id"
          defaultSort={{ field: 'created_at', order: 'desc' }}
          buildPath={(params) => listPath('/imports', params)}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
