import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../app/api';
import { fieldErrorLines } from '../app/notification-rules';
import { retryHelps, wayBack } from '../app/way-back';

/**
 * An inline error for a failed load. Retry (when the page offers one) only where asking again may help; a record
 * that does not exist offers the way back to the list it belonged to instead.
 */
export function ApiErrorAlert({
  error,
  onRetry,
  header = 'Could not load this page',
}: {
  error: unknown;
  onRetry?: () => void;
  header?: string;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const message = error instanceof Error ? error.message : String(error);
  const lines = error instanceof ApiError ? fieldErrorLines(error.errors, message) : [];
  const back = error instanceof ApiError && error.status === 404 ? wayBack(pathname) : undefined;
  let action = null;
  if (onRetry && retryHelps(error)) action = <Button onClick={onRetry}>Retry</Button>;
  else if (back)
    action = (
      <Button onClick={() => navigate(back.href)} data-testid="load-error-back">
        {back.text}
      </Button>
    );
  return (
    <Alert type="error" header={header} action={action} data-testid="load-error">
      {message}
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
