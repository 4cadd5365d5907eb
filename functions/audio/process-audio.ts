import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { containerProblem } from './audio-file.js';
import { ffmpegPath } from './ffmpeg.js';
import { log } from '../lib/logger.js';

/** What the worker learns from an upload. */
export type AudioFacts = {
  duration_ms: number;
  sample_rate: number;
  channels: number;
  bit_depth: number | null;
  /** Waveform peaks, 0–1, one per slice of the recording; the player draws them at height 60. */
  peaks: number[];
  /** The mp3 preview written beside the input. */
  preview_path: string;
};

/** Why a file ffmpeg cannot decode is refused, in the user's words. */
export const UNREADABLE_AUDIO =
  'The file could not be read as audio: it is damaged, or its audio is not WAV, AIFF or FLAC. Export it again and upload it';

/** A file the worker can say why it refuses (the recording is marked failed with this reason). */
export class UnusableAudio extends Error {}

const PEAK_SLICES = 800;
/** Peaks and duration come from a mono 8 kHz decode: small, and exact to an eighth of a millisecond. */
const PEAK_RATE = 8000;
const PREVIEW_BITRATE = '192k';

function run(args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: err }));
  });
}

const CHANNELS: Record<string, number> = { mono: 1, stereo: 2, '2.1': 3, quad: 4, '5.0': 5, '5.1': 6, '7.1': 8 };

/** Sample rate, channels and bit depth from ffmpeg's description of the input's audio stream. */
export function describeStream(
  stderr: string,
): { sample_rate: number; channels: number; bit_depth: number | null } | null {
  const line = /Stream #\d+:\d+.*?: Audio: ([^\n]+)/.exec(stderr)?.[1];
  if (!line) return null;
  const [codec] = line.split(/[ ,]/);
  const rate = Number(/(\d+) Hz/.exec(line)?.[1]);
  const layout = /Hz, ([^,]+)/.exec(line)?.[1]?.trim() ?? '';
  const channels = CHANNELS[layout] ?? Number(/(\d+) channels/.exec(layout)?.[1] ?? NaN);
  // PCM names its depth in the codec; FLAC says "s16" at the end of the line, or "s32 (24 bit)".
  const bits =
    /^pcm_[suf](\d+)/.exec(codec)?.[1] ?? /\((\d+) bit\)/.exec(line)?.[1] ?? /, [su](\d+)p?(?:[, ]|$)/.exec(line)?.[1];
  if (!rate || !channels) return null;
  return { sample_rate: rate, channels, bit_depth: bits ? Number(bits) : null };
}

/** The largest absolute sample of each of `slices` equal parts, as 0–1. */
function peaksOf(pcm: Buffer, slices = PEAK_SLICES): number[] {
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return [];
  const count = Math.min(slices, samples);
  const peaks: number[] = [];
  for (let s = 0; s < count; s += 1) {
    const from = Math.floor((s * samples) / count);
    const to = Math.floor(((s + 1) * samples) / count);
    let max = 0;
    for (let i = from; i < to; i += 1) max = Math.max(max, Math.abs(pcm.readInt16LE(i * 2)));
    peaks.push(Math.round((max / 32768) * 10_000) / 10_000);
  }
  return peaks;
}

/**
 * Reads an uploaded WAV/AIFF once with ffmpeg: one pass writes the mp3 preview and decodes a
 * mono 8 kHz copy for the waveform and the duration. Throws UnusableAudio with a reason for a
 * file that is empty, truncated, or not audio.
 */
export async function processAudio(inputPath: string): Promise<AudioFacts> {
  const { size } = await stat(inputPath);
  const problem = await containerProblem(inputPath, size);
  if (problem) throw new UnusableAudio(problem);
  const preview = path.join(path.dirname(inputPath), `${path.basename(inputPath)}.preview.mp3`);
  const result = await run([
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    inputPath,
    '-map',
    '0:a:0',
    '-vn',
    '-codec:a',
    'libmp3lame',
    '-b:a',
    PREVIEW_BITRATE,
    preview,
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(PEAK_RATE),
    '-f',
    's16le',
    'pipe:1',
  ]);
  const stream = describeStream(result.stderr);
  if (result.code !== 0 || !stream) {
    // ffmpeg's own text ("Invalid data found when processing input") is for the log, not the user.
    log().warn('ffmpeg could not read the audio', { stderr: result.stderr.trim().split('\n').slice(-3).join('\n') });
    throw new UnusableAudio(UNREADABLE_AUDIO);
  }
  const samples = Math.floor(result.stdout.length / 2);
  if (samples === 0) throw new UnusableAudio('The file holds no audio samples');
  return {
    ...stream,
    duration_ms: Math.round((samples / PEAK_RATE) * 1000),
    peaks: peaksOf(result.stdout),
    preview_path: preview,
  };
}
