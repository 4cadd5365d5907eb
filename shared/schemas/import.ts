import { z } from 'zod';

/** What users send to the imports area: the record of a file they imported, and bulk deletes. */

export const importInput = z.strictObject({
  filename: z.string().trim().min(1).max(300),
  filesize: z.number().int().min(0),
  records: z.number().int().min(0),
  type: z.string().trim().min(1).max(50),
});

export const importsBulkDestroy = z.strictObject({ import_ids: z.array(z.string().min(1).max(64)).min(1).max(100) });
