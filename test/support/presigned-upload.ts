import { expect } from 'vitest';
import type { inCompany } from './api.js';

/**
 * Uploads bytes as the browser does: asks `path` (update_audio, update_images …) for a presigned
 * PUT, PUTs them there, and answers the object's key (the upload worker takes it from there).
 */
export async function uploadPresigned(
  api: ReturnType<typeof inCompany>,
  path: string,
  file: { filename: string; content_type: string },
  bytes: Buffer,
): Promise<string> {
  const presigned = await api.post(path, { ...file, size: bytes.length });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
  const put = await fetch(presigned.body.url, {
    method: 'PUT',
    headers: presigned.body.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return presigned.body.key as string;
}
