import { z } from 'zod';
import { currencyCode } from './currency.js';
import { DEFAULT_CURRENCY, type Role } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { password } from './auth.js';
/** A manager invites with the roles a team member may hold (not admin, not artist_user). */
import { TEAM_ROLES } from './company-team.js';
import { vatNumberText } from './vat-number.js';

/** The most companies one user may create themselves (docs/onboarding.md); admins create more under /admin. */
export const MAX_COMPANIES_PER_USER = 5;

const email = z
  .email(VALIDATION.email)
  .max(320)
  .transform((e) => e.trim().toLowerCase());

/** POST /companies: a signed-in user creates their own company (they become its label_manager). */
export const newCompanyInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    currency: currencyCode('Currency').default(DEFAULT_CURRENCY),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Country must be a 2-letter country code')
      .transform((c) => c.toUpperCase()),
    vat_registered: z.boolean().default(false),
    vat_number: vatNumberText('VAT number', 50).optional(),
    registration_number: z.string().trim().max(50).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.vat_registered && !input.vat_number) {
      ctx.addIssue({
        code: 'custom',
        path: ['vat_number'],
        message: 'VAT number is required when the company is VAT registered',
      });
    }
  });
export type NewCompanyInput = z.infer<typeof newCompanyInput>;

/** POST /company/users: a manager invites someone by e-mail with the role they will hold. */
export const invitationInput = z.strictObject({
  email,
  name: z.string().trim().min(1).max(200).optional(),
  role: z.enum(TEAM_ROLES),
});

/** POST /invitations/{token}/setup_account: a new invitee's first password, which accepts the invitation. */
export const invitationSetupInput = z
  .strictObject({ password, password_confirmation: z.string().max(256) })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: VALIDATION.confirmed,
  });

/** The `{token}` of the invitation routes: `{invitationId}.{secret}` as mailed. */
export const invitationTokenParams = z.strictObject({ token: z.string().min(1).max(120) });

/** An invitation as the invitee sees it (GET /invitations/{token}, GET /invitations). */
export type InvitationView = {
  company_name: string;
  inviter_name: string;
  email: string;
  role: Role;
  expires_at: string;
  /** Whether the e-mail already has a confirmed account: sign in and accept, else set a password. */
  account_exists: boolean;
};

/** A pending invitation as the company's managers see it (GET /company/invitations). */
export type CompanyInvitation = {
  id: string;
  email: string;
  role: Role;
  invited_by: string;
  created_at: string;
  expires_at: string;
};
