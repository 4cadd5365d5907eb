import { writeFileSync } from 'node:fs';

/**
 * Writes a 16-bit PCM WAV of a sine wave of known amplitude (0–1) and length, for audio tests
 * and the audio benchmark. `truncateTo` cuts the file after that many bytes (a broken upload).
 */
export function writeSineWav(
  path: string,
  options: {
    seconds: number;
    amplitude: number;
    frequency?: number;
    sampleRate?: number;
    channels?: number;
    truncateTo?: number;
  },
): void {
  const { seconds, amplitude, frequency = 440, sampleRate = 44_100, channels = 2 } = options;
  const frames = Math.round(seconds * sampleRate);
  const dataBytes = frames * channels * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'latin1');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVEfmt ', 8, 'latin1');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * 2, 28);
  buffer.writeUInt16LE(channels * 2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'latin1');
  buffer.writeUInt32LE(dataBytes, 40);
  const peak = Math.round(amplitude * 32767);
  for (let frame = 0; frame < frames; frame += 1) {
    const value = Math.round(peak * Math.sin((2 * Math.PI * frequency * frame) / sampleRate));
    for (let c = 0; c < channels; c += 1) buffer.writeInt16LE(value, 44 + (frame * channels + c) * 2);
  }
  writeFileSync(path, options.truncateTo === undefined ? buffer : buffer.subarray(0, options.truncateTo));
}
