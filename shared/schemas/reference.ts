import { z } from 'zod';

/** Input schemas of the reference collections (spec 1 §3), shared by the API and the admin forms. */
const text = (max: number) => z.string().trim().max(max);
const code = (length: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z]{${length}}$`), `${what} must be ${length} letters`);
const optionalCode = (length: number, what: string) => z.union([z.literal(''), code(length, what)]).optional();

export const countryInput = z.strictObject({
  name: text(200).min(1),
  iso_alpha_two: code(2, 'Iso alpha two').transform((v) => v.toUpperCase()),
  iso_alpha_three: code(3, 'Iso alpha three').transform((v) => v.toUpperCase()),
  iso_numeric: z.string().trim().regex(/^\d{3}$/, 'Iso numeric must be 3 digits'),
});

export const languageInput = z.strictObject({
  name: text(200).min(1),
  family: text(200).optional(),
  native_name: text(200).optional(),
  iso_alpha_two: optionalCode(2, 'Iso alpha two'),
  iso_alpha_three: optionalCode(3, 'Iso alpha three'),
  english_iso_alpha_three: optionalCode(3, 'English iso alpha three'),
  macro_iso_alpha_three: optionalCode(3, 'Macro iso alpha three'),
  notes: text(2000).optional(),
});

export const genreInput = z.strictObject({
  name: text(200).min(1),
  active: z.boolean().optional(),
  base_genre: z.boolean().optional(),
});

export const performerRoleInput = z.strictObject({
  description: text(200).min(1),
  ppl_code: text(20).optional(),
  active: z.boolean().optional(),
});

/** The language pickers show first (spec 1 §3), and that metadata language may never be. */
export const INSTRUMENTAL = 'Instrumental';
