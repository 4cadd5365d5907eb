import { DAY_TYPED_AS } from './typed-day';
import { VALIDATION } from '../../../shared/messages';
import { issueText } from '../../../shared/issue-text';
import { dealPercentageProblem } from '../../../shared/schemas/money';
import { z } from 'zod';

/**
 * Form validation as a per-field rule map (the Cloudscape demos' pattern): each rule returns an
 * error text or null; the first failing rule of a field wins. Messages are the product's.
 */
export type Rule<V> = (value: unknown, values: V) => string | null;
export type RuleMap<V> = Partial<Record<keyof V & string, Rule<V>[]>>;

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Whether text looks like an e-mail address (the API checks it fully). */
export const looksLikeEmail = (text: string) => EMAIL.test(text.trim());
/**
 * How a form asks for a day (DateInput: typed as DD/MM/YYYY or picked from a calendar); the form holds and sends it
 * as YYYY-MM-DD, what the API stores (typed-day.ts).
 */
export const DATE_HINT = DAY_TYPED_AS;
/** A day of the calendar as YYYY-MM-DD: 2026-13-45 and 2026-02-30 are not days. */
const DAY = z.iso.date();

export const rules = {
  required:
    (label: string): Rule<unknown> =>
    (value) =>
      isBlank(value) ? VALIDATION.required(label) : null,
  email: (): Rule<unknown> => (value) => (isBlank(value) || looksLikeEmail(String(value)) ? null : VALIDATION.email),
  /** A number no greater than `max` ("{field} must be under {max}"), blank allowed. */
  maxValue:
    (label: string, max: number): Rule<unknown> =>
    (value) =>
      isBlank(value) || Number(value) <= max ? null : VALIDATION.maxValue(label, max),
  number:
    (label: string, min = 0): Rule<unknown> =>
    (value) =>
      isBlank(value) || (Number.isFinite(Number(value)) && Number(value) >= min)
        ? null
        : `${label} must be a number of at least ${min}`,
  /** A deal percentage by the API's one rule for every deal, in its words (dealPercentageProblem), blank allowed. */
  dealPercentage: (): Rule<unknown> => (value) => dealPercentageProblem(value),
  /** A value matching `pattern` (e.g. a 2-letter ISO code), blank allowed: pair with `required` when needed. */
  pattern:
    (pattern: RegExp, message: string): Rule<unknown> =>
    (value) =>
      isBlank(value) || pattern.test(String(value).trim()) ? null : message,
  /** A whole day (a half-typed one is not), blank allowed. */
  day:
    (label: string): Rule<unknown> =>
    (value) =>
      isBlank(value) || DAY.safeParse(String(value).trim()).success
        ? null
        : `${label} must be a whole date (${DATE_HINT})`,
  confirmed:
    (other: string): Rule<Record<string, unknown>> =>
    (value, values) =>
      value === values[other] ? null : VALIDATION.confirmed,
};

/** A form's day: "{label} is required" when `required` and blank, then a whole date; null when it is fine. */
export function dayProblem(label: string, value: string, required = false): string | null {
  if (required && isBlank(value)) return VALIDATION.required(label);
  return rules.day(label)(value, undefined);
}

/** Runs a rule map; returns { field: message } for the fields that fail. */
export function validate<V extends object>(values: V, map: RuleMap<V>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, fieldRules] of Object.entries(map) as [string, Rule<V>[]][]) {
    for (const rule of fieldRules) {
      const message = rule((values as Record<string, unknown>)[field], values);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

/**
 * zod issues as { 'path.to.field': message }, keeping the first message per path, worded as the API words them
 * (issueText): "Song must be under 300 characters", never zod's own "Too big: expected string …". `input` is what was
 * checked, so a value of the wrong kind is told apart from a missing one.
 */
export function zodErrors(error: z.ZodError, input?: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues)
    for (const { field, text } of issueText(issue, input)) errors[field === 'body' ? 'form' : field] ??= text;
  return errors;
}

/** Server field errors `{ field: [text] }` as { field: 'text text' }. */
export function serverFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, texts] of Object.entries(errors ?? {})) {
    fields[field] = texts.join(' ');
    // An item of a list the form takes in one field ("emails.2") is also said under that field ("emails").
    const list = /^(.+)\.\d+$/.exec(field)?.[1];
    if (list && !(list in (errors ?? {}))) fields[list] ??= texts.join(' ');
  }
  return fields;
}

/**
 * Tags as typed in one text box: split on commas (or on `separators`, such as /[,;]/ where a CSV's semicolons are
 * taken too), each trimmed, empty ones dropped.
 */
export const typedTags = (typed: string, separators: RegExp = /,/) =>
  typed
    .split(separators)
    .map((tag) => tag.trim())
    .filter(Boolean);
