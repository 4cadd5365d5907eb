import { z } from 'zod';
import { nameText } from './name-text.js';
import { ROLES, type Role } from '../constants.js';
import { valueWords } from '../messages.js';

/**
 * The company's own pages: what its managers may change themselves, the roles they
 * hand out to their team, and a label request.
 */

/**
 * Roles a company manager may give a member: the company roles without `admin` (a platform role,
 * given by platform admins only) and `artist_user` (artist accounts are linked to artists, never
 * company members; docs/artist-portal.md).
 */
export const TEAM_ROLES = ROLES.filter(
  (r): r is Exclude<Role, 'admin' | 'artist_user'> => r !== 'admin' && r !== 'artist_user',
);
export type TeamRole = (typeof TEAM_ROLES)[number];

/** PATCH /company/users/{id}: the member's new role. */
export const teamRoleInput = z.strictObject({
  role: z.enum(TEAM_ROLES, `Role must be one of: ${TEAM_ROLES.map((role) => valueWords(role)).join(', ')}`),
});

/**
 * What the company's own managers change on PATCH /companies/{id}; everything else of the admin
 * form (tags, distributed, deal percentage, contract, publishers, rightsholders, distributors,
 * team list, plan and billing) stays with platform admins.
 */
export const MEMBER_COMPANY_FIELDS = [
  'name',
  'email',
  'registration_number',
  'vat_registered',
  'vat_number',
  'currency',
  'self_billing',
  'self_billing_created_at',
  'self_billing_expires_at',
  'profile_attributes',
  'site_settings_attributes',
  'logo_key',
  'self_billing_agreement_key',
  'ipi_name_number',
  'cwr_sender_code',
] as const;

/** The files a company's managers upload themselves (POST /companies/{id}/uploads). */
export const MEMBER_COMPANY_FILES = ['logo', 'self_billing_agreement'] as const;

/** The VAT number a VAT-registered company must give is missing (checked on the company as it would be saved). */
export const missingVatNumber = (company: { vat_registered?: boolean | null; vat_number?: string | null }): boolean =>
  company.vat_registered === true && !company.vat_number?.trim();

/** POST /label_requests: a member asks for a new label; an admin approves or rejects it. */
export const labelRequestInput = z.strictObject({
  name: nameText(200).min(1, 'Name is required'),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
});

/** POST /admin/labels/{id}/reject: why, told to the member who asked. */
export const labelRejectInput = z.strictObject({
  reason: z.string().trim().max(2000, 'Reason must be at most 2000 characters').optional(),
});
