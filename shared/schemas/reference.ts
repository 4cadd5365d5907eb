import { z } from 'zod';
import { ipiNameNumberInput } from './ipi-name-number.js';
import { RETAILER_STATUSES } from '../constants.js';
import { badGenreMapLines, DPID_MESSAGE, DPID_PATTERN, genreMapMessage } from '../dsp-terms.js';
import { VALIDATION } from '../messages.js';
import { nestedRow, ref } from './nested-row.js';

/** Input schemas of the reference collections, shared by the API and the admin forms. */
const text = (max: number) => z.string().trim().max(max);
const code = (length: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z]{${length}}$`), `${what} must be ${length} letters`);
const optionalCode = (length: number, what: string) => z.union([z.literal(''), code(length, what)]).optional();

export const countryInput = z.strictObject({
  name: text(200).min(1),
  iso_alpha_two: code(2, 'Iso alpha two').transform((v) => v.toUpperCase()),
  iso_alpha_three: code(3, 'Iso alpha three').transform((v) => v.toUpperCase()),
  iso_numeric: z
    .string()
    .trim()
    .regex(/^\d{3}$/, 'Iso numeric must be 3 digits'),
});

export const languageInput = z.strictObject({
  name: text(200).min(1),
  family: text(200).optional(),
  native_name: text(200).optional(),
  iso_alpha_two: optionalCode(2, 'Iso alpha two'),
  iso_alpha_three: optionalCode(3, 'Iso alpha three'),
  english_iso_alpha_three: optionalCode(3, 'English iso alpha three'),
  macro_iso_alpha_three: optionalCode(3, 'Macro iso alpha three'),
  notes: text(2000).optional(),
});

export const genreInput = z.strictObject({
  name: text(200).min(1),
  active: z.boolean().optional(),
  base_genre: z.boolean().optional(),
});

export const performerRoleInput = z.strictObject({
  description: text(200).min(1),
  ppl_code: text(20).optional(),
  active: z.boolean().optional(),
});

/** The language pickers show first, and that metadata language may never be. */
export const INSTRUMENTAL = 'Instrumental';

const optionalEmail = z.union([z.literal(''), z.email(VALIDATION.email).max(320)]).optional();
const optionalUrl = (what: string) =>
  z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(2000)
        .regex(/^https?:\/\/\S+$/i, `${what} must start with http:// or https://`),
    ])
    .optional();
const urlRowInput = nestedRow({
  link: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/i, 'Link must start with http:// or https://'),
  /** Blank means the owner's name (link text defaults to the society name). */
  link_text: text(200).optional(),
});

export const societyInput = z.strictObject({
  name: text(200).min(1),
  code: text(20).optional(),
  country_id: ref(),
  urls_attributes: z.array(urlRowInput).max(50).optional(),
});

export { RETAILER_STATUSES };
export const RETAILER_TYPES = [
  'Online & Bricks and Mortar',
  'Online only',
  'Bricks and Mortar only',
  'Mailorder',
] as const;

export const retailerInput = z.strictObject({
  name: text(200).min(1),
  distributor_id: ref(),
  status: z.enum(RETAILER_STATUSES).optional(),
  type_of: z.enum(RETAILER_TYPES).optional(),
  url: optionalUrl('URL'),
  info: text(5000).optional(),
  active: z.boolean().optional(),
  country_id: ref(),
});

export const RIGHTSHOLDER_TYPES = ['audio', 'video'] as const;

export const rightsholderInput = z.strictObject({
  name: text(200).min(1),
  email: optionalEmail,
  society_id: ref(),
  society_code: text(50).optional(),
  type_of: z.enum(RIGHTSHOLDER_TYPES).optional(),
});

export const publisherInput = z.strictObject({
  name: text(200).min(1),
  active: z.boolean().optional(),
  society_id: ref(),
  mechanical_society_id: ref(),
  performing_society_id: ref(),
  company_id: ref(),
  /** The company that owns it (admins only); blank: a shared publisher every company may link. */
  tenant_id: ref(),
  country_id: ref(),
  url_attributes: z.strictObject({ link: optionalUrl('Link'), link_text: text(200).optional() }).optional(),
  /** CWR: the publisher's IPI name number (docs/cwr.md). */
  ipi_name_number: ipiNameNumberInput,
});

/** A publisher a company adds for itself: it belongs to that company, so neither company field is the member's. */
export const companyPublisherInput = publisherInput.omit({ company_id: true, tenant_id: true });

const distributorDspRowInput = nestedRow({
  dsp_id: z.string().trim().min(1, VALIDATION.required('DSP')).max(64),
  active: z.boolean().optional(),
  /** Why the DSP is inactive for this distributor. */
  inactive_note: text(2000).optional(),
});

export const distributorInput = z.strictObject({
  name: text(200).min(1),
  url: optionalUrl('URL'),
  admin_url: optionalUrl('Admin URL'),
  support_email: optionalEmail,
  support_phone: text(50).optional(),
  info: text(5000).optional(),
  active: z.boolean().optional(),
  distribution_base_partner: z.boolean().optional(),
  remote_statement_download: z.boolean().optional(),
  country_id: ref(),
  /** An uploaded logo's object key (POST /distributors/uploads); null removes the logo. */
  logo_key: z.string().max(1024).nullable().optional(),
  distributor_dsps_attributes: z.array(distributorDspRowInput).max(500).optional(),
});

/**
 * The folder a store's batches go under, inside the server's path: relative, forward slashes
 * between folders, no `.` or `..` step. A stub that climbs out (`../other`) or starts at the
 * server's root (`/etc`) would put a label's files in someone else's folder on the store's server.
 */
const deliveryStub = text(200).refine(
  (stub) =>
    !stub.startsWith('/') && !stub.includes('\\') && !stub.split('/').some((part) => part === '..' || part === '.'),
  'Delivery stub must be a folder inside the server\'s path: no "..", no leading "/" and no "\\"',
);

const technicalSpecificationInput = z.strictObject({
  audio_file_format: text(100).optional(),
  custom_pricing_catalogue_tiers: z.boolean().optional(),
  custom_pricing_territories: z.boolean().optional(),
  custom_pricing_wholesale_price: z.boolean().optional(),
  delivery_format: text(100).optional(),
  delivery_server_type: text(100).optional(),
  delivery_stub: deliveryStub.optional(),
  tech_spec_url: optionalUrl('Tech spec URL'),
  server_uri: text(2000).optional(),
  server_login: text(200).optional(),
  server_password: text(200).optional(),
});

export const DSP_FLAGS = [
  'asset_level_release_date',
  'asset_level_territory',
  'instant_gratification',
  'pre_order',
  'pre_order_only',
  'supports_artists_identifier',
  'timed_release',
] as const;

export const dspInput = z.strictObject({
  name: text(200).min(1),
  active: z.boolean().optional(),
  description: text(5000).optional(),
  url: optionalUrl('URL'),
  country_id: ref(),
  delivery_class: text(100).optional(),
  /** The store's DDEX party id (DPID), the ERN's MessageRecipient. */
  ddex_party_id: z.union([z.literal(''), z.string().trim().toUpperCase().regex(DPID_PATTERN, DPID_MESSAGE)]).optional(),
  /** Our genre → the store's genre word, one "ours = theirs" a line; the ERN sends the store's word. */
  genre_map: text(20_000)
    .refine((map) => badGenreMapLines(map).length === 0, {
      error: (issue) => genreMapMessage(badGenreMapLines(String(issue.input))),
    })
    .optional(),
  ...(Object.fromEntries(DSP_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
    (typeof DSP_FLAGS)[number],
    z.ZodOptional<z.ZodBoolean>
  >),
  /** An uploaded delivery guide's object key (POST /dsps/uploads); null removes it. */
  guide_key: z.string().max(1024).nullable().optional(),
  technical_specification_attributes: technicalSpecificationInput.optional(),
});
