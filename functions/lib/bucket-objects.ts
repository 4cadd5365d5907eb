import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3Client } from './clients.js';

/** S3 deletes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Deletes every object under the prefixes, and the named keys, from one bucket (a deleted release's
 * files, a deleted royalty import's ledger files). Answers how many keys it asked S3 to delete, the
 * bytes of the objects listed under the prefixes, and the keys S3 refused, for the caller to log: files outlive a record they belonged to, never the
 * other way round.
 */
export async function deleteObjectsUnder(
  bucket: string,
  prefixes: readonly string[],
  keys: readonly string[] = [],
): Promise<{ deleted: number; refused: { key: string; message: string }[]; listedBytes: number }> {
  const found = new Set(keys.filter(Boolean));
  // The sizes of the objects found under the prefixes (a deleted record's files give their storage back).
  let listedBytes = 0;
  for (const prefix of prefixes) {
    let token: string | undefined;
    do {
      const page = await s3Client().send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        found.add(object.Key);
        listedBytes += object.Size ?? 0;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  const all = [...found];
  const refused: { key: string; message: string }[] = [];
  for (let i = 0; i < all.length; i += DELETE_BATCH) {
    const batch = all.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
    const answer = await s3Client().send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }),
    );
    for (const error of answer.Errors ?? []) refused.push({ key: error.Key ?? '', message: error.Message ?? '' });
  }
  return { deleted: all.length - refused.length, refused, listedBytes };
}
