import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { useInvalidate } from '../../app/invalidate';
import { FormShell } from '../../components/form-shell';
import { serverFieldErrors } from '../../components/form-rules';
import { MapColumnsEditor } from './map-columns-editor';
import {
  matchedByNameMessage,
  emptyMapValues,
  fromRoyaltyMap,
  readSample,
  toRoyaltyMap,
  validateMap,
  type MapEditorValues,
} from './map-model';
import { matchColumnsByName } from '../../../../shared/royalty-column-names';
import type { MappingColumn } from '../../../../shared/schemas/royalty-map';
import { MapOptionsFields } from './map-options-fields';
import { MapPreviewTable, useMapPreview } from './map-preview';
import { royaltiesApi, useRoyaltyMaps, useRoyaltyPages } from './royalties-api';
import { RoyaltiesPageHeader } from './royalties-page-header';

const NEW = { value: '', label: 'New map' };

/** The API names map fields `map.columns.isrc`; the editor `columns.isrc`. */
const fieldOf = (field: string) => field.replace(/^map\./, '');

/**
 * UserRoyaltiesMapImport (/user/royalties/map_import): a source's column map. Pick a saved map
 * or start a new one, read a sample report, choose the report column (or a fixed value) for
 * each mapping column, watch the preview, and save.
 */
export function MapImportPage() {
  const navigate = useNavigate();
  const pages = useRoyaltyPages();
  const maps = useRoyaltyMaps();
  const refreshMaps = useInvalidate('/royalty_maps');
  const [mapId, setMapId] = useState<string | null>(null);
  const [values, setValues] = useState<MapEditorValues>(emptyMapValues);
  const [sampleFile, setSampleFile] = useState<File | null>(null);
  const [sample, setSample] = useState<string | null>(null);
  const [sampleError, setSampleError] = useState<string | null>(null);
  const map = useMemo(() => toRoyaltyMap(values), [values]);
  const { preview, error: previewError, loading } = useMapPreview(sample, map);
  const headers = preview?.headers ?? [];
  const saved = maps.data?.royalty_maps ?? [];
  const suggested =
    preview?.suggested_map_id && preview.suggested_map_id !== mapId
      ? saved.find((m) => m.id === preview.suggested_map_id)
      : undefined;

  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Not the shared useFormSubmit: this page stays after saving, so the form must be usable again.
  const save = async () => {
    const found = validateMap(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const answer = await royaltiesApi.saveMap(mapId, { name: values.name.trim(), map });
      await refreshMaps();
      setMapId(answer.royalty_map.id);
      notify('notification', answer.message ?? `Column map ${answer.royalty_map.name} saved`);
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(Object.fromEntries(Object.entries(serverFieldErrors(error.errors)).map(([k, v]) => [fieldOf(k), v])));
      setFailure(errorMessage(error));
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const set = <K extends keyof MapEditorValues>(key: K, value: MapEditorValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const matchByName = () => {
    const { columns, unmatched } = matchColumnsByName(headers, values.columns);
    set('columns', columns);
    const said = matchedByNameMessage(headers.length, unmatched);
    notify(unmatched.length ? 'warning' : 'notification', said.message, said.details);
  };
  const setIn = (part: 'columns' | 'constants') => (column: MappingColumn, value: string) =>
    setValues((v) => ({ ...v, [part]: { ...v[part], [column]: value } }));
  const pick = (id: string) => {
    const found = saved.find((m) => m.id === id);
    setMapId(found?.id ?? null);
    setValues(found ? fromRoyaltyMap(found.name, found.map) : emptyMapValues());
  };
  const chooseSample = async (file: File | null) => {
    setSampleFile(file);
    setSampleError(null);
    if (!file) return setSample(null);
    try {
      setSample(await readSample(file));
    } catch (error) {
      setSampleError(errorMessage(error));
    }
  };

  return (
    <ContentLayout
      header={
        <RoyaltiesPageHeader
          title="Column maps"
          current="mapImport"
          description="How each source's reports are read: which column holds what."
        />
      }
    >
      <FormShell
        testId="map"
        title={mapId ? `Edit ${values.name || 'map'}` : 'New map'}
        // Under the Column maps page's heading: the map being made or edited is a section of the page.
        section
        failure={failure}
        errors={errors}
        submitting={saving}
        submitLabel="Save map"
        onSubmit={() => void save()}
        onCancel={() => navigate(pages.bulkImport)}
      >
        <SpaceBetween size="l">
          {/* Named for its fields: under the form's 'New map' a 'Map' heading said the same again. */}
          <Container header={<Header variant="h2">Saved map and name</Header>}>
            <SpaceBetween direction="horizontal" size="l">
              <FormField label="Saved maps">
                <Select
                  selectedOption={
                    saved.filter((m) => m.id === mapId).map((m) => ({ value: m.id, label: m.name }))[0] ?? NEW
                  }
                  options={[NEW, ...saved.map((m) => ({ value: m.id, label: m.name }))]}
                  onChange={({ detail }) => pick(detail.selectedOption.value ?? '')}
                  statusType={maps.isLoading ? 'loading' : 'finished'}
                  data-testid="map-saved"
                />
              </FormField>
              <FormField
                label="Name"
                description="The report's source (a store or distributor)"
                errorText={errors.name}
              >
                <Input
                  value={values.name}
                  onChange={({ detail }) => set('name', detail.value)}
                  invalid={Boolean(errors.name)}
                  data-testid="map-name"
                />
              </FormField>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Report format</Header>}>
            <SpaceBetween size="m">
              <MapOptionsFields
                values={values}
                set={set}
                errors={errors}
                sampleFile={sampleFile}
                onSample={(f) => void chooseSample(f)}
              />
              {sampleError ? <Alert type="error">{sampleError}</Alert> : null}
              {suggested ? (
                <Alert
                  type="info"
                  action={
                    <Button onClick={() => pick(suggested.id)} data-testid="map-use-suggested">
                      Use it
                    </Button>
                  }
                >
                  This report's headers match the saved map “{suggested.name}”.
                </Alert>
              ) : null}
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header
                variant="h2"
                description={
                  headers.length
                    ? `${headers.length} columns in the sample`
                    : 'Choose a sample report to list its columns'
                }
                actions={
                  <Button
                    formAction="none"
                    disabled={!headers.length}
                    onClick={() => matchByName()}
                    data-testid="map-guess"
                  >
                    Match by name
                  </Button>
                }
              >
                Columns
              </Header>
            }
          >
            <MapColumnsEditor
              headers={headers}
              columns={values.columns}
              constants={values.constants}
              errors={errors}
              onColumn={setIn('columns')}
              onConstant={setIn('constants')}
            />
          </Container>
          <Container
            header={
              <Header variant="h2" description="The sample's first lines read through this map">
                Preview
              </Header>
            }
          >
            <MapPreviewTable preview={preview} error={previewError} loading={loading} />
          </Container>
        </SpaceBetween>
      </FormShell>
    </ContentLayout>
  );
}
