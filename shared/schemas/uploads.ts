import { z } from 'zod';
import { sizeLimitWords } from '../format.js';
import { VALIDATION } from '../messages.js';

/**
 * The body asking for a presigned upload: the file's name, type (from a fixed list) and size (up to a limit). A type
 * off the list is refused in `typeRefusal`'s words when given (the kinds of file a person knows), else by the list.
 */
export function uploadRequest(contentTypes: readonly [string, ...string[]], maxBytes: number, typeRefusal?: string) {
  return z.strictObject({
    filename: z.string().trim().min(1).max(200),
    content_type: z.enum(contentTypes, typeRefusal),
    size: z
      .number()
      .int()
      .min(1)
      .max(maxBytes, VALIDATION.maxValue('Size', sizeLimitWords(maxBytes))),
  });
}
