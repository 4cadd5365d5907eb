import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { ENV } from '../../infra/resources.js';
import { s3Client, requireEnv } from '../lib/clients.js';
import { InvalidField } from '../lib/errors.js';

const UPLOAD_URL_SECONDS = 15 * 60;
const DOWNLOAD_URL_SECONDS = 60 * 60;

export type PresignedUpload = { url: string; key: string; method: 'PUT'; headers: Record<string, string> };

/** A file name safe to put in an object key, keeping its extension. */
export function safeFileName(name: string): string {
  const cleaned = name.normalize('NFKD').replace(/[^\w.-]+/g, '_').replace(/_+/g, '_').slice(-100);
  return cleaned || 'file';
}

/**
 * A presigned PUT for the browser to upload straight to the uploads bucket. Content type and
 * length are signed into the URL, so S3 refuses a different file than the one declared.
 */
export async function presignUpload(prefix: string, file: { filename: string; content_type: string; size: number }): Promise<PresignedUpload> {
  const key = `${prefix}${ulid()}-${safeFileName(file.filename)}`;
  const command = new PutObjectCommand({
    Bucket: requireEnv(ENV.uploadsBucket),
    Key: key,
    ContentType: file.content_type,
    ContentLength: file.size,
  });
  const url = await getSignedUrl(s3Client(), command, { expiresIn: UPLOAD_URL_SECONDS });
  return { url, key, method: 'PUT', headers: { 'content-type': file.content_type } };
}

/** Confirms an uploaded object exists under the prefix it was issued for, and returns its facts. */
export async function uploadedObject(prefix: string, key: string, field: string): Promise<{ key: string; content_type?: string; size?: number; filename: string }> {
  if (!key.startsWith(prefix) || key.includes('..')) throw new InvalidField(field, `${field} does not belong to this record`);
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: requireEnv(ENV.uploadsBucket), Key: key }));
    return { key, content_type: head.ContentType, size: head.ContentLength, filename: key.slice(prefix.length).replace(/^[0-9A-Z]{26}-/, '') };
  } catch {
    throw new InvalidField(field, `${field} was not uploaded; upload the file again`);
  }
}

/** A short-lived GET URL for a private object. */
export function presignDownload(key: string): Promise<string> {
  return getSignedUrl(s3Client(), new GetObjectCommand({ Bucket: requireEnv(ENV.uploadsBucket), Key: key }), { expiresIn: DOWNLOAD_URL_SECONDS });
}
