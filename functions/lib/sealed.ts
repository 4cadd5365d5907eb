import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENV } from '../../infra/resources.js';
import { awsSecret } from './aws-secret.js';
import { madeOnce } from './made-once.js';

/**
 * Values sealed at rest with AES-256-GCM (payees' bank details): a fresh 12-byte IV
 * per value, the authentication tag checked on open, and "associated data" naming the record,
 * so a sealed value copied onto another record (another company's payee) does not open.
 *
 * The key: in AWS a Secrets Manager secret (SEALING_KEY_SECRET), read through the Parameters and
 * Secrets Lambda extension the function carries; locally a random key generated once into the
 * local cloud's state folder (LOCAL_SEALING_KEY_FILE). Either way the 32-byte AES key is derived
 * from it with HKDF-SHA256.
 */
const FORMAT = 'v1';
const INFO = 'label-platform sealed values v1';

const derive = (secret: Buffer | string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));

/** The local key file's secret, created (32 random bytes, owner-only) when there is none yet. */
function localSecret(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

function loadKey(): Promise<Buffer> {
  const file = process.env[ENV.sealingKeyFile];
  if (file) return Promise.resolve(derive(localSecret(file)));
  const secretId = process.env[ENV.sealingKeySecret];
  if (secretId) return awsSecret(secretId, 'The sealing key').then(derive);
  return Promise.reject(new Error(`Neither ${ENV.sealingKeySecret} nor ${ENV.sealingKeyFile} is set`));
}

/** The sealing key, read once per process (a failed read is tried again by the next call). */
const key = madeOnce(loadKey);

/** Seals a JSON value for the record `context` names (e.g. "tenant#Payee#id"): "v1.iv.tag.ciphertext", base64url. */
export async function seal(value: unknown, context: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a sealed value; throws when it was changed, sealed with another key or for another record. */
export async function open<T>(sealed: string, context: string): Promise<T> {
  const [format, iv, tag, body] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as T;
}
