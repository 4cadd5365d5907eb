import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { useState } from 'react';
import type { ReleaseRecordingsDisplayType } from '../../../../shared/catalogue';
import { MAX_PER_PAGE } from '../../../../shared/constants';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { RouterLink } from '../../components/router-link';
import { ReferenceRowsTable, RowsEmpty } from '../admin/reference/reference-values';
import type { RowsSectionProps } from '../admin/reference/reference-types';
import { queueRecording } from './recording-audio-panel';
import { lengthShown } from './recording-length';
import { DISPLAY_TYPE_OPTIONS, inPlayOrder, recordingsDisplayType } from './release-recordings-display';

type Row = { id?: string; recording_id?: string; recording?: { id: string; name: string } | null } & Record<
  string,
  unknown
>;
type Recording = Parameters<typeof queueRecording>[0] & { isrc?: string; display_artists?: string; length?: string };

const enc = encodeURIComponent;
const dash = '-';

/** One recording's facts on its card, from its own record (the release row names only its title). */
function RecordingFacts({ recording, place }: { recording: Recording | undefined; place: string }) {
  return (
    <CardFacts
      items={[
        { label: 'Artists', value: recording?.display_artists || dash },
        { label: 'ISRC', value: recording?.isrc || dash },
        { label: 'Length', value: recording ? lengthShown(recording.length) : dash },
        { label: 'Place', value: place },
      ]}
      queue={recording?.audio?.preview_url ? () => queueRecording(recording) : undefined}
    />
  );
}

function CardFacts({ items, queue }: { items: { label: string; value: string }[]; queue?: () => void }) {
  return (
    <>
      <KeyValuePairs columns={2} items={items} />
      {queue ? (
        <Box padding={{ top: 's' }}>
          <Button iconName="caret-right-filled" onClick={queue}>
            Add to queue
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/**
 * A release's recordings on its page, as cards (the default) or a table: the choice is kept on the release, so the
 * release opens as it was last shown. A reader who may not change the release switches for themselves only.
 */
export function ReleaseRecordingsSection({ config, record, field, editable }: RowsSectionProps) {
  const [shown, setShown] = useState<ReleaseRecordingsDisplayType>(() => recordingsDisplayType(record));
  const rows = inPlayOrder((record[field.name] as Row[] | undefined) ?? []);
  const releasePath = `${config.endpoint?.path ?? '/releases'}/${enc(record.id)}`;
  // A recording's own API path and page in this area (/recordings in a company, /admin/recordings for an admin).
  const recordingsPath = (config.endpoint?.path ?? '/releases').replace(/releases$/, 'recordings');
  const recordingsPage = config.endpoint?.companyScoped === false ? '/admin/recordings' : '/user/recordings';
  // The cards' facts come from the recordings' own records, all read in one call: the recordings list narrowed to the
  // release, one page holding every recording a release may have.
  const { data } = useApi<{ recordings: Recording[] }>(
    shown === 'cards' && rows.length ? `${recordingsPath}?release_id=${enc(record.id)}&per_page=${MAX_PER_PAGE}` : null,
  );
  const recordings = new Map((data?.recordings ?? []).map((recording) => [recording.id, recording]));
  const choose = async (next: ReleaseRecordingsDisplayType) => {
    setShown(next);
    if (!editable) return;
    try {
      await api.patch(releasePath, { recordings_display_type: next });
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };
  const empty = <RowsEmpty field={field} editable={editable} />;
  return (
    <Container
      data-testid="release-recordings"
      header={
        <Header
          variant="h2"
          counter={`(${rows.length})`}
          actions={
            <SegmentedControl
              label="Show recordings as"
              selectedId={shown}
              options={DISPLAY_TYPE_OPTIONS}
              onChange={({ detail }) => void choose(detail.selectedId as ReleaseRecordingsDisplayType)}
              data-testid="release-recordings-display"
            />
          }
        >
          {field.label}
        </Header>
      }
    >
      {shown === 'table' ? (
        <ReferenceRowsTable config={config} record={record} field={field.name} editable={editable} />
      ) : rows.length ? (
        <Cards
          items={rows}
          trackBy={(row) => String(row.id ?? row.recording_id)}
          cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1000, cards: 3 }]}
          data-testid={`ref-rows-${field.name}-cards`}
          cardDefinition={{
            header: (row) => {
              const id = row.recording?.id ?? row.recording_id;
              const title = row.recording?.name ?? dash;
              return id ? <RouterLink href={`${recordingsPage}/${enc(id)}`}>{title}</RouterLink> : title;
            },
            sections: [
              {
                id: 'facts',
                content: (row) => {
                  const id = row.recording?.id ?? row.recording_id;
                  const place = `Disc ${String(row.disc_number ?? 1)}, track ${String(row.position ?? dash)}`;
                  return id ? <RecordingFacts recording={recordings.get(id)} place={place} /> : place;
                },
              },
            ],
          }}
        />
      ) : (
        empty
      )}
    </Container>
  );
}
