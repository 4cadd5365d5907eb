import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useRef, useState } from 'react';
import { RequestFormFrame } from './request-form-frame';
import { MARKETING_GENRES, MARKETING_INSTRUMENTS, type MarketingKind } from '../../../../shared/schemas/label-requests';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { type PickedRecord, pickerSource, RecordPicker } from '../../components/record-picker';
import { useFormSubmit } from '../../components/use-form-submit';
import { LabelChoice } from './label-choice';
import { requestsApi, useCompanyRequests, useRefreshRequests } from './requests-api';
import { DateField } from '../../components/date-input';
import { RouterLink } from '../../components/router-link';

const releases = pickerSource('releases');
const PATHS: Record<MarketingKind, string> = {
  album_ep: 'album_ep_email',
  single: 'standalone_single_email',
  official_video: 'official_video_email',
};
const KINDS = [
  { id: 'album_ep', text: 'Album or EP' },
  { id: 'single', text: 'Single' },
  { id: 'official_video', text: 'Official video' },
];
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
/** One of the release's recordings, as the focus-track choice names it (title, and its version in brackets). */
type Track = { id: string; name: string };
const chosen = (values: string[]) => values.map((v) => ({ value: v, label: v }));

function PitchForm({ kind, labelId }: { kind: MarketingKind; labelId: string }) {
  const refresh = useRefreshRequests();
  const { data } = useCompanyRequests();
  const [release, setRelease] = useState<PickedRecord | null>(null);
  const [releaseDate, setReleaseDate] = useState('');
  const [genres, setGenres] = useState<string[]>([]);
  const [instruments, setInstruments] = useState<string[]>([]);
  // The focus track is one of the chosen release's recordings (null: their list is not read yet).
  const [tracks, setTracks] = useState<Track[] | null>(null);
  const [focus, setFocus] = useState('');
  const [pitch, setPitch] = useState('');
  const [instantGrat, setInstantGrat] = useState('');
  const [video, setVideo] = useState('');
  // The release date the chosen release gave the form, so choosing another release replaces it, never a day typed.
  const prefilled = useRef('');
  const chooseRelease = (picked: PickedRecord | null) => {
    setRelease(picked);
    setFocus('');
    setTracks(null);
    if (picked && kind !== 'official_video')
      api
        .get<{ tracks: Track[] }>(`/marketing/releases/${encodeURIComponent(picked.id)}/tracks`)
        .then((answer) => setTracks(answer.tracks))
        .catch(() => setTracks([]));
    // A video's premiere is its own day; an album's or a single's release date is the release's.
    if (!picked || kind === 'official_video') return;
    api
      .get<{ release: { release_date?: string | null } }>(`/releases/${encodeURIComponent(picked.id)}`)
      .then(({ release: chosen }) => {
        const day = chosen.release_date ?? '';
        setReleaseDate((typed) => (typed === '' || typed === prefilled.current ? day : typed));
        prefilled.current = day;
      })
      .catch(() => undefined);
  };
  const form = useFormSubmit({
    validate: (): Record<string, string> => (release ? {} : { release_id: 'Choose a release' }),
    fieldOf: (field) => field.replace(/^form\./, '').replace(/\.\d+$/, ''),
    send: () =>
      requestsApi.pitch(PATHS[kind], {
        label_id: labelId,
        release_id: release?.id ?? '',
        release_date: releaseDate,
        genres,
        instruments,
        pitch,
        ...(kind === 'official_video' ? { video_url: video } : focus ? { focus_track_id: focus } : {}),
        ...(kind === 'album_ep' ? { instant_grat_date: instantGrat } : {}),
      }),
    onSuccess: async (answer) => {
      notify('notification', answer.message ?? 'Sent');
      await refresh();
    },
  });
  const weeks = data?.lead_weeks ?? 4;
  const dayLabel = kind === 'official_video' ? 'Premiere date' : 'Release date';
  return (
    <RequestFormFrame
      title="Pitch"
      description={`Pitches are due ${weeks} weeks before release.`}
      sendText="Send pitch"
      sendTestId="pitch-send"
      busy={form.submitting && !form.failure}
      onSend={() => void form.submit()}
    >
      <FormField label="Release" errorText={form.errors.release_id}>
        <RecordPicker
          source={releases}
          value={release}
          onChange={chooseRelease}
          testId="pitch-release"
          placeholder="Choose a release"
        />
      </FormField>
      <DateField
        label={dayLabel}
        description={kind === 'official_video' ? undefined : 'Filled in from the release when you choose it'}
        value={releaseDate}
        onChange={setReleaseDate}
        error={form.errors.release_date}
        testId="pitch-release-date"
      />
      <FormField label="Genres" description="Up to 3" errorText={form.errors.genres}>
        <Multiselect
          selectedOptions={chosen(genres)}
          options={options(MARKETING_GENRES[kind])}
          onChange={({ detail }) => setGenres(detail.selectedOptions.map((o) => o.value ?? ''))}
          placeholder="Choose genres"
        />
      </FormField>
      <FormField label="Instruments" errorText={form.errors.instruments}>
        <Multiselect
          selectedOptions={chosen(instruments)}
          options={options(MARKETING_INSTRUMENTS)}
          onChange={({ detail }) => setInstruments(detail.selectedOptions.map((o) => o.value ?? ''))}
          placeholder="Choose instruments"
        />
      </FormField>
      {kind === 'official_video' ? (
        <FormField label="YouTube link of the video" errorText={form.errors.video_url}>
          <Input value={video} onChange={({ detail }) => setVideo(detail.value)} />
        </FormField>
      ) : (
        <FocusTrack
          released={release !== null}
          tracks={tracks}
          chosen={focus}
          onChange={setFocus}
          optional={kind === 'single'}
          error={form.errors.focus_track_id}
        />
      )}
      {kind === 'album_ep' && (
        <DateField
          label="Instant-grat date"
          description="When a track goes out before the release (optional)"
          value={instantGrat}
          onChange={setInstantGrat}
          error={form.errors.instant_grat_date}
        />
      )}
      <FormField
        label="Pitch"
        description="What editors should know, in up to 500 characters"
        errorText={form.errors.pitch}
      >
        <Textarea value={pitch} onChange={({ detail }) => setPitch(detail.value)} />
      </FormField>
    </RequestFormFrame>
  );
}

/**
 * The focus track, chosen from the release's recordings: a single's is optional ("No focus track"); before a release
 * is chosen, or when it has no recordings yet, the choice says what to do first.
 */
function FocusTrack(props: {
  /** Whether a release is chosen; its tracks are null while they are read. */
  released: boolean;
  tracks: Track[] | null;
  chosen: string;
  onChange: (id: string) => void;
  optional: boolean;
  error?: string;
}) {
  const none = { value: '', label: 'No focus track' };
  const choices = [
    ...(props.optional ? [none] : []),
    ...(props.tracks ?? []).map((track) => ({ value: track.id, label: track.name })),
  ];
  const selected = choices.find((choice) => choice.value === props.chosen && (choice.value || props.optional));
  return (
    <FormField label="Focus track" description="The track editors should start from" errorText={props.error}>
      <Select
        data-testid="pitch-focus-track"
        selectedOption={selected ?? null}
        options={choices}
        onChange={({ detail }) => props.onChange(detail.selectedOption.value ?? '')}
        placeholder={
          !props.released
            ? 'Choose a release first'
            : props.tracks?.length === 0
              ? 'The release has no tracks yet'
              : 'Choose the focus track'
        }
        statusType={props.released && props.tracks === null ? 'loading' : 'finished'}
        loadingText="Reading the release’s tracks"
        empty={
          props.released
            ? 'This release has no tracks yet: add its recordings to the release first'
            : 'Choose a release first: its tracks are listed here'
        }
      />
    </FormField>
  );
}

function PitchPage({ initial }: { initial: MarketingKind }) {
  const [kind, setKind] = useState<MarketingKind>(initial);
  return (
    <ContentLayout header={<Header variant="h1">New release pitch</Header>}>
      <SpaceBetween size="l">
        <SegmentedControl
          selectedId={kind}
          onChange={({ detail }) => setKind(detail.selectedId as MarketingKind)}
          label="Pitch"
          options={KINDS}
        />
        <LabelChoice testId="pitch-label">
          {(labelId) => <PitchForm key={`${labelId}-${kind}`} kind={kind} labelId={labelId} />}
        </LabelChoice>
        <Box>
          The state of each pitch is listed under <RouterLink href="/user/labels/tools/marketing">Marketing</RouterLink>
          .
        </Box>
      </SpaceBetween>
    </ContentLayout>
  );
}

/** UserLabelTools marketing/new_release: an album/EP, single or official video pitch. */
export const NewReleasePitchPage = () => <PitchPage initial="album_ep" />;
export const AlbumEpPitchPage = () => <PitchPage initial="album_ep" />;
export const SinglePitchPage = () => <PitchPage initial="single" />;
