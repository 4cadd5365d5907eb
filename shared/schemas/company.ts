import { z } from 'zod';
import { currencyCode } from './currency.js';
import { nameText } from './name-text.js';
import { dealPercentage } from './money.js';
import { ROLES } from '../constants.js';
import { VALIDATION } from '../messages.js';
import { ipiNameNumberInput } from './ipi-name-number.js';
import { nestedRow } from './nested-row.js';

const text = (max: number) => z.string().trim().max(max).optional();
const date = (label: string) => z.union([z.literal(''), z.iso.date(`${label} must be a date (YYYY-MM-DD)`)]).optional();
const fileKey = z.string().max(1024).nullable().optional();
/** Colours are accepted as hex or rgba. */
const COLOUR =
  /^(#[0-9a-f]{3}|#[0-9a-f]{4}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const colour = (label: string) =>
  z.union([z.literal(''), z.string().trim().regex(COLOUR, `${label} must be a hex or rgba colour`)]).optional();

/** The company's own details. */
const companyProfileInput = z.strictObject({
  name: nameText(200).optional(),
  address: text(1000),
  backup_email: z.union([z.literal(''), z.email(VALIDATION.email).max(320)]).optional(),
  phone_no: text(50),
});

/** How the company's white-labelled site looks (admin site_settings). */
const siteSettingsInput = z.strictObject({
  site_name: nameText(200).optional(),
  primary_colour: colour('Primary colour'),
  secondary_colour: colour('Secondary colour'),
  support_email: z.union([z.literal(''), z.email(VALIDATION.email).max(320)]).optional(),
  custom_domain: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(253)
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'Custom domain must be a domain name like music.example.com'),
    ])
    .optional(),
});

/** A company's link to a distributor it delivers through. */
const companyDistributorRowInput = nestedRow({
  distributor_id: z.string().trim().min(1).max(64),
  active: z.boolean().optional(),
  base: z.boolean().optional(),
  contract_start_date: date('Contract start date'),
  contract_end_date: date('Contract end date'),
  terminated: z.boolean().optional(),
});

/** A company (tenant) as admins edit it. */
const fields = {
  name: nameText(200).min(1),
  email: z.union([z.literal(''), z.email().max(320)]).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  distributed: z.boolean().optional(),
  deal_percentage: dealPercentage.optional(),
  registration_number: z.string().trim().max(50).optional(),
  vat_number: z.string().trim().max(50).optional(),
  vat_registered: z.boolean().optional(),
  currency: currencyCode('Currency').optional(),
  contract_date: date('Contract date'),
  self_billing: z.boolean().optional(),
  self_billing_created_at: date('Self billing created at'),
  self_billing_expires_at: date('Self billing expires at'),
  profile_attributes: companyProfileInput.optional(),
  site_settings_attributes: siteSettingsInput.optional(),
  /** Uploaded files' object keys (POST /admin/companies/{id}/uploads); null removes the file. */
  logo_key: fileKey,
  contract_key: fileKey,
  self_billing_agreement_key: fileKey,
  company_publishers_attributes: z
    .array(nestedRow({ publisher_id: z.string().trim().min(1).max(64) }))
    .max(200)
    .optional(),
  company_rightsholders_attributes: z
    .array(nestedRow({ rightsholder_id: z.string().trim().min(1).max(64) }))
    .max(200)
    .optional(),
  company_distributors_attributes: z.array(companyDistributorRowInput).max(100).optional(),
  /** The company as a CWR sender (docs/cwr.md): its IPI name number and CISAC sender code. */
  ipi_name_number: ipiNameNumberInput,
  cwr_sender_code: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{2,3}$/, 'CWR sender code must be 2 or 3 letters or digits')
        .transform((c) => c.toUpperCase()),
    ])
    .optional(),
};

/** A self-billing agreement cannot expire before it was made. */
const datesInOrder = <T extends { self_billing_created_at?: string; self_billing_expires_at?: string }>(
  input: T,
  ctx: z.RefinementCtx,
) => {
  if (
    input.self_billing_created_at &&
    input.self_billing_expires_at &&
    input.self_billing_expires_at < input.self_billing_created_at
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['self_billing_expires_at'],
      message: 'Self billing expires at must be after Self billing created at',
    });
  }
};

/** The plan an admin puts the company on (functions/plans); admin forms only, never a member's edit. */
const subscriptionId = z.string().trim().min(1).max(64).optional();

export const companyInput = z.strictObject({ ...fields, subscription_id: subscriptionId }).superRefine(datesInOrder);

/** The company's users with their roles: the full list to keep (a user left out is removed). */
export const companyUpdate = z
  .strictObject({
    ...fields,
    subscription_id: subscriptionId,
    name: fields.name.optional(),
    company_users: z
      .array(z.strictObject({ user_id: z.string().min(1).max(64), role: z.enum(ROLES) }))
      .max(500)
      .optional(),
  })
  .superRefine(datesInOrder);

export type CompanyUpdate = z.infer<typeof companyUpdate>;
