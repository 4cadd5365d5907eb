import { z } from 'zod';
import { PRICE_TIERS } from '../catalogue.js';
import { VALIDATION } from '../messages.js';

/**
 * Smart links (one public address per release or recording with a button per store) and a label's
 * release defaults. Every text is bounded here, before any read or write.
 */

const STORE_URL = 'Store URL must start with https:// or http://';
/** A store address: the visitor's browser is sent there, so only web addresses are taken (never javascript:). */
const storeUrl = z
  .string()
  .trim()
  .max(1000, 'Store URL must be at most 1000 characters')
  .refine((value) => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, STORE_URL);
const territory = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Territory must be a 2-letter country code')
  .transform((c) => c.toUpperCase());

const store = z.strictObject({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'Store key must be lower-case letters, digits or dashes')
    .optional(),
  name: z.string().trim().min(1, 'Store name must not be blank').max(80),
  dsp_id: z.string().trim().max(80).nullish(),
  /** Empty: the store's known address pattern (from the UPC or ISRC) is used. */
  url: z.union([z.literal(''), z.null(), storeUrl]).optional(),
  territory_urls: z
    .array(z.strictObject({ territory, url: storeUrl }))
    .max(250)
    .refine((rows) => new Set(rows.map((r) => r.territory)).size === rows.length, 'A territory is listed twice')
    .optional(),
});
const stores = z.array(store).max(40, 'A smart link has at most 40 stores');
/** The store the link sends visitors straight to; empty for the page with every store's button. */
const autoRedirect = z.union([
  z.literal(''),
  z.null(),
  z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/),
]);

/** POST /smart_links: a link for a release, or for one of its recordings. */
export const smartLinkCreate = z.strictObject({
  smart_link: z.strictObject({
    release_id: z.string().trim().min(1, 'Release must be chosen').max(80),
    recording_id: z.union([z.literal(''), z.string().trim().max(80)]).optional(),
    title: z.string().trim().max(200).optional(),
    stores: stores.optional(),
    auto_redirect: autoRedirect.optional(),
  }),
});

/** PATCH /smart_links/{id}: its title, stores and auto-redirect. */
export const smartLinkUpdate = z.strictObject({
  smart_link: z.strictObject({
    title: z.string().trim().min(1, 'Title must not be blank').max(200).optional(),
    stores: stores.optional(),
    auto_redirect: autoRedirect.optional(),
  }),
});
export type SmartLinkStoreInput = z.infer<typeof store>;

export const smartLinkListQuery = z.strictObject({ release_id: z.string().trim().max(80).optional() });

/** A public address: the slug, and the store a button names. */
export const smartLinkSlugParams = z.strictObject({ slug: z.string().regex(/^[A-Za-z0-9]{4,20}$/) });
export const smartLinkStoreParams = z.strictObject({
  slug: z.string().regex(/^[A-Za-z0-9]{4,20}$/),
  store: z.string().regex(/^[a-z0-9-]{1,40}$/),
});
/** Where the visitor came from, as the landing page read it (the page's own referrer). */
export const smartLinkClickQuery = z.strictObject({ ref: z.string().max(500).optional() });

const blankable = (max: number) => z.union([z.literal(''), z.null(), z.string().trim().max(max)]).optional();
/** A label's settings: what a new release of the label starts with when its form leaves the field empty. */
export const releaseDefaultsInput = z.strictObject({
  release_defaults: z
    .strictObject({
      primary_genre_id: blankable(80),
      metadata_language_id: blankable(80),
      c_line: blankable(200),
      p_line: blankable(200),
      price_tier: z.union([z.literal(''), z.null(), z.enum(PRICE_TIERS)]).optional(),
      territories: z.array(territory).max(300).optional(),
    })
    .optional(),
  /** The label's public store page (its releases with their smart links) is open. */
  store: z.boolean().optional(),
});
export type ReleaseDefaults = NonNullable<z.infer<typeof releaseDefaultsInput>['release_defaults']>;

/** What a fan who leaves an address must have ticked: the box is unticked until they do. */
export const FAN_CONSENT = 'Tick the box to agree to be mailed when it is out';
/**
 * POST /link_pages/{slug}/fans: a fan's "notify me" on a pre-release link. Explicit consent only: the box
 * must be ticked (true), never assumed.
 */
export const fanSignupInput = z.strictObject({
  fan: z.strictObject({
    email: z
      .string()
      .trim()
      .max(254, 'E-mail must be at most 254 characters')
      .pipe(z.email(VALIDATION.email))
      .transform((email) => email.toLowerCase()),
    consent: z.boolean().refine((ticked) => ticked, FAN_CONSENT),
  }),
});

/**
 * The link a fan's form or unsubscribe names: bounded only, so a wrong one is the link not found (404) and
 * the body's own mistakes are still named.
 */
export const fanLinkParams = z.strictObject({ slug: z.string().min(1).max(40) });
/** A fan's one-click unsubscribe address: the link's slug and their token (fan id, a dot, the secret). */
export const fanUnsubscribeParams = fanLinkParams.extend({ token: z.string().min(1).max(200) });
