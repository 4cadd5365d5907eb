import { describe, expect, it } from 'vitest';
import { markWav, markerTag, readMarker } from '../../shared/promo-marker.js';

describe('the promo download marker', () => {
  it('reads back the marker written in front of the file, and nothing from an unmarked or re-tagged file', () => {
    const audio = Uint8Array.from([0xff, 0xfb, 0x90, 0x64, 1, 2, 3]);
    const tag = markerTag('01PROMO/abc123');
    const marked = new Uint8Array([...tag, ...audio]);
    expect(readMarker(marked)).toBe('01PROMO/abc123');
    expect(marked.subarray(tag.length)).toEqual(audio);
    expect(readMarker(audio)).toBeNull();
    const stripped = marked.slice();
    stripped.set([0x49, 0x44, 0x33, 4], 0);
    expect(readMarker(stripped)).toBeNull();
    expect(readMarker(marked.subarray(0, 12))).toBeNull();
  });

  it('marks a WAV with an INFO chunk after its format chunk, keeping every audio byte and a valid RIFF size', () => {
    const wav = new Uint8Array(44 + 6);
    const view = new DataView(wav.buffer);
    const put = (at: number, text: string) =>
      wav.set(
        Uint8Array.from(text, (c) => c.charCodeAt(0)),
        at,
      );
    put(0, 'RIFF');
    view.setUint32(4, wav.length - 8, true);
    put(8, 'WAVEfmt ');
    view.setUint32(16, 16, true);
    view.setUint16(20, 1, true);
    put(36, 'data');
    view.setUint32(40, 6, true);
    wav.set([1, 2, 3, 4, 5, 6], 44);
    const marked = markWav(wav, '01PROMO/rcpt9') as Uint8Array;
    expect(readMarker(marked)).toBe('01PROMO/rcpt9');
    expect(new DataView(marked.buffer).getUint32(4, true)).toBe(marked.length - 8);
    // The format chunk stays first and the data chunk, bytes and all, follows the INFO chunk unchanged.
    expect(marked.subarray(0, 36).subarray(12)).toEqual(wav.subarray(12, 36));
    expect(String.fromCharCode(...marked.subarray(36, 40))).toBe('LIST');
    expect(marked.subarray(marked.length - 14)).toEqual(wav.subarray(36));
    // Read from the first bytes only (the panel reads the file's start): the mark is there.
    expect(readMarker(marked.subarray(0, 100))).toBe('01PROMO/rcpt9');
    expect(readMarker(wav)).toBeNull();
    expect(markWav(Uint8Array.from([0xff, 0xfb, 0x90]), 'x')).toBeNull();
  });
});
