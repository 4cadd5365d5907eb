import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { GuidedTour } from '../../../components/guided-tour';
import { RecordState } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import type { FormValues, ReferenceConfig } from './reference-config';
import { saveReference, useReferenceRecord, useReferenceRefresh, useReferenceRoute } from './reference-api';
import { ReferenceFormFields, useVisibleFields } from './reference-form-fields';
import {
  afterSave,
  emptyValues,
  formFieldOf,
  recordTitle,
  recordToValues,
  savedNotice,
  toPayload,
  validateValues,
  type ReferenceRecord,
} from './reference-model';

/** Whether a form field shows errors under this key: a field's name, or a nested row's `input.index.field`. */
function isFieldKey(config: ReferenceConfig, key: string): boolean {
  return config.fields.some((f) => f.name === key || (f.kind === 'rows' && key.startsWith(`${f.input}.`)));
}

/** The add and edit form of any reference collection; after saving, back to its list. */
function ReferenceForm({
  config,
  base,
  record,
  copyOf,
}: {
  config: ReferenceConfig;
  base: string;
  record?: ReferenceRecord;
  copyOf?: ReferenceRecord;
}) {
  const navigate = useNavigate();
  const refresh = useReferenceRefresh(config);
  const visible = useVisibleFields(false, config);
  const isNew = !record;
  const [values, setValues] = useState<FormValues>(() => {
    if (record) return recordToValues(config, record);
    return copyOf && config.duplicateOf
      ? recordToValues(config, config.duplicateOf(copyOf) as ReferenceRecord)
      : emptyValues(config);
  });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateValues(config, values, { visible }),
    send: () => saveReference(config, record?.id, toPayload(config, values, { visible })),
    fieldOf: (field) => formFieldOf(config, field),
    onSuccess: async (answer) => {
      await refresh();
      // The server's notice where it has its own words ("Release Successfully Added"), else the product's "<Title> Added".
      notify(
        'notification',
        typeof answer.message === 'string' && answer.message ? answer.message : savedNotice(config, isNew),
      );
      const saved = answer[config.singular] as { id?: string } | undefined;
      const next = afterSave(config, isNew, base, saved?.id);
      navigate(next.to, { state: next.state });
    },
  });
  const cancelTo = record ? `${base}/${encodeURIComponent(record.id)}` : base;
  // An error no field shows (a rule on the whole record) is said above the buttons, never swallowed.
  const unshown = Object.entries(errors)
    .filter(([key]) => !isFieldKey(config, key))
    .map(([, message]) => message);
  const [touring, setTouring] = useState(false);
  const tour = isNew && config.tour ? config.tour : undefined;

  return (
    <FormShell
      testId="ref"
      title={
        record
          ? `Edit ${recordTitle(config, record)}`
          : copyOf
            ? `New ${config.noun} from ${recordTitle(config, copyOf)}`
            : `New ${config.noun}`
      }
      description={
        tour && !touring ? (
          <Button
            formAction="none"
            variant="inline-link"
            iconName="status-info"
            onClick={() => setTouring(true)}
            data-testid="tour-start"
          >
            Take the guided tour
          </Button>
        ) : undefined
      }
      failure={failure ?? (unshown.length ? unshown.join(' ') : undefined)}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? `Add ${config.noun}` : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(cancelTo)}
    >
      <SpaceBetween size="l">
        {tour && touring ? <GuidedTour steps={tour} onEnd={() => setTouring(false)} /> : null}
        <ReferenceFormFields
          config={config}
          values={values}
          errors={errors}
          visible={visible}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
        {config.FormExtra ? <config.FormExtra values={values} setValues={setValues} record={record} /> : null}
      </SpaceBetween>
    </FormShell>
  );
}

/** /{area}/{collection}/new and /{area}/{collection}/{id}/edit. */
export function ReferenceFormPage() {
  const { config, id, base } = useReferenceRoute();
  const [search] = useSearchParams();
  // The new page opened with ?duplicate={id} starts from a copy of that record.
  const duplicate = !id && config.duplicateOf ? (search.get('duplicate') ?? undefined) : undefined;
  const { record, error, isLoading, mutate } = useReferenceRecord(config, id ?? duplicate);
  if (duplicate) {
    return (
      <RecordState
        error={error}
        isLoading={isLoading}
        data={record}
        retry={mutate}
        errorHeader={`Could not load the ${config.noun} to copy`}
      >
        {(loaded) => (
          <ContentLayout>
            <ReferenceForm key={`copy-${loaded.id}`} config={config} base={base} copyOf={loaded} />
          </ContentLayout>
        )}
      </RecordState>
    );
  }
  if (!id) return <ReferenceForm key={config.collection} config={config} base={base} />;
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={record}
      retry={mutate}
      errorHeader={`Could not load the ${config.noun}`}
    >
      {(loaded) => (
        <ContentLayout>
          <ReferenceForm key={loaded.id} config={config} base={base} record={loaded} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
