import { z } from 'zod';
import { nameText } from './name-text.js';
import { userSettingInput } from './auth.js';
import { ROLES } from '../constants.js';
import { VALIDATION } from '../messages.js';

/** An admin invites a user; they set their password through the mailed /setup_account link. */
export const userInvite = z.strictObject({
  name: nameText(200).min(1),
  email: z
    .email(VALIDATION.email)
    .max(320)
    .transform((e) => e.trim().toLowerCase()),
  role: z.enum(ROLES).optional(),
});

export const userUpdate = z.strictObject({
  name: nameText(200).min(1).optional(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
  frozen: z.boolean().optional(),
  user_setting_attributes: userSettingInput.optional(),
});
