import { spawn } from 'node:child_process';
import path from 'node:path';
import { ffmpegPath } from './ffmpeg.js';
import { describeStream } from './process-audio.js';

/**
 * The files a promo recipient downloads, made from a recording's original upload with the audio
 * worker's ffmpeg: an MP3 at 320 kbps (the stores' and DJs' expected bitrate; the player's preview stays
 * the smaller 192 kbps one) and, for an AIFF or FLAC original, a WAV of the same audio (a WAV original
 * is handed out as it is). One ffmpeg pass writes both.
 */
const DOWNLOAD_MP3_BITRATE = '320k';

/** Whether an original is a WAV already (by its uploaded name: the upload only accepts wav, aiff, aif, flac). */
export const isWavOriginal = (filename: string) => /\.wav$/i.test(filename);

/** A WAV keeps the original's depth where WAV can: 16-bit stays 16-bit, anything deeper is written as 24-bit. */
const wavCodec = (bitDepth: number | null | undefined) => ((bitDepth ?? 16) > 16 ? 'pcm_s24le' : 'pcm_s16le');

export type DownloadRenditions = { mp3: string; wav: string | null };

/** A file ffmpeg could not convert; the message is for the log (the recipient is told the track has no file). */
export class RenditionFailed extends Error {}

/**
 * Writes the download renditions of `inputPath` into `dir`; the WAV only when `wav` is asked for. The
 * original's bit depth is read from the file itself (a quick look at its header), not from stored facts.
 */
export async function makeDownloadRenditions(
  inputPath: string,
  dir: string,
  options: { wav: boolean },
): Promise<DownloadRenditions> {
  const mp3 = path.join(dir, 'download.mp3');
  const wav = options.wav ? path.join(dir, 'download.wav') : null;
  // ffmpeg given only an input describes it and stops (exit 1: no output named).
  const bitDepth = wav ? describeStream((await run(['-hide_banner', '-i', inputPath])).stderr)?.bit_depth : null;
  const args = ['-hide_banner', '-nostdin', '-y', '-i', inputPath];
  // Constant bitrate, so every frame is 320 kbps; no cover or tags of the original are carried over.
  args.push('-map', '0:a:0', '-vn', '-map_metadata', '-1', '-codec:a', 'libmp3lame', '-b:a', DOWNLOAD_MP3_BITRATE, mp3);
  if (wav) args.push('-map', '0:a:0', '-vn', '-map_metadata', '-1', '-codec:a', wavCodec(bitDepth), wav);
  const { code, stderr } = await run(args);
  if (code !== 0) throw new RenditionFailed(stderr.trim().split('\n').slice(-3).join('\n'));
  return { mp3, wav };
}

function run(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}
