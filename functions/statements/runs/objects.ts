import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { ENV } from '../../../infra/resources.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import { required } from '../../lib/required.js';

/** Objects statements keep in the ledger bucket (keys: statement-keys.ts). */
const bucket = () => requireEnv(ENV.ledgerBucket);

export async function putJson(key: string, value: unknown): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({ Bucket: bucket(), Key: key, Body: JSON.stringify(value), ContentType: 'application/json' }),
  );
}

/** A JSON object, or null when there is none under the key. */
export async function getJson<T>(key: string): Promise<T | null> {
  const body = await getBytes(key);
  return body ? (JSON.parse(Buffer.from(body).toString('utf8')) as T) : null;
}

/** An object's bytes, or null when there is none under the key. */
export async function getBytes(key: string): Promise<Uint8Array | null> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return await required(object.Body, 'the object body').transformToByteArray();
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

export async function putBytes(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

/** Uploads a local file (a run's CSV of lines) under a key. */
export async function putFile(key: string, file: string, contentType: string): Promise<void> {
  const { size } = await stat(file);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: createReadStream(file),
      ContentLength: size,
      ContentType: contentType,
    }),
  );
}
