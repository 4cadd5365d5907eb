/**
 * The ffmpeg layer as a deploy builds it (infra/areas/ffmpeg-layer.ts): the binary of the npm
 * package package-lock.json pins, for arm64 like the functions, at the place in the layer that
 * FFMPEG_PATH names, and refused when the package does not match the lock. The first run on a
 * machine fetches the package from the npm registry; later runs take the cached folder.
 */
import { accessSync, constants, mkdtempSync, openSync, readSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../functions/audio/ffmpeg.js';
import {
  FFMPEG_IN_LAYER,
  FFMPEG_LAYER_PACKAGE,
  ffmpegLayerDir,
  lockedFfmpegPackage,
} from '../../infra/areas/ffmpeg-layer.js';
import { REPO_ROOT } from '../../infra/areas/product-function.js';

/** The first 20 bytes of a file: an ELF header's identification and machine fields. */
function elfHeader(file: string): Buffer {
  const header = Buffer.alloc(20);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  return header;
}

const EM_AARCH64 = 0xb7;

const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-layer-test-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

describe('ffmpeg layer', () => {
  it('carries the pinned package’s arm64 ffmpeg, executable, where FFMPEG_PATH points', () => {
    const dir = ffmpegLayerDir(REPO_ROOT);
    expect(path.basename(dir)).toBe(lockedFfmpegPackage(REPO_ROOT).version);
    const binary = path.join(dir, FFMPEG_IN_LAYER);
    accessSync(binary, constants.X_OK);
    const header = elfHeader(binary);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header.readUInt16LE(18)).toBe(EM_AARCH64);
    // In Lambda the layer is this folder under /opt and FFMPEG_PATH names the binary: the resolver takes it first.
    expect(resolveFfmpeg({ FFMPEG_PATH: binary, PATH: '' })).toBe(binary);
  }, 180_000);

  it('refuses a package that does not match package-lock.json', () => {
    const locked = lockedFfmpegPackage(REPO_ROOT);
    const wrong = `sha512-${Buffer.alloc(64).toString('base64')}`;
    writeFileSync(
      path.join(elsewhere, 'package-lock.json'),
      JSON.stringify({ packages: { [`node_modules/${FFMPEG_LAYER_PACKAGE}`]: { ...locked, integrity: wrong } } }),
    );
    expect(() => ffmpegLayerDir(elsewhere)).toThrow(/does not match package-lock\.json/);
  }, 180_000);

  it('says so when the lock does not pin the package', () => {
    writeFileSync(path.join(elsewhere, 'package-lock.json'), JSON.stringify({ packages: {} }));
    expect(() => ffmpegLayerDir(elsewhere)).toThrow(/not pinned in package-lock\.json/);
  });
});
