import { formatDate } from '../../shared/format.js';
import { today } from './today.js';
import { afterAnswer } from '../lib/after-answer.js';
import { madeOnce } from '../lib/made-once.js';
import type { z } from 'zod';
import type { promoFeedbackInput } from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import type { PromoItem, PromoRecipientItem } from '../data/entities/promo.js';
import type { ReleaseArtwork, RecordingAudio } from '../data/entities/catalogue.js';
import { Conflict, Forbidden, HttpError, InvalidField, NotFound } from '../lib/errors.js';
import { presignDownload } from '../uploads/presign.js';
import { readAccessToken, secretMatches } from '../lib/secret-links.js';
import { downloadSource } from './download-files.js';
import { queuePromoAudio } from './queue.js';
import { type DownloadFormat, tracedDownload } from './tracing.js';

/**
 * The public promo page, reached only through a recipient's own link (no sign-in). The link is checked
 * on every call: the promo id, the recipient's row on that promo, the secret against its stored hash in
 * constant time, then revocation, the start and the expiry dates. Each refusal says what is wrong in words.
 */
class Gone extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

const WRONG_LINK = 'This promo link is not valid. Check that you opened the whole link from your e-mail.';

/**
 * The promo and its tracks (with their presigned preview and cover links), kept per promo for a few
 * seconds in this process: fifty recipients opening the page at once would otherwise each read the
 * same promo, release and recordings. Safe because a promo that has recipients is sent, and a sent
 * promo's fields (dates, tracks) no longer change; what a recipient may do (revoked, downloads left,
 * feedback) is read from their own row on every call. The links are presigned for far longer.
 */
const PROMO_CACHE_MS = 15_000;
const PROMO_CACHE_MAX = 500;
/** A sent promo as read, and its tracks' previews, presigned once for every recipient who opens it meanwhile. */
type CachedPromo = { at: number; promo: PromoItem; previews: () => ReturnType<typeof previews> };
const promoCache = new Map<string, CachedPromo>();

async function cachedPromo(promoId: string): Promise<CachedPromo | null> {
  const hit = promoCache.get(promoId);
  if (hit && Date.now() - hit.at < PROMO_CACHE_MS) return hit;
  const promo = await data.findPromoById(promoId);
  if (!promo) return null;
  if (promoCache.size >= PROMO_CACHE_MAX) promoCache.clear();
  const entry = { at: Date.now(), promo, previews: madeOnce(() => previews(promo)) };
  // Only a promo that has been sent is kept: a draft's fields may still change.
  if (promo.status !== 'draft') promoCache.set(promoId, entry);
  return entry;
}

/** The promo and the recipient a link opens, or the refusal the link earns. */
async function openLink(
  promoId: string,
  accessToken: string,
): Promise<{ promo: PromoItem; recipient: PromoRecipientItem; cached: CachedPromo }> {
  const token = readAccessToken(accessToken);
  if (!token) throw NotFound.saying(WRONG_LINK);
  // The promo id alone names no company; the recipient row under the promo is found through its scan-free key below.
  const cached = await cachedPromo(promoId);
  if (!cached) throw NotFound.saying(WRONG_LINK);
  const found = cached.promo;
  const recipient = await data.getRecipient(found.tenantId, promoId, token.recipientId);
  if (!recipient || !linkMatches(token.secret, recipient)) throw NotFound.saying(WRONG_LINK);
  if (recipient.revoked) throw new Forbidden('This promo link has been withdrawn by the label.');
  if (found.start_date > today()) throw new Forbidden(`This promo opens on ${formatDate(found.start_date)}.`);
  if (found.expiry_date < today()) throw new Gone(`This promo expired on ${formatDate(found.expiry_date)}.`);
  return { promo: found, recipient, cached };
}

/** A recipient's link is the one of their last mail, or of an earlier one (a follow-up mails a new link). */
const linkMatches = (secret: string, recipient: PromoRecipientItem) =>
  [recipient.token_hash, ...(recipient.earlier_token_hashes ?? [])].some((hash) => secretMatches(secret, hash));

async function previews(promo: PromoItem) {
  const { release, recordings } = (await data.promoRelease(promo.tenantId, promo.release_id)) ?? {
    release: null,
    recordings: [],
  };
  const chosen = recordings.filter((r) => promo.recording_ids.includes(r.id));
  const tracks = await Promise.all(
    chosen.map(async (r) => {
      const audio = r.audio as RecordingAudio | undefined;
      const ready = audio?.status === 'ready' && audio.preview_key;
      return {
        id: r.id,
        title: r.title,
        artists: r.display_artists ?? null,
        duration_ms: audio?.duration_ms ?? null,
        preview_url: ready ? await presignDownload(audio.preview_key as string) : null,
        // Every original can be downloaded as WAV: AIFF and FLAC ones are converted (download-files.ts).
        wav: Boolean(ready),
      };
    }),
  );
  const artwork = release?.artwork as ReleaseArtwork | undefined;
  // The label the promo comes from, with its logo: a recipient sees whose promo this is before anything else.
  const label = await data.promoLabel(promo.tenantId, release?.label_id);
  const logo = label?.logo?.key ? label.logo : null;
  return {
    tracks,
    cover_url: artwork ? await presignDownload(artwork.medium_key, 'image/jpeg') : null,
    label: label
      ? {
          name: label.name,
          logo_url: logo?.key ? await presignDownload(logo.key, logo.content_type ?? 'image/png') : null,
        }
      : null,
  };
}

/** GET: the page's data; the first view marks the recipient as having opened it. */
export async function viewPromo(promoId: string, accessToken: string) {
  const { promo, recipient, cached } = await openLink(promoId, accessToken);
  // Shared with the views that come while the promo is kept; a failed read is not kept, the next view tries again.
  const previewsRead = cached.previews();
  // The open is counted once the answer is on its way: the page never waits for it (an open is an analytic,
  // shown as unreliable, never money), and fifty recipients opening at once wait only for their reads.
  afterAnswer(() =>
    data.patchRecipient(
      promo.tenantId,
      promo.id,
      recipient.id,
      recipient.opened_at ? {} : { opened_at: new Date().toISOString() },
      { opens: 1 },
    ),
  );
  const { tracks, cover_url, label } = await previewsRead;
  return {
    promo: {
      id: promo.id,
      title: promo.title,
      artists: promo.artists ?? null,
      biog: promo.biog ?? null,
      release_date: promo.release_date ?? null,
      expiry_date: promo.expiry_date,
      access: promo.access,
      feedback_required: promo.feedback_required,
      cover_url,
      label,
      tracks,
    },
    recipient: {
      name: recipient.name ?? null,
      feedback: recipient.feedback ?? null,
      downloads_left: promo.access === 'download' ? Math.max(0, promo.download_limit - (recipient.downloads ?? 0)) : 0,
    },
  };
}

function requireTrack(promo: PromoItem, recordingId: string) {
  if (!promo.recording_ids.includes(recordingId))
    throw new InvalidField('recording_id', 'This track is not on the promo');
}

/** POST plays: the player counts a play of a track for this recipient (streams, not page views, are what count). */
export async function countPlay(promoId: string, accessToken: string, recordingId: string) {
  const { promo, recipient } = await openLink(promoId, accessToken);
  requireTrack(promo, recordingId);
  await data.countPlay(promo.tenantId, promo.id, recipient.id, recordingId);
  return { counted: true };
}

export async function giveFeedback(
  promoId: string,
  accessToken: string,
  feedback: z.output<typeof promoFeedbackInput>,
) {
  const { promo, recipient } = await openLink(promoId, accessToken);
  if (feedback.favourite_recording_id) {
    if (!promo.recording_ids.includes(feedback.favourite_recording_id))
      throw new InvalidField('favourite_recording_id', 'This track is not on the promo');
  }
  await data.patchRecipient(promo.tenantId, promo.id, recipient.id, {
    feedback: { ...feedback, given_at: new Date().toISOString() },
  });
  return { message: 'Thank you for your feedback' };
}

/**
 * POST downloads: a short-lived link to the track as MP3 (320 kbps) or WAV (the original, or made from an
 * AIFF or FLAC original), made for this recipient, when the promo allows downloads, the feedback it
 * requires was given, and the recipient has downloads left (taken by a conditional write, so two clicks
 * at once cannot pass the limit). A file not made yet takes no download: the promo audio job is queued
 * again (it makes only what is missing) and the recipient is asked to try again shortly.
 */
export async function downloadTrack(promoId: string, accessToken: string, recordingId: string, format: DownloadFormat) {
  const { promo, recipient } = await openLink(promoId, accessToken);
  requireTrack(promo, recordingId);
  if (promo.access !== 'download') throw new Forbidden('This promo is for streaming only.');
  if (promo.feedback_required && !recipient.feedback)
    throw new Forbidden('Please leave your feedback first: the label asks for it before a download.');
  const recording = (await data.promoRelease(promo.tenantId, promo.release_id))?.recordings.find(
    (r) => r.id === recordingId,
  );
  const audio = recording?.audio as RecordingAudio | undefined;
  if (audio?.status !== 'ready' || !audio.preview_key) throw NotFound.saying('This track has no file to download yet.');
  const bytes = await downloadSource(promo.tenantId, recordingId, audio, format);
  if (!bytes) {
    await queuePromoAudio({ tenantId: promo.tenantId, promoId: promo.id });
    throw new Conflict('This download is still being prepared. Please try again in a minute.');
  }
  if (!(await data.takeDownload(promo.tenantId, promo.id, recipient.id, promo.download_limit)))
    throw new Forbidden(`You have used all ${promo.download_limit} of your downloads of this promo.`);
  const ids = { promoId: promo.id, recipientId: recipient.id, recordingId };
  const track = [recording?.display_artists || promo.artists, recording?.title].filter(Boolean).join(' - ');
  return { url: await tracedDownload(promo.tenantId, ids, { bytes, format }, track) };
}

/** GET cover: the mail's cover image, through the recipient's link (sent to a fresh presigned address). */
export async function coverLink(promoId: string, accessToken: string): Promise<string> {
  const { promo } = await openLink(promoId, accessToken);
  const artwork = (await data.promoRelease(promo.tenantId, promo.release_id))?.release.artwork as
    | ReleaseArtwork
    | undefined;
  if (!artwork) throw NotFound.saying('This promo has no cover.');
  return presignDownload(artwork.medium_key, 'image/jpeg');
}

/**
 * POST (RFC 8058 one-click, and the page's button): the address is never mailed again by this company.
 * A replayed unsubscribe changes nothing. A revoked or expired link still unsubscribes: leaving must always work.
 */
export async function unsubscribe(promoId: string, accessToken: string) {
  const token = readAccessToken(accessToken);
  const promo = token ? await data.findPromoById(promoId) : null;
  const recipient = promo && token ? await data.getRecipient(promo.tenantId, promoId, token.recipientId) : null;
  if (!promo || !token || !recipient || !linkMatches(token.secret, recipient)) throw NotFound.saying(WRONG_LINK);
  await data.suppressAddress(promo.tenantId, recipient.email, 'unsubscribed');
  return { message: 'You are unsubscribed: this label will not send you promos again.' };
}
