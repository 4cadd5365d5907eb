import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { fileUploadStrings } from './file-upload-strings';

/**
 * Step 1 of an import that checks a whole file first (opening balances, contracts): the file chosen, its columns and
 * limits said, and "Check the file". Choosing another file forgets the last check (`onChoose`).
 */
export function ImportFileChooser({
  label,
  columns,
  limits,
  dropzone,
  files,
  onChoose,
  error,
  checking,
  onCheck,
  testId,
  beside,
}: {
  label: string;
  /** The columns the file holds, in words. */
  columns: string;
  limits: string;
  dropzone: string;
  files: File[];
  onChoose: (files: File[]) => void;
  error: string | undefined;
  checking: boolean;
  onCheck: () => void;
  /** Prefix of the test ids: `{testId}-file` and `{testId}-check`. */
  testId: string;
  /** Beside the button (a template to download). */
  beside?: ReactNode;
}) {
  return (
    <Container header={<Header variant="h2">1. Choose the file</Header>}>
      <SpaceBetween size="m">
        <FormField label={label} errorText={error} description={columns} constraintText={limits}>
          <FileUpload
            value={files}
            onChange={({ detail }) => onChoose(detail.value)}
            accept=".csv,.xlsx,text/csv"
            showFileSize
            i18nStrings={fileUploadStrings({ dropzoneText: () => dropzone })}
            data-testid={`${testId}-file`}
          />
        </FormField>
        <SpaceBetween size="m" direction="horizontal" alignItems="center">
          <Button onClick={onCheck} loading={checking} data-testid={`${testId}-check`}>
            Check the file
          </Button>
          {beside}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}
