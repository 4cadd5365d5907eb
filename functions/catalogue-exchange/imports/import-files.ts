import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { ENV } from '../../../infra/resources.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import { InvalidField } from '../../lib/errors.js';
import { required } from '../../lib/required.js';
import { safeFileName, type PresignedUpload } from '../../uploads/presign.js';

/**
 * Import files in the uploads bucket: the browser PUTs a file under `imports/{tenantId}/` (the
 * upload worker leaves that prefix alone: the pipeline reads a file when asked to), and the
 * worker keeps an import's plan beside it (`imports/{tenantId}/{importId}.plan.json`).
 */

const IMPORT_FILE_CONTENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json',
] as const;
const MAX_IMPORT_FILE_BYTES = 100 * 1024 * 1024;
const UPLOAD_URL_SECONDS = 15 * 60;

/** Where a company's import files live. */
export const importPrefix = (tenantId: string) => `imports/${tenantId}/`;
const planKey = (tenantId: string, importId: string) => `${importPrefix(tenantId)}${importId}.plan.json`;

const bucket = () => requireEnv(ENV.uploadsBucket);

/** The bytes of a stored file; a missing one is the user's "upload it again". */
export async function readStoredFile(key: string): Promise<Buffer> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Buffer.from(await required(object.Body, 'the object body').transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey')
      throw new InvalidField('file', 'The file was not uploaded; upload it again');
    throw error;
  }
}

/** Saves an import's plan for the chunks of the worker. */
export async function savePlan(tenantId: string, importId: string, plan: unknown): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: planKey(tenantId, importId),
      Body: JSON.stringify(plan),
      ContentType: 'application/json',
    }),
  );
}

export async function loadPlan(tenantId: string, importId: string): Promise<unknown> {
  return JSON.parse((await readStoredFile(planKey(tenantId, importId))).toString('utf8'));
}

/**
 * A presigned PUT for an import file. The content type is signed in; the size is checked when
 * given (a file over the limit is refused before it is sent).
 */
export async function presignImportUpload(
  tenantId: string,
  file: { filename: string; contentType: string; size?: number },
): Promise<PresignedUpload> {
  if (!(IMPORT_FILE_CONTENT_TYPES as readonly string[]).includes(file.contentType))
    throw new InvalidField('file', 'The file must be a CSV, XLSX or JSON file');
  if ((file.size ?? 0) > MAX_IMPORT_FILE_BYTES) throw new InvalidField('file', 'The file is larger than 100 MB');
  const key = `${importPrefix(tenantId)}${ulid()}-${safeFileName(file.filename)}`;
  const command = new PutObjectCommand({
    Bucket: bucket(),
    Key: key,
    ContentType: file.contentType,
    ...(file.size ? { ContentLength: file.size } : {}),
  });
  const url = await getSignedUrl(s3Client(), command, { expiresIn: UPLOAD_URL_SECONDS });
  return { url, key, method: 'PUT', headers: { 'content-type': file.contentType } };
}
