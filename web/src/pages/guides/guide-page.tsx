import { useLocation } from 'react-router';
import { GUIDES } from '../../app/route-table';
import { RouterLink } from '../../components/router-link';
import { SimplePage } from '../public/simple-page';
import { GUIDE_CONTENT } from './guide-content';

export function GuidePage() {
  const { pathname } = useLocation();
  const slug = GUIDES.find((g) => pathname.replace(/\/+$/, '') === `/guides/${g}`);
  const guide = slug ? GUIDE_CONTENT[slug] : undefined;
  if (!guide) {
    return (
      <SimplePage title="Guide not found" testId="guide-page">
        <RouterLink href="/guides">All guides</RouterLink>
      </SimplePage>
    );
  }
  return (
    <SimplePage title={guide.title} description={guide.summary} testId="guide-page">
      {guide.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <RouterLink href="/guides">All guides</RouterLink>
    </SimplePage>
  );
}
