import Big from 'big.js';
import { z } from 'zod';
import { issueText } from '../issue-text.js';
import { VALIDATION } from '../messages.js';

/**
 * Money typed in cents (expenses, advances, minimum payouts): a decimal string with at most 2
 * decimals, never a float. Only a statement's royalties are rounded (once, half-up); every other
 * figure of an account is entered exact to the cent, so it is refused rather than rounded.
 */
const CENTS = /^-?\d+(\.\d{1,2})?$/;
const MAX_DIGITS = 12;

/**
 * A money field as a string with up to 2 decimals ("12.5" is stored "12.50"); `signed` lets it be
 * negative. The messages name the field in the form's words ("Subtotal must be an amount with up
 * to 2 decimals"); a JSON number is refused like any other non-amount, so no float reaches money.
 */
export function centsAmount(label: string, options: { signed?: boolean } = {}) {
  return z.unknown().transform((value, ctx): string => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === undefined || value === null || value === '') return refuse(VALIDATION.required(label));
    const text = typeof value === 'string' ? value.trim() : '';
    if (!CENTS.test(text)) return refuse(`${label} must be an amount with up to 2 decimals`);
    if (!options.signed && text.startsWith('-')) return refuse(`${label} must not be negative`);
    if (text.replace(/^-/, '').split('.')[0].length > MAX_DIGITS)
      return refuse(`${label} must have at most ${MAX_DIGITS} digits before the decimal point`);
    return new Big(text).toFixed(2);
  });
}

/**
 * A label's or a company's deal percentage: a number from 0 to 100 with the shared messages ("Deal percentage must be
 * a number", "… must be under 100"), and at most 2 decimals like every other deal, since the ledger's cuts keep 4:
 * 33.333333333333336 or 1e-7 stored as sent made the label page and the statements disagree.
 */
export const dealPercentage = z
  .number()
  .min(0)
  .max(100)
  // The sign is min's to refuse: a negative deal is told once, "must be at least 0".
  .refine((value) => /^-?\d+(\.\d{1,2})?$/.test(String(value)), 'Deal percentage must have at most 2 decimals');

const dealField = z.object({ deal_percentage: dealPercentage });

/**
 * What the one deal rule (`dealPercentage`) says of a deal typed or sent as text or a number, in its own words ("Deal
 * percentage must be a number", "… must be under 100", "… must be at least 0", "… must have at most 2 decimals"); null
 * when it is a deal. A blank is no deal, and passes. The label, company, distributed label and CRM client forms and
 * the CRM's API check a deal by it, so every deal is refused in the same words.
 */
export function dealPercentageProblem(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  const input = { deal_percentage: /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
  const parsed = dealField.safeParse(input);
  return parsed.success ? null : (issueText(parsed.error.issues[0], input)[0]?.text ?? null);
}

/** A percentage 0–100 with up to 2 decimals, as a number or as the form's text ("33.33"). */
export function percentage(label: string) {
  const message = `${label} must be a number from 0 to 100 with up to 2 decimals`;
  return z.unknown().transform((value, ctx): number => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > 100) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });
}

/**
 * A percentage a form may leave blank: a blank field (the forms send '') is `blank`, undefined keeping what is
 * stored or the default, 0 for a rate whose blank means none.
 */
export function optionalPercentage(label: string, blank: 0 | undefined) {
  return z.preprocess((value) => (value === '' ? blank : value), percentage(label).optional());
}

/** A money field a form may leave blank: blank or absent is not given. */
export function optionalCents(label: string, options: { signed?: boolean } = {}) {
  return z.preprocess((value) => (value === '' ? undefined : value), centsAmount(label, options).optional());
}

/**
 * A big.js value as a 2-decimal money string ("-12.30"), rounded half-up (away from zero on a
 * tie) when it has more decimals; never "-0.00".
 */
export function money(value: Big): string {
  const text = value.toFixed(2, Big.roundHalfUp);
  return /^-0\.00$/.test(text) ? '0.00' : text;
}
