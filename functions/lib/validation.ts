import { z } from 'zod';
import { VALIDATION, humanizeField } from '../../shared/messages.js';
import { BadRequest, type FieldErrors } from './errors.js';

/**
 * Turns zod issues into the API's `errors` map, one list of readable texts per field, using
 * the spec's shared messages where one applies ("{field} is required", the e-mail message).
 */
export function fieldErrors(error: z.ZodError, input: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, text: string) => {
    (errors[field] ??= []).push(text);
  };
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const field = path || 'body';
    const last = issue.path.length ? String(issue.path[issue.path.length - 1]) : field;
    const label = humanizeField(last);
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) add(path ? `${path}.${key}` : key, `${humanizeField(key)} is not a known field`);
        break;
      case 'invalid_type':
        if (valueAt(input, issue.path) === undefined || valueAt(input, issue.path) === null) add(field, VALIDATION.required(label));
        else add(field, `${label} must be ${article(issue.expected)}`);
        break;
      case 'invalid_format':
        if (issue.format === 'email') add(field, VALIDATION.email);
        else add(field, issue.message.startsWith('Invalid') ? `${label} is not valid` : issue.message); // our patterns carry their own sentence
        break;
      case 'too_big':
        if (!issue.message.startsWith('Too big')) {
          add(field, issue.message); // a schema's own sentence
          break;
        }
        add(field, VALIDATION.maxValue(label, issue.origin === 'string' ? `${String(issue.maximum)} characters` : String(issue.maximum)));
        break;
      case 'too_small':
        if (!issue.message.startsWith('Too small')) {
          add(field, issue.message); // a schema's own sentence
          break;
        }
        add(field, issue.origin === 'string' ? (Number(issue.minimum) === 1 ? VALIDATION.required(label) : `${label} must be at least ${String(issue.minimum)} characters`) : issue.origin === 'array' ? `${label} must have at least ${String(issue.minimum)} entries` : `${label} must be at least ${String(issue.minimum)}`);
        break;
      case 'invalid_value':
        add(field, `${label} must be one of: ${issue.values.map(String).join(', ')}`);
        break;
      case 'custom':
        add(field, issue.message); // our own rules carry whole sentences (the spec's messages)
        break;
      default:
        add(field, issue.message.includes(label) ? issue.message : `${label}: ${issue.message}`);
    }
  }
  return errors;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function article(expected: string): string {
  const word = expected === 'int' ? 'whole number' : expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** Parses a part of the request with its schema, or throws a 400 naming every bad field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, value);
  const first = Object.values(errors).at(0)?.at(0) ?? 'Invalid input';
  throw new BadRequest(first, errors);
}
