import { readFile, stat } from 'node:fs/promises';
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

/** Compressed files, each made once per modification (a rebuilt SPA has new hashed names anyway). */
const cache = new Map<string, Promise<Buffer>>();

/**
 * A static file's bytes as they should go out: compressed with `encoding` when its type is worth
 * compressing and it is large enough, else as stored.
 */
export async function fileBody(
  file: string,
  contentType: string,
  encoding: Encoding | undefined,
): Promise<{ body: Buffer; encoding?: Encoding }> {
  const { size, mtimeMs } = await stat(file);
  if (!encoding || size < MIN_BYTES || !isCompressible(contentType)) return { body: await readFile(file) };
  const key = `${file}\0${mtimeMs}\0${encoding}`;
  let compressed = cache.get(key);
  if (!compressed) {
    compressed = readFile(file).then(ENCODERS[encoding]);
    cache.set(key, compressed);
    compressed.catch(() => cache.delete(key));
  }
  return { body: await compressed, encoding };
}

/** Whether responses of this type vary by Accept-Encoding (caches must keep the variants apart). */
export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}
