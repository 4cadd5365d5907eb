import { z } from 'zod';
import { VALIDATION } from '../messages.js';

/**
 * What users send to the support area: a bug report, an admin's access-token
 * changes. The API parses with these schemas; the SPA's forms validate with the same ones, so a
 * value one accepts the other accepts.
 */

/** The token form offers a date; the API also takes a full timestamp. */
const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'Expires at must be a date (YYYY-MM-DD)',
});
const userId = z.string().min(1).max(64);
const service = z
  .string()
  .trim()
  .min(1, VALIDATION.required('Service'))
  .max(100, VALIDATION.maxValue('Service', '100 characters'));

/** The sentences are the ones the API's error mapping gives these limits, so the Bugs form shows the same. */
export const bugReportInput = z.strictObject({
  description: z
    .string()
    .trim()
    .min(1, VALIDATION.required('Description'))
    .max(10_000, VALIDATION.maxValue('Description', '10000 characters')),
  referer: z.string().trim().max(2000, VALIDATION.maxValue('Referer', '2000 characters')).optional(),
});

/** A new token belongs to one user for good; its expiry is optional. */
export const accessTokenInput = z.strictObject({
  service,
  expires_at: isoDate.optional(),
  user_id: z.string().min(1, VALIDATION.required('User')).max(64),
});

/** An edit never changes the user; a null expiry clears it. */
export const accessTokenUpdate = z.strictObject({
  service: service.optional(),
  expires_at: isoDate.nullable().optional(),
});

/** Revokes every live token, or one user's. */
export const revokeAllInput = z.strictObject({ user_id: userId.optional() });
