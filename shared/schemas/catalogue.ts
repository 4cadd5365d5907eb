import { z } from 'zod';
import { ARTIST_CONFIGS, IDENTIFIER_SERVICES, LINEUP_ROLES, MEMBERSHIP_TYPES, SPOTIFY_ARTIST_PREFIX, STATEMENT_FORMATS, STATEMENT_FREQUENCIES } from '../catalogue.js';
import { VALIDATION } from '../messages.js';
import { isValidIsni } from '../identifiers.js';
import { nestedRow, ref } from './nested-row.js';

/** Input schemas of a company's catalogue records (spec 2 §3, §5), shared by the API and the forms. */
const text = (max: number) => z.string().trim().max(max);
const optionalEmail = z.union([z.literal(''), z.email(VALIDATION.email).max(320)]).optional();
const link = z.string().trim().max(2000).regex(/^https?:\/\/\S+$/i, 'Link must start with http:// or https://');

/**
 * An artist identifier row (spec 2 §4 Identifier rows): New (a profile still to be created) only
 * with no identifier; ISNI identifiers must pass their check character; Spotify ones are
 * spotify:artist:<id>.
 */
export const artistIdentifierRow = nestedRow({
  service: z.enum(IDENTIFIER_SERVICES),
  identifier: text(200).optional(),
  new: z.boolean().optional(),
}).superRefine((row, ctx) => {
  const identifier = (row as { identifier?: string }).identifier ?? '';
  const { service } = row as { service?: string; new?: boolean };
  if ((row as { new?: boolean }).new && identifier) ctx.addIssue({ code: 'custom', path: ['new'], message: 'New can only be ticked while the identifier is empty' });
  if (!identifier) return;
  if (service === 'ISNI' && !isValidIsni(identifier)) ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'ISNI invalid' });
  if (service === 'Spotify' && !new RegExp(`^${SPOTIFY_ARTIST_PREFIX}[A-Za-z0-9]+$`).test(identifier)) {
    ctx.addIssue({ code: 'custom', path: ['identifier'], message: `Spotify identifier must look like ${SPOTIFY_ARTIST_PREFIX}<id>` });
  }
});

export const artistMemberRow = nestedRow({
  contributor_id: z.string().trim().min(1).max(64),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  roles: z.array(z.enum(LINEUP_ROLES)).max(LINEUP_ROLES.length).optional(),
  payee_id: ref(),
  active: z.boolean().optional(),
});

export const artistUrlRow = nestedRow({ link, link_text: text(200).optional() });

export const artistInput = z.strictObject({
  name: text(200).min(1),
  email: optionalEmail,
  config: z.enum(ARTIST_CONFIGS).optional(),
  biog: text(20_000).optional(),
  /** An uploaded image's object key (POST /artists/uploads); null removes the image. */
  image_key: z.string().max(1024).nullable().optional(),
  artist_identifiers_attributes: z.array(artistIdentifierRow).max(50).optional(),
  artist_members_attributes: z.array(artistMemberRow).max(200).optional(),
  urls_attributes: z.array(artistUrlRow).max(50).optional(),
  /** Admins may put the artist in another company (spec 2 §6). */
  tenant_id: z.string().trim().min(1).max(64).optional(),
});

export const contributorInput = z.strictObject({
  name: text(200).min(1),
  email: optionalEmail,
  society_id: ref(),
  tenant_id: z.string().trim().min(1).max(64).optional(),
});

export const statementSettingsInput = z.strictObject({
  default_summaries: z.array(text(100)).max(20).optional(),
  formats: z.array(z.enum(STATEMENT_FORMATS)).max(STATEMENT_FORMATS.length).optional(),
  frequency: z.union([z.literal(''), z.enum(STATEMENT_FREQUENCIES)]).optional(),
  graphs: z.boolean().optional(),
});

export const payeeInput = z.strictObject({
  name: text(200).min(1),
  email: optionalEmail,
  statement_settings_attributes: statementSettingsInput.optional(),
});
