import { z } from 'zod';
import { formNumber } from './form-number.js';
import { nameText } from './name-text.js';
import {
  ARTIST_CONFIGS,
  ARTIST_ROLES,
  CONTRIBUTOR_CREDITS,
  IDENTIFIER_SERVICES,
  LINEUP_ROLES,
  MEMBERSHIP_TYPES,
  PRICE_TIERS,
  PRODUCT_FORMATS,
  RECORDING_CONFIGS,
  RECORDING_IDENTIFIER_TYPES,
  RELEASE_IMAGE_TYPES,
  PRODUCT_TYPES,
  RECORDING_CATEGORIES,
  RELEASE_CONFIGS,
  RELEASE_RECORDINGS_DISPLAY_TYPES,
  RIGHTSHOLDING_TYPES,
  SPOTIFY_ARTIST_PREFIX,
  STATEMENT_FORMATS,
  STATEMENT_FREQUENCIES,
} from '../catalogue.js';
import { VALIDATION } from '../messages.js';
import { ipiNameNumberInput } from './ipi-name-number.js';
import { isrcProblem, isValidIsni, isValidIswc, isValidUpc, normaliseIsrc, normaliseUpc } from '../identifiers.js';
import { nestedRow, ref } from './nested-row.js';
import { optionalCents, optionalPercentage } from './money.js';
import { TAX_FORMS } from '../tax-forms.js';
import { TODO_BODY_BLANK, TODO_BODY_MAX } from './label-tools.js';

/** Input schemas of a company's catalogue records, shared by the API and the forms. */
const text = (max: number) => z.string().trim().max(max);
const optionalEmail = z.union([z.literal(''), z.email(VALIDATION.email).max(320)]).optional();
const link = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/\S+$/i, 'Link must start with http:// or https://');

/**
 * An artist identifier row: New (a profile still to be created) only
 * with no identifier; ISNI identifiers must pass their check character; Spotify ones are
 * spotify:artist:<id>.
 */
const artistIdentifierRow = nestedRow({
  service: z.enum(IDENTIFIER_SERVICES),
  identifier: text(200).optional(),
  new: z.boolean().optional(),
}).superRefine((row, ctx) => {
  const identifier = (row as { identifier?: string }).identifier ?? '';
  const { service } = row as { service?: string; new?: boolean };
  if ((row as { new?: boolean }).new && identifier)
    ctx.addIssue({ code: 'custom', path: ['new'], message: 'New can only be ticked while the identifier is empty' });
  if (!identifier) return;
  if (service === 'ISNI' && !isValidIsni(identifier))
    ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'ISNI invalid' });
  if (service === 'Spotify' && !new RegExp(`^${SPOTIFY_ARTIST_PREFIX}[A-Za-z0-9]+$`).test(identifier)) {
    ctx.addIssue({
      code: 'custom',
      path: ['identifier'],
      message: `Spotify identifier must look like ${SPOTIFY_ARTIST_PREFIX}<id>`,
    });
  }
});

const artistMemberRow = nestedRow({
  contributor_id: z.string().trim().min(1).max(64),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  roles: z.array(z.enum(LINEUP_ROLES)).max(LINEUP_ROLES.length).optional(),
  payee_id: ref(),
  active: z.boolean().optional(),
});

/** A link row (artists, releases, recordings): the link must be a web address. */
const urlRow = nestedRow({ link, link_text: text(200).optional() });
const artistUrlRow = urlRow;
/** Other artists of the company this artist is linked to (aliases, members' solo names). */
const linkedIds = z
  .array(z.string().trim().min(1).max(64))
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'Linked artists must not list an artist twice');

export const artistInput = z.strictObject({
  name: nameText(200).min(1),
  email: optionalEmail,
  config: z.enum(ARTIST_CONFIGS).optional(),
  biog: text(20_000).optional(),
  /** An uploaded image's object key (POST /artists/uploads); null removes the image. */
  image_key: z.string().max(1024).nullable().optional(),
  artist_identifiers_attributes: z.array(artistIdentifierRow).max(50).optional(),
  artist_members_attributes: z.array(artistMemberRow).max(200).optional(),
  urls_attributes: z.array(artistUrlRow).max(50).optional(),
  linked_ids: linkedIds.optional(),
  /** Admins may put the artist in another company. */
  tenant_id: z.string().trim().min(1).max(64).optional(),
});

export const contributorInput = z.strictObject({
  name: nameText(200).min(1),
  email: optionalEmail,
  society_id: ref(),
  tenant_id: z.string().trim().min(1).max(64).optional(),
  /** CWR: a writer's IPI name number (docs/cwr.md). */
  ipi_name_number: ipiNameNumberInput,
});

/** Statement settings: a payee's (statement_settings_attributes) and a label's (statement_settings). */
export const statementSettingsInput = z.strictObject({
  default_summaries: z.array(text(100)).max(20).optional(),
  formats: z.array(z.enum(STATEMENT_FORMATS)).max(STATEMENT_FORMATS.length).optional(),
  frequency: z.union([z.literal(''), z.enum(STATEMENT_FREQUENCIES)]).optional(),
  graphs: z.boolean().optional(),
});

/** A calendar day typed in a form (YYYY-MM-DD), blank allowed. */
const date = (label: string) => z.union([z.literal(''), z.iso.date(`${label} must be a date (YYYY-MM-DD)`)]).optional();

export const payeeInput = z.strictObject({
  name: nameText(200).min(1),
  email: optionalEmail,
  statement_settings_attributes: statementSettingsInput.optional(),
  /** Nothing is paid while the closing balance is below it; default 0.00. */
  minimum_payout: optionalCents('Minimum payout'),
  /** A self-billing agreement with the payee: statements carry a self-billing invoice. */
  self_billing: z.boolean().optional(),
  vat_registered: z.boolean().optional(),
  vat_number: text(50).optional(),
  /** VAT percent on a self-billing invoice; default 20. */
  vat_rate: optionalPercentage('VAT rate', undefined),
  /** Percent withheld as tax from what the payee's statements pay; blank or 0: none. */
  withholding_tax_rate: optionalPercentage('Withholding tax rate', 0),
  address: text(1000).optional(),
  /** The tax form the payee gave (shared/tax-forms.ts); blank: none. */
  tax_form: z
    .union([z.literal(''), z.enum(TAX_FORMS)], {
      error: `Tax form must be one of ${TAX_FORMS.join(', ')}, or blank for none`,
    })
    .optional(),
  tax_form_signed_on: date('Tax form signed on'),
  /** Given for an Other form only; a W-8's is worked out from the signed day and a W-9 does not run out. */
  tax_form_expires_on: date('Tax form expires on'),
});

// ——— Releases, products and recordings ———

const year = (label: string) =>
  z
    .union([
      z.literal(''),
      formNumber(
        z
          .number(`${label} must be a year`)
          .int(`${label} must be a year`)
          .min(1900, `${label} must be a year`)
          .max(2100, VALIDATION.maxValue(label, 2100)),
      ),
    ])
    .optional();
/** A price: at most 2 decimals, as every amount typed in cents ("1e3" and 0.12345678901234567 were taken). */
const money = (label: string) =>
  z
    .union([
      z.literal(''),
      formNumber(
        z
          .number(`${label} must be an amount with up to 2 decimals`)
          .min(0, `${label} must be at least 0`)
          .max(1_000_000, VALIDATION.maxValue(label, 1_000_000))
          .refine((n) => /^-?\d+(\.\d{1,2})?$/.test(String(n)), `${label} must be an amount with up to 2 decimals`),
      ),
    ])
    .optional();
/** A number typed in a form: blank means not given. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
const share = (label: string) =>
  blankAsUnset(
    formNumber(
      z
        .number(`${label} must be a number`)
        .min(0, `${label} must be at least 0`)
        .max(100, VALIDATION.maxValue(label, 100)),
    ),
  );
const whole = (label: string, min: number, max: number) =>
  blankAsUnset(
    formNumber(
      z
        .number(`${label} must be a number`)
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, VALIDATION.maxValue(label, max)),
    ),
  );

/** ISO alpha-2 codes; a country listed twice is refused. */
const territories = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, `${label} must be 2-letter country codes`)
        .transform((c) => c.toUpperCase()),
    )
    .max(300)
    .refine((codes) => new Set(codes).size === codes.length, `${label} must not list a country twice`)
    .optional();

/** A UPC/EAN: valid check digit, or a placeholder containing "assign"; stored without spaces. */
const upcField = z
  .string()
  .trim()
  .max(50)
  .refine((v) => v === '' || isValidUpc(v), VALIDATION.upc)
  .transform((v) => (v === '' ? v : normaliseUpc(v)));

/**
 * An ISRC: dashes accepted and removed, upper-cased, then its shape and its country code checked
 * (ISO 3901; the country an ISO 3166-1 code or an ISRC agency prefix).
 */
const isrcField = z
  .string()
  .trim()
  .max(20)
  .transform((v) => normaliseIsrc(v))
  .superRefine((v, ctx) => {
    const problem = isrcProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const genres = {
  primary_genre_id: ref(),
  secondary_genre_id: ref(),
  primary_subgenre_id: ref(),
  secondary_subgenre_id: ref(),
};
const lines = {
  c_line: text(300).optional(),
  c_line_year: year('C line year'),
  p_line: text(300).optional(),
  p_line_year: year('P line year'),
};

/** An artist on a release or recording; sequence comes from the row's position. */
const artistRowShape = {
  artist_id: z.string().trim().min(1).max(64),
  role: z.enum(ARTIST_ROLES).optional(),
  join_text: z.string().max(50).optional(),
  payee_share: share('Payee share'),
};

// ——— The catalogue's depth ———

/** Seconds into a track: a sample or preview start (at most 10 hours). */
const seconds = (label: string, max: number) => whole(label, 0, max);
/** A measured feature of a recording, within a closed range (audio analysis values). */
const measure = (label: string, min: number, max: number) =>
  blankAsUnset(
    formNumber(
      z
        .number(`${label} must be a number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, VALIDATION.maxValue(label, max)),
    ),
  );
/** Refuses an end date before its start date (ISO dates compare as text). */
const endAfterStart =
  (start: string, end: string, message: string) => (row: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const [from, to] = [row[start], row[end]];
    if (typeof from === 'string' && typeof to === 'string' && from && to && to < from)
      ctx.addIssue({ code: 'custom', path: [end], message });
  };

/**
 * A price line of a recording or of one track of a product: its price
 * tier, prices, and the sample stores play (start and length in seconds).
 */
const priceItemShape = {
  price_tier: z.enum(PRICE_TIERS).optional(),
  retail_price: money('Retail price'),
  wholesale_price: money('Wholesale price'),
  sample_start_time: seconds('Sample start time', 36_000),
  sample_length: seconds('Sample length', 600),
};
const productItem = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  /** The track it prices: one of the release's recordings (checked on save). */
  recording_id: z.string().trim().min(1, VALIDATION.required('Recording')).max(64),
  ...priceItemShape,
});
/** When a product opens for pre-order and what buyers get at once. */
const preOrderData = z
  .strictObject({
    start_date: date('Pre-order start date'),
    preview_date: date('Pre-order preview date'),
    instant_gratification: z.boolean().optional(),
  })
  .superRefine(endAfterStart('start_date', 'preview_date', 'Pre-order preview date must not be before its start date'));
/** A product's price in a territory, overriding its own prices there. */
const territoryPricing = z
  .array(
    z.strictObject({
      territory: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Territory must be a 2-letter country code')
        .transform((c) => c.toUpperCase()),
      price_tier: z.enum(PRICE_TIERS).optional(),
      retail_price: money('Retail price'),
      wholesale_price: money('Wholesale price'),
    }),
  )
  .max(300)
  .refine(
    (rows) => new Set(rows.map((r) => r.territory)).size === rows.length,
    'Territory pricing must not list a country twice',
  );

/** A release's to-do ("Task Body must not be blank", also for a saved task emptied). */
const todoTaskRow = nestedRow({ body: text(TODO_BODY_MAX).optional(), done: z.boolean().optional() }).superRefine(
  (row, ctx) => {
    const { id, _destroy, body } = row as { id?: string; _destroy?: boolean; body?: string };
    if (_destroy) return;
    if (body === '' || (!id && body === undefined))
      ctx.addIssue({ code: 'custom', path: ['body'], message: TODO_BODY_BLANK });
  },
);
/** An image beside the cover art (back cover, booklet …), uploaded through POST /releases/uploads. */
const releaseImageRow = nestedRow({
  image_key: z.string().trim().min(1).max(1024),
  type_of: z.enum(RELEASE_IMAGE_TYPES).optional(),
  caption: text(300).optional(),
});

const productRow = nestedRow({
  format: z.enum(PRODUCT_FORMATS).optional(),
  type_of: z.enum(PRODUCT_TYPES).optional(),
  product_type: text(100).optional(),
  price_tier: z.enum(PRICE_TIERS).optional(),
  upc: upcField.optional(),
  dealer_price: money('Dealer price'),
  retail_price: money('Retail price'),
  wholesale_price: money('Wholesale price'),
  pre_order: z.boolean().optional(),
  pre_order_date: date('Pre-order date'),
  /** Time of day the release goes live (HH:MM, UTC) at stores with timed releases. */
  release_time: z
    .union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Release time must be HH:MM')])
    .optional(),
  streaming: z.boolean().optional(),
  subscription: z.boolean().optional(),
  product_territories: territories('Product territories'),
  pre_order_data: preOrderData.optional(),
  product_territories_pricing: territoryPricing.optional(),
  product_items: z.array(productItem).max(500).optional(),
});

/** The company a record is created in on admin pages; a record's own company never changes through it. */
const tenantField = { tenant_id: z.string().trim().min(1).max(64).optional() };

export const releaseInput = z.strictObject({
  ...tenantField,
  title: nameText(300).min(1),
  version: nameText(200).optional(),
  cat_no: text(50).optional(),
  label_id: ref(),
  release_date: date('Release date'),
  original_release_date: date('Original release date'),
  ...lines,
  liner_notes: text(20_000).optional(),
  notes: text(20_000).optional(),
  compilation: z.boolean().optional(),
  explicit: z.boolean().optional(),
  recording_year: year('Recording year'),
  recording_location: text(300).optional(),
  total_volumes: whole('Total volumes', 1, 99),
  config: z.enum(RELEASE_CONFIGS).optional(),
  recordings_display_type: z.enum(RELEASE_RECORDINGS_DISPLAY_TYPES).optional(),
  locked_payee_shares: z.boolean().optional(),
  blocked_from_sale: z.boolean().optional(),
  upc: upcField.optional(),
  country_id: ref(),
  metadata_language_id: ref(),
  ...genres,
  territories: territories('Territories'),
  excluded_territories: territories('Excluded territories'),
  artist_releases_attributes: z.array(nestedRow(artistRowShape)).max(100).optional(),
  products_attributes: z.array(productRow).max(20).optional(),
  /** The release's format (default Digital). */
  release_format: z.enum(PRODUCT_FORMATS).optional(),
  images_attributes: z.array(releaseImageRow).max(50).optional(),
  urls_attributes: z.array(urlRow).max(50).optional(),
  todo_tasks_attributes: z.array(todoTaskRow).max(200).optional(),
  release_recordings_attributes: z
    .array(
      nestedRow({
        recording_id: z.string().trim().min(1).max(64),
        position: whole('Position', 1, 999),
        disc_number: whole('Disc number', 1, 99),
        /** Sold alone during the pre-order (instant gratification), at stores that offer it. */
        instant_gratification: z.boolean().optional(),
      }),
    )
    .max(500)
    .optional(),
});

export const recordingInput = z.strictObject({
  ...tenantField,
  title: nameText(300).min(1),
  isrc: isrcField.optional(),
  mix_title: nameText(200).optional(),
  alternative_title: text(300).optional(),
  copyright_year: year('Copyright year'),
  length: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{2}:[0-5]\d:[0-5]\d$/, 'Length must be HH:MM:SS'),
    ])
    .optional(),
  // No status: a recording starts drafted (imported by an import) and no one sets it by hand.
  category: z.enum(RECORDING_CATEGORIES).optional(),
  explicit: z.boolean().optional(),
  explicit_lyrics: z.boolean().optional(),
  album_only: z.boolean().optional(),
  remastered: z.boolean().optional(),
  sample: z.boolean().optional(),
  medley: z.boolean().optional(),
  film_tv: z.boolean().optional(),
  classical: z.boolean().optional(),
  blocked_from_sale: z.boolean().optional(),
  locked_payee_shares: z.boolean().optional(),
  ...lines,
  recording_venue: text(300).optional(),
  recording_date: date('Recording date'),
  preview_start: whole('Preview start', 0, 36_000),
  preview_length: whole('Preview length', 0, 600),
  lyrics: text(50_000).optional(),
  tempo: blankAsUnset(
    formNumber(
      z.number('Tempo must be a number').min(0, 'Tempo must be at least 0').max(400, VALIDATION.maxValue('Tempo', 400)),
    ),
  ),
  musical_key: text(20).optional(),
  time_signature: text(10).optional(),
  instrumentation: text(500).optional(),
  audio_language_id: ref(),
  metadata_language_id: ref(),
  /** Countries of recording, commissioning and first publication. */
  recording_country_id: ref(),
  commissioning_country_id: ref(),
  first_publication_country_id: ref(),
  ...genres,
  artist_recordings_attributes: z
    .array(
      nestedRow({
        ...artistRowShape,
        digital_royalty_share: share('Digital royalty share'),
        physical_royalty_share: share('Physical royalty share'),
        licensing_royalty_share: share('Licensing royalty share'),
      }),
    )
    .max(100)
    .optional(),
  contributor_recordings_attributes: z
    .array(
      nestedRow({
        contributor_id: z.string().trim().min(1).max(64),
        roles: z.array(z.enum(CONTRIBUTOR_CREDITS)).min(1, 'Roles is required').max(20),
      }),
    )
    .max(200)
    .optional(),
  recording_performers_attributes: z
    .array(
      nestedRow({
        contributor_id: z.string().trim().min(1).max(64),
        society_id: ref(),
        membership_number: text(50).optional(),
        category: text(50).optional(),
        role: text(100).optional(),
        role_code: text(20).optional(),
      }),
    )
    .max(200)
    .optional(),
  rightsholdings_attributes: z
    .array(
      nestedRow({
        rightsholder_id: z.string().trim().min(1).max(64),
        type: z.enum(RIGHTSHOLDING_TYPES).optional(),
        share: share('Share'),
        begin_date: date('Begin date'),
        end_date: date('End date'),
        territories: territories('Territories'),
      }),
    )
    .max(100)
    .optional(),
  publisher_recordings_attributes: z
    .array(nestedRow({ publisher_id: z.string().trim().min(1).max(64) }))
    .max(100)
    .optional(),
  recording_payees_attributes: z
    .array(
      nestedRow({
        payee_id: z.string().trim().min(1).max(64),
        split: share('Split').pipe(z.number('Split is required')),
      }),
    )
    .max(100)
    .optional(),
  ident: text(100).optional(),
  /** The volume (disc) of a multi-volume release the recording belongs to. */
  volume: whole('Volume', 1, 99),
  config: z.enum(RECORDING_CONFIGS).optional(),
  /** Audio analysis: sentiment −1 (negative) to 1, danceability and energy 0 to 1, loudness in dB −60 to 0. */
  sentiment: measure('Sentiment', -1, 1),
  danceability: measure('Danceability', 0, 1),
  energy: measure('Energy', 0, 1),
  loudness: measure('Loudness', -60, 0),
  /** The languages sung or spoken (languages). */
  language_ids: z
    .array(z.string().trim().min(1).max(64))
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'Languages must not list a language twice')
    .optional(),
  repertoire_ownerships_attributes: z
    .array(
      nestedRow({
        owner_name: text(200).min(1, VALIDATION.required('Owner name')),
        share: share('Share'),
        territories: territories('Territories'),
        start_date: date('Start date'),
        end_date: date('End date'),
      }).superRefine(endAfterStart('start_date', 'end_date', 'End date must not be before the start date')),
    )
    .max(100)
    .optional(),
  product_items_attributes: z.array(nestedRow(priceItemShape)).max(50).optional(),
  recording_identifiers_attributes: z
    .array(
      nestedRow({
        type_of: z.enum(RECORDING_IDENTIFIER_TYPES),
        identifier: text(200).min(1, VALIDATION.required('Identifier')),
      }),
    )
    .max(50)
    .optional(),
  urls_attributes: z.array(urlRow).max(50).optional(),
  /** The songs (works) the recording is of; songs of the same company. */
  recording_songs_attributes: z
    .array(nestedRow({ song_id: z.string().trim().min(1).max(64) }))
    .max(50)
    .optional(),
});

// ——— Songs: the works a publishing company administers ———

export const songInput = z.strictObject({
  title: nameText(300).min(1),
  iswc: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || isValidIswc(v), 'ISWC invalid')
    .optional(),
  alternative_titles: text(1000).optional(),
  artist_name: text(300).optional(),
  duration: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{2}:[0-5]\d:[0-5]\d$/, 'Duration must be HH:MM:SS'),
    ])
    .optional(),
  tunecode: text(50).optional(),
  work_category: text(100).optional(),
  work_status: text(100).optional(),
  share_status: text(100).optional(),
  us_society: text(100).optional(),
  additional_details: text(5000).optional(),
  active_case_indicators: z.boolean().optional(),
  assign_to_us_society: z.boolean().optional(),
  classical_work: z.boolean().optional(),
  dramatico_musical_work: z.boolean().optional(),
  film_tv_music: z.boolean().optional(),
  medley: z.boolean().optional(),
  samples: z.boolean().optional(),
  /** Spelt so in the product. */
  tv_radio_cimena_advert_ident: z.boolean().optional(),
  work_amended: z.boolean().optional(),
  work_registered: z.boolean().optional(),
  /** CWR ORN: the film, programme or advert a film/TV song was made for. */
  production_title: text(300).optional(),
  publisher_songs_attributes: z
    .array(
      nestedRow({
        publisher_id: z.string().trim().min(1).max(64),
        start_date: date('Start date'),
        end_date: date('End date'),
      }),
    )
    .max(50)
    .optional(),
  song_writers_attributes: z
    .array(nestedRow({ contributor_id: z.string().trim().min(1).max(64), share: share('Share') }))
    .max(50)
    .optional(),
});
