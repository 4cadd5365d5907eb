import type { ImageContentType } from '../../shared/constants.js';

/** How many leading bytes are enough to tell the image types apart. */
export const SNIFF_BYTES = 512;

/** Where images live in the uploads bucket (label, company and distributor logos; artist images). */
const IMAGE_PREFIXES = ['logos/', 'images/'];

/** Whether objects under this key must be raster images (checked on save and by the uploads worker). */
export const isImageKey = (key: string): boolean => IMAGE_PREFIXES.some((prefix) => key.startsWith(prefix));

const SIGNATURES: Record<ImageContentType, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The raster image type the file's first bytes show, or undefined (SVG, HTML, anything else). */
function sniffImage(bytes: Buffer): ImageContentType | undefined {
  return (Object.keys(SIGNATURES) as ImageContentType[]).find((type) => SIGNATURES[type](bytes));
}

/**
 * Whether an uploaded file is the raster image it claims to be: its bytes show a PNG, JPEG, GIF
 * or WebP, and that is the content type it was uploaded (and will be served) with. A file
 * declared image/png that is really SVG or HTML fails, and so does a GIF declared as PNG.
 */
export const isDeclaredImage = (bytes: Buffer, contentType: string | undefined): boolean => {
  const sniffed = sniffImage(bytes);
  return sniffed !== undefined && sniffed === contentType;
};
