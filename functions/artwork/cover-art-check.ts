import sharp from 'sharp';
import {
  COVER_ART_CONTENT_TYPES,
  type CoverArtContentType,
  MAX_COVER_ART_BYTES,
  MAX_COVER_ART_METADATA_BYTES,
  MAX_COVER_ART_PIXELS,
  MIN_COVER_ART_PIXELS,
} from '../../shared/constants.js';
import { formatFileSize, sizeLimitWords } from '../../shared/format.js';

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

/** PNG chunks that hold the image itself; every other chunk is metadata or animation. */
const PNG_IMAGE_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'pHYs',
]);

/**
 * What the file's structure says before any pixel is decoded: whether it is animated (a PNG's
 * acTL chunk) and how many bytes of metadata it carries (a PNG's other chunks; a JPEG's APP and
 * comment segments, which hold EXIF, XMP, ICC profiles and thumbnails).
 */
function coverArtStructure(bytes: Buffer, type: CoverArtContentType): { animated: boolean; metadata: number } {
  let metadata = 0;
  if (type === 'image/png') {
    let animated = false;
    for (let at = 8; at + 8 <= bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      const chunk = bytes.toString('latin1', at + 4, at + 8);
      if (chunk === 'acTL' || chunk === 'fcTL' || chunk === 'fdAT') animated = true;
      else if (!PNG_IMAGE_CHUNKS.has(chunk)) metadata += length;
      if (chunk === 'IEND') break;
      at += 12 + length;
    }
    return { animated, metadata };
  }
  for (let at = 2; at + 4 <= bytes.length; ) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // start of scan: the pixels follow
    const length = bytes.readUInt16BE(at + 2);
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) metadata += length;
    at += 2 + length;
  }
  return { animated: false, metadata };
}

/** libvips' colour space names in the user's words. */
const SPACES: Record<string, string> = { cmyk: 'CMYK', 'b-w': 'greyscale', grey16: 'greyscale', lab: 'Lab' };

/**
 * Checks uploaded cover art the way stores do: a JPEG or PNG by its bytes, uploaded as
 * that type, at most MAX_COVER_ART_BYTES, still (not animated), with at most MAX_COVER_ART_METADATA_BYTES of
 * metadata, square, from 3000×3000 to 6000×6000, RGB. The reason names what
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
      reason: `Cover art must be at most ${sizeLimitWords(MAX_COVER_ART_BYTES)}: ${formatFileSize(bytes.length)}`,
    };
  // Stores refuse moving cover art, and a file of metadata is not art: both are read from the
  // file's structure, before anything is decoded.
  const structure = coverArtStructure(bytes, type);
  if (structure.animated) return { ok: false, reason: 'Cover art must be a still image: this PNG is animated' };
  if (structure.metadata > MAX_COVER_ART_METADATA_BYTES)
    return {
      ok: false,
      reason: `Cover art may carry at most ${sizeLimitWords(MAX_COVER_ART_METADATA_BYTES)} of metadata (EXIF, XMP, colour profile): this file carries ${formatFileSize(structure.metadata)}. Save it again without its metadata`,
    };
  const unreadable = { ok: false, reason: `Cover art could not be read as a ${NAMES[type]} image` } as const;
  // The pixel limit is also sharp's own, so a header that lies about its size is stopped by the decoder.
  const limitInputPixels = MAX_COVER_ART_PIXELS * MAX_COVER_ART_PIXELS;
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only, whatever size it says: the size is refused below in the user's words.
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return unreadable;
  }
  const { width, height } = meta;
  if (!width || !height) return unreadable;
  // metadata() reads the header only: the size is refused before the pixels are decoded.
  if (width > MAX_COVER_ART_PIXELS || height > MAX_COVER_ART_PIXELS) {
    const max = `${MAX_COVER_ART_PIXELS}×${MAX_COVER_ART_PIXELS}`;
    return { ok: false, reason: `Cover art must be at most ${max} pixels: ${width}×${height}` };
  }
  if ((meta.pages ?? 1) > 1)
    return { ok: false, reason: `Cover art must be a still image: this ${NAMES[type]} is animated` };
  try {
    // A full decode finds a file cut short.
    await sharp(bytes, { failOn: 'error', limitInputPixels }).stats();
  } catch {
    return unreadable;
  }
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
