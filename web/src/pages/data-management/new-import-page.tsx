import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { api, errorMessage, putWithProgress } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { saveFile } from '../../app/save-file';
import { subscribeRealtime } from '../../app/realtime';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { RouterLink } from '../../components/router-link';
import { UploadProgress } from '../../components/upload-progress';
import {
  CATALOGUE_IMPORT_PROGRESS,
  type CatalogueImportJob,
  type ImportPreviewAnswer,
} from '../../../../shared/schemas/catalogue-import-views';
import {
  IMPORT_ACCEPT,
  importContentType,
  importFileProblem,
  importPercent,
  previewDuplicates,
  previewErrorLines,
  previewShownPart,
} from './import-model';

type UploadedFile = { key: string; filename: string; size: number };
type Presigned = { url: string; key: string; headers?: Record<string, string> };

/** While an import runs, its job is read this often too (a push may be missed). */
const POLL_MS = 2000;

type Template = { filename: string; content_type: string; data: string };

/** Saves the release sheet's template (its header and an example row) in the format chosen. */
async function downloadTemplate(format: string) {
  try {
    const { template } = await api.get<{ template: Template }>(`/catalogue_imports/template?format=${format}`);
    const bytes = Uint8Array.from(atob(template.data), (c) => c.charCodeAt(0));
    saveFile(template.filename, bytes, template.content_type);
  } catch (error) {
    notifyError(error);
  }
}

/** Uploads the file straight to storage and asks for its preview: every error, nothing written. */
async function uploadAndPreview(file: File, onPercent: (p: number) => void) {
  const contentType = importContentType(file);
  const target = await api.post<Presigned>('/catalogue_imports/uploads', {
    filename: file.name,
    content_type: contentType,
    size: file.size,
  });
  await putWithProgress(target.url, file, target.headers ?? { 'content-type': contentType }, onPercent);
  const uploaded: UploadedFile = { key: target.key, filename: file.name, size: file.size };
  const preview = await api.post<ImportPreviewAnswer>('/catalogue_imports/preview', {
    model: 'releases',
    file: uploaded,
  });
  return { uploaded, preview };
}

function PreviewReport({ preview }: { preview: ImportPreviewAnswer }) {
  const lines = previewErrorLines(preview);
  const duplicates = previewDuplicates(preview);
  const notes = preview.notes;
  const part = previewShownPart(preview);
  return (
    <SpaceBetween size="l">
      {part ? (
        <Alert type="info" data-testid="import-preview-part">
          {part}
        </Alert>
      ) : null}
      <ColumnLayout columns={4} variant="text-grid">
        <Box data-testid="import-preview-rows">
          <Box variant="awsui-key-label">Rows</Box>
          {preview.rows}
        </Box>
        <Box data-testid="import-preview-valid">
          <Box variant="awsui-key-label">Releases to import</Box>
          {preview.valid}
        </Box>
        <Box data-testid="import-preview-invalid">
          <Box variant="awsui-key-label">Releases with errors</Box>
          {preview.invalid}
        </Box>
        <Box data-testid="import-preview-duplicates">
          <Box variant="awsui-key-label">Duplicates (not imported)</Box>
          {preview.duplicates}
        </Box>
      </ColumnLayout>
      {lines.length ? (
        <Table
          data-testid="import-preview-errors"
          header={
            <Header variant="h3" counter={`(${lines.length})`} description="Fix these in the file and upload it again.">
              Errors
            </Header>
          }
          items={lines}
          trackBy="id"
          variant="embedded"
          columnDefinitions={[
            { id: 'row', header: 'Row', cell: (l) => l.row },
            { id: 'field', header: 'Field', cell: (l) => l.field },
            { id: 'message', header: 'Error', cell: (l) => l.message },
            { id: 'record', header: 'Release', cell: (l) => l.record },
          ]}
        />
      ) : null}
      {duplicates.length ? (
        <Alert type="warning" header="Duplicates: reported, not imported" data-testid="import-preview-duplicate-list">
          <ul>
            {duplicates.map((r) => (
              <li key={r.key}>
                {r.label}: {r.duplicate}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {notes.length ? (
        <Alert type="info" header="The import also creates" data-testid="import-preview-notes">
          <ul>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}

/** Follows a running import: the worker's pushes, and its job read every few seconds. */
function useImportJob(importId: string | undefined) {
  const [job, setJob] = useState<CatalogueImportJob | undefined>();
  useEffect(() => {
    if (!importId) return undefined;
    let stopped = false;
    const read = async () => {
      try {
        const answer = await api.get<{ import: CatalogueImportJob }>(
          `/catalogue_imports/${encodeURIComponent(importId)}`,
        );
        if (!stopped) setJob(answer.import);
      } catch {
        // The next read or push brings it.
      }
    };
    void read();
    const timer = setInterval(() => void read(), POLL_MS);
    const unsubscribe = subscribeRealtime(CATALOGUE_IMPORT_PROGRESS, (message) => {
      if (message.import_id !== importId) return;
      setJob((before) => (before ? { ...before, ...(message as Partial<CatalogueImportJob>) } : before));
      if (message.status === 'done' || message.status === 'failed') void read();
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
    };
  }, [importId]);
  const finished = job?.status === 'done' || job?.status === 'failed';
  return { job, finished };
}

/**
 * UserNewDataManagement (/user/data_management/new), also import_releases and import_release:
 * upload a release sheet (CSV, XLSX or JSON) → the preview lists every error per row and field →
 * fix the file and upload it again → import the good releases with a progress bar → the result.
 */
export function NewImportPage() {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFile>();
  const [preview, setPreview] = useState<ImportPreviewAnswer>();
  const [importId, setImportId] = useState<string>();
  const { job, finished } = useImportJob(importId);

  useEffect(() => {
    if (job?.status === 'done') notify('notification', 'Import Added', [job.message]);
  }, [job?.status, job?.message]);

  const runPreview = async () => {
    const file = files[0];
    const problem = file ? importFileProblem(file) : 'Choose a file to import';
    setFileError(problem);
    if (problem || !file) return;
    setBusy(true);
    setPreview(undefined);
    setImportId(undefined);
    try {
      const answer = await uploadAndPreview(file, setPercent);
      setUploaded(answer.uploaded);
      setPreview(answer.preview);
    } catch (error) {
      setFileError(errorMessage(error));
    } finally {
      setBusy(false);
      setPercent(undefined);
    }
  };

  const start = async () => {
    if (!uploaded || !preview) return;
    setBusy(true);
    try {
      const answer = await api.post<{ import_id: string }>('/catalogue_imports', {
        model: 'releases',
        file: uploaded,
        import_id: preview.import_id,
      });
      setImportId(answer.import_id);
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="A release sheet: one row per recording, the release's columns repeated, grouped by UPC."
          actions={
            <ButtonDropdown
              items={[
                { id: 'xlsx', text: 'Excel (XLSX)' },
                { id: 'csv', text: 'CSV' },
                { id: 'json', text: 'JSON' },
              ]}
              onItemClick={({ detail }) => void downloadTemplate(detail.id)}
              data-testid="import-template"
            >
              Download a template
            </ButtonDropdown>
          }
        >
          Import releases
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">1. Upload the file</Header>}>
          <SpaceBetween size="m">
            <FormField label="Release sheet" errorText={fileError} constraintText="CSV, XLSX (first sheet) or JSON.">
              <FileUpload
                value={files}
                onChange={({ detail }) => {
                  setFiles(detail.value);
                  setFileError(undefined);
                }}
                accept={IMPORT_ACCEPT}
                showFileSize
                i18nStrings={fileUploadStrings({
                  dropzoneText: () => 'Drop the release sheet',
                  removeFileAriaLabel: (i) => `Remove file ${i + 1}`,
                })}
                data-testid="import-file"
              />
            </FormField>
            <Button onClick={() => void runPreview()} loading={busy && !preview} data-testid="import-preview">
              {preview ? 'Upload again and preview' : 'Upload and preview'}
            </Button>
            {percent !== undefined ? <UploadProgress percent={percent} label="Uploading" /> : null}
          </SpaceBetween>
        </Container>
        {preview ? (
          <Container header={<Header variant="h2">2. Preview: nothing is written yet</Header>}>
            <SpaceBetween size="l">
              <PreviewReport preview={preview} />
              {!importId ? (
                <Button
                  variant="primary"
                  disabled={!preview.valid}
                  loading={busy}
                  onClick={() => void start()}
                  data-testid="import-start"
                >
                  {`Import ${preview.valid} ${preview.valid === 1 ? 'release' : 'releases'}`}
                </Button>
              ) : null}
            </SpaceBetween>
          </Container>
        ) : null}
        {importId ? (
          <Container header={<Header variant="h2">3. Import</Header>}>
            <SpaceBetween size="m">
              <UploadProgress
                percent={job ? (job.status === 'done' ? 100 : importPercent(job.done, job.total)) : 0}
                label="Importing"
                resultText="Imported"
                testId="import-progress"
              />
              {finished && job ? (
                <Alert
                  type={job.status === 'done' ? 'success' : 'error'}
                  header={job.status === 'done' ? 'Import Added' : 'The import failed'}
                  data-testid="import-result"
                >
                  {job.message}
                  {job.failed ? ` (${job.failed} could not be written: try them again)` : ''}{' '}
                  <RouterLink href="/user/releases">See the releases</RouterLink>
                </Alert>
              ) : null}
            </SpaceBetween>
          </Container>
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
