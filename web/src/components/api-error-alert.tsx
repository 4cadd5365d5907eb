import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { ApiError } from '../app/api';
import { fieldErrorLines } from '../app/notification-rules';

/** An inline error for a failed load, with a retry when one is offered. */
export function ApiErrorAlert({
  error,
  onRetry,
  header = 'Could not load this page',
}: {
  error: unknown;
  onRetry?: () => void;
  header?: string;
}) {
  const message = error instanceof Error ? error.message : String(error);
  const lines = error instanceof ApiError ? fieldErrorLines(error.errors, message) : [];
  return (
    <Alert
      type="error"
      header={header}
      action={onRetry ? <Button onClick={onRetry}>Retry</Button> : undefined}
      data-testid="load-error"
    >
      {message}
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
