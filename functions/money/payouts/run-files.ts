import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../../../infra/resources.js';
import type { PaymentRunFile } from '../../../shared/schemas/payment-views.js';
import { deleteObjectsUnder, putBytes } from '../../lib/bucket-objects.js';
import { log } from '../../lib/logger.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import { contentDisposition } from '../../lib/download-name.js';
import type { BankFile } from './files/types.js';

/**
 * Where a run's bank files live: the ledger bucket under payouts/{tenant}/{run}/{attempt}/ (the bucket is
 * encrypted at rest and private; the keys never reach the browser), downloaded through a
 * short-lived presigned URL like the statements' bulk download.
 */
const DOWNLOAD_URL_SECONDS = 5 * 60;

/**
 * Each export attempt writes under a folder of its own (`attempt`), and the run keeps the keys of the attempt whose
 * write froze it. Two exports at once (a double click) both make files; with one key per name the later upload
 * replaced the frozen file's bytes after the freeze, possibly with payout details changed in between. Now the
 * frozen files are never written again, and the attempt that lost removes its own copies.
 */
const fileKey = (tenantId: string, runId: string, attempt: string, name: string) =>
  `payouts/${tenantId}/${runId}/${attempt}/${name}`;

/** Stores a file of one export attempt and answers what the run keeps of it. */
export async function storeRunFile(
  tenantId: string,
  runId: string,
  attempt: string,
  file: BankFile,
): Promise<PaymentRunFile & { key: string }> {
  const key = fileKey(tenantId, runId, attempt, file.name);
  await putBytes(requireEnv(ENV.ledgerBucket), key, file.content, file.contentType);
  const { content: _content, contentType: _type, ...kept } = file;
  return { ...kept, key };
}

/** Removes the files of an export attempt that did not freeze the run (best effort: nothing reads them). */
export async function removeAttemptFiles(files: readonly { key: string }[]): Promise<void> {
  const keys = files.map((file) => file.key);
  try {
    const { refused } = await deleteObjectsUnder(requireEnv(ENV.ledgerBucket), [], keys);
    if (refused.length) log().warn('unused bank files not deleted', { refused });
  } catch (error) {
    log().warn('unused bank files not deleted', { keys, error: String(error) });
  }
}

export async function downloadUrl(key: string, filename: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: requireEnv(ENV.ledgerBucket),
    Key: key,
    ResponseContentDisposition: contentDisposition('attachment', filename),
  });
  return getSignedUrl(s3Client(), command, { expiresIn: DOWNLOAD_URL_SECONDS });
}
