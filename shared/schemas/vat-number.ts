import { z } from 'zod';

/**
 * A VAT identification number as typed: a company's own, or a licensee's printed on an invoice. Only what such
 * numbers are written with (letters, digits, spaces, dots and dashes), so nothing else reaches a PDF; `label` names
 * the field in the messages ("Licensee VAT number may hold …").
 */
export const vatNumberText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9 .-]*$/, `${label} may hold letters, digits, spaces, dots and dashes only`);
