import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { labelUpdate, type LabelView } from '../../../../shared/schemas/label';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { zodErrors } from '../../components/form-rules';
import { FormShell } from '../../components/form-shell';
import { RecordState } from '../../components/record-state';
import { useFormSubmit } from '../../components/use-form-submit';
import { useLabelResource, useRefreshLabels } from './label-api';
import { DEAL_WORDS } from '../../components/deal-words';

/** The switches an admin sets on a label: how the platform treats it, apart from its catalogue details. */
const SWITCHES = [
  ['active', 'Active', 'Shown in pickers and lists of active labels.'],
  ['distributed', 'Distributed', 'The platform distributes its releases to stores.'],
  ['store', 'Store', 'Has a store of its own.'],
  ['fulfilment', 'Fulfilment', 'Its physical products are pressed and shipped for it.'],
  ['referred', 'Referred', 'Came to the platform through a referrer.'],
] as const;
type Switch = (typeof SWITCHES)[number][0];
type Values = Record<Switch, boolean> & { deal_percentage: string; referrer: string };

const toValues = (label: LabelView): Values => ({
  active: label.active,
  distributed: label.distributed,
  store: Boolean(label.store),
  fulfilment: Boolean(label.fulfilment),
  referred: Boolean(label.referred),
  deal_percentage: label.deal_percentage === undefined ? '' : String(label.deal_percentage),
  referrer: label.referrer ?? '',
});

const payload = ({ deal_percentage, referrer, ...switches }: Values) => ({
  ...switches,
  ...(deal_percentage.trim() === '' ? {} : { deal_percentage: Number(deal_percentage) }),
  ...(switches.referred ? { referrer } : {}),
});

function SettingsForm({ label }: { label: LabelView }) {
  const navigate = useNavigate();
  const refresh = useRefreshLabels();
  const [values, setValues] = useState(() => toValues(label));
  const back = `/admin/labels/${encodeURIComponent(label.id)}`;
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => {
      const checked = labelUpdate.safeParse(payload(values));
      return checked.success ? {} : zodErrors(checked.error);
    },
    send: () => api.patch<{ message: string }>(`/admin/labels/${encodeURIComponent(label.id)}`, payload(values)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message);
      navigate(back);
    },
  });
  return (
    <FormShell
      testId="label-settings"
      title={`Settings of ${label.name}`}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel="Save settings"
      onSubmit={() => void submit()}
      onCancel={() => navigate(back)}
    >
      <Container header={<Header variant="h2">Label settings</Header>}>
        <SpaceBetween size="l">
          {SWITCHES.map(([key, text, description]) => (
            <Checkbox
              key={key}
              checked={values[key]}
              description={description}
              onChange={({ detail }) => setValues((v) => ({ ...v, [key]: detail.checked }))}
              data-testid={`label-settings-${key}`}
            >
              {text}
            </Checkbox>
          ))}
          {values.referred ? (
            <FormField label="Referrer" errorText={errors.referrer}>
              <Input
                value={values.referrer}
                onChange={({ detail }) => setValues((v) => ({ ...v, referrer: detail.value }))}
              />
            </FormField>
          ) : null}
          <FormField
            label="Deal percentage"
            description={DEAL_WORDS.label}
            errorText={errors.deal_percentage}
            data-testid="label-settings-deal"
          >
            <Input
              value={values.deal_percentage}
              inputMode="decimal"
              invalid={Boolean(errors.deal_percentage)}
              onChange={({ detail }) => setValues((v) => ({ ...v, deal_percentage: detail.value }))}
            />
          </FormField>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/labels/{labelId}/settings: the admin's switches and deal percentage of one label. */
export function AdminLabelSettingsPage() {
  const { labelId } = useParams();
  const { data, error, isLoading, mutate } = useLabelResource('admin', labelId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.label}
      retry={mutate}
      errorHeader="Could not load the label"
    >
      {(label) => <SettingsForm key={label.id} label={label} />}
    </RecordState>
  );
}
