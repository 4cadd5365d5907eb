import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { useFormSubmit } from '../../../components/use-form-submit';
import { ReferenceFormFields } from '../reference/reference-form-fields';
import {
  formFieldOf,
  recordToValues,
  toPayload,
  validateValues,
  type ReferenceRecord,
} from '../reference/reference-model';
import type { FormValues, ReferenceConfig } from '../reference/reference-types';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';

/**
 * A form over one part of a company (its fields from company-sections.ts), for admins (PATCH admin/companies) and
 * for the company's own managers (PATCH companies/{id}): `save` is the call, `refresh` revalidates what shows the
 * company, and `back` is where both Save and Cancel go.
 */
export function CompanyPartForm({
  company,
  config,
  testId,
  title,
  description,
  save,
  refresh,
  back,
}: {
  company: AdminCompany;
  config: ReferenceConfig;
  testId: string;
  title: string;
  description?: string;
  save: (companyId: string, body: object) => Promise<{ message: string }>;
  refresh: () => Promise<unknown>;
  back: string;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(() => recordToValues(config, company as unknown as ReferenceRecord));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateValues(config, values),
    send: () => save(company.id, toPayload(config, values)),
    fieldOf: (field) => formFieldOf(config, field),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(back);
    },
  });
  return (
    <FormShell
      testId={testId}
      title={title}
      description={description}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel="Save changes"
      onSubmit={() => void submit()}
      onCancel={() => navigate(back)}
    >
      <ReferenceFormFields
        config={config}
        values={values}
        errors={errors}
        visible={() => true}
        onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      />
    </FormShell>
  );
}
