import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLocation } from 'react-router';
import { API_VERSION, APP_VERSION } from '../../../../shared/constants';
import { API_BASE } from '../api';
import { useSession } from '../session';
import { useOnFollow } from '../use-on-follow';

/** The footer. */
export function AppFooter() {
  const { user, adminFeatures } = useSession();
  const location = useLocation();
  const onFollow = useOnFollow();
  const referer = `${location.pathname}${location.search}`;
  const links: [string, string, string][] = [
    ['Guides', '/guides', 'footer-guides'],
    ['Privacy Policy', '/privay_policy', 'footer-privacy'],
    ['Terms of Use', '/terms', 'footer-terms'],
    ...(user
      ? ([['Bug Report', `/bugs?referer=${encodeURIComponent(referer)}`, 'footer-bug-report']] as [
          string,
          string,
          string,
        ][])
      : []),
    ['FAQs', '/faqs', 'footer-faqs'],
  ];
  return (
    <footer className="app-footer" data-testid="app-footer">
      <SpaceBetween direction="horizontal" size="l">
        {links.map(([text, href, testId]) => (
          <Link key={testId} href={href} onFollow={onFollow} variant="secondary" data-testid={testId}>
            {text}
          </Link>
        ))}
      </SpaceBetween>
      {user?.role === 'admin' && adminFeatures ? (
        <Box variant="small" margin={{ top: 's' }} data-testid="footer-admin-info">
          <div>
            App version {APP_VERSION} · API version {API_VERSION} · Endpoints {API_BASE} (v1)
          </div>
          <div>user_setting_attributes: {JSON.stringify(user.user_setting_attributes)}</div>
        </Box>
      ) : null}
    </footer>
  );
}
