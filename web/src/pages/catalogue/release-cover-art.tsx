import { CoverImage } from '../../components/cover-image.js';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ComponentType, useEffect, useState } from 'react';
import { MAX_COVER_ART_BYTES, MIN_COVER_ART_PIXELS } from '../../../../shared/constants';
import { VALIDATION } from '../../../../shared/messages';
import { fileTypeWords, formatFileSize, sizeLimitWords } from '../../../../shared/format';
import { api, errorMessage, putWithProgress } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { notify } from '../../app/notifications';
import { subscribeRealtime } from '../../app/realtime';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { UploadProgress } from '../../components/upload-progress';
import type { ReferenceConfig } from '../admin/reference/reference-types';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { useMayOpen } from '../../app/use-may-open';

/** A release's checked cover art as the API answers it (URLs are short-lived). */
type CoverArt = {
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  uploaded_at: string;
  url: string;
  thumbnail_url: string;
  medium_url: string;
};
type CoverArtUpload = {
  status: 'uploading' | 'processing' | 'ready' | 'failed';
  filename: string;
  reason: string | null;
};
type ReleaseWithArt = Record<string, unknown> & {
  id: string;
  title?: string;
  artwork?: CoverArt | null;
  artwork_upload?: CoverArtUpload | null;
};

const EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** Why a chosen file cannot be cover art, before anything is sent (the worker checks the pixels). */
export function coverArtFileProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!EXTENSIONS.includes(extension)) return 'Cover art must be a JPG or PNG file';
  if (file.size > MAX_COVER_ART_BYTES) return VALIDATION.maxValue('Size', sizeLimitWords(MAX_COVER_ART_BYTES));
  return null;
}

/** The stored cover's file as people read a file: its type in words and its size ('JPEG image, 163.81 kB'). */
export function coverArtFileWords(artwork: { content_type: string; bytes: number }): string {
  return `${fileTypeWords(artwork.content_type)}, ${formatFileSize(artwork.bytes)}`;
}

/**
 * The list's cover column: the 300×300 thumbnail shown small, or a dash, as an empty cell reads; a dash too when the
 * thumbnail cannot be shown (not made yet, or unreadable), never the browser's broken-image sign with "Cover art" cut
 * short beside it.
 */
export function CoverThumbnail({ record }: { record: Record<string, unknown> }) {
  const artwork = record.artwork as CoverArt | null | undefined;
  const [failed, setFailed] = useState<string | null>(null);
  if (!artwork?.thumbnail_url || failed === artwork.thumbnail_url)
    return (
      <Box color="text-body-secondary" data-testid="release-cover-none">
        -
      </Box>
    );
  const src = artwork.thumbnail_url;
  return (
    <img
      src={src}
      onError={() => setFailed(src)}
      alt="Cover art"
      width={48}
      height={48}
      style={{ display: 'block', borderRadius: 4 }}
      data-testid="release-cover-thumbnail"
    />
  );
}

/**
 * A release's cover art: the medium image and its facts, and an upload straight to storage with
 * a progress bar. The upload worker's verdict arrives as a pushed Release event; a refusal shows
 * its reason ("Cover art must be square: 3000×2400") and the earlier art stays.
 */
function ReleaseCoverArtPanel({ release, readOnly = false }: { release: ReleaseWithArt; readOnly?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useInvalidate(`/releases/${release.id}`, '/releases?');
  const title = release.title ?? 'release';

  useEffect(
    () =>
      subscribeRealtime('record', (message) => {
        if (message.model !== 'Release' || message.id !== release.id) return;
        if (message.status === 'failed') notify('error', `Release ${title}: ${String(message.reason ?? '')}`);
        if (message.status === 'ready') notify('notification', `Release ${title} - cover art stored.`);
        void refresh();
      }),
    [release.id, title, refresh],
  );

  const upload = async (file: File) => {
    const refused = coverArtFileProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      setPercent(0);
      const contentType = /\.png$/i.test(file.name) ? 'image/png' : 'image/jpeg';
      const presigned = await api.post<{ url: string; headers?: Record<string, string> }>(
        `/releases/${encodeURIComponent(release.id)}/update_images`,
        { filename: file.name, content_type: contentType, size: file.size },
      );
      await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': contentType }, setPercent);
      notify('notification', `Release ${title} - cover art uploaded and being checked.`);
      await refresh();
    } catch (error) {
      setPercent(null);
      setProblem(errorMessage(error));
    }
  };

  const artwork = release.artwork;
  const state = release.artwork_upload;
  const min = `${MIN_COVER_ART_PIXELS}×${MIN_COVER_ART_PIXELS}`;
  return (
    <Container
      data-testid="release-cover-art"
      header={
        <Header
          variant="h2"
          description={`JPG or PNG, square, at least ${min} pixels, RGB, up to 36 MB.`}
          actions={
            readOnly ? undefined : (
              <RouterLink
                href={`/user/releases/${encodeURIComponent(release.id)}/assets`}
                data-testid="release-assets-link"
              >
                Other files (booklets, press shots)
              </RouterLink>
            )
          }
        >
          Cover art {state ? <StatusBadge word={state.status} testId="release-cover-art-status" /> : null}
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        <Box>
          {artwork ? (
            <CoverImage
              src={artwork.medium_url}
              alt={`Cover art of ${title}`}
              maxWidth={320}
              testId="release-cover-art-image"
            />
          ) : (
            <Box color="text-body-secondary">No cover art yet: every store requires it.</Box>
          )}
        </Box>
        <SpaceBetween size="m">
          {state?.status === 'failed' ? (
            <Box color="text-status-error" data-testid="release-cover-art-reason">
              {state.reason}
            </Box>
          ) : null}
          {artwork ? (
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Size', value: `${artwork.width}×${artwork.height}` },
                {
                  label: 'File',
                  value: coverArtFileWords(artwork),
                },
                { label: 'Original', value: <a href={artwork.url}>Download</a> },
              ]}
            />
          ) : null}
          {readOnly ? null : (
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value);
                if (detail.value[0]) void upload(detail.value[0]);
              }}
              accept=".jpg,.jpeg,.png"
              errorText={problem}
              showFileSize
              constraintText={`JPG or PNG, at least ${min}`}
              i18nStrings={fileUploadStrings({
                uploadButtonText: () => (artwork ? 'Replace cover art' : 'Upload cover art'),
                dropzoneText: () => 'Drop a JPG or PNG',
              })}
              data-testid="release-cover-art-upload"
            />
          )}
          {percent !== null ? (
            <UploadProgress percent={percent} label="Uploading cover art" testId="release-cover-art-progress" />
          ) : null}
        </SpaceBetween>
      </ColumnLayout>
    </Container>
  );
}

type ExtraProps = { config: ReferenceConfig; record: Record<string, unknown> & { id: string } };

/** A release page's extra panels: the cover art first, then `After` (the metadata check). */
export function withCoverArt(After: ComponentType<ExtraProps>): ComponentType<ExtraProps> {
  function ReleaseExtra(props: ExtraProps) {
    // Uploading is changing the release: a member whose role may not edit it sees the art only.
    const mayEdit = useMayOpen()(`/user/releases/${encodeURIComponent(props.record.id)}/edit`);
    return (
      <SpaceBetween size="l">
        {/* Admin pages across companies show the art; uploads are the company's own (a tenant call). */}
        <ReleaseCoverArtPanel
          release={props.record}
          readOnly={props.config.endpoint?.companyScoped === false || !mayEdit}
        />
        <After {...props} />
      </SpaceBetween>
    );
  }
  return ReleaseExtra;
}
