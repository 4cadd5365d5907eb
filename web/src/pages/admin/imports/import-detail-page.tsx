import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../app/api';
import { useApi } from '../../../app/resources';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FileSize, FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { GLOBAL, USERS_BASE } from '../users/user-api';
import type { ImportRow } from '../../../../../shared/schemas/import-views';
import { uploadedFileName } from '../../../../../shared/file-names';
import { valueWords } from '../../../../../shared/messages';
import { IMPORTS_BASE } from './import-model';

/** AdminImport (/admin/imports/{importId}): one import's facts, with Delete. */
export function AdminImportPage() {
  const { importId } = useParams();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { data, error, isLoading, mutate } = useApi<{ import: ImportRow }>(
    importId ? `${IMPORTS_BASE}/${encodeURIComponent(importId)}` : null,
  );
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.import}
      retry={mutate}
      errorHeader="Could not load the import"
    >
      {(row) => (
        <ContentLayout
          header={
            <DetailHeader
              testId="import"
              title={uploadedFileName(row.filename)}
              onEdit={() => navigate(`/admin/imports/${encodeURIComponent(row.id)}/edit`)}
              onDelete={() => setDeleting(true)}
            />
          }
        >
          <Container header={<Header variant="h2">Import</Header>}>
            <KeyValuePairs
              columns={3}
              items={[
                { label: 'Imported', value: <FormattedDate value={row.created_at} /> },
                { label: 'Type', value: valueWords(row.type) },
                { label: 'Records', value: row.records },
                { label: 'Size', value: <FileSize bytes={row.filesize} /> },
                {
                  label: 'User',
                  value: (
                    <RouterLink href={`${USERS_BASE}/${encodeURIComponent(row.user_id)}`}>
                      {row.user_email || row.user_id}
                    </RouterLink>
                  ),
                },
              ]}
            />
          </Container>
          {deleting ? (
            <DeleteModal
              noun="import"
              plural="imports"
              names={[uploadedFileName(row.filename)]}
              run={async (report) =>
                report(
                  (await api.delete<{ message: string }>(`${IMPORTS_BASE}/${encodeURIComponent(row.id)}`, GLOBAL))
                    .message,
                )
              }
              onClose={() => setDeleting(false)}
              onDeleted={() => navigate('/admin/imports', { replace: true })}
            />
          ) : null}
        </ContentLayout>
      )}
    </RecordState>
  );
}
