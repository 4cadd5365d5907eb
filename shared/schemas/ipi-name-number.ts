import { z } from 'zod';
import { isValidIpiNameNumber } from '../identifiers.js';

/**
 * An IPI name number as forms send it (writers, publishers, the company as CWR sender): blank,
 * or eleven digits whose mod-101 check digits are right. Stored as typed, digits only.
 */
export const ipiNameNumberInput = z
  .string()
  .trim()
  .max(20)
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine((v) => v === '' || isValidIpiNameNumber(v), 'IPI name number must be 11 digits with valid check digits')
  .optional();
