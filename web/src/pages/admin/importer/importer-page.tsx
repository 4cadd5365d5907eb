import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { errorMessage, putWithProgress } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { subscribeRealtime } from '../../../app/realtime';
import { fileText } from '../../../components/file-import';
import { fileUploadStrings } from '../../../components/file-upload-strings';
import { UploadProgress } from '../../../components/upload-progress';
import type { ExchangeModel, ModelAttribute } from '../../../../../shared/catalogue-exchange/model-attributes';
import { ColumnMapEditor } from './column-map-editor';
import { attributesOf, guessRows, headersOf, mapOfRows, type MapRow } from './column-map-model';
import { ImportPreviewTables } from './import-preview-tables';
import {
  importerApi,
  modelAttributes,
  useImporterModels,
  useMetadataMapsOf,
  useOwnerOptions,
  type ImportFileRef,
  type ImporterPreview,
} from './importer-api';

const PAGE_MAP = { value: '', label: 'Map the columns on this page' };
type Progress = { done: number; total: number; status: string; message?: string };

/**
 * /admin/importer: an admin chooses a company, a model, a file and a
 * saved metadata map (or maps the columns here, and may save them as a map), sees every error and
 * duplicate in the preview, then imports with the upload's and the import's progress.
 */
export function AdminImporterPage() {
  const companies = useOwnerOptions('Company');
  const models = useImporterModels().data?.models ?? [];
  const [companyId, setCompanyId] = useState('');
  const [model, setModel] = useState<ExchangeModel>('artists');
  const savedMaps = useMetadataMapsOf(model).data?.metadata_maps ?? [];
  const [mapId, setMapId] = useState('');
  const [rows, setRows] = useState<MapRow[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [uploaded, setUploaded] = useState<ImportFileRef | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImporterPreview | null>(null);
  const [saveMap, setSaveMap] = useState(false);
  const [mapSource, setMapSource] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const file = files[0];
  // What the model reads, as the server says (POST model_attributes); the shared list until it answers.
  const [attributes, setAttributes] = useState<readonly ModelAttribute[]>(() => attributesOf(model));
  useEffect(() => {
    setAttributes(attributesOf(model));
    void modelAttributes(model)
      .then((answer) => setAttributes(answer.attributes))
      .catch(() => undefined);
  }, [model]);

  // A new file, company or model needs a new upload and preview.
  const reset = () => {
    setUploaded(null);
    setPreview(null);
    setProgress(null);
    setPercent(null);
  };
  useEffect(() => {
    if (!file) return setRows([]);
    void fileText(file).then((text) => setRows(guessRows(headersOf(file.name, text), attributes)));
  }, [file, attributes]);
  useEffect(
    () =>
      subscribeRealtime('catalogue_import.progress', (message) => {
        if (!preview || message.import_id !== preview.import_id) return;
        const next = message as unknown as Progress;
        setProgress(next);
        if (next.status === 'done' || next.status === 'failed')
          notify(next.status === 'done' ? 'notification' : 'error', next.message ?? next.status);
      }),
    [preview],
  );

  // The pushes carry the progress; a slow poll also follows the job, should the WebSocket be down.
  const running = Boolean(progress && progress.status !== 'done' && progress.status !== 'failed' && preview);
  useEffect(() => {
    if (!running || !preview) return;
    const timer = setInterval(() => {
      void importerApi
        .job(companyId, preview.import_id)
        .then(({ import: job }) => setProgress((p) => (p && p.done > job.done ? p : job)))
        .catch(() => undefined);
    }, 3000);
    return () => clearInterval(timer);
  }, [running, preview, companyId]);

  const mapping = () => (mapId ? { metadata_map_id: mapId } : rows.length ? { column_map: mapOfRows(rows) } : {});
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await step();
    } catch (error) {
      setFailure(errorMessage(error));
      notify('error', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (): Promise<ImportFileRef> => {
    if (uploaded) return uploaded;
    const target = await importerApi.presign(companyId, file);
    await putWithProgress(target.url, file, target.headers ?? {}, setPercent);
    const ref = { key: target.key, filename: file.name, size: file.size };
    setUploaded(ref);
    return ref;
  };
  const doPreview = () =>
    run(async () => {
      const ref = await upload();
      setPreview(await importerApi.preview({ company_id: companyId, model, file: ref, ...mapping() }));
      setProgress(null);
    });
  const doImport = () =>
    run(async () => {
      if (!preview || !uploaded) return;
      const started = await importerApi.start({
        company_id: companyId,
        model,
        file: uploaded,
        import_id: preview.import_id,
        ...mapping(),
        ...(saveMap && !mapId ? { save_map: { source_service: mapSource } } : {}),
      });
      setProgress({ done: 0, total: preview.valid, status: 'queued' });
      notify('notification', started.metadata_map ? `${started.message}; map saved` : started.message);
    });

  const ready = Boolean(companyId && file);
  const finished = progress?.status === 'done' || progress?.status === 'failed';
  return (
    <ContentLayout header={<Header variant="h1">Importer</Header>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">File</Header>}>
          <SpaceBetween size="l">
            <FormField label="Company">
              <Select
                selectedOption={companies.find((o) => o.value === companyId) ?? null}
                options={companies}
                filteringType="auto"
                placeholder="Choose a company"
                onChange={({ detail }) => {
                  setCompanyId(detail.selectedOption.value ?? '');
                  reset();
                }}
                data-testid="importer-company"
              />
            </FormField>
            <FormField label="Model">
              <Select
                selectedOption={{ value: model, label: models.find((m) => m.model === model)?.title ?? model }}
                options={models.map((m) => ({ value: m.model, label: m.title }))}
                onChange={({ detail }) => {
                  setModel((detail.selectedOption.value ?? 'artists') as ExchangeModel);
                  setMapId('');
                  reset();
                }}
                data-testid="importer-model"
              />
            </FormField>
            <FormField label="File" description="CSV, XLSX (first sheet) or JSON (an array of objects)">
              <FileUpload
                value={files}
                onChange={({ detail }) => {
                  setFiles(detail.value);
                  reset();
                }}
                accept=".csv,.xlsx,.json"
                showFileSize
                i18nStrings={fileUploadStrings({
                  dropzoneText: () => 'Drop the file',
                  removeFileAriaLabel: () => 'Remove the file',
                })}
                data-testid="importer-file"
              />
            </FormField>
            {percent !== null ? <UploadProgress percent={percent} label={file?.name ?? 'File'} /> : null}
            <FormField label="Metadata map">
              <Select
                selectedOption={
                  mapId ? { value: mapId, label: savedMaps.find((m) => m.id === mapId)?.title ?? mapId } : PAGE_MAP
                }
                options={[PAGE_MAP, ...savedMaps.map((m) => ({ value: m.id, label: m.title ?? m.id }))]}
                onChange={({ detail }) => {
                  setMapId(detail.selectedOption.value ?? '');
                  setPreview(null);
                }}
                data-testid="importer-map"
              />
            </FormField>
            {mapId ? null : (
              <>
                <ColumnMapEditor rows={rows} attributes={attributes} onChange={setRows} />
                <Checkbox checked={saveMap} onChange={({ detail }) => setSaveMap(detail.checked)}>
                  Save as map for this company
                </Checkbox>
                {saveMap ? (
                  <FormField label="Source service">
                    <Input value={mapSource} onChange={({ detail }) => setMapSource(detail.value)} />
                  </FormField>
                ) : null}
              </>
            )}
            {failure ? <Alert type="error">{failure}</Alert> : null}
            <Button
              onClick={() => void doPreview()}
              disabled={!ready}
              loading={busy && !preview}
              data-testid="importer-preview"
            >
              Preview
            </Button>
          </SpaceBetween>
        </Container>
        {preview ? (
          <Container
            header={
              <Header
                variant="h2"
                actions={
                  <Button
                    variant="primary"
                    onClick={() => void doImport()}
                    disabled={!preview.valid || Boolean(progress)}
                    data-testid="importer-start"
                  >
                    Import {preview.valid} records
                  </Button>
                }
              >
                Preview
              </Header>
            }
          >
            <SpaceBetween size="l">
              <Box data-testid="importer-counts">
                {preview.rows} rows: {preview.valid} to add, {preview.invalid} with errors, {preview.duplicates}{' '}
                duplicates
              </Box>
              {progress ? (
                <ProgressBar
                  value={progress.total ? Math.round((progress.done / progress.total) * 100) : finished ? 100 : 0}
                  label="Import"
                  status={progress.status === 'failed' ? 'error' : finished ? 'success' : 'in-progress'}
                  resultText={progress.message ?? progress.status}
                  data-testid="importer-progress"
                />
              ) : null}
              <ImportPreviewTables preview={preview} />
            </SpaceBetween>
          </Container>
        ) : null}
      </SpaceBetween>
    </ContentLayout>
  );
}
