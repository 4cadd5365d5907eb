import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Textarea from '@cloudscape-design/components/textarea';
import type { ReferenceField } from './reference-config';

type Props = { field: ReferenceField; value: string | boolean; error?: string; onChange: (value: string | boolean) => void };

/** One config field as a form control; its native input carries data-testid `ref-field-<name>`. */
export function ReferenceFieldInput({ field, value, error, onChange }: Props) {
  const testId = { 'data-testid': `ref-field-${field.name}` };
  if (field.kind === 'checkbox') {
    return (
      <FormField errorText={error}>
        <Checkbox checked={value === true} onChange={({ detail }) => onChange(detail.checked)} nativeInputAttributes={testId}>
          {field.label}
        </Checkbox>
      </FormField>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <FormField label={field.label} errorText={error} constraintText={field.constraint} stretch={field.kind === 'textarea'}>
      {field.kind === 'textarea' ? (
        <Textarea value={text} rows={4} onChange={({ detail }) => onChange(detail.value)} nativeTextareaAttributes={testId} />
      ) : (
        <Input value={text} onChange={({ detail }) => onChange(detail.value)} nativeInputAttributes={testId} />
      )}
    </FormField>
  );
}
