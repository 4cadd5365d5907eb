/**
 * `npm run bench:audio`, its goals:
 * - seconds from the end of a 10-minute 44.1 kHz stereo WAV upload to its preview being
 *   playable (the worker's push has landed and the preview URL answers), goal ≤ 15 s locally;
 * - the worker's processing speed (mp3 preview + waveform decode in one ffmpeg pass) as a
 *   multiple of real time, beside ffmpeg's own bare mp3 encode of the same file, same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '../../functions/audio/ffmpeg.js';
import { processAudio } from '../../functions/audio/process-audio.js';
import { writeSineWav } from '../support/wav.js';
import { benchCloud } from './bench-harness.js';

const SECONDS = 600;

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'audio-bench-'));
  const { cloud, headers, stop } = await benchCloud('Bench Audio');
  try {
    const wav = path.join(dir, 'ten-minutes.wav');
    writeSineWav(wav, { seconds: SECONDS, amplitude: 0.5, frequency: 330 });
    const bytes = readFileSync(wav);
    console.log(`Wrote a ${SECONDS / 60}-minute 44.1 kHz stereo WAV: ${(statSync(wav).size / 1e6).toFixed(1)} MB`);

    const json = { ...headers, 'content-type': 'application/json' };
    const created = await fetch(`${cloud.url}/api/v1/recordings`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Ten minutes' }),
    });
    const recording = ((await created.json()) as { recording: { id: string } }).recording;
    const presigned = (await (
      await fetch(`${cloud.url}/api/v1/recordings/${recording.id}/update_audio`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ filename: 'ten-minutes.wav', content_type: 'audio/wav', size: bytes.length }),
      })
    ).json()) as { url: string; headers: Record<string, string> };

    const putStart = performance.now();
    const put = await fetch(presigned.url, { method: 'PUT', headers: presigned.headers, body: new Uint8Array(bytes) });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
    const uploaded = performance.now();
    let previewUrl: string | null = null;
    while (!previewUrl) {
      const answer = (await (await fetch(`${cloud.url}/api/v1/recordings/${recording.id}`, { headers })).json()) as {
        recording: { audio?: { status: string; preview_url?: string; reason?: string } };
      };
      const audio = answer.recording.audio;
      if (audio?.status === 'failed') throw new Error(`processing failed: ${audio.reason}`);
      if (audio?.status === 'ready' && audio.preview_url) previewUrl = audio.preview_url;
      else await new Promise((r) => setTimeout(r, 100));
      if (performance.now() - uploaded > 300_000) throw new Error('timed out waiting for the preview');
    }
    const preview = await fetch(previewUrl, { headers: { range: 'bytes=0-65535' } });
    await preview.arrayBuffer();
    const playable = (performance.now() - uploaded) / 1000;

    let t = performance.now();
    await processAudio(wav);
    const worker = (performance.now() - t) / 1000;
    t = performance.now();
    execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-y',
      '-i',
      wav,
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '192k',
      path.join(dir, 'bare.mp3'),
    ]);
    const bare = (performance.now() - t) / 1000;

    console.log(`\n${SECONDS / 60}-minute WAV, local cloud on this machine (${os.cpus().length} cores)`);
    console.log(`upload (presigned PUT to s3rver)                   ${((uploaded - putStart) / 1000).toFixed(1)} s`);
    console.log(
      `end of upload → preview playable                   ${playable.toFixed(1)} s (goal ≤ 15 s): ${playable <= 15 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `worker processing (preview + waveform, one pass)   ${worker.toFixed(1)} s = ${(SECONDS / worker).toFixed(0)}× real time`,
    );
    console.log(
      `baseline: bare ffmpeg mp3 encode                   ${bare.toFixed(1)} s = ${(SECONDS / bare).toFixed(0)}× real time`,
    );
  } finally {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
