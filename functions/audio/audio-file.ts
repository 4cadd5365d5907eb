import { open } from 'node:fs/promises';

/**
 * Checks the container of an uploaded WAV, AIFF or FLAC before ffmpeg reads it, and answers the reason it
 * cannot be used, or null when it looks whole. ffmpeg decodes what there is of a truncated file without
 * complaint, so a file shorter than its own header says is caught here; and it decodes a WAV whose header
 * lies about its sample size as a longer or shorter stretch of noise, so a header that contradicts itself is too.
 */
export async function containerProblem(path: string, size: number): Promise<string | null> {
  if (size === 0) return 'The file is empty';
  const head = await headOf(path, size);
  return wholeContainerProblem(head, size) ?? wavLayoutProblem(head);
}

/** Whether the container is a whole WAV, AIFF or FLAC: the reason it cannot be used, or null. */
function wholeContainerProblem(head: Buffer, size: number): string | null {
  const magic = head.subarray(0, 4).toString('latin1');
  const kind = head.subarray(8, 12).toString('latin1');
  if (magic === 'RIFF' && kind === 'WAVE')
    return chunkProblem(head, size, 12, 'data', (b, at) => b.readUInt32LE(at), 'WAV');
  if (magic === 'FORM' && (kind === 'AIFF' || kind === 'AIFC'))
    return chunkProblem(head, size, 12, 'SSND', (b, at) => b.readUInt32BE(at), 'AIFF');
  // FLAC frames carry their own CRCs and ffmpeg reports a damaged stream, so its magic is enough here.
  if (magic === 'fLaC') return size > 42 ? null : 'The FLAC file has no audio data';
  return 'The file is not a WAV, AIFF or FLAC audio file';
}

/** The bytes at the start of a file: every chunk header the checks read sits in the first 64 KB. */
async function headOf(path: string, size: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1 << 16));
    await handle.read(head, 0, head.length, 0);
    return head;
  } finally {
    await handle.close();
  }
}

/** The offset of a RIFF chunk's body and its declared length, or null when it is not in the head. */
function findChunk(head: Buffer, id: string): { at: number; length: number } | null {
  let at = 12;
  while (at + 8 <= head.length) {
    const length = head.readUInt32LE(at + 4);
    if (head.subarray(at, at + 4).toString('latin1') === id) return { at: at + 8, length };
    at += 8 + length + (length % 2);
  }
  return null;
}

/** PCM (1), IEEE float (3) and the extensible format (0xFFFE) that wraps them: their frame is channels × sample bytes. */
const PCM_FORMATS = new Set([1, 3, 0xfffe]);

/**
 * A WAV's sample layout, checked against itself: a PCM frame (the header's block size) is the channels
 * times the bytes of one sample. Null when it agrees, or for a file that is not a PCM WAV (ffmpeg's own
 * decode is the check then).
 */
function wavLayoutProblem(head: Buffer): string | null {
  if (head.subarray(0, 4).toString('latin1') !== 'RIFF' || head.subarray(8, 12).toString('latin1') !== 'WAVE')
    return null;
  const fmt = findChunk(head, 'fmt ');
  if (!fmt || fmt.length < 16 || fmt.at + 16 > head.length) return null;
  const format = head.readUInt16LE(fmt.at);
  if (!PCM_FORMATS.has(format)) return null;
  const channels = head.readUInt16LE(fmt.at + 2);
  const sampleRate = head.readUInt32LE(fmt.at + 4);
  const blockAlign = head.readUInt16LE(fmt.at + 12);
  const bits = head.readUInt16LE(fmt.at + 14);
  const frame = channels * Math.ceil(bits / 8);
  if (channels && sampleRate && bits && blockAlign === frame) return null;
  const samples = channels === 1 ? '1 channel of' : `${channels} channels of`;
  return (
    `The WAV file's header contradicts itself: it gives ${blockAlign} bytes per sample frame, but ${samples} ` +
    `${bits}-bit samples make ${frame}. Export it again and upload it`
  );
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
