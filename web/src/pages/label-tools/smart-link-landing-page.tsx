import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { api, errorMessage } from '../../app/api';

type LandingPage = {
  smart_link: {
    title: string;
    artists: string | null;
    release_date: string | null;
    cover_url: string | null;
    buttons: { key: string; name: string; href: string }[];
    auto_redirect: string | null;
  };
};

/**
 * Where the fan came from, passed to the store button's redirect: the button's own request names this page as
 * its referrer, so the page hands on the site that sent the fan here (host name only).
 */
function withReferrer(href: string): string {
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    return host && host !== window.location.hostname ? `${href}?ref=${encodeURIComponent(host)}` : href;
  } catch {
    return href;
  }
}

/** The public landing page `/l/:slug` of a smart link: the cover and one button per store, no sign-in. */
export function SmartLinkLandingPage() {
  const { slug = '' } = useParams();
  const [page, setPage] = useState<LandingPage['smart_link'] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    api
      .get<LandingPage>(`/link_pages/${encodeURIComponent(slug)}`, { auth: false })
      .then(({ smart_link }) => {
        // A link that says so sends the fan straight on to its store (the redirect counts the click).
        if (smart_link.auto_redirect) window.location.replace(withReferrer(smart_link.auto_redirect));
        else setPage(smart_link);
      })
      .catch((failure) => setRefusal(errorMessage(failure)));
  }, [slug]);
  if (refusal)
    return (
      <Alert type="error" header="This link cannot be opened">
        {refusal}
      </Alert>
    );
  if (!page) return <Box>Opening the link…</Box>;
  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Container
        media={
          page.cover_url
            ? { content: <img src={page.cover_url} alt={`Cover of ${page.title}`} />, position: 'top' }
            : undefined
        }
      >
        <SpaceBetween size="m">
          <div>
            <Box variant="h1" data-testid="smart-link-title">
              {page.title}
            </Box>
            {page.artists && <Box color="text-body-secondary">{page.artists}</Box>}
            {page.release_date && <Box color="text-body-secondary">Out {formatDate(page.release_date)}</Box>}
          </div>
          {page.buttons.length === 0 && <Box color="text-status-inactive">Not in any store yet</Box>}
          {page.buttons.map((button) => (
            <Button key={button.key} href={withReferrer(button.href)} fullWidth data-testid={`store-${button.key}`}>
              {button.name}
            </Button>
          ))}
        </SpaceBetween>
      </Container>
    </div>
  );
}
