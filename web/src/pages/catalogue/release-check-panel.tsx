import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useLocation } from 'react-router';
import { humanizeField } from '../../../../shared/messages';
import { CHECKED_FIELD_WORDS, type Problem } from '../../../../shared/metadata-checker';
import { RouterLink } from '../../components/router-link';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { queueRecording } from './recording-audio-panel';
import { StatusBadge } from '../../components/status-badge';
import { ReleaseQualityControl } from './release-quality-control';
import type { ReferenceConfig } from '../admin/reference/reference-types';
import { PageButton } from '../../components/page-button';

/** Queues the release's recordings that have a playable preview, in track order. */
async function queueRelease(record: Record<string, unknown>) {
  const rows = (
    (record.release_recordings as { recording_id: string; position?: number; disc_number?: number }[] | undefined) ?? []
  )
    .slice()
    .sort((a, b) => (a.disc_number ?? 1) - (b.disc_number ?? 1) || (a.position ?? 0) - (b.position ?? 0));
  const recordings = await Promise.all(
    rows.map((row) =>
      api
        .get<{ recording: Parameters<typeof queueRecording>[0] }>(`/recordings/${encodeURIComponent(row.recording_id)}`)
        .then((a) => a.recording)
        .catch(() => null),
    ),
  );
  const playable = recordings.filter((r): r is NonNullable<typeof r> => Boolean(r?.audio?.preview_url));
  playable.forEach(queueRecording);
  notify(
    playable.length ? 'notification' : 'warning',
    playable.length
      ? `${playable.length} recordings added to the queue`
      : 'None of the release’s recordings has audio yet',
  );
}

/** The page of the record a finding is on (the admin's pages on an admin release page). */
const recordHref = (p: Problem, adminArea: boolean) =>
  `${adminArea ? '/admin' : '/user'}/${p.scope === 'release' ? 'releases' : 'recordings'}/${encodeURIComponent(p.id)}`;

/** The record's edit form, scrolled to the field the finding names (the form reads the #field). */
const fixHref = (p: Problem, adminArea: boolean) => `${recordHref(p, adminArea)}/edit#field-${p.field}`;

type PanelProps = { config: ReferenceConfig; record: Record<string, unknown> & { id: string } };

/** A release page's quality control above its metadata check. */
export function ReleaseCheckPanel(props: PanelProps) {
  return (
    <SpaceBetween size="l">
      <ReleaseQualityControl record={props.record} />
      <MetadataCheck {...props} />
    </SpaceBetween>
  );
}

/** A release page's metadata check, its status, and Duplicate. */
function MetadataCheck({ record }: { config: ReferenceConfig; record: Record<string, unknown> & { id: string } }) {
  // The admin release page checks a release of any company through the admin call.
  const adminArea = useLocation().pathname.startsWith('/admin/');
  const { data, isLoading, error } = useApi<{ problems: Problem[]; ok: boolean }>(
    `${adminArea ? '/admin' : ''}/releases/${encodeURIComponent(record.id)}/check`,
  );
  return (
    <Container
      data-testid="release-check"
      header={
        <Header
          variant="h2"
          description="The metadata rules of the guides, checked on the release and each of its recordings."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                iconName="caret-right-filled"
                onClick={() => void queueRelease(record)}
                data-testid="release-queue"
              >
                Add to queue
              </Button>
              <PageButton
                href={`/user/releases/new?duplicate=${encodeURIComponent(record.id)}`}
                testId="release-duplicate"
              >
                Duplicate
              </PageButton>
            </SpaceBetween>
          }
        >
          Metadata check <StatusBadge word={String(record.status ?? 'drafted')} />
        </Header>
      }
    >
      {isLoading ? (
        <StatusIndicator type="loading">Checking</StatusIndicator>
      ) : error ? (
        <StatusIndicator type="error">Could not check the release</StatusIndicator>
      ) : data?.ok ? (
        <StatusIndicator type="success">
          <span data-testid="release-check-ok">No problems found</span>
        </StatusIndicator>
      ) : (
        <SpaceBetween size="s">
          <StatusIndicator type="warning">{`${data?.problems.length ?? 0} problems to fix before delivery`}</StatusIndicator>
          <Table
            variant="embedded"
            // Long recording titles wrap: on one line they pushed the Problem and Fix columns off the page.
            wrapLines
            items={data?.problems ?? []}
            data-testid="release-check-problems"
            columnDefinitions={[
              {
                id: 'where',
                header: 'Where',
                cell: (p) => (
                  <RouterLink href={recordHref(p, adminArea)}>
                    {p.scope === 'release' ? 'Release' : `Recording ${p.title}`}
                  </RouterLink>
                ),
              },
              { id: 'message', header: 'Problem', cell: (p) => p.message },
              {
                id: 'fix',
                header: 'Fix',
                cell: (p) => (
                  <RouterLink href={fixHref(p, adminArea)} data-testid={`release-check-fix-${p.scope}-${p.field}`}>
                    {`Edit ${CHECKED_FIELD_WORDS[p.field]?.toLowerCase() ?? humanizeField(p.field, { inSentence: true })}`}
                  </RouterLink>
                ),
              },
            ]}
            empty={<Box>No problems found</Box>}
          />
        </SpaceBetween>
      )}
    </Container>
  );
}
