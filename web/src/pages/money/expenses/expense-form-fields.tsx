import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useState } from 'react';
import { useCompanyCurrency } from '../../../app/company-currency';
import { pickerSource, RecordPicker } from '../../../components/record-picker';
import { formatMoney } from '../../../../../shared/money';
import { expenseTotal, type ExpenseFormValues } from './expense-model';
import { useExpenseSuppliers, useExpenseTags } from './expenses-api';
import { DateField } from '../../../components/date-input';

type Props = {
  values: ExpenseFormValues;
  set: <K extends keyof ExpenseFormValues>(key: K, value: ExpenseFormValues[K]) => void;
  errors: Record<string, string>;
};
type TextKey = 'date' | 'description' | 'category' | 'subtotal' | 'vat' | 'recoupable_percentage';

const PICKERS = [
  { key: 'label', field: 'expensable_id', label: 'Label', source: pickerSource('labels') },
  { key: 'payee', field: 'payee', label: 'Payee', source: pickerSource('payees') },
  { key: 'release', field: 'release_id', label: 'Release', source: pickerSource('releases') },
] as const;

function TagsField({ values, set }: Pick<Props, 'values' | 'set'>) {
  const tags = useExpenseTags();
  const [draft, setDraft] = useState('');
  const add = (tag: string) => {
    const t = tag.trim();
    if (t && !values.tags.includes(t)) set('tags', [...values.tags, t]);
    setDraft('');
  };
  return (
    <FormField label="Tags" description="Pick a tag used before or type a new one.">
      <SpaceBetween size="xs">
        <Autosuggest
          value={draft}
          onChange={({ detail }) => setDraft(detail.value)}
          onSelect={({ detail }) => add(detail.value)}
          options={(tags.data?.tags ?? []).filter((t) => !values.tags.includes(t)).map((t) => ({ value: t }))}
          enteredTextLabel={(v) => `Add "${v}"`}
          placeholder="Add a tag"
          statusType={tags.isLoading ? 'loading' : 'finished'}
          empty="No tags yet"
          ariaLabel="Tags"
          data-testid="expense-field-tags"
        />
        <TokenGroup
          items={values.tags.map((t) => ({ label: t, dismissLabel: `Remove ${t}` }))}
          onDismiss={({ detail }) =>
            set(
              'tags',
              values.tags.filter((_, i) => i !== detail.itemIndex),
            )
          }
        />
      </SpaceBetween>
    </FormField>
  );
}

/** An expense's fields: what, when, who supplied it, whose it is, whether it is recouped, how much. */
export function ExpenseFormFields({ values, set, errors }: Props) {
  const suppliers = useExpenseSuppliers();
  const input = (key: TextKey, label: string, hint?: string) => (
    <FormField key={key} label={label} constraintText={hint} errorText={errors[key]}>
      <Input
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        invalid={Boolean(errors[key])}
        inputMode={['subtotal', 'vat', 'recoupable_percentage'].includes(key) ? 'decimal' : undefined}
        data-testid={`expense-field-${key}`}
      />
    </FormField>
  );
  const total = expenseTotal(values.subtotal, values.vat);
  const currency = useCompanyCurrency();
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Expense</Header>}>
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>
            <DateField
              label="Date"
              value={values.date}
              onChange={(day) => set('date', day)}
              error={errors.date}
              testId="expense-field-date"
            />
            {input('description', 'Description')}
            <FormField label="Supplier" errorText={errors.supplier}>
              <Autosuggest
                value={values.supplier}
                onChange={({ detail }) => set('supplier', detail.value)}
                options={(suppliers.data?.suppliers ?? []).map((s) => ({ value: s }))}
                enteredTextLabel={(v) => `Use "${v}"`}
                statusType={suppliers.isLoading ? 'loading' : 'finished'}
                empty="No suppliers yet"
                ariaLabel="Supplier"
                data-testid="expense-field-supplier"
              />
            </FormField>
            {input('category', 'Category')}
          </ColumnLayout>
          <TagsField values={values} set={set} />
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Whose it is</Header>}>
        <ColumnLayout columns={3}>
          {/* A distribution expense is charged to its own label: no payee to choose. */}
          {PICKERS.filter((p) => p.key !== 'payee' || values.type === 'Expense').map((p) => (
            <FormField key={p.key} label={p.label} errorText={errors[p.field]}>
              <RecordPicker
                source={p.source}
                value={values[p.key]}
                onChange={(v) => set(p.key, v)}
                testId={`expense-field-${p.key}`}
                invalid={Boolean(errors[p.field])}
              />
            </FormField>
          ))}
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">Amount</Header>}>
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {input('subtotal', 'Subtotal', 'At most 2 decimals')}
            {input('vat', 'VAT', 'At most 2 decimals')}
            <FormField label="Total" description="Subtotal + VAT">
              <Box variant="p" fontWeight="bold" data-testid="expense-total">
                {total === null ? '-' : formatMoney(total, currency)}
              </Box>
            </FormField>
          </ColumnLayout>
          <ColumnLayout columns={3}>
            <FormField label="Recoupable" description="Recouped from the payee's earnings before anything is paid">
              <Toggle
                checked={values.recoupable}
                onChange={({ detail }) => set('recoupable', detail.checked)}
                data-testid="expense-field-recoupable"
              >
                {values.recoupable ? 'Recoupable' : 'Not recoupable'}
              </Toggle>
            </FormField>
            {values.recoupable
              ? input('recoupable_percentage', 'Recoupable percentage', 'Of the total; 0 to 100')
              : null}
            <FormField label="Paid">
              <Checkbox
                checked={values.paid}
                onChange={({ detail }) => set('paid', detail.checked)}
                data-testid="expense-field-paid"
              >
                Paid
              </Checkbox>
            </FormField>
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
