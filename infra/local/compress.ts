import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** CloudFront compresses text types between 1,000 bytes and 10 MB; so does the local gateway. */
const MIN_BYTES = 1000;
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Quality 6 compresses the SPA's largest chunk in well under a second and each file is compressed once. */
const ENCODERS: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    brotli(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => gzip(data, { level: 6 }),
};

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli before gzip, as CloudFront
 * chooses; an encoding with `q=0` is refused, `*` stands for any not named.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepted = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).find(accepted);
}

/** What identifies one version of a file: a rebuilt or replaced file differs in one of these. */
export type FileVersion = { mtimeMs: number; size: number; ino: number };

/** Files larger than this are read for each request rather than kept (the SPA's largest chunk is far below). */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;

/**
 * Each file's bytes as last read, and each encoding of them, made once per version of the file: a request
 * costs one stat of the file, never a read, as a CDN's edge cache would serve it. A changed file (the SPA
 * rebuilt while the cloud runs) is read again on its next request.
 */
const kept = new Map<string, { version: string; raw: Promise<Buffer>; encoded: Map<Encoding, Promise<Buffer>> }>();

function keptFile(file: string, stats: FileVersion) {
  const version = `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
  let entry = kept.get(file);
  if (entry?.version !== version) {
    entry = { version, raw: readFile(file), encoded: new Map() };
    kept.set(file, entry);
    // A read that failed (the file went between its stat and its read) is tried again next time.
    entry.raw.catch(() => kept.delete(file));
  }
  return entry;
}

/**
 * A static file's bytes as they should go out: compressed with `encoding` when its type is worth
 * compressing and it is large enough, else as stored. `stats` is the file's stat, taken by the caller.
 */
export async function fileBody(
  file: string,
  stats: FileVersion,
  contentType: string,
  encoding: Encoding | undefined,
): Promise<{ body: Buffer; encoding?: Encoding }> {
  if (stats.size > MAX_KEPT_BYTES) return { body: await readFile(file) };
  const entry = keptFile(file, stats);
  if (!encoding || stats.size < MIN_BYTES || !isCompressible(contentType)) return { body: await entry.raw };
  let compressed = entry.encoded.get(encoding);
  if (!compressed) {
    compressed = entry.raw.then(ENCODERS[encoding]);
    entry.encoded.set(encoding, compressed);
    compressed.catch(() => entry.encoded.delete(encoding));
  }
  return { body: await compressed, encoding };
}

/** Whether responses of this type vary by Accept-Encoding (caches must keep the variants apart). */
export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}
