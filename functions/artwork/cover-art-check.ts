import sharp from 'sharp';
import {
  COVER_ART_CONTENT_TYPES,
  type CoverArtContentType,
  MAX_COVER_ART_BYTES,
  MIN_COVER_ART_PIXELS,
} from '../../shared/constants.js';

/** What the checks learn of cover art that stores will take. */
type CoverArtFacts = { content_type: CoverArtContentType; width: number; height: number; bytes: number };

export type CoverArtVerdict = { ok: true; facts: CoverArtFacts } | { ok: false; reason: string };

/** Pixel sizes of the JPEGs made from accepted cover art: lists, and the release page. */
export const THUMBNAIL_PIXELS = 300;
export const MEDIUM_PIXELS = 1000;

const NAMES: Record<CoverArtContentType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/** JPEG or PNG as the file's first bytes show (never its name or declared type), else undefined. */
export function sniffCoverArt(bytes: Buffer): CoverArtContentType | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes.subarray(0, 8).equals(png) ? 'image/png' : undefined;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** libvips' colour space names in the user's words. */
const SPACES: Record<string, string> = { cmyk: 'CMYK', 'b-w': 'greyscale', grey16: 'greyscale', lab: 'Lab' };

/**
 * Checks uploaded cover art the way stores do: a JPEG or PNG by its bytes, uploaded as
 * that type, at most MAX_COVER_ART_BYTES, square, at least 3000×3000, RGB. The reason names what
 * is wrong and the file's own figure ("Cover art must be square: 3000×2400"). The whole image is
 * decoded, so a truncated file is refused here rather than by a store.
 */
export async function checkCoverArt(bytes: Buffer, declared: string | undefined): Promise<CoverArtVerdict> {
  const type = sniffCoverArt(bytes);
  if (!type) return { ok: false, reason: 'Cover art must be a JPG or PNG image' };
  if (declared !== type) {
    const said = (COVER_ART_CONTENT_TYPES as readonly string[]).includes(declared ?? '')
      ? NAMES[declared as CoverArtContentType]
      : (declared ?? 'an unknown type');
    return { ok: false, reason: `Cover art is a ${NAMES[type]} file but was uploaded as ${said}` };
  }
  if (bytes.length > MAX_COVER_ART_BYTES)
    return {
      ok: false,
      reason: `Cover art must be at most ${megabytes(MAX_COVER_ART_BYTES)}: ${megabytes(bytes.length)}`,
    };
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { failOn: 'error' }).metadata();
    // metadata() reads the header only; a full decode finds a file cut short.
    await sharp(bytes, { failOn: 'error' }).stats();
  } catch {
    return { ok: false, reason: `Cover art could not be read as a ${NAMES[type]} image` };
  }
  const { width, height } = meta;
  if (!width || !height) return { ok: false, reason: `Cover art could not be read as a ${NAMES[type]} image` };
  if (width !== height) return { ok: false, reason: `Cover art must be square: ${width}×${height}` };
  if (width < MIN_COVER_ART_PIXELS) {
    const min = `${MIN_COVER_ART_PIXELS}×${MIN_COVER_ART_PIXELS}`;
    return { ok: false, reason: `Cover art must be at least ${min} pixels: ${width}×${height}` };
  }
  if (meta.space !== 'srgb' && meta.space !== 'rgb16') {
    const space = SPACES[meta.space ?? ''] ?? meta.space ?? 'not RGB';
    return { ok: false, reason: `Cover art must be RGB: this file is ${space}` };
  }
  return { ok: true, facts: { content_type: type, width, height, bytes: bytes.length } };
}

/** A square JPEG of the cover art at `pixels` wide (sRGB, no transparency), for lists and the release page. */
export function coverArtRendition(bytes: Buffer, pixels: number): Promise<Buffer> {
  return sharp(bytes)
    .resize(pixels, pixels, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
