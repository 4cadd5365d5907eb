/**
 * The mark a promo download carries: an ID3v2.3 tag put in front of the MP3 with one TXXX frame,
 * "Promo recipient" = `{promoId}/{recipientId}`; in a WAV, a RIFF LIST/INFO chunk right after the
 * format chunk whose comment (ICMT) is "Promo recipient: {promoId}/{recipientId}". Players read the first tag and decoders skip tags, so
 * the file plays as before. The server writes it (functions/promos/tracing.ts); the "Whose file is
 * this?" panel reads it back in the browser, beside the file's SHA-256, without uploading the file.
 * It is plain metadata: copying and renaming keep it; a re-encode or a tag editor removes it.
 */
const DESCRIPTION = 'Promo recipient';
const MAX_MARKER = 200;

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0x7f);

/** The tag to put in front of the file for this marker (ASCII: ids only). */
export function markerTag(marker: string): Uint8Array {
  const body = new Uint8Array([0, ...ascii(DESCRIPTION), 0, ...ascii(marker.slice(0, MAX_MARKER))]);
  const frame = new Uint8Array(10 + body.length);
  frame.set(ascii('TXXX'), 0);
  new DataView(frame.buffer).setUint32(4, body.length);
  frame.set(body, 10);
  const size = frame.length;
  // The tag's size is "synchsafe": four bytes of seven bits each.
  const header = new Uint8Array([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  const tag = new Uint8Array(header.length + frame.length);
  tag.set(header, 0);
  tag.set(frame, header.length);
  return tag;
}

/** The marker in the file: a WAV's INFO comment or an MP3's first ID3v2.3 tag; null when it has none. */
export function readMarker(bytes: Uint8Array): string | null {
  return isWav(bytes) ? readWavMarker(bytes) : readId3Marker(bytes);
}

/** Reads at most the tag's bytes. */
function readId3Marker(bytes: Uint8Array): string | null {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33 || bytes[3] !== 3) return null;
  const size = (bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9];
  const end = Math.min(bytes.length, 10 + size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 10;
  while (at + 10 <= end) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const length = view.getUint32(at + 4);
    if (!/^[A-Z0-9]{4}$/.test(id) || length <= 0 || at + 10 + length > end) return null;
    if (id === 'TXXX') {
      const text = String.fromCharCode(...bytes.subarray(at + 11, at + 10 + length));
      const [description, value] = text.split('\0');
      if (description === DESCRIPTION && value) return value;
    }
    at += 10 + length;
  }
  return null;
}

const WAV_PREFIX = `${DESCRIPTION}: `;
const text4 = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const isWav = (bytes: Uint8Array) => bytes.length >= 12 && text4(bytes, 0) === 'RIFF' && text4(bytes, 8) === 'WAVE';
const littleEndian = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The RIFF chunks of a WAV, in order, as far as the bytes go (a chunk's data is padded to an even size). */
function* chunks(bytes: Uint8Array): Generator<{ id: string; at: number; size: number; end: number }> {
  const view = littleEndian(bytes);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    yield { id: text4(bytes, at), at, size, end };
    at = end;
  }
}

/** The LIST/INFO chunk naming the recipient: ICMT holds the marker as a zero-ended string. */
function infoChunk(marker: string): Uint8Array {
  const comment = ascii(`${WAV_PREFIX}${marker.slice(0, MAX_MARKER)}`);
  const icmtSize = comment.length + 1;
  const padded = icmtSize + (icmtSize % 2);
  const listSize = 4 + 8 + padded;
  const chunk = new Uint8Array(8 + listSize);
  const view = littleEndian(chunk);
  chunk.set(ascii('LIST'), 0);
  view.setUint32(4, listSize, true);
  chunk.set(ascii('INFO'), 8);
  chunk.set(ascii('ICMT'), 12);
  view.setUint32(16, icmtSize, true);
  chunk.set(comment, 20);
  return chunk;
}

/**
 * The WAV with the recipient's INFO chunk put right after its format chunk (so it sits in the file's
 * first bytes, before the audio), the RIFF size grown to match; null when the bytes are not a WAV.
 */
export function markWav(bytes: Uint8Array, marker: string): Uint8Array | null {
  if (!isWav(bytes)) return null;
  const format = [...chunks(bytes)].find((chunk) => chunk.id === 'fmt ');
  const at = format && format.end <= bytes.length ? format.end : bytes.length + (bytes.length % 2);
  const info = infoChunk(marker);
  const file = new Uint8Array(Math.max(bytes.length, at) + info.length);
  file.set(bytes.subarray(0, at), 0);
  file.set(info, at);
  file.set(bytes.subarray(at), at + info.length);
  littleEndian(file).setUint32(4, file.length - 8, true);
  return file;
}

function readWavMarker(bytes: Uint8Array): string | null {
  for (const chunk of chunks(bytes)) {
    if (chunk.id !== 'LIST' || chunk.size < 4 || text4(bytes, chunk.at + 8) !== 'INFO') continue;
    const listEnd = Math.min(bytes.length, chunk.at + 8 + chunk.size);
    const view = littleEndian(bytes);
    let at = chunk.at + 12;
    while (at + 8 <= listEnd) {
      const size = view.getUint32(at + 4, true);
      if (text4(bytes, at) === 'ICMT' && at + 8 + size <= listEnd) {
        const text = String.fromCharCode(...bytes.subarray(at + 8, at + 8 + size)).replace(/\0+$/, '');
        if (text.startsWith(WAV_PREFIX) && text.length > WAV_PREFIX.length) return text.slice(WAV_PREFIX.length);
      }
      at += 8 + size + (size % 2);
    }
  }
  return null;
}
