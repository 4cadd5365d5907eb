import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDownloadRenditions, RenditionFailed } from '../../functions/audio/download-renditions.js';
import { ffmpegPath } from '../../functions/audio/ffmpeg.js';
import { probeAudio as probe } from '../support/probe-audio.js';
import { writeSineWav } from '../support/wav.js';

/** The promo download files made from originals generated here, probed with the same ffmpeg. */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'promo-renditions-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function original(name: string, codec: string[]): string {
  const wav = path.join(dir, `${name}.source.wav`);
  writeSineWav(wav, { seconds: 1, amplitude: 0.5 });
  const file = path.join(dir, name);
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, ...codec, file]);
  return file;
}

describe('promo download files', () => {
  it('makes a 320 kbps MP3 of a WAV original and no WAV (the original is handed out as it is)', async () => {
    const out = mkdtempSync(path.join(dir, 'wav-'));
    const wav = path.join(dir, 'original.wav');
    writeSineWav(wav, { seconds: 1, amplitude: 0.5 });
    const made = await makeDownloadRenditions(wav, out, { wav: false });
    expect(made.wav).toBeNull();
    expect(probe(made.mp3)).toMatch(/^mp3\b.*44100 Hz, stereo,.* 320 kb\/s/);
  });

  it('converts an AIFF original to a 16-bit WAV and a 320 kbps MP3', async () => {
    const out = mkdtempSync(path.join(dir, 'aiff-'));
    const made = await makeDownloadRenditions(original('original.aiff', ['-c:a', 'pcm_s16be']), out, { wav: true });
    expect(probe(made.mp3)).toMatch(/320 kb\/s/);
    const wav = made.wav as string;
    expect(readFileSync(wav).subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(probe(wav)).toMatch(/^pcm_s16le\b.*44100 Hz, stereo/);
  });

  it('converts a 24-bit FLAC original to a 24-bit WAV', async () => {
    const out = mkdtempSync(path.join(dir, 'flac-'));
    const flac = original('original.flac', ['-c:a', 'flac', '-sample_fmt', 's32']);
    const made = await makeDownloadRenditions(flac, out, { wav: true });
    expect(probe(made.wav as string)).toMatch(/^pcm_s24le\b.*44100 Hz, stereo/);
    expect(probe(made.mp3)).toMatch(/^mp3\b.* 320 kb\/s/);
  });

  it('refuses a file that is not audio, for the job to log and skip', async () => {
    const out = mkdtempSync(path.join(dir, 'bad-'));
    const notAudio = path.join(dir, 'notes.flac');
    execFileSync('sh', ['-c', `printf 'fLaC%4096s' > '${notAudio}'`]);
    await expect(makeDownloadRenditions(notAudio, out, { wav: true })).rejects.toBeInstanceOf(RenditionFailed);
  });
});
