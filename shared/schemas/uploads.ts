import { z } from 'zod';
import { sizeLimitWords } from '../format.js';
import { VALIDATION } from '../messages.js';

/** The body asking for a presigned upload: the file's name, type (from a fixed list) and size (up to a limit). */
export function uploadRequest(contentTypes: readonly [string, ...string[]], maxBytes: number) {
  return z.strictObject({
    filename: z.string().trim().min(1).max(200),
    content_type: z.enum(contentTypes),
    size: z
      .number()
      .int()
      .min(1)
      .max(maxBytes, VALIDATION.maxValue('Size', sizeLimitWords(maxBytes))),
  });
}
