import { ERN_COUNTRY_CODES, ERN_CURRENCY_CODES } from './avs-codes.js';

/**
 * Catalogue values checked against what the ERN 4.3 schema accepts before they are written: a value
 * the schema would refuse is left out (or replaced by the message's default), so odd data never
 * makes an invalid message.
 */
// IETF RFC 5646 as the ERN 4.3 schema restricts it: lang[-script][-region][-variant].
const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z]+)?(-[a-zA-Z]{2}|-[0-9]{3})?(-[a-zA-Z][a-zA-Z0-9]{4}[a-zA-Z0-9]*)?$/;

/** The language tag when the schema accepts it, else undefined (left out, or the message's default). */
export function languageTag(value: string | undefined): string | undefined {
  const tag = value?.trim();
  return tag && LANGUAGE_TAG.test(tag) ? tag : undefined;
}

/** A YYYY-MM-DD date that exists, else undefined. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** A four-digit year (xs:gYear as stores read it), else undefined. */
export function gYear(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value >= 1000 && value <= 9999 ? value : undefined;
}

/** Territory codes the schema knows (ISO 3166-1 alpha-2), upper-cased; others left out. */
export function knownCountries(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toUpperCase()).filter((c) => ERN_COUNTRY_CODES.has(c)))];
}

/** An ISO 4217 currency the schema knows, else undefined. */
export function knownCurrency(code: string | undefined): string | undefined {
  const upper = code?.trim().toUpperCase();
  return upper && ERN_CURRENCY_CODES.has(upper) ? upper : undefined;
}
