import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { useApi } from '../../../app/resources';
import { zodErrors } from '../../../components/form-rules';
import { FormShell } from '../../../components/form-shell';
import { NewOrEditPage } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { GLOBAL } from '../users/user-api';
import { UserPicker } from '../users/user-picker';
import { importInput, importUpdate } from '../../../../../shared/schemas/import';
import type { ImportRow } from '../../../../../shared/schemas/import-views';
import { IMPORTS_BASE } from './import-model';

type Values = {
  user_id: string;
  user_email: string;
  filename: string;
  filesize: string;
  records: string;
  type: string;
};

const toValues = (row?: ImportRow): Values => ({
  user_id: row?.user_id ?? '',
  user_email: row?.user_email ?? '',
  filename: row?.filename ?? '',
  filesize: row ? String(row.filesize) : '',
  records: row ? String(row.records) : '',
  type: row?.type ?? '',
});

/** Numbers typed as text: an empty box is left to the schema's "required" message, not read as 0. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** What the form sends: a new record names its user; an edit changes only the record's facts. */
function payload(values: Values, isNew: boolean) {
  const facts = {
    filename: values.filename,
    filesize: numberOf(values.filesize),
    records: numberOf(values.records),
    type: values.type,
  };
  return isNew ? { ...facts, user_id: values.user_id || undefined } : facts;
}

const importPath = (id: string) => `/admin/imports/${encodeURIComponent(id)}`;

/** /admin/imports/new and /admin/imports/{importId}/edit: a record of the imports history, for any user. */
function ImportForm({ row }: { row?: ImportRow }) {
  const navigate = useNavigate();
  const isNew = !row;
  const [values, setValues] = useState<Values>(() => toValues(row));
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const found: Record<string, string> = {};
      if (isNew && !values.user_id) found.user_id = 'User is required';
      const checked = (isNew ? importInput : importUpdate).safeParse(payload(values, isNew));
      return { ...(checked.success ? {} : zodErrors(checked.error)), ...found };
    },
    send: () =>
      isNew
        ? api.post<{ import: ImportRow; message: string }>(IMPORTS_BASE, payload(values, true), GLOBAL)
        : api.patch<{ import: ImportRow; message: string }>(
            `${IMPORTS_BASE}/${encodeURIComponent(row.id)}`,
            payload(values, false),
            GLOBAL,
          ),
    onSuccess: (answer) => {
      notify('notification', isNew ? 'Import Added' : answer.message, isNew ? [answer.message] : []);
      navigate(importPath(answer.import.id));
    },
  });
  const text = (field: 'filename' | 'filesize' | 'records' | 'type', label: string, description?: string) => (
    <FormField label={label} description={description} errorText={errors[field]} data-testid={`import-field-${field}`}>
      <Input
        value={values[field]}
        inputMode={field === 'filesize' || field === 'records' ? 'numeric' : undefined}
        onChange={({ detail }) => set({ [field]: detail.value })}
        invalid={Boolean(errors[field])}
      />
    </FormField>
  );
  return (
    <FormShell
      testId="import"
      title={row ? `Edit ${row.filename}` : 'New import'}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? 'Add import' : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(row ? importPath(row.id) : '/admin/imports')}
    >
      <Container header={<Header variant="h2">Import</Header>}>
        <SpaceBetween size="l">
          {isNew ? (
            <FormField label="User" description="Whose imports history the file goes in." errorText={errors.user_id}>
              <UserPicker
                testId="import-field-user"
                pickedEmail={values.user_id ? values.user_email : undefined}
                invalid={Boolean(errors.user_id)}
                onPick={(user) =>
                  set(user ? { user_id: user.id, user_email: user.email } : { user_id: '', user_email: '' })
                }
              />
            </FormField>
          ) : null}
          {text('filename', 'File name')}
          {text('type', 'Type', 'What was imported: releases, recordings, royalties …')}
          {text('records', 'Records')}
          {text('filesize', 'File size', 'In bytes.')}
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** AdminNewImport and AdminEditImport. */
export function AdminImportFormPage() {
  const { importId } = useParams();
  const { data, error, isLoading, mutate } = useApi<{ import: ImportRow }>(
    importId ? `${IMPORTS_BASE}/${encodeURIComponent(importId)}` : null,
  );
  return (
    <NewOrEditPage
      editing={Boolean(importId)}
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the import"
      newForm={<ImportForm />}
      editForm={(loaded) => <ImportForm key={loaded.import.id} row={loaded.import} />}
    />
  );
}
