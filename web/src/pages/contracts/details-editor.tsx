import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { DateField } from '../../components/date-input';
import { serverFieldErrors } from '../../components/form-rules';
import {
  contracteeWord,
  DETAIL_WORDS,
  type DetailsForm,
  detailsChange,
  detailsForm,
  problemsByField,
} from './details-model';

type Props = {
  contract: {
    id: string;
    contractor_legal_name: string;
    contractee_legal_name: string;
    contractee_type?: string;
    start_date: string;
    end_date: string | null;
    metadata: Record<string, string | undefined>;
  };
  onSaved: () => void;
};

/**
 * A draft contract's parties, dates and document words, edited in place. Saving also writes the contract's document
 * again from its template, so the document says what the page says (a signed contract's details are as signed).
 */
export function DetailsEditor({ contract, onSaved }: Props) {
  const [form, setForm] = useState<DetailsForm>(() => detailsForm(contract));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof DetailsForm) => (value: string) => setForm((all) => ({ ...all, [field]: value }));
  const base = `/contracts/${encodeURIComponent(contract.id)}`;
  const save = async () => {
    const { change, problems: found } = detailsChange(contract, form);
    setProblems(found ?? {});
    setFailure(null);
    if (!change) return;
    setBusy(true);
    try {
      await api.patch(base, change);
      await api.post(`${base}/update_contract`);
      notify('notification', 'Contract Updated');
      onSaved();
    } catch (error) {
      const fields = (error as { errors?: Record<string, string[]> }).errors;
      if (fields) setProblems(problemsByField(serverFieldErrors(fields)));
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const text = (field: 'contractor_legal_name' | 'contractee_legal_name', label: string) => (
    <FormField label={label} errorText={problems[field]}>
      <Input
        value={form[field]}
        onChange={({ detail }) => set(field)(detail.value)}
        data-testid={`contract-details-${field}`}
      />
    </FormField>
  );
  return (
    <SpaceBetween size="m">
      <ColumnLayout columns={2}>
        {text('contractor_legal_name', "Label's legal name")}
        {text('contractee_legal_name', `${contracteeWord(contract.contractee_type)}'s legal name`)}
        <DateField
          label="Start date"
          value={form.start_date}
          onChange={set('start_date')}
          error={problems.start_date}
        />
        <DateField
          label="End date"
          description="Leave blank for a contract that runs until it is terminated"
          value={form.end_date}
          onChange={set('end_date')}
          error={problems.end_date}
          testId="contract-details-end_date"
        />
        {DETAIL_WORDS.filter((word) => !word.long).map(({ key, label }) => (
          <FormField key={key} label={label} errorText={problems[key]}>
            <Input
              value={form[key]}
              onChange={({ detail }) => set(key)(detail.value)}
              data-testid={`contract-details-${key}`}
            />
          </FormField>
        ))}
        <DateField
          label="Delivery date"
          value={form.delivery_date}
          onChange={set('delivery_date')}
          error={problems.delivery_date}
        />
      </ColumnLayout>
      {DETAIL_WORDS.filter((word) => word.long).map(({ key, label }) => (
        <FormField key={key} label={label} errorText={problems[key]} stretch>
          <Textarea
            value={form[key]}
            rows={2}
            onChange={({ detail }) => set(key)(detail.value)}
            data-testid={`contract-details-${key}`}
          />
        </FormField>
      ))}
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
      <Button loading={busy} disabled={busy} onClick={() => void save()} data-testid="contract-details-save">
        Save details
      </Button>
    </SpaceBetween>
  );
}
