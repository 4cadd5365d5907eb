import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_CURRENCY } from '../../../../shared/constants';
import type { CompanySummary } from '../../../../shared/schemas/user-views';
import { currencyProblem } from '../../../../shared/schemas/currency';
import { CurrencySelect } from '../../components/currency-select';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { enterCompany } from '../../app/session';
import { rules, validate } from '../../components/form-rules';
import { useFormSubmit } from '../../components/use-form-submit';

type Values = {
  name: string;
  currency: string;
  country: string;
  vat_registered: boolean;
  vat_number: string;
  registration_number: string;
};
type Country = { id: string; name: string; iso_alpha_two: string };

const VAT_REQUIRED = 'VAT number is required when the company is VAT registered';
const RULES = {
  name: [rules.required('Name')],
  currency: [rules.required('Currency'), (value: unknown) => currencyProblem('Currency', String(value ?? ''))],
  country: [rules.required('Country')],
  vat_number: [
    (value: unknown, values: Values) => (values.vat_registered && !String(value).trim() ? VAT_REQUIRED : null),
  ],
};

/** The body POST /companies takes: empty optional fields are left out. */
function body(values: Values) {
  return {
    name: values.name.trim(),
    currency: values.currency.trim(),
    country: values.country,
    vat_registered: values.vat_registered,
    ...(values.vat_number.trim() ? { vat_number: values.vat_number.trim() } : {}),
    ...(values.registration_number.trim() ? { registration_number: values.registration_number.trim() } : {}),
  };
}

/**
 * Create a company (docs/onboarding.md): the user becomes its label manager, it starts on the Starter plan,
 * and it is selected at once, so the dashboard shows it.
 */
export function CreateCompanyForm({ onCancel }: { onCancel?: () => void }) {
  const navigate = useNavigate();
  const countries = useApi<{ countries: Country[] }>('/countries?per_page=1000');
  const [values, setValues] = useState<Values>({
    name: '',
    currency: DEFAULT_CURRENCY,
    country: '',
    vat_registered: false,
    vat_number: '',
    registration_number: '',
  });
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validate(values, RULES),
    send: () => api.post<{ company: CompanySummary; message: string }>('/companies', body(values)),
    onSuccess: async ({ company, message }) => {
      await enterCompany({ id: company.id, name: company.name, tags: company.tags, distributed: company.distributed });
      notify('notification', message);
      navigate('/user', { replace: true });
    },
  });
  const options = [...(countries.data?.countries ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => ({ value: c.iso_alpha_two, label: c.name, description: c.iso_alpha_two }));
  const selected = options.find((o) => o.value === values.country) ?? null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="create-company-form"
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onCancel ? (
              <Button formAction="none" variant="link" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            <Button variant="primary" formAction="submit" loading={submitting} data-testid="create-company-submit">
              Create company
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          {failure ? <Alert type="error">{failure}</Alert> : null}
          <ColumnLayout columns={2}>
            <FormField label="Company name" errorText={errors.name}>
              <Input
                value={values.name}
                onChange={({ detail }) => set({ name: detail.value })}
                nativeInputAttributes={{ 'data-testid': 'create-company-name' }}
              />
            </FormField>
            <FormField label="Country" errorText={errors.country}>
              <Select
                selectedOption={selected}
                options={options}
                filteringType="auto"
                placeholder="Choose the country the company is registered in"
                statusType={countries.isLoading ? 'loading' : 'finished'}
                onChange={({ detail }) => set({ country: detail.selectedOption.value ?? '' })}
                data-testid="create-company-country"
              />
            </FormField>
            <FormField label="Currency" description="The currency the company accounts in" errorText={errors.currency}>
              <CurrencySelect
                value={values.currency}
                onChange={(currency) => set({ currency })}
                testId="create-company-currency"
              />
            </FormField>
            <FormField label="Registration number (optional)" errorText={errors.registration_number}>
              <Input
                value={values.registration_number}
                onChange={({ detail }) => set({ registration_number: detail.value })}
              />
            </FormField>
            <FormField label="VAT" errorText={errors.vat_registered}>
              <Checkbox
                checked={values.vat_registered}
                onChange={({ detail }) => set({ vat_registered: detail.checked })}
              >
                The company is VAT registered
              </Checkbox>
            </FormField>
            {values.vat_registered ? (
              <FormField label="VAT number" errorText={errors.vat_number}>
                <Input
                  value={values.vat_number}
                  onChange={({ detail }) => set({ vat_number: detail.value })}
                  nativeInputAttributes={{ 'data-testid': 'create-company-vat-number' }}
                />
              </FormField>
            ) : null}
          </ColumnLayout>
        </SpaceBetween>
      </Form>
    </form>
  );
}
