import { sizeLimitWords } from '../../shared/format.js';
import { z } from 'zod';
import { VALIDATION } from '../../shared/messages.js';
import { InvalidField } from '../lib/errors.js';
import { presignDownload, presignUpload, uploadedObject } from '../uploads/presign.js';

/**
 * A file a reference record carries (a distributor's logo, a DSP's delivery guide). The browser
 * asks `POST /{collection}/uploads` for a presigned PUT under the field's prefix, uploads, then
 * saves the record with `<field>_key`; the save checks the object exists under that prefix.
 */
export type FileField = {
  /** The stored field and the `field` of the upload request: `logo`. */
  field: string;
  /** Where its objects live; `logos/…` are checked to be images by the uploads worker. */
  prefix: string;
  contentTypes: readonly [string, ...string[]];
  maxBytes: number;
};

type StoredFile = { key: string; content_type?: string; size?: number; filename: string };

/** The body of `POST /{collection}/uploads`: which file field, and the file's facts. */
export function uploadRequestFor(files: readonly FileField[]) {
  const names = files.map((f) => f.field) as [string, ...string[]];
  return z.strictObject({
    field: z.enum(names),
    filename: z.string().trim().min(1).max(200),
    content_type: z.string().trim().min(1).max(200),
    size: z.number().int().min(1),
  });
}

/** A presigned PUT for one file field, once its type and size are ones the field takes. */
export function presignFileUpload(
  files: readonly FileField[],
  body: { field: string; filename: string; content_type: string; size: number },
) {
  const file = files.find((f) => f.field === body.field);
  if (!file) throw new InvalidField('field', `Field must be one of: ${files.map((f) => f.field).join(', ')}`);
  if (!file.contentTypes.includes(body.content_type))
    throw new InvalidField('content_type', `Content type must be one of: ${file.contentTypes.join(', ')}`);
  if (body.size > file.maxBytes)
    throw new InvalidField('size', VALIDATION.maxValue('Size', sizeLimitWords(file.maxBytes)));
  return presignUpload(file.prefix, body);
}

/**
 * Turns `<field>_key` values of a write into stored file facts: a key sets the file (it must have
 * been uploaded under the field's prefix), null removes it, absent leaves it as it is.
 */
export async function resolveFileKeys(
  files: readonly FileField[],
  body: Record<string, unknown>,
  /** Where the fields are in the request, for error names (`images_attributes.0.`). */
  path = '',
): Promise<{ set: Record<string, StoredFile>; remove: string[] }> {
  const set: Record<string, StoredFile> = {};
  const remove: string[] = [];
  for (const file of files) {
    const key = body[`${file.field}_key`];
    if (key === null) remove.push(file.field);
    else if (typeof key === 'string')
      set[file.field] = await uploadedObject(file.prefix, key, `${path}${file.field}_key`);
  }
  return { set, remove };
}

/** The record with each file answered as `{ url, filename, size, content_type }` (a short-lived download URL) or null. */
export async function withFileUrls<T extends Record<string, unknown>>(
  files: readonly FileField[],
  record: T,
): Promise<T> {
  if (!files.length) return record;
  const answer: Record<string, unknown> = { ...record };
  for (const file of files) {
    const stored = record[file.field] as StoredFile | undefined;
    answer[file.field] = stored?.key
      ? {
          url: await presignDownload(stored.key, stored.content_type, stored.filename),
          filename: stored.filename,
          size: stored.size,
          content_type: stored.content_type,
        }
      : null;
  }
  return answer as T;
}
