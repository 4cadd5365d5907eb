import { z } from 'zod';
import { userSettingInput } from './auth.js';
import { ROLES } from '../constants.js';
import { VALIDATION } from '../messages.js';

/** An admin invites a user; they set their password through the mailed /setup_account link. */
export const userInvite = z.strictObject({
  name: z.string().trim().min(1).max(200),
  email: z
    .email(VALIDATION.email)
    .max(320)
    .transform((e) => e.trim().toLowerCase()),
  role: z.enum(ROLES).optional(),
});

export const userUpdate = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
  frozen: z.boolean().optional(),
  user_setting_attributes: userSettingInput.optional(),
});
