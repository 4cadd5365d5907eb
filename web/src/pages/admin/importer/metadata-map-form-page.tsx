import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { displayLabel } from '../../../app/display-labels';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { RecordState } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import {
  EXCHANGE_MODELS,
  EXCHANGE_MODEL_TITLES,
  type ExchangeModel,
} from '../../../../../shared/catalogue-exchange/model-attributes';
import { valueWords } from '../../../../../shared/messages';
import { MAPABLE_TYPES, METADATA_MAP_TYPES } from '../../../../../shared/schemas/metadata-map';
import { ColumnMapEditor } from './column-map-editor';
import { attributesOf, columnMapProblems, mapOfRows, rowsOfMap, type MapRow } from './column-map-model';
import {
  saveMetadataMap,
  useMetadataMap,
  useMetadataMapsRefresh,
  useOwnerOptions,
  type MetadataMap,
} from './importer-api';

const LIST = '/admin/metadata_maps';
/** A stored choice ("import", "Dsp") in the dictionary's words ("Import", "DSP"). */
const option = (value: string, label = displayLabel(value)) => ({ value, label });
/** The kind of record a map belongs to, in the middle of a sentence: "Choose a DSP", "Choose a company". */
const ownerWords = (type: string) => valueWords(type, { inSentence: true });
const MODEL_OPTIONS = EXCHANGE_MODELS.map((m) => option(m, EXCHANGE_MODEL_TITLES[m]));
const NONE = option('', 'None');

type Values = Omit<MetadataMap, 'id' | 'map' | 'mapable' | 'year' | 'created_at' | 'updated_at' | 'title'> & {
  rows: MapRow[];
  year: string;
};

const valuesOf = (m?: MetadataMap): Values => ({
  rows: m ? rowsOfMap(m.map) : [{ column: '', attribute: '' }],
  model_type: m?.model_type ?? 'artists',
  mapable_type: m?.mapable_type ?? '',
  mapable_id: m?.mapable_id ?? '',
  notes: m?.notes ?? '',
  source_service: m?.source_service ?? '',
  target_service: m?.target_service ?? '',
  type: m?.type ?? 'import',
  year: m?.year ? String(m.year) : '',
});

function validate(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  const problems = columnMapProblems(values.model_type, values.rows);
  if (problems.length) errors.map = problems.join(' ');
  if (values.mapable_type && !values.mapable_id)
    errors.mapable_id = `Choose the ${ownerWords(values.mapable_type)} the map belongs to`;
  if (values.year && !/^\d{4}$/.test(values.year)) errors.year = 'Year must be a year';
  return errors;
}

/** Add and edit form of a metadata map (every field); back to the list after saving. */
function MetadataMapForm({ saved }: { saved?: MetadataMap }) {
  const navigate = useNavigate();
  const refresh = useMetadataMapsRefresh();
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const owners = useOwnerOptions(values.mapable_type || undefined);
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validate(values),
    send: () => {
      const { rows, year, ...fields } = values;
      return saveMetadataMap(saved?.id, { ...fields, map: mapOfRows(rows), year: year ? Number(year) : '' });
    },
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(LIST);
    },
  });
  const text = (field: 'source_service' | 'target_service', label: string) => (
    <FormField label={label} errorText={errors[field]}>
      <Input value={values[field] ?? ''} onChange={({ detail }) => set({ [field]: detail.value })} />
    </FormField>
  );

  return (
    <FormShell
      testId="metadata-map"
      title={saved ? `Edit ${saved.source_service || 'metadata map'}` : 'New metadata map'}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel={saved ? 'Save changes' : 'Add metadata map'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(saved ? `${LIST}/${encodeURIComponent(saved.id)}` : LIST)}
    >
      <Container header={<Header variant="h2">Metadata map</Header>}>
        <SpaceBetween size="l">
          <FormField label="Model" errorText={errors.model_type}>
            <Select
              selectedOption={MODEL_OPTIONS.find((o) => o.value === values.model_type) ?? null}
              options={MODEL_OPTIONS}
              onChange={({ detail }) =>
                set({ model_type: (detail.selectedOption.value ?? 'artists') as ExchangeModel })
              }
              data-testid="metadata-map-model"
            />
          </FormField>
          <ColumnMapEditor
            rows={values.rows}
            attributes={attributesOf(values.model_type)}
            onChange={(rows) => set({ rows })}
            errors={errors.map ? [errors.map] : undefined}
          />
          {text('source_service', 'Source service')}
          {text('target_service', 'Target service')}
          <FormField label="Type" errorText={errors.type}>
            <Select
              selectedOption={option(values.type ?? 'import')}
              options={METADATA_MAP_TYPES.map((t) => option(t))}
              onChange={({ detail }) => set({ type: detail.selectedOption.value })}
            />
          </FormField>
          <FormField label="Year" errorText={errors.year}>
            <Input value={values.year} inputMode="numeric" onChange={({ detail }) => set({ year: detail.value })} />
          </FormField>
          <FormField label="Belongs to" errorText={errors.mapable_type}>
            <Select
              selectedOption={values.mapable_type ? option(values.mapable_type) : NONE}
              options={[NONE, ...MAPABLE_TYPES.map((t) => option(t))]}
              onChange={({ detail }) => set({ mapable_type: detail.selectedOption.value ?? '', mapable_id: '' })}
            />
          </FormField>
          {values.mapable_type ? (
            <FormField label={displayLabel(values.mapable_type)} errorText={errors.mapable_id}>
              <Select
                selectedOption={owners.find((o) => o.value === values.mapable_id) ?? null}
                options={owners}
                filteringType="auto"
                placeholder={`Choose a ${ownerWords(values.mapable_type)}`}
                onChange={({ detail }) => set({ mapable_id: detail.selectedOption.value ?? '' })}
              />
            </FormField>
          ) : null}
          <FormField label="Notes" errorText={errors.notes}>
            <Textarea value={values.notes ?? ''} rows={4} onChange={({ detail }) => set({ notes: detail.value })} />
          </FormField>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/metadata_maps/new and /admin/metadata_maps/{id}/edit. */
export function AdminMetadataMapFormPage() {
  const { metadataMapId } = useParams();
  const { data, error, isLoading, mutate } = useMetadataMap(metadataMapId);
  if (!metadataMapId) return <MetadataMapForm />;
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the map">
      {(loaded) => (
        <ContentLayout>
          <MetadataMapForm key={loaded.metadata_map.id} saved={loaded.metadata_map} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
