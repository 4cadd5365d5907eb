import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { defaultPeriod, periodRanges } from '../../../shared/period-picker';

export type Period = { key: string; start: string; end: string };

/** The default period (end of last month, 12 months back), for callers' initial state. */
export function initialPeriod(today = new Date()): Period {
  return { key: 'default', ...defaultPeriod(today) };
}

/**
 * The Period Picker (spec 1 §2.7, §9): last month, 3, 6, 12 months or all time, each ending at
 * the end of the current month, plus the default period; dates are YYYY-MM-DD.
 */
export function PeriodPicker({
  value,
  onChange,
  testId = 'period-picker',
}: {
  value: Period;
  onChange: (period: Period) => void;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(value.key);
  const options = useMemo(() => {
    const def = defaultPeriod();
    return [{ key: 'default', label: 'Last 12 full months', ...def }, ...periodRanges()];
  }, []);
  const apply = () => {
    const picked = options.find((o) => o.key === choice);
    if (picked) onChange({ key: picked.key, start: picked.start, end: picked.end });
    setOpen(false);
  };
  return (
    <>
      <Button iconName="calendar" onClick={() => setOpen(true)} data-testid={testId}>
        {value.start} – {value.end}
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
            items={options.map((o) => ({ value: o.key, label: o.label, description: `${o.start} to ${o.end}` }))}
          />
        </Modal>
      ) : null}
    </>
  );
}
