import { optionWords } from '../../../app/display-labels';
import { removeTokenLabel } from '../../../components/token-labels';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import { Suspense, useState } from 'react';
import { pickerSource, RecordPicker } from '../../../components/record-picker';
import { ReferenceFileInput } from './reference-file-input';
import { ReferenceRowsInput } from './reference-rows-input';
import { TerritoriesInput } from './territories-input';
import { LinksInput } from './links-input';
import { territoriesHint } from './reference-model';
import type {
  FieldValue,
  FileValue,
  FormValues,
  LinkValue,
  ReferenceConfig,
  ReferenceField,
  RowValues,
} from './reference-types';
import type { NestedRow } from '../../../components/nested-rows';
import { DateInput } from '../../../components/date-input';
import { useQuickAdd } from './quick-add-access';

// The quick-add modal holds a whole reference form, which holds pickers: loaded on first use.

type Props = {
  config: ReferenceConfig;
  field: ReferenceField;
  value: FieldValue;
  /** The whole form's values (nested rows' words may depend on other fields). */
  form?: FormValues;
  error?: string;
  errors: Record<string, string>;
  onChange: (value: FieldValue) => void;
};

/** One config field as a form control; its native input carries data-testid `ref-field-<name>`. */
export function ReferenceFieldInput({ config, field, value, form = {}, error, errors, onChange }: Props) {
  const testId = { 'data-testid': `ref-field-${field.name}` };
  const [adding, setAdding] = useState(false);
  const QuickAddModal = useQuickAdd(field.kind === 'link' ? field.collection : undefined);
  switch (field.kind) {
    case 'checkbox':
      return (
        <FormField errorText={error}>
          <Checkbox
            checked={value === true}
            onChange={({ detail }) => onChange(detail.checked)}
            nativeInputAttributes={testId}
          >
            {field.label}
          </Checkbox>
        </FormField>
      );
    case 'select': {
      const none = field.blank === undefined ? [] : [{ value: '', label: field.blank }];
      return (
        <FormField label={field.label} errorText={error} constraintText={field.constraint}>
          <Select
            selectedOption={value ? { value: String(value), label: optionWords(String(value)) } : (none[0] ?? null)}
            onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
            options={[...none, ...field.options.map((option) => ({ value: option, label: optionWords(option) }))]}
            placeholder={`Choose ${field.label.toLowerCase()}`}
            data-testid={`ref-field-${field.name}`}
          />
        </FormField>
      );
    }
    case 'multiselect':
      return (
        <FormField label={field.label} errorText={error} constraintText={field.constraint}>
          <Multiselect
            deselectAriaLabel={removeTokenLabel}
            selectedOptions={((value as string[]) ?? []).map((o) => ({ value: o, label: optionWords(o) }))}
            onChange={({ detail }) => onChange(detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean))}
            options={field.options.map((option) => ({ value: option, label: optionWords(option) }))}
            placeholder={`Choose ${field.label.toLowerCase()}`}
            data-testid={`ref-field-${field.name}`}
          />
        </FormField>
      );
    case 'territories':
      return (
        <FormField label={field.label} errorText={error} constraintText={territoriesHint(field)}>
          <TerritoriesInput
            none={field.none}
            value={(value as string[]) ?? []}
            onChange={onChange}
            testId={`ref-field-${field.name}`}
            invalid={Boolean(error)}
          />
        </FormField>
      );
    case 'link':
      return (
        <FormField label={field.label} errorText={error} constraintText={field.constraint}>
          <RecordPicker
            source={pickerSource(field.collection)}
            value={value as LinkValue}
            onChange={onChange}
            testId={`ref-field-${field.name}`}
            placeholder={`Choose ${field.label.toLowerCase()}`}
            invalid={Boolean(error)}
            onAddNew={field.quickAdd && QuickAddModal ? () => setAdding(true) : undefined}
            addNewLabel={field.quickAdd && QuickAddModal ? `Add new ${field.label.toLowerCase()}` : undefined}
          />
          {adding && QuickAddModal ? (
            <Suspense fallback={null}>
              <QuickAddModal
                collection={field.collection}
                onClose={() => setAdding(false)}
                onAdded={(picked) => onChange(picked)}
              />
            </Suspense>
          ) : null}
        </FormField>
      );
    case 'links':
      return (
        <FormField label={field.label} errorText={error}>
          <LinksInput
            collection={field.collection}
            value={(value as LinkValue[]) ?? []}
            onChange={onChange}
            testId={`ref-field-${field.name}`}
            label={field.label}
          />
        </FormField>
      );
    case 'file':
      return (
        <FormField label={field.label} errorText={error}>
          <ReferenceFileInput config={config} field={field} value={value as FileValue} onChange={onChange} />
        </FormField>
      );
    case 'rows':
      return (
        <ReferenceRowsInput
          field={field}
          rows={value as NestedRow<RowValues>[]}
          form={form}
          errors={errors}
          onChange={onChange}
        />
      );
    default: {
      // A value the other fields decide is shown as they decide it, and cannot be typed in.
      const derived = field.derived?.(form) ?? null;
      const text = derived ?? (typeof value === 'string' ? value : '');
      if (field.isDate)
        return (
          <FormField label={field.label} errorText={error} constraintText={field.constraint}>
            <DateInput
              value={text}
              onChange={onChange}
              label={field.label}
              invalid={Boolean(error)}
              disabled={derived !== null}
              testId={`ref-field-${field.name}`}
            />
          </FormField>
        );
      return (
        <FormField
          label={field.label}
          errorText={error}
          constraintText={field.kind === 'password' ? 'Leave blank to keep the saved password' : field.constraint}
          stretch={field.kind === 'textarea'}
        >
          {field.kind === 'textarea' ? (
            <Textarea
              value={text}
              rows={4}
              onChange={({ detail }) => onChange(detail.value)}
              nativeTextareaAttributes={testId}
            />
          ) : (
            <Input
              value={text}
              type={field.kind === 'password' ? 'password' : 'text'}
              disabled={derived !== null}
              onChange={({ detail }) => onChange(detail.value)}
              nativeInputAttributes={testId}
            />
          )}
        </FormField>
      );
    }
  }
}
