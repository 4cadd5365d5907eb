import { z } from 'zod';
import { hasIsrcShape, normaliseIsrc } from '../identifiers.js';

/**
 * What a label sends the distributor's team: SoundCloud whitelisting, YouTube claims and marketing pitches.
 * Every list and text is bounded here, before the catalogue is read.
 */

/** The genres a pitch may name, per kind of pitch: the editorial categories stores pitch to. */
export const MARKETING_GENRES = {
  album_ep: [
    'Alternative',
    'Blues',
    'Classical',
    'Country',
    'Dance / Electronic',
    'Folk / Acoustic',
    'Hip-Hop / Rap',
    'Indie',
    'Jazz',
    'Latin',
    'Metal',
    'Pop',
    'Punk',
    'R&B / Soul',
    'Reggae',
    'Rock',
    'Singer-Songwriter',
    'Soundtrack',
    'World',
  ],
  single: [
    'Alternative',
    'Afrobeats',
    'Country',
    'Dance / Electronic',
    'Drum & Bass',
    'Folk / Acoustic',
    'Hip-Hop / Rap',
    'House',
    'Indie',
    'K-Pop',
    'Latin',
    'Pop',
    'R&B / Soul',
    'Rock',
    'Techno',
  ],
  official_video: [
    'Alternative',
    'Dance / Electronic',
    'Hip-Hop / Rap',
    'Indie',
    'Latin',
    'Pop',
    'R&B / Soul',
    'Rock',
    'Live performance',
    'Animation',
  ],
} as const;
export type MarketingKind = keyof typeof MARKETING_GENRES;

/** The instruments a pitch may name: editors listen for them. */
export const MARKETING_INSTRUMENTS = [
  'Acoustic guitar',
  'Electric guitar',
  'Bass',
  'Drums',
  'Drum machine',
  'Percussion',
  'Piano',
  'Keyboards',
  'Synths',
  'Strings',
  'Brass',
  'Woodwind',
  'Vocals',
  'Samples',
  'Turntables',
] as const;

const MAX_LINKS = 20;
const MAX_ISRCS = 50;

const YOUTUBE_VIDEO = /^https:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|shorts\/)|youtu\.be\/)[\w-]{11}([?&#].*)?$/;
const YOUTUBE_CHANNEL = /^https:\/\/(www\.|m\.)?youtube\.com\/(channel\/UC[\w-]{22}|@[\w.-]{3,30})\/?$/;
const SOUNDCLOUD = /^https:\/\/(www\.|m\.)?soundcloud\.com\/[\w-]+(\/[\w-]+)*\/?([?#].*)?$/;

/** A list of links, each on its own: the first one not of the right kind is named in the refusal. */
const links = (pattern: RegExp, what: string) =>
  z
    .array(z.string().trim().max(300, 'A link must be at most 300 characters'))
    .min(1, `Add at least one ${what}`)
    .max(MAX_LINKS, `At most ${MAX_LINKS} links`)
    .superRefine((urls, ctx) => {
      const bad = urls.find((url) => !pattern.test(url));
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `${bad || 'An empty line'} is not a ${what}` });
    });

/** ISRCs as typed (with or without dashes), kept once each in the normal form; the server checks they are the company's. */
const isrcs = z
  .array(z.string().trim().max(20))
  .max(MAX_ISRCS, `At most ${MAX_ISRCS} ISRCs`)
  .transform((codes) => [...new Set(codes.map(normaliseIsrc).filter(Boolean))])
  .superRefine((codes, ctx) => {
    const bad = codes.find((code) => !hasIsrcShape(code));
    if (bad) ctx.addIssue({ code: 'custom', message: `${bad} is not an ISRC (e.g. GB-AAA-05-00001)` });
  });

const labelId = z.string().trim().min(1, 'Choose a label').max(80);
/** A day the form needs: left empty (or not sent), it is asked for by name rather than called a malformed date. */
// One schema (not a pipe), so the API's documentation still says the field is a date.
const date = (what: string) =>
  z.iso.date({
    error: (issue) =>
      issue.input === undefined || (typeof issue.input === 'string' && issue.input.trim() === '')
        ? `${what} is required`
        : `${what} must be a date (YYYY-MM-DD)`,
  });
const notes = z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional();

/** POST /label_mailers/soundcloud_whitelist: the label's own accounts, or third-party uploads per ISRC. */
export const soundcloudWhitelist = z.strictObject({
  form: z
    .strictObject({
      label_id: labelId,
      type_of_form: z.enum(['own_accounts', 'third_party'], 'Choose own accounts or third-party uploads'),
      soundcloud_urls: links(SOUNDCLOUD, 'SoundCloud link'),
      isrcs: isrcs.optional(),
      whitelist_date: date('Whitelist date'),
      notes,
    })
    .superRefine((form, ctx) => {
      // Third-party uploads are whitelisted per recording: without ISRCs the team cannot tell which.
      if (form.type_of_form === 'third_party' && !form.isrcs?.length)
        ctx.addIssue({ code: 'custom', path: ['isrcs'], message: 'Add the ISRCs of the third-party uploads' });
    }),
});
export type SoundcloudWhitelistForm = z.infer<typeof soundcloudWhitelist>['form'];

/**
 * POST /label_mailers/youtube_claim: release claims on videos (by video link and song), or allowlist channels
 * (by channel link; an allowlist stops future claims, it does not release past ones).
 */
export const youtubeClaim = z.strictObject({
  form: z
    .strictObject({
      label_id: labelId,
      /** Filled from the label on the server; accepted so the form can send what it shows. */
      label_name: z.string().trim().max(200).optional(),
      type_of_form: z.enum(['release_claim', 'allowlist'], 'Choose release claims or allowlist a channel'),
      video_urls: z.array(z.string().trim().max(300)).max(MAX_LINKS, `At most ${MAX_LINKS} links`),
      isrcs: isrcs.refine((codes) => codes.length > 0, 'Add the ISRC of each song claimed'),
      timestamps: z.string().trim().max(1000, 'Timestamps must be at most 1000 characters').optional(),
      policy: z.enum(['monetize', 'track', 'block'], 'Policy must be one of: Monetise, Track, Block'),
    })
    .superRefine((form, ctx) => {
      const [pattern, what] =
        form.type_of_form === 'allowlist'
          ? [YOUTUBE_CHANNEL, 'YouTube channel link']
          : [YOUTUBE_VIDEO, 'YouTube video link'];
      const parsed = links(pattern, what).safeParse(form.video_urls);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['video_urls'], message: parsed.error.issues[0]?.message ?? what });
    }),
});
export type YoutubeClaimForm = z.infer<typeof youtubeClaim>['form'];

const pitch = z
  .string()
  .trim()
  .min(20, 'Write a pitch of at least 20 characters')
  .max(500, 'The pitch must be at most 500 characters');

/** A pitch's genres: one to three from its kind's list. */
const genresOf = (kind: MarketingKind) =>
  z
    .array(z.enum(MARKETING_GENRES[kind] as unknown as [string, ...string[]], 'Choose genres from the list'))
    .min(1, 'Choose at least one genre')
    .max(3, 'Choose at most 3 genres');
const instruments = z
  .array(z.enum(MARKETING_INSTRUMENTS, 'Choose instruments from the list'))
  .max(8, 'Choose at most 8 instruments')
  .default([]);

const pitchFields = (kind: MarketingKind) => ({
  label_id: labelId,
  release_id: z.string().trim().min(1, 'Choose a release').max(80),
  release_date: date('Release date'),
  genres: genresOf(kind),
  instruments,
  pitch,
  notes,
});

/**
 * The focus track editors start from: one of the release's recordings, by its id (the server checks it is on the
 * release and keeps its title beside it, so the request reads the same if the recording is renamed later).
 */
const focusTrackId = z.string().trim().max(80);

/** POST /marketing/album_ep_email: the focus track editors start from, and when tracks go out before the release. */
export const albumEpPitch = z.strictObject({
  form: z
    .strictObject({
      ...pitchFields('album_ep'),
      focus_track_id: focusTrackId.min(1),
      instant_grat_date: z.union([z.literal(''), date('Instant-grat date')]).optional(),
    })
    .superRefine((form, ctx) => {
      if (form.instant_grat_date && form.instant_grat_date >= form.release_date)
        ctx.addIssue({
          code: 'custom',
          path: ['instant_grat_date'],
          message: 'The instant-grat date must be before the release date',
        });
    }),
});
/** POST /marketing/standalone_single_email. */
export const singlePitch = z.strictObject({
  form: z.strictObject({ ...pitchFields('single'), focus_track_id: focusTrackId.optional() }),
});
/** POST /marketing/official_video_email: the video's link and its premiere (its release date). */
export const officialVideoPitch = z.strictObject({
  form: z.strictObject({
    ...pitchFields('official_video'),
    video_url: z.string().trim().max(300).regex(YOUTUBE_VIDEO, 'Enter the video’s YouTube link'),
  }),
});
export type PitchForm = z.infer<typeof albumEpPitch>['form'] | z.infer<typeof singlePitch>['form'];

/** PATCH /distribution/marketing/{id}: the team moves a request on; a refusal says why. */
export const requestMove = z
  .strictObject({
    status: z.enum(['in_progress', 'done', 'refused'], 'Choose in progress, done or refused'),
    reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
  })
  .superRefine((move, ctx) => {
    if (move.status === 'refused' && !move.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the request is refused' });
  });

/** PATCH /distribution/marketing_settings: pitches are due this many weeks before release. */
export const marketingSettings = z.strictObject({
  lead_weeks: z.number().int('Weeks must be a whole number').min(0).max(26, 'At most 26 weeks'),
});

/** GET /calendar: a window of at most about a year, and optionally one label. */
export const calendarQuery = z
  .strictObject({
    from: date('From'),
    to: date('To'),
    label_id: z.string().trim().max(80).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'To must not be before From' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    path: ['to'],
    message: 'Choose at most a year',
  });
