import { z } from 'zod';

/** What users send to the imports area: the record of a file they imported, and bulk deletes. */

const importFields = {
  filename: z.string().trim().min(1).max(300),
  filesize: z.number().int().min(0),
  records: z.number().int().min(0),
  type: z.string().trim().min(1).max(50),
};

/** A new record; an admin may file it for another user (`user_id`), a user only for themself. */
export const importInput = z.strictObject({ ...importFields, user_id: z.string().min(1).max(64).optional() });

/** An admin's correction of a record: any of its facts, never whose it is. */
export const importUpdate = z
  .strictObject(importFields)
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Nothing to change' });

export const importsBulkDestroy = z.strictObject({ import_ids: z.array(z.string().min(1).max(64)).min(1).max(100) });
