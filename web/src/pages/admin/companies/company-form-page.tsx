import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { routePath } from '../../../app/route-table';
import { FormShell } from '../../../components/form-shell';
import { useNestedRows } from '../../../components/nested-rows';
import { NewOrEditPage } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { COMPANIES_BASE, createCompany, updateCompany, useAdminCompany, useRefreshCompanies } from './company-api';
import { CompanyFormFields } from './company-form-fields';
import {
  companyToValues,
  companyUserRows,
  companyUsersPayload,
  emptyCompanyValues,
  toCompanyPayload,
  validateCompanyForm,
  validateCompanyUsers,
  type CompanyFormValues,
  type CompanyUserRow,
} from './company-model';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import { CompanyUsersEditor } from './company-users-editor';
import { companyDetailsConfig } from './company-sections';
import { ReferenceFormFields } from '../reference/reference-form-fields';
import {
  formFieldOf,
  recordToValues,
  toPayload,
  validateValues,
  type ReferenceRecord,
} from '../reference/reference-model';
import type { FormValues } from '../reference/reference-types';

/**
 * New and edit company. Edit also sends `company_users`, the full list to keep. After an
 * update the admin goes to UserCompany; after a create, to the new company.
 */
function CompanyForm({ company }: { company?: AdminCompany }) {
  const navigate = useNavigate();
  const refresh = useRefreshCompanies();
  const isNew = !company;
  const [values, setValues] = useState<CompanyFormValues>(() =>
    company ? companyToValues(company) : emptyCompanyValues(),
  );
  const members = useNestedRows<CompanyUserRow>(companyUserRows(company));
  // Profile, files, contract terms and publisher/rightsholder links: edit only (uploads need the company's id).
  const details = useMemo(() => (company ? companyDetailsConfig(company.id) : undefined), [company]);
  const [detailValues, setDetailValues] = useState<FormValues>(() =>
    details && company ? recordToValues(details, company as unknown as ReferenceRecord) : {},
  );
  const set = <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => ({
      ...validateCompanyForm(values),
      ...(details ? { ...validateCompanyUsers(members.rows), ...validateValues(details, detailValues) } : {}),
    }),
    send: () =>
      company && details
        ? updateCompany(company.id, {
            ...toCompanyPayload(values),
            ...toPayload(details, detailValues),
            company_users: companyUsersPayload(members.rows),
          })
        : createCompany(toCompanyPayload(values)),
    fieldOf: (field) => (details ? formFieldOf(details, field) : field),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(
        company
          ? routePath('UserCompany', { companyId: company.id })
          : `${COMPANIES_BASE}/${encodeURIComponent(answer.company.id)}`,
      );
    },
  });

  return (
    <FormShell
      testId="company"
      title={company ? `Edit ${company.name}` : 'New company'}
      failure={failure ? [failure, errors.company_users].filter(Boolean).join(' ') : undefined}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? 'Create company' : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(company ? `${COMPANIES_BASE}/${company.id}` : COMPANIES_BASE)}
    >
      <SpaceBetween size="l">
        <CompanyFormFields values={values} set={set} errors={errors} />
        {details ? (
          <ReferenceFormFields
            config={details}
            values={detailValues}
            errors={errors}
            visible={() => true}
            onChange={(name, value) => setDetailValues((v) => ({ ...v, [name]: value }))}
          />
        ) : null}
        {company ? (
          <Container
            header={
              <Header
                variant="h2"
                description="Who works in this company, and as what. Removed users leave when you save."
              >
                Users
              </Header>
            }
          >
            <CompanyUsersEditor state={members} errors={errors} />
          </Container>
        ) : null}
      </SpaceBetween>
    </FormShell>
  );
}

/** AdminNewCompany (/admin/companies/new) and AdminEditCompany (/admin/companies/{companyId}/edit). */
export function AdminCompanyFormPage() {
  const { companyId } = useParams();
  const { data, error, isLoading, mutate } = useAdminCompany(companyId);
  return (
    <NewOrEditPage
      editing={Boolean(companyId)}
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the company"
      newForm={<CompanyForm />}
      editForm={(loaded) => <CompanyForm key={loaded.company.id} company={loaded.company} />}
    />
  );
}
