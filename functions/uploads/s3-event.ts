import { z } from 'zod';

/**
 * A bucket notification as S3 puts it on a queue: the objects' records (only the bucket and the
 * URL-encoded key are read; S3's other fields are left out), or the one `s3:TestEvent` S3 sends
 * when the notification is set up.
 */
export const s3EventMessage = z.object({
  Event: z.string().optional(),
  Records: z
    .array(
      z.object({
        s3: z.object({ bucket: z.object({ name: z.string().min(1) }), object: z.object({ key: z.string().min(1) }) }),
      }),
    )
    .optional(),
});

/** Keys in S3 event records are URL-encoded with "+" for spaces. */
export function decodeS3Key(key: string): string {
  return decodeURIComponent(key.replace(/\+/g, ' '));
}
