import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../functions/audio/ffmpeg.js';

/**
 * ffmpeg's description of a file's first audio stream, e.g. "mp3, 44100 Hz, stereo, fltp, 320 kb/s" or
 * "pcm_s24le ([1][0][0][0] / 0x0001), 44100 Hz, stereo, s32 (24 bit), 2116 kb/s"; '' when it finds none.
 * The product's own ffmpeg reads it (ffmpeg given an input and no output describes the input), so no ffprobe is needed.
 */
export function probeAudio(file: string | Uint8Array): string {
  const dir = typeof file === 'string' ? null : mkdtempSync(path.join(os.tmpdir(), 'probe-'));
  try {
    const input = dir ? path.join(dir, 'file') : (file as string);
    if (dir) writeFileSync(input, file as Uint8Array);
    const { stderr } = spawnSync(ffmpegPath(), ['-hide_banner', '-i', input], { encoding: 'utf8' });
    return /Stream #\d+:\d+.*?: Audio: ([^\n]+)/.exec(stderr)?.[1] ?? '';
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
