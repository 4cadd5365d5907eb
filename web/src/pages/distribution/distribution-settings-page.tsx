import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDate, formatPercent } from '../../../../shared/format';
import { companyUpdate } from '../../../../shared/schemas/company';
import type { AdminCompany } from '../../../../shared/schemas/company-views';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { useCompany } from '../../app/resources';
import { routePath } from '../../app/route-table';
import { useSession } from '../../app/session';
import { zodErrors } from '../../components/form-rules';
import { FormShell } from '../../components/form-shell';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { GLOBAL } from '../admin/users/user-api';
import { DistributorForm } from './distributor-form';
import { DateField } from '../../components/date-input';
import { DEAL_WORDS } from '../../components/deal-words';

type Values = { distributed: boolean; deal_percentage: string; contract_date: string };

const toValues = (company: AdminCompany): Values => ({
  distributed: company.distributed,
  deal_percentage: company.deal_percentage === undefined ? '' : String(company.deal_percentage),
  contract_date: typeof company.contract_date === 'string' ? company.contract_date : '',
});

const payload = (values: Values) => ({
  distributed: values.distributed,
  contract_date: values.contract_date,
  ...(values.deal_percentage.trim() === '' ? {} : { deal_percentage: Number(values.deal_percentage) }),
});

const backTo = (companyId: string) => routePath('CompanyDistribution', { companyId });

/** An admin sets whether the platform distributes the company, its deal percentage and its contract date. */
function SettingsForm({ company, onSaved }: { company: AdminCompany; onSaved: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => toValues(company));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const checked = companyUpdate.safeParse(payload(values));
      return checked.success ? {} : zodErrors(checked.error);
    },
    send: () =>
      api.patch<{ message: string }>(`/admin/companies/${encodeURIComponent(company.id)}`, payload(values), GLOBAL),
    onSuccess: async (answer) => {
      await onSaved();
      notify('notification', answer.message);
      navigate(backTo(company.id));
    },
  });
  return (
    <FormShell
      testId="distribution-settings"
      title={`${company.name}: distribution settings`}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel="Save settings"
      onSubmit={() => void submit()}
      onCancel={() => navigate(backTo(company.id))}
    >
      <Container header={<Header variant="h2">Distribution</Header>}>
        <SpaceBetween size="l">
          <Checkbox
            checked={values.distributed}
            description="The platform delivers the company’s releases to stores; its members see Distribution, DSPs and Marketing."
            onChange={({ detail }) => setValues((v) => ({ ...v, distributed: detail.checked }))}
            data-testid="distribution-settings-distributed"
          >
            Distributed
          </Checkbox>
          <FormField
            label="Deal percentage"
            description={DEAL_WORDS.company}
            errorText={errors.deal_percentage}
            data-testid="distribution-settings-deal"
          >
            <Input
              value={values.deal_percentage}
              inputMode="decimal"
              invalid={Boolean(errors.deal_percentage)}
              onChange={({ detail }) => setValues((v) => ({ ...v, deal_percentage: detail.value }))}
            />
          </FormField>
          <DateField
            label="Contract date"
            value={values.contract_date}
            onChange={(day) => setValues((v) => ({ ...v, contract_date: day }))}
            error={errors.contract_date}
          />
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** What a member sees: the settings as they stand; only the platform's admins change them. */
function SettingsView({ company }: { company: AdminCompany }) {
  const date = typeof company.contract_date === 'string' ? formatDate(company.contract_date) : '';
  return (
    <ContentLayout header={<Header variant="h1">Distribution settings</Header>}>
      <Container
        header={<Header description="Only the platform’s admins change these settings.">{company.name}</Header>}
      >
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Distributed', value: company.distributed ? 'Yes' : 'No' },
            {
              label: 'Deal percentage',
              value: company.deal_percentage === undefined ? '-' : formatPercent(company.deal_percentage),
            },
            { label: 'Contract date', value: date || '-' },
          ]}
        />
      </Container>
    </ContentLayout>
  );
}

/** /user/companies/{companyId}/distribution/distribution_settings. */
export function CompanyDistributionSettingsPage() {
  const { companyId = '' } = useParams();
  const { user } = useSession();
  const { data, error, isLoading, mutate } = useCompany(companyId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.company}
      retry={mutate}
      errorHeader="Could not load the company"
    >
      {(company) =>
        user?.role === 'admin' ? (
          <SettingsForm company={company} onSaved={() => mutate()} />
        ) : (
          <SettingsView company={company} />
        )
      }
    </RecordState>
  );
}

/** /user/companies/{companyId}/distribution/distributor/new: link a distributor to the company (admins). */
export function AddDistributorPage() {
  const { companyId = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <ContentLayout header={<Header variant="h1">Add a distributor</Header>}>
      {user?.role === 'admin' ? (
        <DistributorForm companyId={companyId} onSaved={async () => navigate(backTo(companyId))} />
      ) : (
        <Container>
          <Box>
            Only the platform’s admins link a distributor to your company. The distributors you deliver through are on
            the <RouterLink href={backTo(companyId)}>Distribution</RouterLink> page.
          </Box>
        </Container>
      )}
    </ContentLayout>
  );
}
