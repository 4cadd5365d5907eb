import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/**
 * A pass-through stream that hashes and counts the bytes going through it, for a copy that also needs the bytes'
 * hash (a download's duplicate check, the local S3's ETag) without reading them twice. Read `digest()` and `size()`
 * once the stream has ended.
 */
export function hashingStream(algorithm: 'md5' | 'sha256') {
  const hash = createHash(algorithm);
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex'), size: () => size };
}
