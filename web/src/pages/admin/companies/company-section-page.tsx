import ContentLayout from '@cloudscape-design/components/content-layout';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { useRouteDef } from '../../../app/route-meta';
import { FormShell } from '../../../components/form-shell';
import { RecordState } from '../../../components/record-state';
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
import { COMPANIES_BASE, updateCompany, useAdminCompany, useRefreshCompanies } from './company-api';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { companyConnectionsConfig, companySiteSettingsConfig } from './company-sections';

/** The company pages that edit one part of a company: /connections and /site_settings. */
const SECTIONS: Record<string, { title: string; description: string; config: (companyId: string) => ReferenceConfig }> =
  {
    connections: {
      title: 'Connections',
      description: 'The distributors this company delivers through, with their contract terms.',
      config: companyConnectionsConfig,
    },
    site_settings: {
      title: 'Site settings',
      description: 'How this company’s site looks to its users.',
      config: companySiteSettingsConfig,
    },
  };

function SectionForm({ company, section }: { company: AdminCompany; section: (typeof SECTIONS)[string] }) {
  const navigate = useNavigate();
  const refresh = useRefreshCompanies();
  const [config] = useState(() => section.config(company.id));
  const [values, setValues] = useState<FormValues>(() => recordToValues(config, company as unknown as ReferenceRecord));
  const back = `${COMPANIES_BASE}/${encodeURIComponent(company.id)}`;
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateValues(config, values),
    send: () => updateCompany(company.id, toPayload(config, values)),
    fieldOf: (field) => formFieldOf(config, field),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(back);
    },
  });
  return (
    <FormShell
      testId="company-section"
      title={`${company.name}: ${section.title}`}
      description={section.description}
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

/** AdminCompanyConnections and AdminCompanySiteSettings. */
export function CompanySectionPage() {
  const { companyId } = useParams();
  const route = useRouteDef();
  const section = SECTIONS[route?.path.split('/').at(-1) ?? ''];
  const { data, error, isLoading, mutate } = useAdminCompany(companyId);
  if (!section) throw new Error(`No company section for ${route?.path ?? 'this page'}`);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the company"
    >
      {(loaded) => (
        <ContentLayout>
          <SectionForm key={loaded.company.id} company={loaded.company} section={section} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
