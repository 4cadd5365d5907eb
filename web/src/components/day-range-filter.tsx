import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ReactNode, useState } from 'react';
import { quarterAround } from '../../../shared/schemas/day-range';
import { api } from '../app/api';
import { DateField } from './date-input';
import { notifyError } from '../app/notifications';
import { saveFile } from '../app/save-file';

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

type RangeErrors = Partial<Record<'from' | 'to', string>>;

/**
 * From, To and Show: the range's days, typed as DD/MM/YYYY or picked, as every form's days are, each with the API's
 * error for it; `testId` prefixes their test ids (each marks a wrapper: a test types into its `input`).
 */
function DayRangeFilter({
  state,
  errors,
  testId,
}: {
  state: ReturnType<typeof useDayRange>;
  errors: RangeErrors;
  testId: string;
}) {
  const { typed, setTyped, show } = state;
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="end">
      <DateField
        label="From"
        value={typed.from}
        onChange={(from) => setTyped({ ...typed, from })}
        error={errors.from}
        testId={`${testId}-from`}
      />
      <DateField
        label="To"
        value={typed.to}
        onChange={(to) => setTyped({ ...typed, to })}
        error={errors.to}
        testId={`${testId}-to`}
      />
      <Button data-testid={`${testId}-show`} onClick={show}>
        Show
      </Button>
    </SpaceBetween>
  );
}

/**
 * A register's page: its title, Download CSV (the same lines from `csvPath`, for the range shown), the range's
 * fields, then what the page lists. The figures are the API's; this only frames them.
 */
export function DayRangeReport({
  title,
  description,
  csvPath,
  testId,
  days,
  errors,
  children,
}: {
  title: string;
  description: string;
  csvPath: string;
  testId: string;
  days: ReturnType<typeof useDayRange>;
  errors: RangeErrors;
  children: ReactNode;
}) {
  const downloadCsv = async () => {
    try {
      const { filename, csv } = await api.get<{ filename: string; csv: string }>(`${csvPath}?${days.query}`);
      saveFile(filename, csv, 'text/csv');
    } catch (failure) {
      notifyError(failure);
    }
  };
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={description}
          actions={
            <Button data-testid={`${testId}-csv`} onClick={() => void downloadCsv()}>
              Download CSV
            </Button>
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container>
          <DayRangeFilter state={days} errors={errors} testId={testId} />
        </Container>
        {children}
      </SpaceBetween>
    </ContentLayout>
  );
}
