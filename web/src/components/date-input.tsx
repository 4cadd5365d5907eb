import Button from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { DATE_HINT } from './form-rules';
import { heldDay as held, typedDay as shown } from './typed-day';

/**
 * How every form asks for a calendar day: typed as DD/MM/YYYY (typed-day.ts) or picked from a calendar. The value
 * it holds and gives is YYYY-MM-DD, what the API stores, so a form's rules (`rules.day`) and its request need no
 * conversion.
 * What is typed is kept as typed: a day that does not exist (45/13/2026, 30/02/2026) reaches the form's rules and is
 * refused there with the field named, never quietly turned into another day (as a masked date field does).
 * `testId` marks a wrapper, so a test types into its `input`.
 */
export function DateInput({
  value,
  onChange,
  label,
  invalid,
  disabled,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The field's name, for the input's and the calendar button's words ("Choose the payment date"). */
  label: string;
  invalid?: boolean;
  /** Shown, not typed in or picked (a day the form works out from other fields). */
  disabled?: boolean;
  testId?: string;
}) {
  const [typed, setTyped] = useState(shown(value));
  // A value set from outside (a form reset, a day picked) shows; what the user is typing stays as typed.
  const text = held(typed) === value ? typed : shown(value);
  const pick = (day: string) => {
    setTyped(shown(day));
    onChange(day);
  };
  return (
    <div data-testid={testId}>
      <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
        <Input
          value={text}
          placeholder={DATE_HINT}
          invalid={invalid}
          disabled={disabled}
          ariaLabel={label}
          inputMode="numeric"
          onChange={({ detail }) => {
            setTyped(detail.value);
            onChange(held(detail.value));
          }}
        />
        <Popover
          triggerType="custom"
          position="bottom"
          size="medium"
          content={
            <Calendar
              value={/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : ''}
              onChange={({ detail }) => pick(detail.value)}
            />
          }
        >
          <Button
            variant="icon"
            iconName="calendar"
            disabled={disabled}
            formAction="none"
            ariaLabel={value ? `${label}, ${shown(value)}` : `Choose the ${label.toLowerCase()}`}
          />
        </Popover>
      </SpaceBetween>
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
