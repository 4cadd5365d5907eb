import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import { DATE_HINT } from './form-rules';

/**
 * How every form asks for a calendar day: typed as YYYY/MM/DD or picked from a calendar. The value it holds and
 * gives is YYYY-MM-DD, what the API stores, so a form's rules (`rules.day`) and its request need no conversion.
 * `testId` marks a wrapper, so a test types into its `input`.
 */
export function DateInput({
  value,
  onChange,
  label,
  invalid,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The field's name, for the calendar button's words ("Choose the payment date"). */
  label: string;
  invalid?: boolean;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <DatePicker
        value={value}
        onChange={({ detail }) => onChange(detail.value)}
        placeholder={DATE_HINT}
        invalid={invalid}
        // The calendar button is an icon only: its name says which date it opens.
        i18nStrings={{
          openCalendarAriaLabel: (date) => (date ? `${label}, ${date}` : `Choose the ${label.toLowerCase()}`),
        }}
      />
    </div>
  );
}

/** A form's day field: its label, the hint of how to type it, its error, and the DateInput. */
export function DateField({
  label,
  description,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId?: string;
}) {
  return (
    <FormField label={label} description={description} constraintText={DATE_HINT} errorText={error}>
      <DateInput value={value} onChange={onChange} label={label} invalid={Boolean(error)} testId={testId} />
    </FormField>
  );
}
