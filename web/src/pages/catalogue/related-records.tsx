import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useApi } from '../../app/resources';
import { EmptyState } from '../../components/empty-state';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import type { ReferenceConfig } from '../admin/reference/reference-types';
import { RecordingAudioPanel } from './recording-audio-panel';
import { ArtistPortalAccess } from '../artist-portal/portal-access';

type Row = { id: string; title: string; display_artists?: string; status?: string; cat_no?: string; isrc?: string };

/** A table of a company's releases or recordings matching a filter (an artist's, a recording's releases). */
function RelatedTable({
  collection,
  filter,
  title,
  codeField,
  testId,
}: {
  collection: 'releases' | 'recordings';
  filter: string;
  title: string;
  codeField: 'cat_no' | 'isrc';
  testId: string;
}) {
  const { data, isLoading, error } = useApi<Record<string, Row[]> & { total_count: number }>(
    `/${collection}?${filter}&per_page=100&sort_field=title&sort_order=asc`,
  );
  const rows = data?.[collection] ?? [];
  return (
    <Table
      data-testid={testId}
      // A long release title wraps rather than pushing the status off the page.
      wrapLines
      loading={isLoading}
      loadingText={`Loading ${collection}`}
      header={
        <Header variant="h2" counter={data ? `(${data.total_count})` : undefined}>
          {title}
        </Header>
      }
      items={rows}
      trackBy="id"
      columnDefinitions={[
        {
          id: 'title',
          header: 'Title',
          isRowHeader: true,
          cell: (r) => <RouterLink href={`/user/${collection}/${encodeURIComponent(r.id)}`}>{r.title}</RouterLink>,
        },
        { id: 'artists', header: 'Artists', cell: (r) => r.display_artists || '-' },
        { id: 'code', header: codeField === 'cat_no' ? 'Cat no' : 'ISRC', cell: (r) => r[codeField] || '-' },
        { id: 'status', header: 'Status', cell: (r) => <StatusBadge word={r.status ?? 'drafted'} /> },
      ]}
      empty={
        error ? (
          <Box color="text-body-secondary">{`Could not load the ${collection}.`}</Box>
        ) : (
          <EmptyState what={collection} />
        )
      }
    />
  );
}

type ExtraProps = { config: ReferenceConfig; record: Record<string, unknown> & { id: string } };

/** An artist's page: the releases and recordings they are on. */
export function ArtistCatalogue({ config, record }: ExtraProps) {
  if (!config.endpoint?.companyScoped) return null;
  const filter = `artist_id=${encodeURIComponent(record.id)}`;
  return (
    <SpaceBetween size="l">
      <RelatedTable
        collection="releases"
        filter={filter}
        title="Releases"
        codeField="cat_no"
        testId="artist-releases"
      />
      <RelatedTable
        collection="recordings"
        filter={filter}
        title="Recordings"
        codeField="isrc"
        testId="artist-recordings"
      />
      <ArtistPortalAccess artistId={record.id} />
    </SpaceBetween>
  );
}

/** A recording's page: its audio (upload, waveform, player) and the releases it is on. */
export function RecordingReleases({ config, record }: ExtraProps) {
  if (!config.endpoint?.companyScoped) return null;
  return (
    <SpaceBetween size="l">
      <RecordingAudioPanel recording={record as unknown as Parameters<typeof RecordingAudioPanel>[0]['recording']} />
      <RelatedTable
        collection="releases"
        filter={`recording_id=${encodeURIComponent(record.id)}`}
        title="Releases"
        codeField="cat_no"
        testId="recording-releases"
      />
    </SpaceBetween>
  );
}

/** A song's page: the recordings of it (the other side of a recording's songs). */
export function SongRecordings({ config, record }: ExtraProps) {
  if (!config.endpoint?.companyScoped) return null;
  return (
    <RelatedTable
      collection="recordings"
      filter={`song_id=${encodeURIComponent(record.id)}`}
      title="Recordings"
      codeField="isrc"
      testId="song-recordings"
    />
  );
}
