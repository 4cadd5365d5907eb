import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { errorMessage, putWithProgress } from '../../app/api';
import { notify } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import { UploadProgress } from '../../components/upload-progress';
import { ImportStatusBadge, importPercent } from './imports-table';
import { royaltiesApi, useRoyaltyMaps, useRoyaltyPages } from './royalties-api';
import { REPORT_ACCEPT, reportFileProblem } from './royalty-model';
import type { RoyaltyImport } from '../../../../shared/schemas/royalty-views';
import { fileUploadStrings } from '../../components/file-upload-strings';

export type UploadRow = {
  /** Tells rows apart in the list: two files can share a name. */
  id: string;
  name: string;
  percent: number;
  state: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  error?: string;
  key?: string;
};

let uploadCounter = 0;
const nextUploadId = () => {
  uploadCounter += 1;
  return `upload-${uploadCounter}`;
};

/** The import a finished upload became: the one reading the object the upload stored. */
function importFor(row: UploadRow, imports: RoyaltyImport[]): RoyaltyImport | undefined {
  return row.key ? imports.find((i) => i.source_key === row.key) : undefined;
}

/**
 * Choose a column map and report files, then send them one at a time: each is PUT
 * straight to storage with a whole-percent progress bar, then followed as its import runs.
 */
export function ReportUpload({ imports, onUploaded }: { imports: RoyaltyImport[]; onUploaded: () => void }) {
  const maps = useRoyaltyMaps();
  const { importPage, mapImport } = useRoyaltyPages();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [errors, setErrors] = useState<{ map?: string; files?: string }>({});
  const [busy, setBusy] = useState(false);
  const options = (maps.data?.royalty_maps ?? []).map((m) => ({ value: m.id, label: m.name }));
  const patch = (index: number, next: Partial<UploadRow>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...next } : r)));

  const upload = async () => {
    const problems = files.map(reportFileProblem).filter(Boolean) as string[];
    const found = {
      map: sourceId ? undefined : 'Choose a column map',
      files: files.length ? problems.join(' ') || undefined : 'Choose one or more report files',
    };
    setErrors(found);
    if (found.map || found.files || !sourceId) return;
    setBusy(true);
    const queue = files;
    setRows(queue.map((f) => ({ id: nextUploadId(), name: f.name, percent: 0, state: 'waiting' })));
    setFiles([]);
    let sent = 0;
    for (const [index, file] of queue.entries()) {
      patch(index, { state: 'uploading' });
      try {
        const target = await royaltiesApi.presign(file, sourceId);
        patch(index, { key: target.key });
        await putWithProgress(target.url, file, target.headers ?? {}, (percent) => patch(index, { percent }));
        patch(index, { state: 'uploaded', percent: 100 });
        sent += 1;
        onUploaded();
      } catch (error) {
        patch(index, { state: 'failed', error: errorMessage(error) });
      }
    }
    setBusy(false);
    notify(
      sent === queue.length ? 'notification' : 'error',
      `${sent} of ${queue.length} report${queue.length === 1 ? '' : 's'} uploaded`,
    );
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Files from a store or distributor, read through the column map of their source."
        >
          Upload reports
        </Header>
      }
    >
      <SpaceBetween size="l">
        <FormField
          label="Column map"
          errorText={errors.map}
          secondaryControl={
            <RouterLink href={mapImport} data-testid="bulk-import-create-map">
              Create a map
            </RouterLink>
          }
        >
          <Select
            selectedOption={options.find((o) => o.value === sourceId) ?? null}
            options={options}
            onChange={({ detail }) => setSourceId(detail.selectedOption.value ?? null)}
            placeholder="Choose the report's source"
            statusType={maps.isLoading ? 'loading' : maps.error ? 'error' : 'finished'}
            empty="No column maps yet: create one first"
            invalid={Boolean(errors.map)}
            data-testid="bulk-import-map"
          />
        </FormField>
        <FormField
          label="Report files"
          errorText={errors.files}
          constraintText="CSV, TSV, TXT, XLSX, ZIP or GZ; several files are sent one after another."
        >
          <FileUpload
            multiple
            value={files}
            onChange={({ detail }) => setFiles(detail.value)}
            accept={REPORT_ACCEPT}
            showFileSize
            tokenLimit={5}
            i18nStrings={fileUploadStrings({
              dropzoneText: () => 'Drop report files',
              removeFileAriaLabel: (i) => `Remove file ${i + 1}`,
            })}
            data-testid="bulk-import-files"
          />
        </FormField>
        <Box>
          <Button variant="primary" loading={busy} onClick={() => void upload()} data-testid="bulk-import-upload">
            Upload
          </Button>
        </Box>
        {rows.map((row, index) => {
          const found = row.state === 'uploaded' ? importFor(row, imports) : undefined;
          const state = row.state === 'uploaded' ? (found?.status ?? 'uploaded') : row.state;
          return (
            <div key={row.id} data-testid={`bulk-import-row-${index}`} data-state={state}>
              <SpaceBetween size="xxs">
                <Box>
                  <b>{row.name}</b>{' '}
                  {found ? (
                    <ImportStatusBadge status={found.status} />
                  ) : (
                    <Box variant="span" color="text-body-secondary">
                      {row.state}
                    </Box>
                  )}{' '}
                  {found ? (
                    <RouterLink href={importPage(found.id)} data-testid={`bulk-import-row-${index}-link`}>
                      Control totals
                    </RouterLink>
                  ) : null}
                </Box>
                {row.state === 'failed' ? <Box color="text-status-error">{row.error}</Box> : null}
                {row.state === 'uploading' || (row.state === 'uploaded' && !found) ? (
                  <UploadProgress percent={row.percent} label="Uploading" testId={`bulk-import-row-${index}-upload`} />
                ) : null}
                {found ? (
                  <UploadProgress
                    percent={importPercent(found)}
                    label="Importing"
                    testId={`bulk-import-row-${index}-import`}
                  />
                ) : null}
                {found?.status === 'failed' && found.error ? <Box color="text-status-error">{found.error}</Box> : null}
              </SpaceBetween>
            </div>
          );
        })}
      </SpaceBetween>
    </Container>
  );
}
