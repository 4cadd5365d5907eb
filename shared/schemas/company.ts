import { z } from 'zod';
import { ROLES } from '../constants.js';

/** A company (tenant) as admins edit it (spec 3 §3.7). */
const fields = {
  name: z.string().trim().min(1).max(200),
  email: z.union([z.literal(''), z.email().max(320)]).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  distributed: z.boolean().optional(),
  deal_percentage: z.number().min(0).max(100).optional(),
  registration_number: z.string().trim().max(50).optional(),
  vat_number: z.string().trim().max(50).optional(),
  vat_registered: z.boolean().optional(),
  currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Currency must be a 3-letter code').transform((c) => c.toUpperCase()).optional(),
};

export const companyInput = z.strictObject(fields);

/** The company's users with their roles: the full list to keep (a user left out is removed). */
export const companyUpdate = z.strictObject({
  ...fields,
  name: fields.name.optional(),
  company_users: z.array(z.strictObject({ user_id: z.string().min(1).max(64), role: z.enum(ROLES) })).max(500).optional(),
});

export type CompanyUpdate = z.infer<typeof companyUpdate>;
