import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../functions/audio/ffmpeg.js';
import { describeStream, processAudio, UNREADABLE_AUDIO } from '../../functions/audio/process-audio.js';
import { writeSineWav } from '../support/wav.js';

/** The audio worker's ffmpeg step on files generated here. */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'audio-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An mp3's length as ffmpeg decodes it, in ms. */
function decodedMs(file: string): number {
  const pcm = execFileSync(
    ffmpegPath(),
    ['-v', 'error', '-i', file, '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
    { maxBuffer: 1 << 28 },
  );
  return (pcm.length / 2 / 8000) * 1000;
}

describe('audio processing', () => {
  it('makes an mp3 preview of the same length and peaks that match a sine’s amplitude', async () => {
    const wav = path.join(dir, 'sine.wav');
    writeSineWav(wav, { seconds: 3, amplitude: 0.5 });
    const facts = await processAudio(wav);
    expect(facts).toMatchObject({ sample_rate: 44_100, channels: 2, bit_depth: 16 });
    expect(Math.abs(facts.duration_ms - 3000)).toBeLessThanOrEqual(1);
    expect(Math.abs(decodedMs(facts.preview_path) - 3000)).toBeLessThan(50);
    const max = Math.max(...facts.peaks);
    expect(Math.abs(max - 0.5) / 0.5).toBeLessThan(0.02);
    expect(facts.peaks.length).toBe(800);
  });

  it('reads AIFF and its bit depth and channels', async () => {
    const wav = path.join(dir, 'for-aiff.wav');
    const aiff = path.join(dir, 'mono24.aiff');
    writeSineWav(wav, { seconds: 1, amplitude: 0.25 });
    execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, '-ac', '1', '-c:a', 'pcm_s24be', aiff]);
    const facts = await processAudio(aiff);
    expect(facts).toMatchObject({ sample_rate: 44_100, channels: 1, bit_depth: 24 });
    expect(Math.abs(Math.max(...facts.peaks) - 0.25) / 0.25).toBeLessThan(0.02);
  });

  it('reads FLAC (the lossless original stores take) and its bit depth', async () => {
    const wav = path.join(dir, 'for-flac.wav');
    const flac = path.join(dir, 'stereo.flac');
    writeSineWav(wav, { seconds: 2, amplitude: 0.4 });
    execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, '-c:a', 'flac', flac]);
    const facts = await processAudio(flac);
    expect(facts).toMatchObject({ sample_rate: 44_100, channels: 2, bit_depth: 16 });
    expect(Math.abs(facts.duration_ms - 2000)).toBeLessThanOrEqual(1);
    expect(Math.abs(Math.max(...facts.peaks) - 0.4) / 0.4).toBeLessThan(0.02);
    const flac24 = path.join(dir, 'stereo24.flac');
    execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, '-c:a', 'flac', '-sample_fmt', 's32', flac24]);
    expect((await processAudio(flac24)).bit_depth).toBe(24);
  });

  it('refuses an empty file, a truncated WAV and a renamed non-audio file with a reason', async () => {
    const empty = path.join(dir, 'empty.wav');
    writeFileSync(empty, '');
    await expect(processAudio(empty)).rejects.toThrow('The file is empty');
    const truncated = path.join(dir, 'truncated.wav');
    writeSineWav(truncated, { seconds: 1, amplitude: 0.5, truncateTo: 20_000 });
    await expect(processAudio(truncated)).rejects.toThrow(
      /The WAV file is truncated: its header announces 176400 bytes of audio, 19956 are present/,
    );
    const text = path.join(dir, 'notes.wav');
    writeFileSync(text, 'These are liner notes, not audio.\n'.repeat(50));
    await expect(processAudio(text)).rejects.toThrow('The file is not a WAV, AIFF or FLAC audio file');
  });

  it('refuses a WAV whose header lies about its sample size, which ffmpeg would decode as noise of another length', async () => {
    writeSineWav(path.join(dir, 'honest.wav'), { seconds: 1, amplitude: 0.5 });
    const honest = readFileSync(path.join(dir, 'honest.wav'));
    const lying = (name: string, change: (header: Buffer) => void) => {
      const bytes = Buffer.from(honest);
      change(bytes);
      writeFileSync(path.join(dir, name), bytes);
      return path.join(dir, name);
    };
    // 16-bit stereo said to be 8-bit: ffmpeg decodes 2 s of noise from 1 s of audio.
    await expect(processAudio(lying('eight-bit.wav', (b) => b.writeUInt16LE(8, 34)))).rejects.toThrow(
      "The WAV file's header contradicts itself: it gives 4 bytes per sample frame, but 2 channels of 8-bit samples make 2. Export it again and upload it",
    );
    await expect(processAudio(lying('mono.wav', (b) => b.writeUInt16LE(1, 22)))).rejects.toThrow(
      'but 1 channel of 16-bit samples make 2',
    );
    await expect(processAudio(lying('no-bits.wav', (b) => b.writeUInt16LE(0, 34)))).rejects.toThrow(
      'contradicts itself',
    );
    expect((await processAudio(path.join(dir, 'honest.wav'))).duration_ms).toBe(1000);
  });

  it("says a file ffmpeg cannot decode is damaged, in the user's words, never ffmpeg's", async () => {
    // A FLAC by its first bytes whose stream is noise: the container check passes it, ffmpeg cannot decode it.
    const noise = path.join(dir, 'noise.flac');
    writeFileSync(noise, Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(4096, 0x5a)]));
    const refused = await processAudio(noise).then(
      () => '',
      (e: unknown) => (e as Error).message,
    );
    expect(refused).toBe(UNREADABLE_AUDIO);
    expect(refused).not.toMatch(/Invalid data|ffmpeg|processing input/);
  });

  it('reads the stream description ffmpeg prints', () => {
    expect(
      describeStream('  Stream #0:0: Audio: pcm_s16le ([1][0][0][0] / 0x0001), 44100 Hz, 2 channels, s16, 1411 kb/s'),
    ).toEqual({ sample_rate: 44_100, channels: 2, bit_depth: 16 });
    expect(describeStream('  Stream #0:0: Audio: pcm_s24be, 48000 Hz, mono, s32 (24 bit), 1152 kb/s')).toEqual({
      sample_rate: 48_000,
      channels: 1,
      bit_depth: 24,
    });
    expect(describeStream('no audio here')).toBeNull();
  });
});
