import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { useAdminCompanies } from '../../../app/resources';
import { FormShell } from '../../../components/form-shell';
import { NewOrEditPage } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { STATEMENT_FREQUENCIES } from '../../../../../shared/catalogue';
import type { DistributedLabel } from '../../../../../shared/schemas/distributed-labels';
import { saveDistributedLabel, useDistributedLabel, useRefreshDistributedLabels } from './distributed-labels-api';
import { DEAL_WORDS } from '../../../components/deal-words';
import {
  DISTRIBUTED_LABELS_BASE,
  DISTRIBUTION_STATEMENTS_BASE,
  distributedLabelPath,
  distributedLabelPayload,
  distributedLabelValues,
  emptyDistributedLabel,
  validateDistributedLabel,
  type DistributedLabelValues,
} from './distributed-label-model';

const FREQUENCIES = [
  { value: '', label: 'On demand (no schedule)' },
  ...STATEMENT_FREQUENCIES.map((f) => ({ value: f, label: f })),
];

function DistributedLabelForm({ label }: { label?: DistributedLabel }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const companies = useAdminCompanies(!label);
  const refresh = useRefreshDistributedLabels();
  const isNew = !label;
  const [values, setValues] = useState<DistributedLabelValues>(() =>
    label ? distributedLabelValues(label) : emptyDistributedLabel(search.get('company') ?? ''),
  );
  const set = (patch: Partial<DistributedLabelValues>) => setValues((v) => ({ ...v, ...patch }));
  const form = useFormSubmit({
    validate: () => validateDistributedLabel(values, isNew),
    send: () => saveDistributedLabel(label?.id, distributedLabelPayload(values, isNew)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      // After an add or update the admin's form returns to the distributed label statements.
      navigate(DISTRIBUTION_STATEMENTS_BASE);
    },
    fieldOf: (field) => (field === 'statement_settings.frequency' ? 'frequency' : field),
  });
  const companyOptions = (companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }));
  const { errors } = form;
  return (
    <FormShell
      testId="distributed-label"
      title={label ? `Edit ${label.name}` : 'New distributed label'}
      description="A label the platform distributes: its deal percentage and how its statements are made."
      failure={form.failure}
      errors={errors}
      submitting={form.submitting}
      submitLabel={isNew ? 'Add distributed label' : 'Save changes'}
      onSubmit={() => void form.submit()}
      onCancel={() => navigate(label ? distributedLabelPath(label.id) : DISTRIBUTED_LABELS_BASE)}
    >
      <Container header={<Header variant="h2">Distributed label</Header>}>
        <SpaceBetween size="l">
          {isNew ? (
            <FormField label="Company" errorText={errors.company_id}>
              <Select
                selectedOption={companyOptions.find((o) => o.value === values.company_id) ?? null}
                options={companyOptions}
                filteringType="auto"
                filteringPlaceholder="Find a company"
                placeholder="Choose a company"
                invalid={Boolean(errors.company_id)}
                onChange={({ detail }) => set({ company_id: detail.selectedOption.value ?? '' })}
                data-testid="distributed-label-company"
              />
            </FormField>
          ) : (
            <FormField label="Company">{label.company_name}</FormField>
          )}
          <FormField label="Name" errorText={errors.name}>
            <Input
              value={values.name}
              onChange={({ detail }) => set({ name: detail.value })}
              invalid={Boolean(errors.name)}
              data-testid="distributed-label-name"
            />
          </FormField>
          <FormField label="E-mail" description="Optional: where the label's statements go." errorText={errors.email}>
            <Input type="email" value={values.email} onChange={({ detail }) => set({ email: detail.value })} />
          </FormField>
          <FormField label="Deal percentage" description={DEAL_WORDS.label} errorText={errors.deal_percentage}>
            <Input
              value={values.deal_percentage}
              inputMode="decimal"
              onChange={({ detail }) => set({ deal_percentage: detail.value })}
              invalid={Boolean(errors.deal_percentage)}
              data-testid="distributed-label-deal"
            />
          </FormField>
          <FormField
            label="Statements"
            description="How often the schedule states the label; on demand, statements are generated by hand."
            errorText={errors.frequency}
          >
            <Select
              selectedOption={FREQUENCIES.find((f) => f.value === values.frequency) ?? FREQUENCIES[0]}
              options={FREQUENCIES}
              onChange={({ detail }) => set({ frequency: detail.selectedOption.value ?? '' })}
              data-testid="distributed-label-frequency"
            />
          </FormField>
          <Toggle checked={values.graphs} onChange={({ detail }) => set({ graphs: detail.checked })}>
            Charts on its statements
          </Toggle>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/distributed_labels/new and /{id}/edit. */
export function AdminDistributedLabelFormPage() {
  const { distributedLabelId } = useParams();
  const loaded = useDistributedLabel(distributedLabelId);
  return (
    <NewOrEditPage
      editing={Boolean(distributedLabelId)}
      error={loaded.error}
      isLoading={loaded.isLoading}
      data={loaded.data?.distributed_label}
      retry={loaded.mutate}
      errorHeader="Could not load the distributed label"
      newForm={<DistributedLabelForm />}
      editForm={(label) => <DistributedLabelForm label={label} />}
    />
  );
}
