import { z } from 'zod';
import { API_TOKEN_ACCESS, API_TOKEN_AREAS } from '../api-token-scope.js';
import { VALIDATION } from '../messages.js';

/**
 * A company's API tokens: what a company manager sends to make one and what the API answers.
 * The token page validates with the same schemas; the view schemas describe the answers in the
 * API's OpenAPI document.
 */

/** The longest a token may live: a year, so a forgotten integration stops on its own. */
export const MAX_API_TOKEN_DAYS = 366;

export const apiTokenInput = z.strictObject({
  name: z.string().trim().min(1, VALIDATION.required('Name')).max(100, VALIDATION.maxValue('Name', '100 characters')),
  access: z.enum(API_TOKEN_ACCESS, { error: 'Access must be read only or read and change' }),
  areas: z
    .array(z.enum(API_TOKEN_AREAS, { error: 'Areas must be catalogue, delivery, promotion or money' }))
    .min(1, 'Choose at least one area')
    .max(API_TOKEN_AREAS.length),
  expires_at: z.iso.date({ error: 'Expires at must be a date (YYYY-MM-DD)' }),
});
export type ApiTokenInput = z.infer<typeof apiTokenInput>;

/** A token as lists show it: the secret is never shown again, only its last four characters. */
const apiTokenView = z
  .object({
    id: z.string(),
    name: z.string(),
    access: z.enum(API_TOKEN_ACCESS),
    areas: z.array(z.enum(API_TOKEN_AREAS)),
    token_hint: z.string(),
    expires_at: z.string(),
    revoked: z.boolean(),
    /** Revoked or past its expiry: it no longer works. */
    expired: z.boolean(),
    created_by: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ApiToken' });
export type ApiTokenView = z.infer<typeof apiTokenView>;

export const apiTokenList = z.object({ api_tokens: z.array(apiTokenView) });

/** The create answer holds the secret this once. */
export const apiTokenCreated = z.object({
  api_token: apiTokenView,
  token: z.string(),
  message: z.string(),
});
export const apiTokenRevoked = z.object({ api_token: apiTokenView, message: z.string() });
