import { CoverImage } from '../../components/cover-image.js';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { ApiError, api, errorMessage } from '../../app/api';

type LandingPage = {
  smart_link: {
    title: string;
    artists: string | null;
    release_date: string | null;
    cover_url: string | null;
    buttons: { key: string; name: string; href: string }[];
    auto_redirect: string | null;
    /** Before release day: the fan may leave an address to be mailed when it is out. */
    notify_me: boolean;
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
            ? { content: <CoverImage src={page.cover_url} alt={`Cover of ${page.title}`} />, position: 'top' }
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
          {page.notify_me && <NotifyMe slug={slug} />}
        </SpaceBetween>
      </Container>
    </div>
  );
}

/**
 * "Notify me": the fan's address and their explicit consent (the box starts unticked and must be ticked),
 * for one mail on release day.
 */
function NotifyMe({ slug }: { slug: string }) {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api.post<{ message: string }>(
        `/link_pages/${encodeURIComponent(slug)}/fans`,
        { fan: { email, consent } },
        { auth: false },
      );
      setDone(answer.message);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      setErrors({ email: fields['fan.email']?.[0] ?? '', consent: fields['fan.consent']?.[0] ?? '' });
      if (!fields['fan.email'] && !fields['fan.consent']) setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <Alert type="success" data-testid="notify-me-done">
        {done}
      </Alert>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        header={<Box variant="h3">Tell me when it is out</Box>}
        errorText={failure}
        actions={
          <Button variant="primary" formAction="submit" loading={busy} data-testid="notify-me-send">
            Notify me
          </Button>
        }
      >
        <SpaceBetween size="s">
          <FormField label="E-mail" errorText={errors.email}>
            <Input
              type="email"
              value={email}
              onChange={({ detail }) => setEmail(detail.value)}
              data-testid="notify-me-email"
            />
          </FormField>
          <FormField errorText={errors.consent}>
            <Checkbox
              checked={consent}
              onChange={({ detail }) => setConsent(detail.checked)}
              data-testid="notify-me-consent"
            >
              E-mail me once, on release day, with where to listen. I can unsubscribe in one click.
            </Checkbox>
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** `/l/:slug/unsubscribe/:token`: the unsubscribe link of the release-day mail, one button (the API acts on POST only). */
export function FanUnsubscribePage() {
  const { slug = '', token = '' } = useParams();
  const [answer, setAnswer] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const leave = async () => {
    try {
      const done = await api.post<{ message: string }>(
        `/link_pages/${encodeURIComponent(slug)}/unsubscribe/${encodeURIComponent(token)}`,
        undefined,
        { auth: false },
      );
      setAnswer({ type: 'success', text: done.message });
    } catch (error) {
      setAnswer({ type: 'error', text: errorMessage(error) });
    }
  };
  return (
    <div style={{ maxWidth: 420, margin: '0 auto' }}>
      <Container header={<Box variant="h2">Unsubscribe</Box>}>
        <SpaceBetween size="m">
          {answer ? (
            <Alert type={answer.type} data-testid="fan-unsubscribed">
              {answer.text}
            </Alert>
          ) : (
            <>
              <Box>This label will not e-mail you again.</Box>
              <Button variant="primary" onClick={() => void leave()} data-testid="fan-unsubscribe">
                Unsubscribe
              </Button>
            </>
          )}
        </SpaceBetween>
      </Container>
    </div>
  );
}
