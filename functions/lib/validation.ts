import type { z } from 'zod';
import { VALIDATION, humanizeField } from '../../shared/messages.js';
import { BadRequest, type FieldErrors } from './errors.js';
import { isWellFormed, wellFormed } from './well-formed-text.js';

/**
 * An empty errors map. Without a prototype, so a field named `constructor`, `__proto__`,
 * `valueOf` or `toString` is a key like any other instead of Object.prototype's member.
 */
const noErrors = (): FieldErrors => Object.create(null) as FieldErrors;

/**
 * Turns zod issues into the API's `errors` map, one list of readable texts per field, using
 * the product's shared messages where one applies ("{field} is required", the e-mail message).
 */
export function fieldErrors(error: z.ZodError, input: unknown): FieldErrors {
  const errors = noErrors();
  const add = (field: string, text: string) => {
    errors[field] = [...(errors[field] ?? []), text];
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
        if (valueAt(input, issue.path) === undefined || valueAt(input, issue.path) === null)
          add(field, VALIDATION.required(label));
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
        add(
          field,
          VALIDATION.maxValue(
            label,
            issue.origin === 'string' ? `${String(issue.maximum)} characters` : String(issue.maximum),
          ),
        );
        break;
      case 'too_small':
        if (!issue.message.startsWith('Too small')) {
          add(field, issue.message); // a schema's own sentence
          break;
        }
        add(
          field,
          issue.origin === 'string'
            ? Number(issue.minimum) === 1
              ? VALIDATION.required(label)
              : `${label} must be at least ${String(issue.minimum)} characters`
            : issue.origin === 'array'
              ? `${label} must have at least ${String(issue.minimum)} entries`
              : `${label} must be at least ${String(issue.minimum)}`,
        );
        break;
      case 'invalid_value':
        add(field, `${label} must be one of: ${issue.values.map(String).join(', ')}`);
        break;
      case 'custom':
        add(field, issue.message); // our own rules carry whole sentences (the product's messages)
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
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function article(expected: string): string {
  const word = expected === 'int' ? 'whole number' : expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** What a field holding ill-formed text is told; the field is named in the user's words. */
const cannotStore = (field: string) => `${humanizeField(field)} contains characters that cannot be stored`;

/**
 * Every string (and object key) of a request part that is not well-formed UTF-16, by field path.
 * A lone surrogate is valid JSON but breaks what reads the stored text later (DuckDB's JSON
 * reader refuses it), so it is refused here, before any schema, for every operation.
 */
export function illFormedText(value: unknown): FieldErrors {
  const errors = noErrors();
  // Iterative (a stack of what is left to visit, in document order), so no input can exhaust the
  // call stack; each node keeps only its key and its parent, and a path is spelled out only for an error.
  type Visit = { node: unknown; key?: string; parent?: Visit };
  const pathOf = (visit: Visit, last?: string) => {
    const parts = last === undefined ? [] : [last];
    for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) parts.push(at.key);
    return parts.reverse();
  };
  const pending: Visit[] = [{ node: value }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node } = next;
    if (typeof node === 'string') {
      if (!isWellFormed(node)) {
        const path = pathOf(next);
        const field = path.join('.') || 'body';
        errors[field] = [cannotStore(path.findLast((part) => !/^\d+$/.test(part)) ?? field)];
      }
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1)
        pending.push({ node: node[index], key: String(index), parent: next });
    } else if (node !== null && typeof node === 'object') {
      const children: Visit[] = [];
      for (const [key, child] of Object.entries(node)) {
        const name = wellFormed(key);
        if (name !== key) errors[pathOf(next, name).join('.')] = [cannotStore(name)];
        else children.push({ node: child, key, parent: next });
      }
      pending.push(...children.reverse());
    }
  }
  return errors;
}

/** Throws the 400 `{ message, errors }` for a non-empty errors map; the message is the first text. */
function throwIfAny(errors: FieldErrors): void {
  const first = Object.values(errors).at(0)?.at(0);
  if (first) throw new BadRequest(first, errors);
}

/** Parses a part of the request with its schema, or throws a 400 naming every bad field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  throwIfAny(illFormedText(value));
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, value);
  throwIfAny(errors);
  throw new BadRequest('Invalid input', errors);
}
