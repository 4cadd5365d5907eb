/**
 * The mark a promo download carries: an ID3v2.3 tag put in front of the MP3 with one TXXX frame,
 * "Promo recipient" = `{promoId}/{recipientId}`. Players read the first tag and decoders skip tags, so
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

/** The marker in the file's first ID3v2.3 tag, or null when it has none. Reads at most the tag's bytes. */
export function readMarker(bytes: Uint8Array): string | null {
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
