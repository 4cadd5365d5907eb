import { removeTokenLabel } from '../../../components/token-labels';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { COMPANY_TAGS } from '../../../../../shared/constants';
import type { CompanyFormValues } from './company-model';
import { PlanPicker } from '../subscriptions/plan-picker';
import { CurrencySelect } from '../../../components/currency-select';

type Props = {
  values: CompanyFormValues;
  set: <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) => void;
  errors: Record<string, string>;
};

type TextKey =
  | 'name'
  | 'email'
  | 'deal_percentage'
  | 'registration_number'
  | 'vat_number'
  | 'ipi_name_number'
  | 'cwr_sender_code';
const TAG_OPTIONS = COMPANY_TAGS.map((t) => ({ value: t, label: t }));

/** The company's own fields; users are a separate section of the edit form. */
export function CompanyFormFields({ values, set, errors }: Props) {
  const text = (key: TextKey, label: string, extra: Partial<{ type: 'number' | 'email'; constraint: string }> = {}) => (
    <FormField label={label} errorText={errors[key]} constraintText={extra.constraint}>
      <Input
        type={extra.type ?? 'text'}
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        nativeInputAttributes={{ 'data-testid': `company-field-${key}` }}
      />
    </FormField>
  );
  const toggle = (key: 'distributed' | 'vat_registered', label: string) => (
    <Toggle
      checked={values[key]}
      onChange={({ detail }) => set(key, detail.checked)}
      nativeInputAttributes={{ 'data-testid': `company-field-${key}` }}
    >
      {label}
    </Toggle>
  );
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Company</Header>}>
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {text('name', 'Name')}
            {text('email', 'E-mail', { type: 'email' })}
            <FormField label="Currency" errorText={errors.currency}>
              <CurrencySelect
                value={values.currency}
                onChange={(code) => set('currency', code)}
                testId="company-field-currency"
              />
            </FormField>
          </ColumnLayout>
          <FormField label="Tags" errorText={errors.tags} description="What kind of company this is.">
            <div data-testid="company-field-tags">
              <Multiselect
                deselectAriaLabel={removeTokenLabel}
                selectedOptions={TAG_OPTIONS.filter((o) => values.tags.includes(o.value))}
                onChange={({ detail }) => set('tags', detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean))}
                options={TAG_OPTIONS}
                placeholder="Choose tags"
                tokenLimit={4}
              />
            </div>
          </FormField>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Plan</Header>}>
        <PlanPicker
          value={values.subscription_id}
          onChange={(id) => set('subscription_id', id)}
          error={errors.subscription_id}
        />
      </Container>
      <Container header={<Header variant="h2">Deal and tax</Header>}>
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {text('deal_percentage', 'Deal percentage', { type: 'number', constraint: '0 to 100' })}
            {text('registration_number', 'Registration number')}
            {text('vat_number', 'VAT number')}
          </ColumnLayout>
          <ColumnLayout columns={3}>
            {text('ipi_name_number', 'IPI name number', { constraint: 'The company as CWR sender: 11 digits' })}
            {text('cwr_sender_code', 'CWR sender code', { constraint: '2 or 3 characters, from CISAC' })}
          </ColumnLayout>
          <ColumnLayout columns={3}>
            {toggle('distributed', 'Distributed')}
            {toggle('vat_registered', 'VAT registered')}
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
