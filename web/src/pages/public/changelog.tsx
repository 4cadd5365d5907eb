import Box from '@cloudscape-design/components/box';
import { API_VERSION, APP_VERSION } from '../../../../shared/constants';
import { SimplePage } from './simple-page';

export function ChangelogPage() {
  return (
    <SimplePage
      title="Changelog"
      description={`Application ${APP_VERSION} · API ${API_VERSION}`}
      testId="changelog-page"
    >
      <Box variant="h2" data-testid="changelog-entry">
        Version {APP_VERSION}
      </Box>
      <ul>
        <li>New application shell: header, collapsible side menu, notifications, site help and footer.</li>
        <li>Sign up, account confirmation, sign in and password reset.</li>
        <li>Choose your current company; the menu adapts to its tags and distribution.</li>
        <li>Labels: list, search, sort, create, edit (with logo upload, links and identifiers) and delete.</li>
        <li>Admins: all labels across companies.</li>
      </ul>
    </SimplePage>
  );
}
