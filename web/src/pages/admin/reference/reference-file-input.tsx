import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { api, errorMessage, putWithProgress } from '../../../app/api';
import { FileSize } from '../../../components/formatted';
import { UploadProgress } from '../../../components/upload-progress';
import { uploadTarget } from './reference-api';
import type { FileValue, ReferenceConfig, ReferenceField } from './reference-types';
import { fileUploadStrings } from '../../../components/file-upload-strings';
import { sizeLimitWords } from '../../../../../shared/format';
import { VALIDATION } from '../../../../../shared/messages';

type FileField = Extract<ReferenceField, { kind: 'file' }>;
type Presigned = { url: string; key: string; headers?: Record<string, string> };

/** Why a picked file cannot be the field's, before anything is sent: its type, or its size over the field's limit
 * written as every form writes a limit ("Logo must be under 5 MB"), never as a count of bytes. */
export function referenceFileProblem(
  field: Pick<FileField, 'label' | 'contentTypes' | 'maxBytes'>,
  file: { name: string; type: string; size: number },
): string | null {
  if (!field.contentTypes.includes(file.type)) return `${file.name} is not an accepted file type`;
  if (file.size > field.maxBytes) return VALIDATION.maxValue(field.label, sizeLimitWords(field.maxBytes));
  return null;
}

/**
 * A record's file (a distributor's logo, a DSP's guide): picked files are checked for type and
 * size, uploaded straight to storage through a presigned PUT with a progress bar, and saved
 * with the record as `<field>_key`; Remove clears the saved file on save.
 */
export function ReferenceFileInput({
  config,
  field,
  value,
  onChange,
}: {
  config: ReferenceConfig;
  field: FileField;
  value: FileValue;
  onChange: (value: FileValue) => void;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [picked, setPicked] = useState<File[]>([]);

  const upload = async (file: File) => {
    setProblem(null);
    const refused = referenceFileProblem(field, file);
    if (refused) return setProblem(refused);
    try {
      setPercent(0);
      const target = uploadTarget(config);
      const presigned = await api.post<Presigned>(
        target.path,
        { field: field.name, filename: file.name, content_type: file.type, size: file.size },
        target.options,
      );
      await putWithProgress(presigned.url, file, presigned.headers ?? { 'content-type': file.type }, setPercent);
      onChange({ ...value, key: presigned.key });
    } catch (error) {
      setPercent(null);
      setProblem(errorMessage(error));
    }
  };

  return (
    <SpaceBetween size="xs">
      {value.current && value.key === undefined ? (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Link href={value.current.url} external data-testid={`ref-file-${field.name}-current`}>
            {value.current.filename}
          </Link>
          {value.current.size ? (
            <Box color="text-body-secondary">
              <FileSize bytes={value.current.size} />
            </Box>
          ) : null}
          <Button
            formAction="none"
            variant="inline-link"
            onClick={() => onChange({ ...value, key: null })}
            data-testid={`ref-file-${field.name}-remove`}
          >
            Remove
          </Button>
        </SpaceBetween>
      ) : null}
      {value.key === null ? (
        <Box color="text-status-warning">The {field.label.toLowerCase()} will be removed when you save.</Box>
      ) : null}
      <FileUpload
        value={picked}
        onChange={({ detail }) => {
          setPicked(detail.value);
          if (detail.value[0]) void upload(detail.value[0]);
          else onChange({ current: value.current });
        }}
        accept={field.accept}
        errorText={problem}
        showFileSize
        i18nStrings={fileUploadStrings({
          uploadButtonText: () =>
            value.current ? `Replace ${field.label.toLowerCase()}` : `Choose ${field.label.toLowerCase()}`,
          dropzoneText: () => 'Drop a file to upload',
        })}
        data-testid={`ref-file-${field.name}`}
      />
      {percent !== null ? (
        <UploadProgress
          percent={percent}
          label={`Uploading ${field.label.toLowerCase()}`}
          testId={`ref-file-${field.name}-progress`}
        />
      ) : null}
    </SpaceBetween>
  );
}
