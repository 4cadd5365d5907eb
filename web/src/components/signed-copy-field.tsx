import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { api, errorMessage, putWithProgress } from '../app/api';
import { notify } from '../app/notifications';
import { fileUploadStrings } from './file-upload-strings';
import type { Permission } from '../../../shared/permissions';
import { usePermits } from '../app/use-may-open';

/** Opens a short-lived link the API hands out (a document, a signed copy) in a new tab. */
export async function openLink(path: string) {
  try {
    const { url } = await api.get<{ url: string }>(path);
    window.open(url, '_blank', 'noopener');
  } catch (failure) {
    notify('error', errorMessage(failure));
  }
}

/**
 * A signed agreement's copy (a contract's, a licence's): the file kept, opened through a short-lived
 * link, and the upload, which goes straight to storage — `{base}/signed_copy_upload` answers a
 * presigned URL, the browser PUTs the file, `PUT {base}/signed_copy` keeps its key. The answer of that
 * last call goes to `onSaved`, so the page shows the record as saved.
 */
export function SignedCopyField<Answer extends { message?: string }>({
  base,
  fileName,
  description,
  testId,
  permission,
  onSaved,
}: {
  /** The record's API path, e.g. `/licenses/LIC1`. */
  base: string;
  fileName: string | null | undefined;
  description: string;
  testId?: string;
  /** What the upload routes (`{base}/signed_copy_upload`, `PUT {base}/signed_copy`) ask: without it, no upload. */
  permission: Permission;
  onSaved: (answer: Answer) => unknown;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const mayUpload = usePermits(permission);
  const upload = async (file: File) => {
    try {
      const type = file.type || 'application/pdf';
      const presigned = await api.post<{ url: string; key: string; headers?: Record<string, string> }>(
        `${base}/signed_copy_upload`,
        { filename: file.name, content_type: type, size: file.size },
      );
      await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': type }, () => {});
      const answer = await api.put<Answer>(`${base}/signed_copy`, { signed_copy_key: presigned.key });
      notify('notification', answer.message ?? 'Signed Copy Saved');
      await onSaved(answer);
    } catch (failure) {
      notify('error', errorMessage(failure));
    } finally {
      setFiles([]);
    }
  };
  return (
    <FormField label="Signed copy" description={description}>
      <SpaceBetween size="xs">
        {fileName ? (
          <Box data-testid={testId}>
            <Button variant="inline-link" onClick={() => void openLink(`${base}/signed_copy`)}>
              {fileName}
            </Button>
          </Box>
        ) : (
          <Box color="text-body-secondary">No signed copy yet</Box>
        )}
        {mayUpload ? (
          <FileUpload
            value={files}
            onChange={({ detail }) => {
              setFiles(detail.value);
              const [file] = detail.value;
              if (file) void upload(file);
            }}
            i18nStrings={fileUploadStrings({
              uploadButtonText: () => 'Upload signed copy',
              dropzoneText: () => 'Drop the file',
            })}
          />
        ) : null}
      </SpaceBetween>
    </FormField>
  );
}
