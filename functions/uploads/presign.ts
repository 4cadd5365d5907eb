import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { ENV } from '../../infra/resources.js';
import { s3Client, requireEnv } from '../lib/clients.js';
import { contentDisposition } from '../lib/download-name.js';
import { GUIDE_CONTENT_TYPES, LOGO_CONTENT_TYPES } from '../../shared/constants.js';
import { humanizeField } from '../../shared/messages.js';
import { InvalidField } from '../lib/errors.js';
import { isDeclaredImage, isImageKey, SNIFF_BYTES } from './image-type.js';
import { required } from '../lib/required.js';

const UPLOAD_URL_SECONDS = 15 * 60;
const DOWNLOAD_URL_SECONDS = 60 * 60;

export type PresignedUpload = { url: string; key: string; method: 'PUT'; headers: Record<string, string> };

/** A file name safe to put in an object key, keeping its extension. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(-100);
  return cleaned || 'file';
}

/**
 * A presigned PUT for the browser to upload straight to the uploads bucket. Content type and
 * length are signed into the URL, so S3 refuses a different file than the one declared.
 */
export async function presignUpload(
  prefix: string,
  file: { filename: string; content_type: string; size: number },
): Promise<PresignedUpload> {
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

/** A file field in the user's words: `logo_key` → "Logo", `delivery_guide_key` → "Delivery guide". */
// A row's file is named by its own field: images_attributes.0.image_key → "Image".
const fileLabel = (field: string) => humanizeField(field.replace(/_key$/, '').split('.').pop() ?? field);

/** The facts of an object: its head, or for an image its first bytes (read in the same call). */
async function objectFacts(key: string): Promise<{ contentType?: string; size?: number; head?: Buffer }> {
  const Bucket = requireEnv(ENV.uploadsBucket);
  if (!isImageKey(key)) {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket, Key: key }));
    return { contentType: head.ContentType, size: head.ContentLength };
  }
  const object = await s3Client().send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
  const head = Buffer.from(await required(object.Body, 'the object body').transformToByteArray());
  const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
  return { contentType: object.ContentType, size: total ? Number(total) : object.ContentLength, head };
}

/**
 * Confirms an uploaded object exists under the prefix it was issued for, and returns its facts.
 * An image (logos/, images/) must also be the raster image its content type says, checked on
 * its bytes here, before the record is written: the uploads worker deletes such files too, but
 * it may not have run yet. Refusals name the field in the user's words ("Logo …").
 */
export async function uploadedObject(
  prefix: string,
  key: string,
  field: string,
): Promise<{ key: string; content_type?: string; size?: number; filename: string }> {
  const label = fileLabel(field);
  if (!key.startsWith(prefix) || key.includes('..')) {
    throw new InvalidField(field, `${label} does not belong to this record`);
  }
  let facts: Awaited<ReturnType<typeof objectFacts>>;
  try {
    facts = await objectFacts(key);
  } catch {
    throw new InvalidField(field, `${label} was not uploaded; upload the file again`);
  }
  if (facts.head && !isDeclaredImage(facts.head, facts.contentType)) {
    throw new InvalidField(field, `${label} must be a PNG, JPEG, GIF or WebP image`);
  }
  const filename = key.slice(prefix.length).replace(/^[0-9A-Z]{26}-/, '');
  return { key, content_type: facts.contentType, size: facts.size, filename };
}

/** Content types a browser may show inline from our bucket: none of them can run a script. */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  ...LOGO_CONTENT_TYPES,
  ...GUIDE_CONTENT_TYPES,
  'audio/mpeg',
  'application/json',
]);

/**
 * A short-lived GET URL for a private object. With the stored content type given, a type that
 * is not known to be harmless (an SVG logo stored before logos were raster only, HTML) is served
 * as a download (`application/octet-stream`, attachment), so opening its URL cannot run a script.
 * With a file name, the browser saves the object under that name (`downloadName`) instead of the key's
 * last part, which starts with an id.
 */
export function presignDownload(key: string, contentType?: string, filename?: string): Promise<string> {
  const unsafe = contentType !== undefined && !INLINE_TYPES.has(contentType);
  const disposition = unsafe ? 'attachment' : filename ? 'inline' : undefined;
  const command = new GetObjectCommand({
    Bucket: requireEnv(ENV.uploadsBucket),
    Key: key,
    ...(unsafe ? { ResponseContentType: 'application/octet-stream' } : {}),
    ...(disposition ? { ResponseContentDisposition: contentDisposition(disposition, filename) } : {}),
  });
  return getSignedUrl(s3Client(), command, { expiresIn: DOWNLOAD_URL_SECONDS });
}
