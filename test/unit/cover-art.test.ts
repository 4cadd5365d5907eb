import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCoverArt, coverArtRendition, sniffCoverArt } from '../../functions/artwork/cover-art-check.js';
import { recordingOriginalAudio, releaseCoverArt } from '../../functions/catalogue/delivery-assets.js';
import { ENV } from '../../infra/resources.js';

/** The cover art checks of the upload worker, on images sharp generates here. */
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 90 } } });

/** The plain 3000×3000 JPEG and PNG, each encoded once for the file: several tests read them, and encoding is slow. */
const plain = new Map<'jpeg' | 'png', Promise<Buffer>>();
const plain3000 = (format: 'jpeg' | 'png') => {
  const made = plain.get(format) ?? image(3000, 3000)[format]().toBuffer();
  plain.set(format, made);
  return made;
};

// Encoding 3000×3000 images takes a while on a shared two-core machine (over 30 s for one test beside the
// integration files and the type check), and longer on CI's.
describe('cover art checks', { timeout: 90_000 }, () => {
  it('accepts a 3000×3000 RGB JPEG and PNG with their facts', async () => {
    const jpeg = await plain3000('jpeg');
    expect(await checkCoverArt(jpeg, 'image/jpeg')).toEqual({
      ok: true,
      facts: { content_type: 'image/jpeg', width: 3000, height: 3000, bytes: jpeg.length },
    });
    const png = await image(3200, 3200).png().toBuffer();
    expect(await checkCoverArt(png, 'image/png')).toMatchObject({ ok: true, facts: { width: 3200, height: 3200 } });
  });

  it('refuses art that is not square, too small, or not RGB, naming the figure', async () => {
    expect(await checkCoverArt(await image(3000, 2400).jpeg().toBuffer(), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'Cover art must be square: 3000×2400',
    });
    expect(await checkCoverArt(await image(1400, 1400).jpeg().toBuffer(), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'Cover art must be at least 3000×3000 pixels: 1400×1400',
    });
    const cmyk = await image(3000, 3000).toColourspace('cmyk').jpeg().toBuffer();
    expect(await checkCoverArt(cmyk, 'image/jpeg')).toEqual({
      ok: false,
      reason: 'Cover art must be RGB: this file is CMYK',
    });
    const grey = await image(3000, 3000).toColourspace('b-w').png().toBuffer();
    expect(await checkCoverArt(grey, 'image/png')).toEqual({
      ok: false,
      reason: 'Cover art must be RGB: this file is greyscale',
    });
  });

  it('goes by the bytes: a PNG declared as JPEG, an SVG, and a cut-off JPEG are refused', async () => {
    const png = await plain3000('png');
    expect(await checkCoverArt(png, 'image/jpeg')).toEqual({
      ok: false,
      reason: 'Cover art is a PNG file but was uploaded as JPEG',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"></svg>');
    expect(sniffCoverArt(svg)).toBeUndefined();
    expect(await checkCoverArt(svg, 'image/jpeg')).toEqual({
      ok: false,
      reason: 'Cover art must be a JPG or PNG image',
    });
    const jpeg = await plain3000('jpeg');
    expect(await checkCoverArt(jpeg.subarray(0, jpeg.length >> 1), 'image/jpeg')).toEqual({
      ok: false,
      reason: 'Cover art could not be read as a JPEG image',
    });
  });

  /** A PNG chunk with its length and checksum. */
  const pngChunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  /** A PNG with `chunk` put right after its header chunk (IHDR is bytes 8–33). */
  const withChunk = (png: Buffer, chunk: Buffer) => Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);

  it('refuses art larger than 6000×6000 from its header, before decoding it', async () => {
    // A small PNG whose header says 16000×16000 (what a 746 KB file of one colour decodes to): the
    // decoder would need 750 MB; the check never starts it.
    const png = await image(16, 16).png().toBuffer();
    const ihdr = Buffer.from(png.subarray(16, 29));
    ihdr.writeUInt32BE(16000, 0);
    ihdr.writeUInt32BE(16000, 4);
    const huge = Buffer.concat([png.subarray(0, 8), pngChunk('IHDR', ihdr), png.subarray(33)]);
    const before = process.memoryUsage().rss;
    expect(await checkCoverArt(huge, 'image/png')).toEqual({
      ok: false,
      reason: 'Cover art must be at most 6000×6000 pixels: 16000×16000',
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses animated art and art carrying more than 1 MB of metadata, before decoding it', async () => {
    const png = await image(16, 16).png().toBuffer();
    const actl = Buffer.alloc(8);
    actl.writeUInt32BE(2, 0);
    expect(await checkCoverArt(withChunk(png, pngChunk('acTL', actl)), 'image/png')).toEqual({
      ok: false,
      reason: 'Cover art must be a still image: this PNG is animated',
    });
    const exif = pngChunk('eXIf', Buffer.alloc(2 * 1024 * 1024));
    expect(await checkCoverArt(withChunk(png, exif), 'image/png')).toEqual({
      ok: false,
      reason:
        'Cover art may carry at most 1 MB of metadata (EXIF, XMP, colour profile): this file carries 2.00 MB. Save it again without its metadata',
    });
    // A JPEG's EXIF is in APP1 segments of at most 64 KB: 40 of them.
    const jpeg = await image(16, 16).jpeg().toBuffer();
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(0xfffd)]);
    const exifJpeg = Buffer.concat([jpeg.subarray(0, 2), ...Array(40).fill(app1), jpeg.subarray(2)]);
    expect(await checkCoverArt(exifJpeg, 'image/jpeg')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('this file carries 2.50 MB'),
    });
  });

  it('refuses a file over 36 MB before decoding it', async () => {
    const big = Buffer.concat([await plain3000('jpeg'), Buffer.alloc(37 * 1024 * 1024)]);
    expect(await checkCoverArt(big, 'image/jpeg')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Cover art must be at most 36 MB: 37\.\d\d MB$/),
    });
  });

  it('makes square JPEG renditions of the asked size, flattening transparency', async () => {
    const rgba = await sharp({
      create: { width: 3000, height: 3000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const thumb = await coverArtRendition(rgba, 300);
    const meta = await sharp(thumb).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300, space: 'srgb', hasAlpha: false });
  });
});

describe('delivery assets', () => {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env[ENV.uploadsBucket];
    process.env[ENV.uploadsBucket] = 'uploads-test';
  });
  afterEach(() => {
    if (saved === undefined) delete process.env[ENV.uploadsBucket];
    else process.env[ENV.uploadsBucket] = saved;
  });

  const artwork = {
    key: 'artwork/t1/r1/u1/01J00000000000000000000000-cover.png',
    content_type: 'image/png' as const,
    width: 3000,
    height: 3000,
    bytes: 1234,
    thumbnail_key: 'artwork-renditions/t1/r1/x-300.jpg',
    medium_key: 'artwork-renditions/t1/r1/x-1000.jpg',
    uploaded_at: '2026-01-01T00:00:00.000Z',
  };

  it('names the cover art after the UPC (else the release id), with the original key and type', () => {
    expect(releaseCoverArt({ id: 'r1', upc: '5012345678900', artwork })).toEqual({
      bucket: 'uploads-test',
      key: artwork.key,
      fileName: '5012345678900.png',
      contentType: 'image/png',
      bytes: 1234,
    });
    expect(
      releaseCoverArt({ id: 'r1', upc: 'assign', artwork: { ...artwork, content_type: 'image/jpeg' } }),
    ).toMatchObject({ fileName: 'r1.jpg', contentType: 'image/jpeg' });
    expect(releaseCoverArt({ id: 'r1' })).toBeNull();
  });

  it('answers the original audio only once ready, named after the ISRC with its own type', () => {
    const audio = { status: 'ready', source_key: 'audio/t1/rec1/u1/01J-take.flac', filename: 'take.flac', size: 99 };
    expect(recordingOriginalAudio({ id: 'rec1', isrc: 'GBABC2600001', audio })).toEqual({
      bucket: 'uploads-test',
      key: audio.source_key,
      fileName: 'GBABC2600001.flac',
      contentType: 'audio/flac',
      bytes: 99,
    });
    expect(
      recordingOriginalAudio({ id: 'rec1', audio: { ...audio, filename: 'take.aif', source_key: 'a/x.aif' } }),
    ).toMatchObject({ fileName: 'rec1.aiff', contentType: 'audio/aiff' });
    expect(
      recordingOriginalAudio({ id: 'rec1', isrc: 'GB-NLR-26-00001', audio: { ...audio, filename: 'take.wav' } }),
    ).toMatchObject({ fileName: 'GBNLR2600001.wav', contentType: 'audio/wav' });
    for (const status of ['uploading', 'processing', 'failed'])
      expect(recordingOriginalAudio({ id: 'rec1', audio: { ...audio, status } })).toBeNull();
    expect(recordingOriginalAudio({ id: 'rec1' })).toBeNull();
  });
});
