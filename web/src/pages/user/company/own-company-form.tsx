import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../app/notifications';
import { routePath } from '../../../app/route-table';
import { FormShell } from '../../../components/form-shell';
import { useFormSubmit } from '../../../components/use-form-submit';
import { ReferenceFormFields } from '../../admin/reference/reference-form-fields';
import {
  formFieldOf,
  recordToValues,
  toPayload,
  validateValues,
  type ReferenceRecord,
} from '../../admin/reference/reference-model';
import type { FormValues, ReferenceConfig } from '../../admin/reference/reference-types';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { updateOwnCompany, useRefreshOwnCompany } from './company-api';

/**
 * A form over part of the company, saved with PATCH /companies/{id} by its own managers; the
 * fields are the admin form's (company-sections.ts), so both edit the company the same way.
 */
export function OwnCompanyForm({
  company,
  config,
  testId,
  title,
  description,
}: {
  company: AdminCompany;
  config: ReferenceConfig;
  testId: string;
  title: string;
  description?: string;
}) {
  const navigate = useNavigate();
  const refresh = useRefreshOwnCompany();
  const [values, setValues] = useState<FormValues>(() => recordToValues(config, company as unknown as ReferenceRecord));
  const settings = routePath('UserCompanySettings', { companyId: company.id });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateValues(config, values),
    send: () => updateOwnCompany(company.id, toPayload(config, values)),
    fieldOf: (field) => formFieldOf(config, field),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(settings);
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
      onCancel={() => navigate(settings)}
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
