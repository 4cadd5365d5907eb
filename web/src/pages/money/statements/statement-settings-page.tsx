import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { STATEMENT_FORMATS, STATEMENT_FORMATS_HINT, STATEMENT_FREQUENCIES } from '../../../../../shared/catalogue';
import { SUMMARY_DIMENSIONS, type SummaryDimension } from '../../../../../shared/schemas/statement-views';
import type { LabelView } from '../../../../../shared/schemas/label';
import { notify } from '../../../app/notifications';
import { useApi } from '../../../app/resources';
import { FormShell } from '../../../components/form-shell';
import { RecordState } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { useRefreshLabels } from '../../labels/label-api';
import { labelStatementSettings, type LabelSettings } from './account-model';
import { statementsApi } from './statements-api';

const DIMENSION_TEXT: Record<SummaryDimension, string> = {
  store: 'Store',
  territory: 'Territory',
  format: 'Format',
  release: 'Release',
  track: 'Track',
  period: 'Month',
  term: 'Contract term',
};
const option = (value: string, label = value) => ({ value, label });

function SettingsForm({ label }: { label: LabelView }) {
  const navigate = useNavigate();
  const refresh = useRefreshLabels();
  const [values, setValues] = useState<LabelSettings>(() => labelStatementSettings(label.statement_settings));
  const set = <K extends keyof LabelSettings>(key: K, value: LabelSettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const back = `/user/labels/${encodeURIComponent(label.id)}`;
  const form = useFormSubmit({
    validate: () => ({}),
    send: () => statementsApi.saveLabelSettings(label.id, values),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? 'Label Updated');
      navigate(back);
    },
    fieldOf: (field) => field.replace(/^statement_settings\./, ''),
  });
  return (
    <FormShell
      testId="statement-settings"
      title={`${label.name}: statement settings`}
      description="How this label's statements are made: summaries, files, how often, and charts."
      failure={form.failure}
      errors={form.errors}
      submitting={form.submitting}
      submitLabel="Save settings"
      onSubmit={() => void form.submit()}
      onCancel={() => navigate(back)}
    >
      <Container>
        <SpaceBetween size="l">
          <FormField
            label="Summaries"
            description="The tables a statement shows besides its account"
            errorText={form.errors.default_summaries}
          >
            <Multiselect
              selectedOptions={values.default_summaries.map((d) => option(d, DIMENSION_TEXT[d]))}
              options={SUMMARY_DIMENSIONS.map((d) => option(d, DIMENSION_TEXT[d]))}
              onChange={({ detail }) =>
                set(
                  'default_summaries',
                  detail.selectedOptions.map((o) => o.value as SummaryDimension),
                )
              }
              placeholder="No summaries"
              data-testid="statement-settings-summaries"
            />
          </FormField>
          <FormField label="Formats" description={STATEMENT_FORMATS_HINT} errorText={form.errors.formats}>
            <Multiselect
              selectedOptions={values.formats.map((f) => option(f))}
              options={STATEMENT_FORMATS.map((f) => option(f))}
              onChange={({ detail }) =>
                set(
                  'formats',
                  detail.selectedOptions.map((o) => o.value ?? ''),
                )
              }
              placeholder="No formats chosen"
              data-testid="statement-settings-formats"
            />
          </FormField>
          <FormField
            label="Frequency"
            description="Scheduled runs state the label for each period just ended"
            errorText={form.errors.frequency}
          >
            <Select
              selectedOption={option(values.frequency, values.frequency || 'Not scheduled')}
              options={[option('', 'Not scheduled'), ...STATEMENT_FREQUENCIES.map((f) => option(f))]}
              onChange={({ detail }) => set('frequency', detail.selectedOption.value ?? '')}
              data-testid="statement-settings-frequency"
            />
          </FormField>
          <FormField label="Graphs" errorText={form.errors.graphs}>
            <Toggle
              checked={values.graphs}
              onChange={({ detail }) => set('graphs', detail.checked)}
              data-testid="statement-settings-graphs"
            >
              Draw the summaries as charts
            </Toggle>
          </FormField>
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** UserLabelStatementSettings (/user/labels/{labelId}/statement_settings): the label's statement settings. */
export function LabelStatementSettingsPage() {
  const { labelId } = useParams();
  const { data, error, isLoading, mutate } = useApi<{ label: LabelView }>(
    labelId ? `/labels/${encodeURIComponent(labelId)}` : null,
  );
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.label}
      retry={mutate}
      errorHeader="Could not load the label"
    >
      {(label) => (
        <ContentLayout>
          <SettingsForm key={label.id} label={label} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
