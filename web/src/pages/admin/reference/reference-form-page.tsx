import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { RecordState } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import type { FormValues, ReferenceConfig } from './reference-config';
import { saveReference, useReferenceRecord, useReferenceRefresh, useReferenceRoute } from './reference-api';
import { ReferenceFieldInput } from './reference-field-input';
import { afterSave, emptyValues, recordTitle, recordToValues, savedNotice, toPayload, validateValues, type ReferenceRecord } from './reference-model';

/** The add and edit form of any reference collection; after saving, back to its list (spec 1 §2.2). */
function ReferenceForm({ config, record }: { config: ReferenceConfig; record?: ReferenceRecord }) {
  const navigate = useNavigate();
  const refresh = useReferenceRefresh(config);
  const isNew = !record;
  const [values, setValues] = useState<FormValues>(() => (record ? recordToValues(config, record) : emptyValues(config)));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateValues(config, values),
    send: () => saveReference(config, record?.id, toPayload(config, values)),
    onSuccess: async () => {
      await refresh();
      notify('notification', savedNotice(config, isNew));
      const next = afterSave(config, isNew);
      navigate(next.to, { state: next.state });
    },
  });
  const base = `/admin/${config.collection}`;
  const cancelTo = record ? `${base}/${encodeURIComponent(record.id)}` : base;

  return (
    <FormShell
      testId="ref"
      title={record ? `Edit ${recordTitle(config, record)}` : `New ${config.noun}`}
      failure={failure}
      submitting={submitting}
      submitLabel={isNew ? `Add ${config.noun}` : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(cancelTo)}
    >
      <Container header={<Header variant="h2">{config.notice}</Header>}>
        <ColumnLayout columns={2}>
          {config.fields.map((field) => (
            <ReferenceFieldInput
              key={field.name}
              field={field}
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
            />
          ))}
        </ColumnLayout>
      </Container>
    </FormShell>
  );
}

/** /admin/{collection}/new and /admin/{collection}/{id}/edit. */
export function ReferenceFormPage() {
  const { config, id } = useReferenceRoute();
  const { record, error, isLoading, mutate } = useReferenceRecord(config, id);
  if (!id) return <ReferenceForm key={config.collection} config={config} />;
  return (
    <RecordState error={error} isLoading={isLoading} data={record} retry={mutate} errorHeader={`Could not load the ${config.noun}`}>
      {(loaded) => (
        <ContentLayout>
          <ReferenceForm key={loaded.id} config={config} record={loaded} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
