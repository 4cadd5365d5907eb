import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { CwrRegistrationView } from '../../../../shared/schemas/cwr';
import { api } from '../../app/api';
import { notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';

const TRANSACTION_LABELS = { NWR: 'New registration (NWR)', REV: 'Revision (REV)' } as const;

/** Opens a sent file through its short-lived link (the link is asked for on click, so it never expires on the page). */
async function downloadFile(fileId: string) {
  try {
    const { url } = await api.get<{ url: string }>(`/songs/cwr_registrations/${fileId}/download`);
    window.location.assign(url);
  } catch (error) {
    notifyError(error);
  }
}

/**
 * The company's CWR registrations (docs/cwr.md): every song of every file
 * recorded as sent, newest first, with the file to download again.
 */
export function CwrRegistrationsPage() {
  const { data, error, isLoading, mutate } = useApi<{ cwr_registrations: CwrRegistrationView[] }>(
    '/songs/cwr_registrations',
  );
  const items = data?.cwr_registrations ?? [];
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          counter={data ? `(${items.length})` : undefined}
          description="Songs sent to societies in CWR files. Select songs on the songs list to make a file."
          actions={<RouterLink href="/user/songs">Songs</RouterLink>}
        >
          CWR registrations
        </Header>
      }
    >
      <SpaceBetween size="m">
        {error ? <ApiErrorAlert error={error} onRetry={() => void mutate()} /> : null}
        <Table<CwrRegistrationView>
          data-testid="cwr-registrations-table"
          items={items}
          loading={isLoading}
          loadingText="Loading registrations"
          trackBy="id"
          empty="No CWR file has been recorded yet"
          columnDefinitions={[
            { id: 'sent_at', header: 'Sent', cell: (r) => <FormattedDate value={r.sent_at} /> },
            {
              id: 'song',
              header: 'Song',
              cell: (r) => <RouterLink href={`/user/songs/${r.song_id}`}>{r.song_title}</RouterLink>,
            },
            { id: 'type', header: 'Transaction', cell: (r) => TRANSACTION_LABELS[r.transaction_type] },
            { id: 'version', header: 'CWR version', cell: (r) => r.version },
            { id: 'receiver', header: 'Receiver', cell: (r) => r.receiver },
            {
              id: 'file',
              header: 'File',
              cell: (r) => (
                <Button
                  variant="inline-link"
                  onClick={() => void downloadFile(r.file_id)}
                  data-testid={`cwr-file-${r.id}`}
                >
                  {r.filename}
                </Button>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
