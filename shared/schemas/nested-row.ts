import { z } from 'zod';
import { VALIDATION, humanizeField } from '../messages.js';

/** An optional link to another record by id; '' clears it. */
export const ref = () => z.union([z.literal(''), z.string().trim().min(1).max(64)]).optional();

/**
 * A nested row: a saved row is named by id and sends only what changes
 * (or `_destroy: true` to be removed); a new row must carry the shape's required fields.
 */
export const nestedRow = <S extends z.ZodRawShape>(shape: S) => {
  const required = Object.keys(shape).filter((key) => !(shape[key] as z.ZodType).safeParse(undefined).success);
  return z
    .strictObject({ id: z.string().min(1).max(64).optional(), _destroy: z.boolean().optional(), ...shape })
    .partial()
    .superRefine((row, ctx) => {
      const { id, _destroy } = row as { id?: string; _destroy?: boolean };
      if (id || _destroy) return;
      for (const key of required) {
        if ((row as Record<string, unknown>)[key] === undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: VALIDATION.required(humanizeField(key)) });
      }
    });
};
