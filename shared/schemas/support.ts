import { z } from 'zod';
import { VALIDATION } from '../messages.js';

/**
 * What users send to the support area: a bug report, an admin's access-token
 * changes. The API parses with these schemas; the SPA's forms validate with the same ones, so a
 * value one accepts the other accepts.
 */

/** The token form offers a date; the API also takes a full timestamp. */
const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'Expires at must be a date (YYYY-MM-DD)',
});
const userId = z.string().min(1).max(64);
const service = z
  .string()
  .trim()
  .min(1, VALIDATION.required('Service'))
  .max(100, VALIDATION.maxValue('Service', '100 characters'));

/** The sentences are the ones the API's error mapping gives these limits, so the Bugs form shows the same. */
export const bugReportInput = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, VALIDATION.required('Description'))
    .max(10_000, VALIDATION.maxValue('Description', '10000 characters')),
  referer: z.string().trim().max(2000, VALIDATION.maxValue('Referer', '2000 characters')).optional(),
});

/** A new token belongs to one user for good; its expiry is optional. */
export const accessTokenInput = z.strictObject({
  service,
  expires_at: isoDate.optional(),
  user_id: z.string().min(1, VALIDATION.required('User')).max(64),
});

/** An edit never changes the user; a null expiry clears it. */
export const accessTokenUpdate = z.strictObject({
  service: service.optional(),
  expires_at: isoDate.nullable().optional(),
});

/** Revokes every live token, or one user's. */
export const revokeAllInput = z.strictObject({ user_id: userId.optional() });

/** A page of the SPA by its route's name (UserDashboard): a word of letters, digits, `_` and `-`. */
export const siteHelpPage = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,79}$/, 'Page must be the name of a page of the site');

/** How many topics one page's help may hold: the panel is a side column, not a manual. */
export const MAX_HELP_TOPICS = 20;

/** An admin's help for one page: its title and its topics, in the order the panel shows them. */
export const siteHelpInput = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, VALIDATION.required('Title'))
    .max(200, VALIDATION.maxValue('Title', '200 characters')),
  topics: z
    .array(
      z.strictObject({
        topic: z
          .string()
          .trim()
          .min(1, VALIDATION.required('Topic'))
          .max(200, VALIDATION.maxValue('Topic', '200 characters')),
        text: z
          .string()
          .trim()
          .min(1, VALIDATION.required('Text'))
          .max(4000, VALIDATION.maxValue('Text', '4000 characters')),
      }),
    )
    .min(1, 'Add at least one topic')
    .max(MAX_HELP_TOPICS, `A page has at most ${MAX_HELP_TOPICS} topics`),
});
export type SiteHelpInput = z.infer<typeof siteHelpInput>;

/** A page's help as the panel and the admin page read it. */
export type SiteHelpView = SiteHelpInput & { page: string; updated_at: string };
