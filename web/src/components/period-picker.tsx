import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { describePeriod, periodChoices } from '../../../shared/period-picker';

type Period = { key: string; start: string; end: string };

/**
 * A picker that must hold a period, or (`allowAny`) one that may be left open: then "Any period"
 * is its first choice and its value is null, so no dates are applied while it says so.
 */
type PickerProps =
  | { allowAny?: false; value: Period; onChange: (period: Period) => void }
  | { allowAny: true; value: Period | null; onChange: (period: Period | null) => void };

/**
 * The Period Picker: last month, 3, 6, 12 months or all time, each ending at
 * the end of the current month, plus the default period, each shown with its dates; dates are
 * YYYY-MM-DD, as the product's display rules give the period picker. The button says what is applied: the choice's
 * name and dates, or "Any period".
 */
export function PeriodPicker(props: PickerProps & { testId?: string }) {
  const { value, testId = 'period-picker' } = props;
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const options = useMemo(() => periodChoices().filter((o) => props.allowAny || o.key !== 'any'), [props.allowAny]);
  const shown = describePeriod(value);
  const apply = () => {
    const picked = options.find((o) => o.key === choice);
    if (picked && props.allowAny) props.onChange(picked.key === 'any' ? null : picked);
    else if (picked && !props.allowAny) props.onChange(picked);
    setOpen(false);
  };
  return (
    <>
      <Button
        iconName="calendar"
        onClick={() => {
          setChoice(shown.key);
          setOpen(true);
        }}
        data-testid={testId}
        data-period={shown.key}
      >
        {shown.text}
      </Button>
      {open ? (
        <Modal
          visible
          header="Choose a period"
          onDismiss={() => setOpen(false)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button variant="primary" onClick={apply} data-testid={`${testId}-apply`}>
                  Apply
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <RadioGroup
            value={choice}
            onChange={({ detail }) => setChoice(detail.value)}
            items={options.map((o) => ({
              value: o.key,
              label: o.label,
              description: o.key === 'any' ? 'No date filter: every pay period' : `${o.start} to ${o.end}`,
            }))}
          />
        </Modal>
      ) : null}
    </>
  );
}
