import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** The start and end month of a statement period (YYYY-MM pickers); a blank end means the start month alone. */
export function PeriodFields({
  start,
  end,
  onChange,
  errors,
  testId,
}: {
  start: string;
  end: string;
  onChange: (next: { start: string; end: string }) => void;
  errors: Record<string, string | undefined>;
  testId: string;
}) {
  const picker = (which: 'start' | 'end', label: string) => {
    const field = which === 'start' ? 'start_pay_period' : 'end_pay_period';
    const value = which === 'start' ? start : end;
    return (
      <FormField
        label={label}
        constraintText={which === 'end' ? 'YYYY/MM; leave blank for one month' : 'YYYY/MM'}
        errorText={errors[field]}
      >
        <div data-testid={`${testId}-${which}`}>
          <DatePicker
            granularity="month"
            value={value}
            placeholder="YYYY/MM"
            onChange={({ detail }) => onChange({ start, end, [which]: detail.value })}
            invalid={Boolean(errors[field])}
            i18nStrings={{
              openCalendarAriaLabel: (date) => (date ? `${label}, ${date}` : `Choose the ${label.toLowerCase()}`),
            }}
          />
        </div>
      </FormField>
    );
  };
  return (
    <SpaceBetween direction="horizontal" size="l">
      {picker('start', 'First period')}
      {picker('end', 'Last period')}
    </SpaceBetween>
  );
}
