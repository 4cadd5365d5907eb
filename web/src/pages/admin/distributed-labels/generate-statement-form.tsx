import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { serverFieldErrors } from '../../../components/form-rules';
import { MESSAGES } from '../../../../../shared/messages';
import { generateStatement, useDistributedLabelChoices, useRefreshDistributedLabels } from './distributed-labels-api';
import { RunOutcome } from './run-outcome';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What generating does, under the form's title. */
export const GENERATE_WORDS = 'Numbered and stated once, with its PDF; months stated already are left out.';

/**
 * Generate a distributed label's distribution statement for a range of months: the label is
 * fixed (its detail page) or picked (the statements page). Months the label was stated for
 * already are left out by the statements area, so generating twice never states a line twice.
 */
export function GenerateStatementForm({ labelId, bare }: { labelId?: string; bare?: boolean }) {
  const choices = useDistributedLabelChoices();
  const refresh = useRefreshDistributedLabels();
  const [picked, setPicked] = useState(labelId ?? '');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [run, setRun] = useState<{ id: string; companyId: string } | null>(null);
  const onFinished = useCallback(() => void refresh(), [refresh]);

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!picked) found.label_id = MESSAGES.noLabelSelected;
    if (!MONTH.test(start.trim())) found.start_pay_period = MESSAGES.chooseStatementPeriods;
    if (end.trim() && !MONTH.test(end.trim())) found.end_pay_period = 'must be a pay period (YYYY-MM)';
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const answer = await generateStatement({
        label_id: picked,
        start_pay_period: start.trim(),
        end_pay_period: end.trim() || start.trim(),
      });
      notify('notification', answer.message);
      setRun({ id: answer.statement_run.id, companyId: answer.company_id });
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors));
      notify('error', error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const options = (choices.data?.distributed_labels ?? []).map((l) => ({
    value: l.id,
    label: l.name,
    description: l.company_name,
  }));
  const form = (
    <SpaceBetween size="m">
      <SpaceBetween direction="horizontal" size="s" alignItems="end">
        {labelId ? null : (
          <FormField label="Distributed label" errorText={errors.label_id}>
            <Select
              selectedOption={options.find((o) => o.value === picked) ?? null}
              options={options}
              filteringType="auto"
              filteringPlaceholder="Find a label"
              placeholder="Choose a label"
              onChange={({ detail }) => setPicked(detail.selectedOption.value ?? '')}
              data-testid="generate-statement-label"
            />
          </FormField>
        )}
        <FormField label="From (YYYY-MM)" errorText={errors.start_pay_period}>
          <Input
            value={start}
            placeholder="2026-01"
            onChange={({ detail }) => setStart(detail.value)}
            data-testid="generate-statement-start"
          />
        </FormField>
        <FormField label="To (YYYY-MM)" errorText={errors.end_pay_period}>
          <Input
            value={end}
            placeholder="2026-03"
            onChange={({ detail }) => setEnd(detail.value)}
            data-testid="generate-statement-end"
          />
        </FormField>
        <Button variant="primary" loading={sending} onClick={() => void submit()} data-testid="generate-statement">
          Generate statement
        </Button>
      </SpaceBetween>
      {run ? <RunOutcome key={run.id} runId={run.id} companyId={run.companyId} onFinished={onFinished} /> : null}
    </SpaceBetween>
  );
  // In a dialog, the dialog's own header names the form.
  if (bare) return form;
  return (
    <Container
      header={
        <Header variant="h2" description={GENERATE_WORDS}>
          Generate a distribution statement
        </Header>
      }
    >
      {form}
    </Container>
  );
}
