import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { AUDIO_EXTENSIONS, MAX_AUDIO_BYTES } from '../../../../shared/constants';
import { sizeLimitWords } from '../../../../shared/format';
import { VALIDATION } from '../../../../shared/messages';
import { api, errorMessage, putWithProgress } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { notify } from '../../app/notifications';
import { playerDispatch } from '../../app/player';
import { subscribeRealtime } from '../../app/realtime';
import { StatusBadge } from '../../components/status-badge';
import { UploadProgress } from '../../components/upload-progress';
import { Waveform } from '../../components/waveform';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { usePermits } from '../../app/use-may-open';

type Audio = {
  status: 'uploading' | 'processing' | 'ready' | 'failed';
  reason?: string;
  filename?: string;
  duration_ms?: number;
  sample_rate?: number;
  channels?: number;
  bit_depth?: number | null;
  preview_url?: string | null;
  peaks_url?: string | null;
};
type Recording = { id: string; title: string; mix_title?: string; audio?: Audio | null };

/** Why a chosen file cannot be uploaded, before anything is sent. */
export function audioFileProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AUDIO_EXTENSIONS as readonly string[]).includes(extension))
    return 'Audio must be a wav, aiff, aif or flac file';
  if (file.size > MAX_AUDIO_BYTES) return VALIDATION.maxValue('Size', sizeLimitWords(MAX_AUDIO_BYTES));
  return null;
}

const contentTypeOf = (name: string) =>
  /\.aiff?$/i.test(name) ? 'audio/aiff' : /\.flac$/i.test(name) ? 'audio/flac' : 'audio/wav';

/** Sends a recording's WAV/AIFF straight to storage: a presigned PUT (update_audio), then the bytes with progress. */
export async function uploadRecordingAudio(
  recordingId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const contentType = contentTypeOf(file.name);
  const presigned = await api.post<{ url: string; headers?: Record<string, string> }>(
    `/recordings/${encodeURIComponent(recordingId)}/update_audio`,
    {
      filename: file.name,
      content_type: contentType,
      size: file.size,
    },
  );
  await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': contentType }, onProgress);
}

/** Adds a recording's preview to the player's queue. */
export function queueRecording(recording: Recording): void {
  if (!recording.audio?.preview_url) return;
  playerDispatch({
    type: 'add',
    track: {
      id: recording.id,
      title: recording.title,
      mix_title: recording.mix_title ?? null,
      mp3_url: recording.audio.preview_url,
      peaks_url: recording.audio.peaks_url ?? null,
    },
  });
}

/**
 * A recording's audio: upload a WAV/AIFF straight to storage with a progress bar, follow the
 * worker's progress as it is pushed, then see the waveform and play the preview.
 */
export function RecordingAudioPanel({ recording }: { recording: Recording }) {
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useInvalidate(`/recordings/${recording.id}`, '/recordings?');
  // Uploading audio changes the recording (POST /recordings/{id}/update_audio: catalogue.write).
  const mayUpload = usePermits('catalogue.write');

  // The worker pushes a Recording event when it starts, finishes or fails: reload the recording.
  useEffect(
    () =>
      subscribeRealtime('record', (message) => {
        if (message.model !== 'Recording' || message.id !== recording.id) return;
        if (message.status === 'failed')
          notify(
            'error',
            `Recording ${recording.title}: ${String(message.reason ?? 'the audio could not be processed')}`,
          );
        void refresh();
      }),
    [recording.id, recording.title, refresh],
  );

  const upload = async (file: File) => {
    const refused = audioFileProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      setPercent(0);
      await uploadRecordingAudio(recording.id, file, setPercent);
      notify('notification', `Recording ${recording.title} - audio uploaded and processing.`);
      await refresh();
    } catch (error) {
      setPercent(null);
      setProblem(errorMessage(error));
    }
  };

  const audio = recording.audio;
  return (
    <Container
      data-testid="recording-audio"
      header={
        <Header
          variant="h2"
          actions={
            audio?.status === 'ready' ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  iconName="caret-right-filled"
                  onClick={() => queueRecording(recording)}
                  data-testid="recording-play"
                >
                  Add to queue
                </Button>
              </SpaceBetween>
            ) : undefined
          }
        >
          Audio {audio ? <StatusBadge word={audio.status} testId="recording-audio-status" /> : null}
        </Header>
      }
    >
      <SpaceBetween size="m">
        {audio?.status === 'failed' ? (
          <Box color="text-status-error" data-testid="recording-audio-reason">
            {audio.reason}
          </Box>
        ) : null}
        {audio?.status === 'ready' ? (
          <>
            <Waveform peaksUrl={audio.peaks_url} testId="recording-waveform" />
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'File', value: audio.filename ?? '-' },
                { label: 'Duration', value: `${((audio.duration_ms ?? 0) / 1000).toFixed(1)} s` },
                { label: 'Sample rate', value: audio.sample_rate ? `${audio.sample_rate} Hz` : '-' },
                { label: 'Channels / bit depth', value: `${audio.channels ?? '-'} / ${audio.bit_depth ?? '-'}` },
              ]}
            />
          </>
        ) : null}
        {mayUpload ? (
          <FileUpload
            value={files}
            onChange={({ detail }) => {
              setFiles(detail.value);
              if (detail.value[0]) void upload(detail.value[0]);
            }}
            accept=".wav,.aiff,.aif,.flac"
            errorText={problem}
            showFileSize
            constraintText={`WAV, AIFF, AIF or FLAC, up to ${sizeLimitWords(MAX_AUDIO_BYTES)}`}
            i18nStrings={fileUploadStrings({
              uploadButtonText: () => (audio ? 'Replace audio' : 'Upload audio'),
              dropzoneText: () => 'Drop a WAV, AIFF or FLAC file',
            })}
            data-testid="recording-audio-upload"
          />
        ) : null}
        {percent !== null ? (
          <UploadProgress percent={percent} label="Uploading audio" testId="recording-audio-progress" />
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

/** The recording form's audio: uploads once the recording is saved (the edit form), a hint before. */
export function RecordingFormAudio({ record }: { record?: Record<string, unknown> & { id: string } }) {
  if (!record) {
    return (
      <Container header={<Header variant="h2">Audio</Header>}>
        <Box color="text-body-secondary">Save the recording, then upload its WAV or AIFF here or on its page.</Box>
      </Container>
    );
  }
  return <RecordingAudioPanel recording={record as unknown as Recording} />;
}
