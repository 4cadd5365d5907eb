import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';

/**
 * What a page shows instead of itself to a user it refuses (a member whose company role does not allow it, a
 * non-admin on an admin page): one sentence saying why, in the server's own words, before anything is filled in.
 */
export function AccessDenied({ message }: { message: string }) {
  return (
    <Box padding={{ vertical: 'l' }}>
      <Alert type="error" header="Access denied" data-testid="access-denied">
        {message}
      </Alert>
    </Box>
  );
}
