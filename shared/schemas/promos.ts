import { z } from 'zod';

/** What a mailing list member does: the words are in web/src/app/display-labels.ts. */
const MEMBER_ROLES = ['dj', 'press', 'radio', 'other'] as const;
const SUPPORT_ANSWERS = ['yes', 'maybe', 'no'] as const;
/** A CSV of members is bounded before it is read: 1 MB of text, 5,000 rows. */
const MAX_MEMBER_CSV_CHARS = 1_000_000;
export const MAX_MEMBER_CSV_ROWS = 5000;
/** One send reaches at most this many people (lists and single addresses together). */
export const MAX_RECIPIENTS_PER_SEND = 5000;

const shortText = (what: string, max = 200) =>
  z
    .string(`${what} is required`)
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be under ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const isoDate = (what: string) =>
  z
    .string(`${what} is required`)
    .trim()
    // A day of the calendar: 2026-13-45 is refused, not rolled into another day.
    .pipe(z.iso.date(`${what} must be a date (YYYY-MM-DD)`));
const emailAddress = z
  .string('Email is required')
  .trim()
  .toLowerCase()
  .max(254, 'Email must be under 254 characters')
  .pipe(z.email('Email is not a valid address'));

/** Tags of a list or a member, each refused in words (`whose`: "A list", "A member"). */
const tagList = (whose: string) =>
  z
    .array(
      z.string('Each tag must be text').trim().min(1, 'A tag is empty').max(40, 'Each tag must be under 40 characters'),
      'Tags must be a list',
    )
    .max(30, `${whose} has at most 30 tags`);

export const mailingListInput = z.strictObject({
  label_id: z.string().trim().min(1).max(64).optional(),
  name: shortText('Name'),
  description: z
    .string('Description must be text')
    .trim()
    .max(2000, 'Description must be under 2000 characters')
    .optional(),
  tags: tagList('A list').optional(),
  active: z.boolean().optional(),
});
export const mailingListUpdate = mailingListInput.partial();

/** A member's fields, each refused in words naming it (a CSV import says them per row and column). */
const memberName = z.string('Name must be text').trim().max(200, 'Name must be under 200 characters');
const memberRole = z.enum(MEMBER_ROLES, 'Role must be DJ, press, radio or other');
const memberCountry = z
  .string('Country must be text')
  .trim()
  .max(3, 'Country must be a country code such as GB (at most 3 letters)');
const memberTags = tagList('A member');

export const memberInput = z.strictObject({
  email: emailAddress,
  name: memberName.optional(),
  role: memberRole.default('dj'),
  country: memberCountry.optional(),
  tags: memberTags.optional(),
});
export type MemberInput = z.output<typeof memberInput>;

/**
 * A member's edit: only the fields sent change. An empty name or country, or no tags, clears them; a new
 * address moves the member to it (refused when the address is already on the list).
 */
export const memberUpdate = z.strictObject({
  email: emailAddress.optional(),
  name: memberName.optional(),
  role: memberRole.optional(),
  country: memberCountry.optional(),
  tags: memberTags.optional(),
});
export type MemberUpdate = z.output<typeof memberUpdate>;

/** A member in a path: the list's id and the member's address (URL-encoded), lower-cased as it is stored. */
export const memberParams = z.strictObject({
  id: z.string().min(1).max(80),
  email: z.string().trim().toLowerCase().min(1).max(254),
});

/** How many of the company's sent promos (newest first) are read for each member's last promo. */
export const LAST_MAILED_PROMOS = 50;

/** A CSV import answers at most this many problems; the rest are counted ("and N more problems"). */
export const MAX_REPORTED_CSV_PROBLEMS = 100;

export const memberCsvInput = z.strictObject({
  csv: z
    .string('CSV is required')
    .min(1, 'CSV is required')
    .max(MAX_MEMBER_CSV_CHARS, `The file is larger than ${MAX_MEMBER_CSV_CHARS / 1_000_000} MB`),
});

const promoFields = {
  subject: shortText('Subject', 200),
  title: shortText('Title', 200),
  artists: optionalText(500),
  biog: optionalText(10_000),
  release_date: isoDate('Release date').optional(),
  start_date: isoDate('Start date'),
  expiry_date: isoDate('Expiry date'),
  access: z.enum(['stream', 'download'], 'Access must be stream only or download'),
  download_limit: z
    .int('Downloads per recipient must be a whole number from 0 to 100')
    .min(0, 'Downloads per recipient must be a whole number from 0 to 100')
    .max(100, 'Downloads per recipient must be a whole number from 0 to 100'),
  feedback_required: z.boolean(),
  recording_ids: z.array(z.string().trim().min(1).max(64)).max(100),
  /** The label's mail template the promo is sent with; absent, the default one (null in an edit goes back to it). */
  template_id: z.string().trim().min(1).max(64).nullable().optional(),
};

export const promoUpdateInput = z.strictObject(promoFields).partial();
/** A new promo: only the release is required; every other field defaults from the release. */
export const promoCreateInput = promoUpdateInput.extend({ release_id: shortText('Release', 64) });

export const promoListQuery = z.strictObject({ release_id: z.string().trim().min(1).max(64).optional() });

/** Who a follow-up is mailed to: recipients who have not opened the promo, or who have left no feedback. */
export const FOLLOW_UP_AUDIENCES = ['not_opened', 'no_feedback'] as const;
export type FollowUpAudience = (typeof FOLLOW_UP_AUDIENCES)[number];
/** A promo is followed up at most this often: a reminder, not a mailing campaign. */
export const MAX_FOLLOW_UPS = 2;

/** POST promos/{id}/follow_ups: a reminder mailed again to those who have not opened it, or not given feedback. */
export const promoFollowUpInput = z.strictObject({
  audience: z.enum(FOLLOW_UP_AUDIENCES),
});

/** A follow-up of a promo, as the promo keeps it. */
export type PromoFollowUp = { number: number; audience: FollowUpAudience; at: string; user_id: string };

export const promoSendInput = z
  .strictObject({
    mailing_list_ids: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    emails: z.array(emailAddress).max(500).default([]),
    /** Send at this time (ISO 8601 with its zone) instead of now; the promo worker starts it then. */
    send_at: z.iso.datetime({ offset: true, message: 'Send at must be a date and time' }).optional(),
  })
  .refine((send) => send.mailing_list_ids.length + send.emails.length > 0, {
    message: 'Choose a mailing list or add an address',
    path: ['mailing_list_ids'],
  })
  .refine((send) => !send.send_at || Date.parse(send.send_at) > Date.now(), {
    message: 'Send at must be in the future',
    path: ['send_at'],
  });

/** Members to take off a list's sends (pruning), by address. */
export const deactivateMembersInput = z.strictObject({
  emails: z.array(emailAddress).min(1, 'Choose at least one member').max(5000),
});

export const promoFeedbackInput = z.strictObject({
  rating: z.int('Rating must be 1 to 5').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
  favourite_recording_id: z.string().trim().min(1).max(64).optional(),
  comment: optionalText(2000),
  support: z.enum(SUPPORT_ANSWERS, 'Say whether you will support it: will support, maybe or will not support'),
});

/** A dropped file as the browser read it: its SHA-256 and the promo tag in it, if any. */
export const promoTraceInput = z.strictObject({
  sha256: z
    .string('SHA-256 is required')
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'SHA-256 must be 64 hexadecimal digits'),
  marker: z.string().trim().max(200).optional(),
});

export const promoTrackInput = z.strictObject({ recording_id: shortText('Recording', 64) });

/** A download: the track, and MP3 (the audio pipeline's) or WAV (the original upload). */
export const promoDownloadInput = promoTrackInput.extend({
  format: z.enum(['mp3', 'wav'], 'Format must be MP3 or WAV').default('mp3'),
});
