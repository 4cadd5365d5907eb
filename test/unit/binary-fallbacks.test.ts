import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../functions/audio/ffmpeg.js';
import { systemBinary } from '../../functions/lib/system-binary.js';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../support/chromium.js';

/**
 * Binaries: the machine's own ffmpeg and Chromium first, then the binaries shipped inside npm
 * packages, so `npm install && npm test` and `npm start` need no apt step. These fail if either
 * fallback broke, whatever the machine has installed.
 */
let bin: string;
const NOWHERE = '/nonexistent/binary';

/** A fake executable in `bin`, standing for a system build. */
function fakeTool(name: string): string {
  const file = path.join(bin, name);
  writeFileSync(file, '#!/bin/sh\necho fake\n');
  chmodSync(file, 0o755);
  return file;
}

beforeAll(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'fake-bin-'));
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

describe('systemBinary', () => {
  it('takes the override when it is executable, else the first candidate on the PATH or at its path', () => {
    const tool = fakeTool('tool');
    const other = fakeTool('other');
    expect(systemBinary(other, ['tool'], bin)).toBe(other);
    expect(systemBinary(undefined, ['missing', 'tool'], bin)).toBe(tool);
    expect(systemBinary(undefined, ['missing', other], '')).toBe(other);
    expect(systemBinary(undefined, ['missing'], bin)).toBeUndefined();
  });

  it('skips the system copies when the override names nothing, so the caller falls back', () => {
    fakeTool('tool');
    expect(systemBinary(NOWHERE, ['tool'], bin)).toBeUndefined();
  });

  it('does not take a file that is not executable', () => {
    const file = path.join(bin, 'plain');
    writeFileSync(file, 'not a program');
    expect(systemBinary(undefined, ['plain'], bin)).toBeUndefined();
  });
});

describe('ffmpeg', () => {
  it('prefers the system ffmpeg on the PATH over the packaged one', () => {
    const system = fakeTool('ffmpeg');
    expect(resolveFfmpeg({ PATH: bin })).toBe(system);
  });

  it('falls back to the static build inside @ffmpeg-installer/ffmpeg, and it runs', () => {
    const packaged = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const resolved = resolveFfmpeg({ FFMPEG_PATH: NOWHERE, PATH: process.env.PATH });
    expect(resolved).toBe(packaged);
    expect(execFileSync(resolved, ['-version'], { encoding: 'utf8' })).toMatch(/^ffmpeg version/);
  });
});

describe('chromium', () => {
  it('prefers the system chromium on the PATH', async () => {
    const system = fakeTool('chromium');
    expect(await chromiumExecutable({ PATH: bin })).toEqual({ path: system, source: 'system' });
  });

  it('prefers the headless shell to the full chromium when the PATH has both', async () => {
    fakeTool('chromium');
    const shell = fakeTool('chromium-headless-shell');
    try {
      expect(await chromiumExecutable({ PATH: bin })).toEqual({ path: shell, source: 'system' });
    } finally {
      // The other tests of this file find only the full chromium on this PATH.
      rmSync(shell);
    }
  });

  // The packaged build (made for Lambda) now and then dies with SIGSEGV as it starts on a loaded machine, before
  // any of our code runs; a second launch starts. Tried up to three times: a build that never starts still fails.
  it('falls back to @sparticuz/chromium, which playwright-core launches with our flags', {
    retry: 2,
    timeout: 60_000,
  }, async () => {
    const found = await chromiumExecutable({ CHROMIUM_PATH: NOWHERE, PATH: process.env.PATH });
    expect(found.source).toBe('package');
    const browser = await chromium.launch({ executablePath: found.path, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.setContent('<h1>fallback</h1>');
      expect(await page.textContent('h1')).toBe('fallback');
    } finally {
      await browser.close();
    }
  });
});
