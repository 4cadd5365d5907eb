import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { routePath } from '../../../app/route-table';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useNestedRows } from '../../../components/nested-rows';
import { useFormSubmit } from '../../../components/use-form-submit';
import { COMPANIES_BASE, createCompany, updateCompany, useAdminCompany, useRefreshCompanies } from './company-api';
import { CompanyFormFields } from './company-form-fields';
import {
  companyToValues, companyUserRows, companyUsersPayload, emptyCompanyValues, toCompanyPayload, validateCompanyForm, validateCompanyUsers,
  type AdminCompany, type CompanyFormValues, type CompanyUserRow,
} from './company-model';
import { CompanyUsersEditor } from './company-users-editor';

/**
 * New and edit company. Edit also sends `company_users`, the full list to keep. After an
 * update the admin goes to UserCompany (spec 3 §2.2); after a create, to the new company.
 */
function CompanyForm({ company }: { company?: AdminCompany }) {
  const navigate = useNavigate();
  const refresh = useRefreshCompanies();
  const isNew = !company;
  const [values, setValues] = useState<CompanyFormValues>(() => (company ? companyToValues(company) : emptyCompanyValues()));
  const members = useNestedRows<CompanyUserRow>(companyUserRows(company));
  const set = <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => ({ ...validateCompanyForm(values), ...(isNew ? {} : validateCompanyUsers(members.rows)) }),
    send: () =>
      company
        ? updateCompany(company.id, { ...toCompanyPayload(values), company_users: companyUsersPayload(members.rows) })
        : createCompany(toCompanyPayload(values)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(company ? routePath('UserCompany', { companyId: company.id }) : `${COMPANIES_BASE}/${encodeURIComponent(answer.company.id)}`);
    },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="company-form"
    >
      <Form
        header={<Header variant="h1">{company ? `Edit ${company.name}` : 'New company'}</Header>}
        errorText={failure ? [failure, errors.company_users].filter(Boolean).join(' ') : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => navigate(company ? `${COMPANIES_BASE}/${company.id}` : COMPANIES_BASE)} data-testid="company-cancel">
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={submitting} data-testid="company-submit">
              {isNew ? 'Create company' : 'Save changes'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <CompanyFormFields values={values} set={set} errors={errors} />
          {company ? (
            <Container header={<Header variant="h2" description="Who works in this company, and as what. Removed users leave when you save.">Users</Header>}>
              <CompanyUsersEditor state={members} errors={errors} />
            </Container>
          ) : null}
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** AdminNewCompany (/admin/companies/new) and AdminEditCompany (/admin/companies/{companyId}/edit). */
export function AdminCompanyFormPage() {
  const { companyId } = useParams();
  const { data, error, isLoading, mutate } = useAdminCompany(companyId);
  if (!companyId) return <ContentLayout><CompanyForm /></ContentLayout>;
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the company" />;
  if (isLoading || !data) return <Spinner size="large" />;
  return (
    <ContentLayout>
      <CompanyForm key={data.company.id} company={data.company} />
    </ContentLayout>
  );
}
