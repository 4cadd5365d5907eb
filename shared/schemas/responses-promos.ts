import { z } from 'zod';
import { count } from './responses.js';

/**
 * The answers of sending promos and of what their recipients did, of the recipients’ public page, and of smart links’
 * and label stores’ public pages (declared in the OpenAPI document and checked against real answers by the
 * response-schema tests).
 */

/** A send started: how many were queued, how many had it already, how many addresses were left out (suppressed). */
export const promoSentResponse = z.looseObject({
  message: z.string(),
  queued: count,
  already_sent: count,
  suppressed: count,
});
/** A follow-up started: how many people it is being mailed to. */
export const promoFollowUpResponse = z.looseObject({ message: z.string(), queued: count });
/** A send scheduled for later: when (UTC), and the notice. */
export const promoScheduledResponse = z.looseObject({ message: z.string(), send_at: z.string() });

const feedback = z.looseObject({
  rating: z.number().int().min(1).max(5),
  support: z.enum(['yes', 'maybe', 'no']),
});

/** What each recipient did (plays and downloads count; opens are unreliable) and the send's summary. */
export const promoRecipientsResponse = z.looseObject({
  recipients: z.array(
    z
      .looseObject({
        id: z.string(),
        email: z.string(),
        name: z.string().nullable(),
        status: z.string(),
        revoked: z.boolean(),
        mailed_at: z.string().nullable(),
        followed_up_at: z.string().nullable(),
        opened: z.boolean(),
        plays: z.record(z.string(), z.number().int().min(0)),
        play_count: count,
        downloads: count,
        feedback: feedback.nullable(),
        delivered_at: z.string().nullable(),
        bounced: z.boolean(),
        complained: z.boolean(),
        mail_opens: count,
        mail_clicks: count,
      })
      .meta({ id: 'PromoRecipient' }),
  ),
  summary: z.looseObject({
    recipients: count,
    delivered: count,
    bounced: count,
    complained: count,
    bounce_rate: z.string().nullable(),
    complaint_rate: z.string().nullable(),
    opened: count,
    played: count,
    downloaded: count,
    feedback: count,
    average_rating: z.string().nullable(),
  }),
  total_count: count,
  total_pages: count,
});
/** The recipients as a CSV file's text (formula-safe), with the name to save it under. */
export const promoRecipientsCsvResponse = z.looseObject({ filename: z.string(), csv: z.string() });

/** A recipient's promo page: the promo, its tracks (previews when their audio is ready) and the recipient's state. */
export const promoPageResponse = z.looseObject({
  promo: z.looseObject({
    id: z.string(),
    title: z.string(),
    artists: z.string().nullable(),
    expiry_date: z.string(),
    access: z.enum(['stream', 'download']),
    feedback_required: z.boolean(),
    cover_url: z.string().nullable(),
    /** The label the promo comes from (its release's label), with its logo when it has one. */
    label: z.looseObject({ name: z.string(), logo_url: z.string().nullable() }).nullable(),
    tracks: z.array(
      z.looseObject({
        id: z.string(),
        title: z.string().nullable(),
        duration_ms: z.number().nullable(),
        preview_url: z.string().nullable(),
        wav: z.boolean(),
      }),
    ),
  }),
  recipient: z.looseObject({
    name: z.string().nullable(),
    feedback: feedback.nullable(),
    downloads_left: count,
  }),
});
/** A play counted. */
export const playCountedResponse = z.looseObject({ counted: z.literal(true) });
/** A mail template rendered with sample content, as HTML and plain text. */
export const renderedMailResponse = z.looseObject({ html: z.string(), text: z.string() });

/** A smart link's public page: the release, a button per store with an address for the visitor's country. */
export const linkPageResponse = z.looseObject({
  smart_link: z.looseObject({
    title: z.string(),
    artists: z.string().nullable(),
    release_date: z.string().nullable(),
    cover_url: z.string().nullable(),
    buttons: z.array(z.looseObject({ key: z.string(), name: z.string(), href: z.string() })),
    auto_redirect: z.string().nullable(),
    notify_me: z.boolean(),
  }),
});
/** A label's public store page: its releases with a smart link, newest first. */
export const labelStorePageResponse = z.looseObject({
  store: z.looseObject({
    name: z.string(),
    biog: z.string().nullable(),
    releases: z.array(
      z.looseObject({
        title: z.string(),
        artists: z.string().nullable(),
        release_date: z.string().nullable(),
        cover_url: z.string().nullable(),
        path: z.string(),
      }),
    ),
  }),
});
