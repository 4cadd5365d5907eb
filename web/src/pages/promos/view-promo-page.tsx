import { CoverImage } from '../../components/cover-image.js';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { api, errorMessage } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { errorsOf, fieldError, type Feedback } from './promo-types';

type Track = { id: string; title: string; artists: string | null; preview_url: string | null; wav: boolean };
type PromoPage = {
  promo: {
    title: string;
    artists: string | null;
    biog: string | null;
    release_date: string | null;
    expiry_date: string;
    access: 'stream' | 'download';
    feedback_required: boolean;
    cover_url: string | null;
    label: { name: string; logo_url: string | null } | null;
    tracks: Track[];
  };
  recipient: { name: string | null; feedback: Feedback | null; downloads_left: number };
};

const ratings = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} / 5` }));
const supports = (['yes', 'maybe', 'no'] as const).map((value) => ({
  value,
  label: displayLabel(`promo_support_${value}`),
}));

function FeedbackForm({
  base,
  tracks,
  given,
  onGiven,
}: {
  base: string;
  tracks: Track[];
  given: Feedback | null;
  onGiven: () => void;
}) {
  const [rating, setRating] = useState(given ? String(given.rating) : '');
  const [support, setSupport] = useState<string>(given?.support ?? '');
  const [favourite, setFavourite] = useState(given?.favourite_recording_id ?? '');
  const [comment, setComment] = useState(given?.comment ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [said, setSaid] = useState<string | null>(null);
  const trackOptions = tracks.map((t) => ({ value: t.id, label: t.title }));
  const send = async () => {
    try {
      const answer = await api.post<{ message: string }>(
        `${base}/feedback`,
        {
          rating: Number(rating),
          support,
          ...(favourite ? { favourite_recording_id: favourite } : {}),
          ...(comment ? { comment } : {}),
        },
        { auth: false },
      );
      setErrors({});
      setSaid(answer.message);
      onGiven();
    } catch (failure) {
      setErrors(errorsOf(failure));
      setSaid(errorMessage(failure));
    }
  };
  return (
    // The mail's feedback button opens the page here (#feedback).
    <Container header={<Header variant="h2">Your feedback</Header>} id="feedback">
      <SpaceBetween size="m">
        <ColumnLayout columns={3}>
          <FormField label="Rating" errorText={fieldError(errors, 'rating')}>
            <Select
              data-testid="feedback-rating"
              selectedOption={ratings.find((o) => o.value === rating) ?? null}
              options={ratings}
              placeholder="Choose"
              onChange={(e) => setRating(e.detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label="Will you support it?" errorText={fieldError(errors, 'support')}>
            <Select
              data-testid="feedback-support"
              selectedOption={supports.find((o) => o.value === support) ?? null}
              options={supports}
              placeholder="Choose"
              onChange={(e) => setSupport(e.detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label="Favourite track" errorText={fieldError(errors, 'favourite_recording_id')}>
            <Select
              selectedOption={trackOptions.find((o) => o.value === favourite) ?? null}
              options={trackOptions}
              placeholder="Choose"
              onChange={(e) => setFavourite(e.detail.selectedOption.value ?? '')}
            />
          </FormField>
        </ColumnLayout>
        <FormField label="Comment" errorText={fieldError(errors, 'comment')}>
          <Textarea value={comment} onChange={(e) => setComment(e.detail.value)} data-testid="feedback-comment" />
        </FormField>
        <Button variant="primary" onClick={send} data-testid="send-feedback">
          Send feedback
        </Button>
        {said && <Box>{said}</Box>}
      </SpaceBetween>
    </Container>
  );
}

/** One track: the preview player (a play is counted once per page view) and, when allowed, MP3 and WAV downloads. */
function TrackRow({
  base,
  track,
  canDownload,
  onError,
}: {
  base: string;
  track: Track;
  canDownload: boolean;
  onError: (m: string) => void;
}) {
  const counted = useRef(false);
  const countPlay = () => {
    if (counted.current) return;
    counted.current = true;
    void api.post(`${base}/plays`, { recording_id: track.id }, { auth: false }).catch(() => undefined);
  };
  const download = async (format: 'mp3' | 'wav') => {
    try {
      const body = { recording_id: track.id, format };
      const { url } = await api.post<{ url: string }>(`${base}/downloads`, body, { auth: false });
      window.location.assign(url);
    } catch (failure) {
      onError(errorMessage(failure));
    }
  };
  return (
    <SpaceBetween size="xs">
      <Box variant="h3">{track.title}</Box>
      {track.preview_url ? (
        // biome-ignore lint/a11y/useMediaCaption: a music preview has no words to caption
        <audio controls preload="none" src={track.preview_url} onPlay={countPlay} data-testid="promo-player" />
      ) : (
        <Box color="text-status-inactive">No preview yet</Box>
      )}
      {canDownload && (
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => download('mp3')} data-testid="download-track">
            Download MP3 (320 kbps)
          </Button>
          {track.wav && (
            <Button onClick={() => download('wav')} data-testid="download-wav">
              Download WAV
            </Button>
          )}
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}

/** The public promo page `/promo/:id/:accessToken`: what a recipient's own link opens, no sign-in. */
/** What the promo says about the release: its date, the label's words and how long the link works. */
function PromoAbout({ promo }: { promo: PromoPage['promo'] }) {
  return (
    <SpaceBetween size="s">
      {promo.release_date && <Box>{`Out ${formatDate(promo.release_date)}`}</Box>}
      {/* The biog as the label typed it: its paragraphs and line breaks kept. */}
      <Box>
        <span style={{ whiteSpace: 'pre-line' }} data-testid="promo-biog">
          {promo.biog}
        </span>
      </Box>
      <Box color="text-body-secondary">{`This link is yours alone and works until ${formatDate(promo.expiry_date)}.`}</Box>
    </SpaceBetween>
  );
}

export function ViewPromoPage() {
  const { id = '', accessToken = '' } = useParams();
  const base = `/promo_pages/${encodeURIComponent(id)}/${encodeURIComponent(accessToken)}`;
  const [page, setPage] = useState<PromoPage | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .get<PromoPage>(base, { auth: false })
      .then(setPage)
      .catch((failure) => setRefusal(errorMessage(failure)));
  }, [base]);
  useEffect(load, [load]);
  const unsubscribe = async () => {
    try {
      setNotice(
        (
          await api.post<{ message: string }>(
            `/promo_unsubscribe/${encodeURIComponent(id)}/${encodeURIComponent(accessToken)}`,
            undefined,
            { auth: false },
          )
        ).message,
      );
    } catch (failure) {
      setNotice(errorMessage(failure));
    }
  };
  if (refusal)
    return (
      <Alert type="error" header="This promo cannot be opened">
        {refusal}
      </Alert>
    );
  if (!page) return <Box>Opening the promo…</Box>;
  const { promo, recipient } = page;
  const mayDownload =
    promo.access === 'download' &&
    recipient.downloads_left > 0 &&
    (!promo.feedback_required || Boolean(recipient.feedback));
  return (
    <SpaceBetween size="l">
      {promo.label ? (
        // Whose promo this is, before anything else: the label's logo and name.
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          {promo.label.logo_url ? (
            <img className="promo-label-logo" src={promo.label.logo_url} alt={`${promo.label.name} logo`} />
          ) : null}
          <Box variant="h3" data-testid="promo-label">{`From ${promo.label.name}`}</Box>
        </SpaceBetween>
      ) : null}
      <Header variant="h1" description={promo.artists ?? undefined}>
        {promo.title}
      </Header>
      {notice && (
        <Alert type="info" dismissible onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {promo.cover_url ? (
        <ColumnLayout columns={2}>
          <CoverImage src={promo.cover_url} alt={`Cover of ${promo.title}`} maxWidth={320} />
          <PromoAbout promo={promo} />
        </ColumnLayout>
      ) : (
        // Without cover art the words take the page's width, not the right half beside an empty one.
        <PromoAbout promo={promo} />
      )}
      <Container header={<Header variant="h2">Listen</Header>}>
        <SpaceBetween size="l">
          {promo.tracks.map((track) => (
            <TrackRow key={track.id} base={base} track={track} canDownload={mayDownload} onError={setNotice} />
          ))}
          {promo.access === 'download' && !mayDownload && (
            <Box color="text-body-secondary">
              {recipient.downloads_left === 0
                ? 'You have used all your downloads of this promo.'
                : 'Leave your feedback below to download the tracks.'}
            </Box>
          )}
        </SpaceBetween>
      </Container>
      <FeedbackForm base={base} tracks={promo.tracks} given={recipient.feedback} onGiven={load} />
      <Button variant="link" onClick={unsubscribe}>
        Unsubscribe from this label’s promos
      </Button>
    </SpaceBetween>
  );
}
