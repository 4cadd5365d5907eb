import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Spinner from '@cloudscape-design/components/spinner';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function PageSpinner() {
  return (
    <Box textAlign="center" padding="xxl" data-testid="page-loading">
      <Spinner size="large" />
    </Box>
  );
}

/** A page that failed to load or render (a stale chunk after a deploy, a bug). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Box padding="l">
      <Alert
        type="error"
        header="This page could not be shown"
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        {message}
      </Alert>
    </Box>
  );
}
