import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { PeriodPicker } from '../../../components/period-picker';
import { RecordState } from '../../../components/record-state';
import { pickerSource, RecordPicker } from '../../../components/record-picker';
import { type useLabelParam, usePeriod } from './use-period';

/** What a finances load hook (SWR) answers: the record, the error, the loading flag and reload. */
type Load<T> = { data: T | undefined; error: unknown; isLoading: boolean; mutate: () => unknown };

/** The period picker bound to the period in the URL (usePeriod). */
export function UrlPeriodPicker({ testId }: { testId: string }) {
  const [period, setPeriod] = usePeriod();
  return <PeriodPicker value={{ key: 'chosen', ...period }} onChange={setPeriod} testId={testId} />;
}

/** RecordState fed straight from a load hook's answer. */
export function LoadState<T>({
  load,
  errorHeader,
  children,
}: {
  load: Load<T>;
  errorHeader: string;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  return (
    <RecordState
      error={load.error}
      isLoading={load.isLoading}
      data={load.data}
      retry={load.mutate}
      errorHeader={errorHeader}
    >
      {children}
    </RecordState>
  );
}

/** A container of figures for the period in the URL: an h2 with the period picker, then the loaded record. */
export function PeriodContainer<T>({
  testId,
  title,
  description,
  pickerTestId,
  load,
  errorHeader,
  children,
}: {
  testId: string;
  title: string;
  description: string;
  pickerTestId: string;
  load: Load<T>;
  errorHeader: string;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  return (
    <Container
      data-testid={testId}
      header={
        <Header variant="h2" description={description} actions={<UrlPeriodPicker testId={pickerTestId} />}>
          {title}
        </Header>
      }
    >
      <LoadState load={load} errorHeader={errorHeader}>
        {children}
      </LoadState>
    </Container>
  );
}

/** A finances page: the h1 with `actions` (by default the period picker), then the page's controls and body. */
export function PeriodPage({
  title,
  description,
  actions = <UrlPeriodPicker testId="finances-period" />,
  controls,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description} actions={actions}>
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {controls}
        {children}
      </SpaceBetween>
    </ContentLayout>
  );
}

const labelPicker = pickerSource('labels');

/** A finances page's label control: the label kept in the URL (useLabelParam), chosen from the company's labels. */
export function LabelParamPicker({
  label,
  onChange,
  placeholder,
}: {
  label: ReturnType<typeof useLabelParam>[0];
  onChange: ReturnType<typeof useLabelParam>[1];
  placeholder: string;
}) {
  return (
    <div style={{ maxWidth: 360 }}>
      <RecordPicker
        source={labelPicker}
        value={label}
        onChange={onChange}
        testId="finances-label"
        placeholder={placeholder}
      />
    </div>
  );
}
