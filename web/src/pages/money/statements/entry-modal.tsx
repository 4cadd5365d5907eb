import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { FormModal } from '../../../components/form-modal';
import Select from '@cloudscape-design/components/select';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { pickerSource, RecordPicker, type PickedRecord } from '../../../components/record-picker';
import { expensesApi } from '../expenses/expenses-api';
import {
  ENTRY_TEXT,
  enteredAmount,
  entryEffect,
  entryTakesSign,
  MANUAL_ENTRY_KINDS,
  validateEntry,
  type EntryValues,
  type ManualEntryKind,
} from './account-model';
import { today } from './statement-model';
import type { AccountRef } from '../../../../../shared/schemas/statement-views';
import { fieldErrorsOf } from './use-period-form';
import { DateField } from '../../../components/date-input';

const releaseSource = pickerSource('releases');

/** Adds an advance, a reserve (taken or released), a transfer or an adjustment to an account. */
export function EntryModal({
  account,
  onClose,
  onAdded,
}: {
  account: AccountRef;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [values, setValues] = useState<EntryValues>({ kind: 'advance', amount: '', date: today(), description: '' });
  const [release, setRelease] = useState<PickedRecord | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof EntryValues>(key: K, value: EntryValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    const found = validateEntry(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const answer = await expensesApi.createEntry({
        account,
        kind: values.kind,
        amount: enteredAmount(values.amount),
        date: values.date.trim(),
        description: values.description.trim() || null,
        release_id: release?.id ?? null,
      });
      notify('notification', answer.message ?? `${ENTRY_TEXT[values.kind]} added`);
      onAdded();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  const signed = entryTakesSign(values.kind);
  const valid = !validateEntry(values).amount;
  return (
    <FormModal
      header="Add to the account"
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitText="Add"
      submitTestId="entry-submit"
    >
      <FormField label="What" errorText={errors.kind}>
        <Select
          selectedOption={{ value: values.kind, label: ENTRY_TEXT[values.kind] }}
          options={MANUAL_ENTRY_KINDS.map((k) => ({ value: k, label: ENTRY_TEXT[k] }))}
          onChange={({ detail }) => set('kind', detail.selectedOption.value as ManualEntryKind)}
          data-testid="entry-kind"
        />
      </FormField>
      <FormField
        label="Amount"
        constraintText={
          signed
            ? 'Positive: the label owes the account more; negative: less'
            : values.kind === 'reserve_release'
              ? 'Released back to the account'
              : 'Paid or held back: it is taken off the balance'
        }
        errorText={errors.amount}
        description={valid ? `The balance changes by ${entryEffect(values.kind, values.amount)}` : undefined}
      >
        <Input
          value={values.amount}
          inputMode="decimal"
          onChange={({ detail }) => set('amount', detail.value)}
          data-testid="entry-amount"
        />
      </FormField>
      <DateField
        label="Date"
        value={values.date}
        onChange={(day) => set('date', day)}
        error={errors.date}
        testId="entry-date"
      />
      <FormField label="Description" errorText={errors.description}>
        <Input
          value={values.description}
          onChange={({ detail }) => set('description', detail.value)}
          data-testid="entry-description"
        />
      </FormField>
      <FormField label="Release" description="An advance against one release (optional)" errorText={errors.release_id}>
        <RecordPicker source={releaseSource} value={release} onChange={setRelease} testId="entry-release" />
      </FormField>
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
    </FormModal>
  );
}
