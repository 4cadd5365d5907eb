import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useSearchParams } from 'react-router';
import { SimplePage } from './simple-page';

/** Bug report placeholder; the footer link passes the page the user was on as ?referer=. */
export function BugsPage() {
  const [params] = useSearchParams();
  const referer = params.get('referer');
  return (
    <SimplePage title="Bug Report" testId="bugs-page">
      <StatusIndicator type="pending">Coming soon</StatusIndicator>
      <p>Bug reports from inside the application are coming soon. Until then, please e-mail support with what you did, what you expected and what happened.</p>
      {referer ? (
        <Box variant="p" data-testid="bugs-referer">
          You were on: <code>{referer}</code>
        </Box>
      ) : null}
    </SimplePage>
  );
}
