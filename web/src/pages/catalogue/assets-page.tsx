import type { ReactNode } from 'react';
import { ParentRecordLink } from '../../components/parent-record-link';
import { ReleasePagesRow } from './release-pages-row';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { MAX_ASSET_BYTES } from '../../../../shared/constants';
import { fileTypeWords, sizeLimitWords } from '../../../../shared/format';
import { VALIDATION } from '../../../../shared/messages';
import { api, errorMessage, putWithProgress } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { UploadProgress } from '../../components/upload-progress';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { usePermits } from '../../app/use-may-open';
import { FileSize, FormattedDate } from '../../components/formatted';
import { EmptyState } from '../../components/empty-state';

type Asset = {
  id: string;
  filename: string;
  content_type: string | null;
  size: number | null;
  uploaded_at: string;
  url: string;
};

/** Why a chosen file cannot be kept, before anything is sent. */
export function assetFileProblem(file: { size: number }): string | null {
  return file.size > MAX_ASSET_BYTES ? VALIDATION.maxValue('Size', sizeLimitWords(MAX_ASSET_BYTES)) : null;
}

/**
 * The files kept beside a release or a label (releases/{id}/assets, labels/{id}/assets
 * and the admin label assets page): upload with progress (update_assets, then the bytes, then the
 * registration), download, delete. `base` is the record's API path (/releases/{id}, /admin/labels/{id}).
 */
function AssetsPanel({ base, title, parent }: { base: string; title: string; parent?: ReactNode }) {
  const { data, error, isLoading, mutate } = useApi<{ assets: Asset[] }>(`${base}/assets`);
  const [files, setFiles] = useState<File[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (chosen: File[]) => {
    setProblem(null);
    for (const file of chosen) {
      const refused = assetFileProblem(file);
      if (refused) {
        setProblem(`${file.name}: ${refused}`);
        continue;
      }
      try {
        setPercent(0);
        const type = file.type || 'application/octet-stream';
        const presigned = await api.post<{ url: string; key: string; headers?: Record<string, string> }>(
          `${base}/update_assets`,
          { filename: file.name, content_type: type, size: file.size },
        );
        await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': type }, setPercent);
        await api.post(`${base}/assets`, { file_key: presigned.key });
        notify('notification', `${file.name} kept`);
      } catch (failure) {
        setProblem(`${file.name}: ${errorMessage(failure)}`);
      }
    }
    setPercent(null);
    setFiles([]);
    await mutate();
  };

  const mayChange = usePermits('catalogue.write');
  const remove = async (asset: Asset) => {
    try {
      await api.delete(`${base}/assets/${encodeURIComponent(asset.id)}`);
      notify('notification', `${asset.filename} deleted`);
      await mutate();
    } catch (failure) {
      notify('error', errorMessage(failure));
    }
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={parent}>
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Table
          data-testid="assets-table"
          loading={isLoading}
          loadingText="Loading files"
          items={data?.assets ?? []}
          empty={
            error ? (
              <Box color="text-body-secondary">{errorMessage(error)}</Box>
            ) : (
              // The upload button is under the table, for those who may change the catalogue.
              <EmptyState what="files" how={mayChange ? 'choose Upload files' : undefined} testId="assets-empty" />
            )
          }
          header={<Header counter={data ? `(${data.assets.length})` : undefined}>Files</Header>}
          columnDefinitions={[
            {
              id: 'filename',
              header: 'File',
              isRowHeader: true,
              cell: (a) => (
                <Link href={a.url} external data-testid={`asset-${a.id}`}>
                  {a.filename}
                </Link>
              ),
            },
            { id: 'type', header: 'Type', cell: (a) => (a.content_type ? fileTypeWords(a.content_type) : '-') },
            { id: 'size', header: 'Size', cell: (a) => (a.size === null ? '-' : <FileSize bytes={a.size} />) },
            { id: 'uploaded', header: 'Uploaded', cell: (a) => <FormattedDate value={a.uploaded_at} /> },
            // Uploading and deleting change the catalogue: a member whose role only reads it sees the files.
            ...(mayChange
              ? [
                  {
                    id: 'actions',
                    header: 'Actions',
                    cell: (a: Asset) => (
                      <Button variant="inline-link" onClick={() => void remove(a)} ariaLabel={`Delete ${a.filename}`}>
                        Delete
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {mayChange ? (
          <FileUpload
            multiple
            value={files}
            onChange={({ detail }) => {
              setFiles(detail.value);
              if (detail.value.length) void upload(detail.value);
            }}
            errorText={problem}
            showFileSize
            constraintText="Booklets, press shots, contracts: any file up to 100 MB"
            i18nStrings={fileUploadStrings({
              uploadButtonText: () => 'Upload files',
              dropzoneText: () => 'Drop files',
            })}
            data-testid="assets-upload"
          />
        ) : null}
        {percent !== null ? <UploadProgress percent={percent} label="Uploading" testId="assets-progress" /> : null}
      </SpaceBetween>
    </ContentLayout>
  );
}

/** /user/releases/{releaseId}/assets */
export function ReleaseAssetsPage() {
  const { releaseId = '' } = useParams();
  return (
    <AssetsPanel
      base={`/releases/${encodeURIComponent(releaseId)}`}
      title="Release assets"
      parent={<ReleasePagesRow releaseId={releaseId} current="assets" />}
    />
  );
}

/** /user/labels/{labelId}/assets */
export function LabelAssetsPage() {
  const { labelId = '' } = useParams();
  return (
    <AssetsPanel
      base={`/labels/${encodeURIComponent(labelId)}`}
      title="Label assets"
      parent={<ParentRecordLink kind="label" id={labelId} />}
    />
  );
}

/** /admin/labels/{labelId}/assets: the same files, reached across companies. */
export function AdminLabelAssetsPage() {
  const { labelId = '' } = useParams();
  return <AssetsPanel base={`/admin/labels/${encodeURIComponent(labelId)}`} title="Admin: label assets" />;
}
