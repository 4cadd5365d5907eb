import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../../../infra/resources.js';
import type { PaymentRunFile } from '../../../shared/schemas/payment-views.js';
import { putBytes } from '../../lib/bucket-objects.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import type { BankFile } from './files/types.js';

/**
 * Where a run's bank files live: the ledger bucket under payouts/{tenant}/{run}/ (the bucket is
 * encrypted at rest and private; the keys never reach the browser), downloaded through a
 * short-lived presigned URL like the statements' bulk download.
 */
const DOWNLOAD_URL_SECONDS = 5 * 60;

const fileKey = (tenantId: string, runId: string, name: string) => `payouts/${tenantId}/${runId}/${name}`;

/** Stores a file and answers what the run keeps of it. */
export async function storeRunFile(
  tenantId: string,
  runId: string,
  file: BankFile,
): Promise<PaymentRunFile & { key: string }> {
  const key = fileKey(tenantId, runId, file.name);
  await putBytes(requireEnv(ENV.ledgerBucket), key, file.content, file.contentType);
  const { content: _content, contentType: _type, ...kept } = file;
  return { ...kept, key };
}

export async function downloadUrl(key: string, filename: string): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: requireEnv(ENV.ledgerBucket),
    Key: key,
    ResponseContentDisposition: `attachment; filename="${filename}"`,
  });
  return getSignedUrl(s3Client(), command, { expiresIn: DOWNLOAD_URL_SECONDS });
}
