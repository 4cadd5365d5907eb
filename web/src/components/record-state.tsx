import Spinner from '@cloudscape-design/components/spinner';
import ContentLayout from '@cloudscape-design/components/content-layout';
import type { ReactNode } from 'react';
import { ApiErrorAlert } from './api-error-alert';

type RecordStateProps<T> = {
  /** From the load hook (SWR): the error, the loading flag and the record. */
  error: unknown;
  isLoading: boolean;
  data: T | null | undefined;
  /** Reloads the record; offered as Retry on the error. */
  retry: () => unknown;
  /** The error's header, e.g. "Could not load the user". */
  errorHeader: string;
  /** Renders the page once the record is there. */
  children: (data: NonNullable<T>) => ReactNode;
};

/**
 * The guard every page that loads one record needs before it can render: an error alert with
 * Retry when the load failed, a spinner until the record is there, then the page itself. The
 * render function gets the record as non-null, so pages need no `!` or second check.
 */
export function RecordState<T>({ error, isLoading, data, retry, errorHeader, children }: RecordStateProps<T>) {
  if (error) return <ApiErrorAlert error={error} onRetry={() => void retry()} header={errorHeader} />;
  if (isLoading || !data) return <Spinner size="large" />;
  return <>{children(data)}</>;
}

/**
 * A form page that makes a record (no id in the path: `newForm`) or edits the loaded one (`editForm`, keyed by the
 * caller so a new record resets the form), each in a content layout.
 */
export function NewOrEditPage<T>({
  editing,
  newForm,
  editForm,
  ...load
}: Omit<RecordStateProps<T>, 'children'> & {
  editing: boolean;
  newForm: ReactNode;
  editForm: (data: NonNullable<T>) => ReactNode;
}) {
  if (!editing) return <ContentLayout>{newForm}</ContentLayout>;
  return <RecordState {...load}>{(loaded) => <ContentLayout>{editForm(loaded)}</ContentLayout>}</RecordState>;
}
