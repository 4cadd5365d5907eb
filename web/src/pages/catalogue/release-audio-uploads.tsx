import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState } from 'react';
import { MAX_AUDIO_BYTES, RELEASE_STREAM_DELAY_MS } from '../../../../shared/constants';
import { sizeLimitWords } from '../../../../shared/format';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { subscribeRealtime } from '../../app/realtime';
import { nestedRowsReducer, type NestedRow } from '../../components/nested-rows';
import { UploadProgress } from '../../components/upload-progress';
import type { FormValues, RowValues } from '../admin/reference/reference-types';
import { audioFileProblem, uploadRecordingAudio } from './recording-audio-panel';
import { fileUploadStrings } from '../../components/file-upload-strings';

/** Runs `run` for each item, one after another (several uploads go one at a time). */
export async function inSequence<T>(
  items: readonly T[],
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  for (const [index, item] of items.entries()) await run(item, index);
}

/** The release form's recordings with one more, unless it is there already. */
export function withRecordingRow(values: FormValues, recording: { id: string; title: string }): FormValues {
  const rows = (values.release_recordings as NestedRow<RowValues>[] | undefined) ?? [];
  if (rows.some((row) => !row.destroyed && (row.values.recording_id as { id?: string } | null)?.id === recording.id))
    return values;
  const position = String(rows.filter((row) => !row.destroyed).length + 1);
  const next = nestedRowsReducer(rows, {
    type: 'add',
    key: `audio-${recording.id}`,
    values: { recording_id: { id: recording.id, name: recording.title }, position, disc_number: '1' },
  });
  return { ...values, release_recordings: next };
}

/**
 * Deletes the recordings a release form made for its audio, once the form is left. The server refuses to
 * delete a recording a saved release holds, so what the saved release kept stays and what an abandoned (or
 * unsaved) form made goes: no recording is left behind that nobody asked for. Failures are ignored (a
 * recording in use answers 409, which is the point).
 */
function discardUnsavedRecordings(ids: Iterable<string>, options: { keepalive?: boolean } = {}): void {
  for (const id of ids) void api.delete(`/recordings/${encodeURIComponent(id)}`, options).catch(() => undefined);
}

/**
 * The release form's audio drop: each WAV/AIFF becomes a new recording, uploaded one at a time
 * with its progress; the recording joins the form when the worker's push arrives, or 5 seconds
 * after its upload. The recordings are made at once (the upload needs one to attach to) and the ones no
 * saved release holds are deleted when the form is left, by navigating or by closing the tab. Making
 * them only at save would keep minutes of upload waiting behind the Save button; removing them on the
 * way out keeps the upload where the user drops the file.
 */
export function ReleaseAudioUploads({
  setValues,
}: {
  values: FormValues;
  setValues: (update: (values: FormValues) => FormValues) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [current, setCurrent] = useState<{ name: string; index: number; count: number; percent: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const uploaded = useRef(new Map<string, string>());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  // Every recording this form made, uploaded or not (a failed upload leaves one too).
  const made = useRef(new Set<string>());

  useEffect(() => {
    const madeNow = made.current;
    // Closing the tab with the form open: nothing was saved since, so all of them go.
    const onPageHide = () => discardUnsavedRecordings(madeNow, { keepalive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      discardUnsavedRecordings(madeNow);
    };
  }, []);

  useEffect(() => {
    const off = subscribeRealtime('record', (message) => {
      const title = uploaded.current.get(String(message.id));
      if (message.model === 'Recording' && title)
        setValues((v) => withRecordingRow(v, { id: String(message.id), title }));
    });
    const pending = timers.current;
    return () => {
      off();
      pending.forEach(clearTimeout);
    };
  }, [setValues]);

  const upload = async (chosen: File[]) => {
    const refused = chosen.flatMap((file) => {
      const problem = audioFileProblem(file);
      return problem ? [`${file.name}: ${problem}`] : [];
    });
    setProblems(refused);
    const accepted = chosen.filter((file) => !audioFileProblem(file));
    await inSequence(accepted, async (file, index) => {
      setCurrent({ name: file.name, index, count: accepted.length, percent: 0 });
      try {
        const title = file.name.replace(/\.(wav|aiff?)$/i, '');
        const recording = (await api.post<{ recording: { id: string; title: string } }>('/recordings', { title }))
          .recording;
        made.current.add(recording.id);
        await uploadRecordingAudio(recording.id, file, (percent) => setCurrent((c) => (c ? { ...c, percent } : c)));
        uploaded.current.set(recording.id, recording.title);
        notify('notification', `Recording ${recording.title} - audio uploaded and processing.`);
        timers.current.push(
          setTimeout(() => setValues((v) => withRecordingRow(v, recording)), RELEASE_STREAM_DELAY_MS),
        );
      } catch (error) {
        setProblems((p) => [...p, `${file.name}: ${errorMessage(error)}`]);
      }
    });
    setCurrent(null);
    setFiles([]);
  };

  return (
    <Container
      header={
        <Header variant="h2" description="Each file becomes a new recording on this release, uploaded one at a time.">
          Upload audio
        </Header>
      }
      data-testid="release-audio"
    >
      <SpaceBetween size="s">
        <FileUpload
          multiple
          value={files}
          onChange={({ detail }) => {
            setFiles(detail.value);
            if (detail.value.length) void upload(detail.value);
          }}
          accept=".wav,.aiff,.aif,.flac"
          constraintText={`WAV, AIFF, AIF or FLAC, up to ${sizeLimitWords(MAX_AUDIO_BYTES)} each`}
          i18nStrings={fileUploadStrings({
            uploadButtonText: () => 'Upload audio files',
            dropzoneText: () => 'Drop WAV, AIFF or FLAC files',
          })}
          data-testid="release-audio-upload"
        />
        {current ? (
          <UploadProgress
            percent={current.percent}
            label={`Uploading ${current.name} (${current.index + 1} of ${current.count})`}
            testId="release-audio-progress"
          />
        ) : null}
        {problems.map((problem) => (
          <Box key={problem} color="text-status-error">
            {problem}
          </Box>
        ))}
      </SpaceBetween>
    </Container>
  );
}
