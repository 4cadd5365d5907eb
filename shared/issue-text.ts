import type { z } from 'zod';
import { VALIDATION, humanizeField, valueWords } from './messages.js';

/**
 * What a zod issue says to a person: the field named in their words, the product's shared messages where one applies
 * ("{field} is required", the e-mail message, "{field} must be under 300 characters"), a schema's own sentence where it
 * has one. The API's field errors and the forms' own checks both word their issues here, so a form says before
 * sending what the API would say after.
 */
export function issueText(issue: z.core.$ZodIssue, input: unknown): { field: string; text: string }[] {
  const path = issue.path.map(String).join('.');
  const field = path || 'body';
  // A list's item is named by its list ("Tags", not "0").
  const last = issue.path.map(String).findLast((part) => !/^\d+$/.test(part)) ?? field;
  const label = humanizeField(last);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: path ? `${path}.${key}` : key,
        text: `${humanizeField(key, { keepId: true })} is not a known field`,
      }));
    case 'invalid_type':
      // Without the checked input, a schema's own sentence is all there is to go on.
      if (input === undefined && !issue.message.startsWith('Invalid input'))
        return [{ field, text: named(label, issue.message) }];
      return [
        {
          field,
          text: missing(issue, input) ? VALIDATION.required(label) : `${label} must be ${article(issue.expected)}`,
        },
      ];
    case 'invalid_format':
      if (issue.format === 'email') return [{ field, text: VALIDATION.email }];
      // Our patterns carry their own sentence.
      return [
        { field, text: issue.message.startsWith('Invalid') ? `${label} is not valid` : named(label, issue.message) },
      ];
    case 'too_big':
      if (!issue.message.startsWith('Too big')) return [{ field, text: named(label, issue.message) }]; // a schema's own sentence
      return [
        {
          field,
          text: VALIDATION.maxValue(
            label,
            issue.origin === 'string' ? `${String(issue.maximum)} characters` : String(issue.maximum),
          ),
        },
      ];
    case 'too_small':
      if (!issue.message.startsWith('Too small')) return [{ field, text: named(label, issue.message) }]; // a schema's own sentence
      return [
        {
          field,
          text:
            issue.origin === 'string'
              ? Number(issue.minimum) === 1
                ? VALIDATION.required(label)
                : `${label} must be at least ${String(issue.minimum)} characters`
              : issue.origin === 'array'
                ? `${label} must have at least ${String(issue.minimum)} entries`
                : `${label} must be at least ${String(issue.minimum)}`,
        },
      ];
    case 'invalid_value':
      // A choice left blank (a form's empty select) is a missing value, said as one.
      if (input !== undefined && valueAt(input, issue.path) === '')
        return [{ field, text: VALIDATION.required(label) }];
      // A schema's own sentence names the choices in the user's words ("Type must be one of: Artist release contract,
      // Licence, Contract"); a bare list (zod's "Invalid option…") names the values in words ("Not opened", never the
      // stored "not_opened").
      if (!/^Invalid (option|input)\b/.test(issue.message)) return [{ field, text: named(label, issue.message) }];
      return [
        {
          field,
          text: `${label} must be one of: ${issue.values.map((value) => valueWords(String(value))).join(', ')}`,
        },
      ];
    case 'custom':
      return [{ field, text: named(label, issue.message) }]; // our own rules carry whole sentences (the product's messages)
    case 'invalid_union': {
      // A form's blank ('') or a value: said in the words of the value's own rule ("Retail price must be an amount
      // with up to 2 decimals") rather than "Invalid input".
      const alone = (branch: z.core.$ZodIssue[], code: string) => branch.length === 1 && branch[0]?.code === code;
      const choices = issue.errors.filter((branch) => !alone(branch, 'invalid_value'));
      // A value of one of the field's kinds (a list, where text or a list is taken) is told that kind's rule, not that
      // it is not text.
      const ofItsKind = choices.filter((branch) => !alone(branch, 'invalid_type'));
      const telling = choices.length === 1 ? choices : ofItsKind;
      if (telling.length === 1)
        return telling[0].flatMap((inner) => issueText({ ...inner, path: [...issue.path, ...inner.path] }, input));
      // A field that may take one of several kinds of value (text, or a list of lines), left out or of none of them:
      // "UPCs is required", "UPCs must be a string or an array", never zod's "Invalid input".
      if (input !== undefined && missing(issue, input)) return [{ field, text: VALIDATION.required(label) }];
      const kinds = issue.errors.map((branch) => {
        const [only] = branch;
        return branch.length === 1 && only?.code === 'invalid_type' ? only.expected : null;
      });
      if (kinds.every(Boolean))
        return [{ field, text: `${label} must be ${kinds.map((kind) => article(kind ?? '')).join(' or ')}` }];
      return [{ field, text: issue.message.includes(label) ? issue.message : `${label}: ${issue.message}` }];
    }
    default:
      return [{ field, text: issue.message.includes(label) ? issue.message : `${label}: ${issue.message}` }];
  }
}

/**
 * A schema's own words: a whole sentence ("Deal percentage must be …") as it is, a predicate a shared schema leaves to
 * its field ("must be a pay period (YYYY-MM)", starting with its verb) after the field's name, so no message reaches a person
 * without saying which field it is about.
 */
function named(label: string, text: string): string {
  return /^(must|is|are|cannot|should|may)\b/.test(text) ? `${label} ${text}` : text;
}

/**
 * Whether a value of the wrong kind was missing rather than of another kind: read from the checked input when it is
 * given, else from zod's own words ("… received undefined").
 */
function missing(issue: z.core.$ZodIssue, input: unknown): boolean {
  if (input !== undefined) return valueAt(input, issue.path) === undefined || valueAt(input, issue.path) === null;
  return /received (undefined|null)\b/.test(issue.message);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A JSON value's kind in a person's words ("text", "a list"), not the schema engine's ("string", "array"). */
const KIND_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  array: 'a list',
  boolean: 'true or false',
  object: 'a group of fields',
  int: 'a whole number',
};

function article(expected: string): string {
  const words = KIND_WORDS[expected];
  if (words) return words;
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
