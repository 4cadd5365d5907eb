import { z } from 'zod';
import { nameText } from './name-text.js';
import { MESSAGES, VALIDATION } from '../messages.js';

/** The password rule, the same as the Cognito pool's policy: 8+ characters with lower, upper case and a digit. */
export const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(256)
  .regex(/[a-z]/, 'Password must contain a lower-case letter')
  .regex(/[A-Z]/, 'Password must contain an upper-case letter')
  .regex(/[0-9]/, 'Password must contain a digit');

const email = z
  .email(VALIDATION.email)
  .max(320)
  .transform((e) => e.trim().toLowerCase());

const passwordPair = { password, password_confirmation: z.string().max(256) };
const confirmationMatches = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: VALIDATION.confirmed };
const secret = z.string().min(10).max(200);

export const signUpInput = z.strictObject({ name: nameText(200).min(1), email });
export const tokenInput = z.strictObject({ access_token: secret });
export const confirmInput = z
  .strictObject({ access_token: secret, ...passwordPair })
  .refine(confirmationMatches, mismatch);
export const resetRequestInput = z.strictObject({
  email: z
    .string()
    .trim()
    .max(320)
    .refine((v) => v.length > 0, MESSAGES.fillOutEmail),
});
export const checkTokenInput = z.strictObject({ token: secret });
export const changePasswordInput = z
  .strictObject({ token: secret, ...passwordPair })
  .refine(confirmationMatches, mismatch);

/** Per-user feature flags (beta and experimental features are per user setting). */
export const userSettingInput = z.strictObject({
  beta_features: z.boolean().optional(),
  experimental_features: z.boolean().optional(),
});

export const profileInput = z.strictObject({
  name: nameText(200).min(1).optional(),
  profile: z
    .strictObject({
      address: z.string().trim().max(1000).optional(),
      backup_email: z.union([z.literal(''), z.email(VALIDATION.email).max(320)]).optional(),
      phone_no: z.string().trim().max(50).optional(),
      skype: z.string().trim().max(100).optional(),
    })
    .optional(),
  user_setting_attributes: userSettingInput.optional(),
});
export type ProfileInput = z.infer<typeof profileInput>;
