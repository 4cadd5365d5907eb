import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { quarterAround } from '../../../shared/schemas/day-range';

export type DayRange = { from: string; to: string };

/**
 * A register's days (the licence invoices, the tax withheld): the quarter around today to begin with, `query` the
 * API's `from=…&to=…` for the range shown, and `typed` what the From and To fields hold until Show is pressed.
 */
export function useDayRange() {
  const [range, setRange] = useState<DayRange>(() => quarterAround(new Date().toISOString().slice(0, 10)));
  const [typed, setTyped] = useState(range);
  const query = `from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
  return { range, typed, setTyped, show: () => setRange(typed), query };
}

/** From, To and Show: the range's fields, each with the API's error for it; `testId` prefixes their test ids. */
export function DayRangeFilter({
  state,
  errors,
  testId,
}: {
  state: ReturnType<typeof useDayRange>;
  errors: Partial<Record<'from' | 'to', string>>;
  testId: string;
}) {
  const { typed, setTyped, show } = state;
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="end">
      <FormField label="From" constraintText="YYYY-MM-DD" errorText={errors.from}>
        <Input
          data-testid={`${testId}-from`}
          value={typed.from}
          onChange={({ detail }) => setTyped({ ...typed, from: detail.value })}
        />
      </FormField>
      <FormField label="To" constraintText="YYYY-MM-DD" errorText={errors.to}>
        <Input
          data-testid={`${testId}-to`}
          value={typed.to}
          onChange={({ detail }) => setTyped({ ...typed, to: detail.value })}
        />
      </FormField>
      <Button data-testid={`${testId}-show`} onClick={show}>
        Show
      </Button>
    </SpaceBetween>
  );
}
