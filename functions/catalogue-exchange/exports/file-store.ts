import { createReadStream } from 'node:fs';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../../../infra/resources.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import { contentDisposition } from '../../lib/download-name.js';

/**
 * Where export files live: the uploads bucket under exports/{tenantId}/{exportId}/{filename}
 * (the upload worker leaves that prefix alone: it acts on images, audio and cover art only).
 * Files are private; a download link is presigned for a short while and asked for again from
 * the exports list when it has expired.
 */

/** How long a download link works (15 minutes); the exports list gives a fresh one. */
export const EXPORT_LINK_SECONDS = 15 * 60;

export const exportFileKey = (tenantId: string, exportId: string, filename: string) =>
  `exports/${tenantId}/${exportId}/${filename}`;

/** Uploads a written file from disk as a stream (its size known, so no part of it is held in memory). */
export async function storeExportFile(key: string, path: string, size: number, contentType: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: requireEnv(ENV.uploadsBucket),
      Key: key,
      Body: createReadStream(path),
      ContentLength: size,
      ContentType: `${contentType}; charset=utf-8`,
    }),
  );
}

/** A download link to an export file, saved under its own name; it stops working after `seconds`. */
export function exportDownloadUrl(key: string, filename: string, seconds = EXPORT_LINK_SECONDS): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: requireEnv(ENV.uploadsBucket),
    Key: key,
    ResponseContentDisposition: contentDisposition('attachment', filename),
  });
  return getSignedUrl(s3Client(), command, { expiresIn: seconds });
}

export async function deleteExportFile(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: requireEnv(ENV.uploadsBucket), Key: key }));
}
