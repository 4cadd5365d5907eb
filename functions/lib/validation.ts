import type { z } from 'zod';
import { humanizeField } from '../../shared/messages.js';
import { issueText } from '../../shared/issue-text.js';
import { BadRequest, type FieldErrors } from './errors.js';
import { isWellFormed, wellFormed } from './well-formed-text.js';

/**
 * An empty errors map. Without a prototype, so a field named `constructor`, `__proto__`,
 * `valueOf` or `toString` is a key like any other instead of Object.prototype's member.
 */
const noErrors = (): FieldErrors => Object.create(null) as FieldErrors;

/**
 * Turns zod issues into the API's `errors` map, one list of readable texts per field (issueText: the same words the
 * forms use).
 */
export function fieldErrors(error: z.ZodError, input: unknown): FieldErrors {
  const errors = noErrors();
  for (const issue of error.issues)
    for (const { field, text } of issueText(issue, input)) errors[field] = [...(errors[field] ?? []), text];
  return errors;
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
