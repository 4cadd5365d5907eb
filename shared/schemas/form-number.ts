import { z } from 'zod';

/**
 * A number sent by a form or a client: a JSON number, or its plain text ("7.99", " 12 "). Other text, booleans and
 * lists are left for `schema` to refuse in the field's words; `z.coerce.number()` took true as 1, [3] as 3, "1e3"
 * as 1000 and "0x10" as 16. The one rule for numbers a body may carry as text.
 */
export const formNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : value),
    schema,
  );
