import { describe, expect, it } from 'vitest';
import { markerTag, readMarker } from '../../shared/promo-marker.js';

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
});
