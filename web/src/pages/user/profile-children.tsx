import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Table from '@cloudscape-design/components/table';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { listPath } from '../../app/list-params';
import { useApi } from '../../app/resources';
import { useSession } from '../../app/session';
import { FileSize, FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { ServerTable } from '../../components/server-table';
import type { ImportRow } from '../../../../shared/schemas/import-views';
import { uploadedFileName } from '../../../../shared/file-names';
import { valueWords } from '../../../../shared/messages';
import type { BugReport } from '../../../../shared/schemas/support-views';
import { BUG_REPORT_COLUMNS } from '../admin/bug-reports/user-bug-reports-page';
import { ImportsTable } from '../admin/imports/imports-list-page';
import { LOG_COLUMNS, type LogRow } from '../admin/logs/user-logs-page';

/** The profile's children: the signed-in user's own bug reports, log and imports. */

const PROFILE = '/user/profile';
const back = <RouterLink href={PROFILE}>Back to your profile</RouterLink>;

/** UserProfileBugReports: the bug reports the user sent (GET /bug_reports answers the caller's own). */
export function ProfileBugReportsPage() {
  return (
    <ServerTable<BugReport>
      tableId="profile-bug-reports"
      title="Your bug reports"
      description={back}
      resourceName="bug report"
      columns={BUG_REPORT_COLUMNS}
      collection="bug_reports"
      trackBy="id"
      defaultSort={{ field: 'created_at', order: 'desc' }}
      buildPath={(params) => listPath('/bug_reports', params)}
    />
  );
}

/** UserProfileLogs: the user's sign-ins and changes with their IP (GET /logs). */
export function ProfileLogsPage() {
  const { data, isLoading } = useApi<{ logs: LogRow[]; total_count: number }>('/logs');
  return (
    <Table<LogRow>
      data-testid="profile-logs"
      // The log is the page, as the profile's other lists are: full width, its title the page's one heading.
      variant="full-page"
      loading={isLoading}
      items={data?.logs ?? []}
      trackBy="id"
      header={
        <Header variant="awsui-h1-sticky" counter={data ? `(${data.total_count})` : undefined} description={back}>
          Your activity log
        </Header>
      }
      columnDefinitions={LOG_COLUMNS}
      empty="No activity yet."
    />
  );
}

/** UserProfileImports: the files the user imported (GET /imports?user_id=me). */
export function ProfileImportsPage() {
  const { user } = useSession();
  const scope = useMemo(() => ({ userId: user?.id ?? '' }), [user?.id]);
  if (!user) return null;
  return (
    <ImportsTable
      scope={scope}
      title="Your imports"
      description={back}
      detailBase={`${PROFILE}/imports`}
      showUser={false}
    />
  );
}

/** UserProfileImportsItem: one of the user's imports. */
export function ProfileImportPage() {
  const { importId } = useParams();
  const { data, error, isLoading, mutate } = useApi<{ import: ImportRow }>(
    importId ? `/imports/${encodeURIComponent(importId)}` : null,
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
            <Header
              variant="h1"
              description={<RouterLink href={`${PROFILE}/imports`}>Back to your imports</RouterLink>}
            >
              {uploadedFileName(row.filename)}
            </Header>
          }
        >
          {/* The page is the import, named by its file: its details need no second 'Import' heading. */}
          <Container data-testid="profile-import">
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'Imported', value: <FormattedDate value={row.created_at} /> },
                { label: 'Type', value: valueWords(row.type) },
                { label: 'Records', value: row.records },
                { label: 'Size', value: <FileSize bytes={row.filesize} /> },
              ]}
            />
          </Container>
        </ContentLayout>
      )}
    </RecordState>
  );
}
