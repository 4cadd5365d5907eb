import { open } from 'node:fs/promises';

/**
 * Checks the container of an uploaded WAV, AIFF or FLAC before ffmpeg reads it: ffmpeg decodes what
 * there is of a truncated file without complaint, so a file shorter than its own header says
 * is caught here. Answers the reason it cannot be used, or null when it looks whole.
 */
export async function containerProblem(path: string, size: number): Promise<string | null> {
  if (size === 0) return 'The file is empty';
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1 << 16));
    await handle.read(head, 0, head.length, 0);
    const magic = head.subarray(0, 4).toString('latin1');
    const kind = head.subarray(8, 12).toString('latin1');
    if (magic === 'RIFF' && kind === 'WAVE')
      return chunkProblem(head, size, 12, 'data', (b, at) => b.readUInt32LE(at), 'WAV');
    if (magic === 'FORM' && (kind === 'AIFF' || kind === 'AIFC'))
      return chunkProblem(head, size, 12, 'SSND', (b, at) => b.readUInt32BE(at), 'AIFF');
    // FLAC frames carry their own CRCs and ffmpeg reports a damaged stream, so its magic is enough here.
    if (magic === 'fLaC') return size > 42 ? null : 'The FLAC file has no audio data';
    return 'The file is not a WAV, AIFF or FLAC audio file';
  } finally {
    await handle.close();
  }
}

/** Walks the chunks to the audio chunk and compares its declared length with the bytes present. */
function chunkProblem(
  head: Buffer,
  size: number,
  start: number,
  audioChunk: string,
  readSize: (b: Buffer, at: number) => number,
  kind: string,
): string | null {
  let at = start;
  while (at + 8 <= head.length) {
    const id = head.subarray(at, at + 4).toString('latin1');
    const length = readSize(head, at + 4);
    if (id === audioChunk) {
      const present = size - (at + 8);
      if (length > present)
        return `The ${kind} file is truncated: its header announces ${length} bytes of audio, ${Math.max(present, 0)} are present`;
      return null;
    }
    at += 8 + length + (length % 2);
  }
  return `The ${kind} file has no audio data`;
}
