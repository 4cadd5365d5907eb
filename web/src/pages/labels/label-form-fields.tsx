import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useState } from 'react';
import { useAdminCompanies } from '../../app/resources';
import type { LabelFormValues } from './label-form-model';

type Props = {
  values: LabelFormValues;
  set: <K extends keyof LabelFormValues>(key: K, value: LabelFormValues[K]) => void;
  errors: Record<string, string>;
  /** Admin create: the company select is shown. */
  chooseCompany: boolean;
};

const FLAGS: [
  keyof LabelFormValues & ('active' | 'distributed' | 'requested' | 'fulfilment' | 'store' | 'referred'),
  string,
][] = [
  ['active', 'Active'],
  ['distributed', 'Distributed'],
  ['requested', 'Requested'],
  ['fulfilment', 'Fulfilment'],
  ['store', 'Store'],
  ['referred', 'Referred'],
];

function CompanySelect({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const { data, isLoading } = useAdminCompanies(true);
  const options = (data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <FormField label="Company" errorText={error}>
      <div data-testid="label-company">
        <Select
          selectedOption={options.find((o) => o.value === value) ?? null}
          onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
          options={options}
          placeholder="Choose the company"
          statusType={isLoading ? 'loading' : 'finished'}
          loadingText="Loading companies"
          filteringType="auto"
          empty="No companies"
        />
      </div>
    </FormField>
  );
}

function Pseudonyms({ values, set }: Pick<Props, 'values' | 'set'>) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const name = draft.trim();
    if (name && !values.pseudonyms.includes(name)) set('pseudonyms', [...values.pseudonyms, name]);
    setDraft('');
  };
  return (
    <FormField label="Pseudonyms" description="Other names the label trades under.">
      <SpaceBetween size="xs">
        <SpaceBetween direction="horizontal" size="xs">
          <Input
            value={draft}
            onChange={({ detail }) => setDraft(detail.value)}
            onKeyDown={(event) => {
              if (event.detail.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            placeholder="Add a pseudonym"
            nativeInputAttributes={{ 'data-testid': 'label-pseudonym-input' }}
          />
          <Button formAction="none" onClick={add} disabled={!draft.trim()} data-testid="label-pseudonym-add">
            Add
          </Button>
        </SpaceBetween>
        <TokenGroup
          items={values.pseudonyms.map((p) => ({ label: p, dismissLabel: `Remove ${p}` }))}
          onDismiss={({ detail }) =>
            set(
              'pseudonyms',
              values.pseudonyms.filter((_, i) => i !== detail.itemIndex),
            )
          }
          data-testid="label-pseudonyms"
        />
      </SpaceBetween>
    </FormField>
  );
}

/** The label's own fields (the nested rows and logo are separate sections of the form). */
export function LabelFormFields({ values, set, errors, chooseCompany }: Props) {
  const text = (
    key: 'name' | 'email' | 'deal_percentage' | 'referrer',
    label: string,
    testId: string,
    extra: Partial<{ type: 'number' | 'email'; constraint: string }> = {},
  ) => (
    <FormField label={label} errorText={errors[key]} constraintText={extra.constraint}>
      <Input
        type={extra.type ?? 'text'}
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        nativeInputAttributes={{ 'data-testid': testId }}
      />
    </FormField>
  );
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Label</Header>}>
        <SpaceBetween size="m">
          {chooseCompany ? (
            <CompanySelect
              value={values.company_id}
              onChange={(id) => set('company_id', id)}
              error={errors.company_id}
            />
          ) : null}
          <ColumnLayout columns={3}>
            {text('name', 'Name', 'label-name')}
            {text('email', 'E-mail', 'label-email', { type: 'email' })}
            {text('deal_percentage', 'Deal percentage', 'label-deal-percentage', {
              type: 'number',
              constraint: '0 to 100',
            })}
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Status</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={3}>
            {FLAGS.map(([key, label]) => (
              <Toggle
                key={key}
                checked={values[key]}
                onChange={({ detail }) => set(key, detail.checked)}
                nativeInputAttributes={{ 'data-testid': `label-${key}` }}
              >
                {label}
              </Toggle>
            ))}
          </ColumnLayout>
          {values.referred ? text('referrer', 'Referrer', 'label-referrer') : null}
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">About</Header>}>
        <SpaceBetween size="m">
          <FormField label="Short biography" errorText={errors.short_biog} stretch>
            <Textarea
              value={values.short_biog}
              rows={2}
              onChange={({ detail }) => set('short_biog', detail.value)}
              nativeTextareaAttributes={{ 'data-testid': 'label-short-biog' }}
            />
          </FormField>
          <FormField label="Biography" errorText={errors.biog} stretch>
            <Textarea
              value={values.biog}
              rows={6}
              onChange={({ detail }) => set('biog', detail.value)}
              nativeTextareaAttributes={{ 'data-testid': 'label-biog' }}
            />
          </FormField>
          <Pseudonyms values={values} set={set} />
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
