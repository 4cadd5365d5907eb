import type { ErnParty, ErnRelease, ErnTrack } from '../../functions/deliveries/ern/types.js';

/** Sender and recipient of the test messages (DPIDs in DDEX's PADPIDA shape). */
export const TEST_SENDER: ErnParty = { dpid: 'PADPIDA0000000001X', name: 'Demo Label Services' };
export const TEST_RECIPIENT: ErnParty = { dpid: 'PADPIDA0000000002Y', name: 'Demo DSP' };

/** A track of the test release: a plausible recording with audio, credits and rights. */
export function ernTrack(n: number, overrides: Partial<ErnTrack> = {}): ErnTrack {
  const pad = String(n).padStart(5, '0');
  return {
    recordingId: `rec${n}`,
    isrc: `GBAAA26${pad}`,
    title: `Track ${n}`,
    displayArtist: 'The Examples',
    artists: [{ id: 'a1', name: 'The Examples', role: 'Main' }],
    contributors: [
      { id: 'c1', name: 'Ann Writer', roles: ['Composer', 'Lyricist'] },
      { id: 'c2', name: 'Bo Producer', roles: ['Co-Producer', 'Guitar'] },
    ],
    rightsholders: [{ id: 'r1', name: 'Example Records Ltd', share: 100 }],
    durationMs: 180_000 + n * 1_250,
    explicit: n % 5 === 0,
    pLine: { year: 2026, text: '2026 Example Records Ltd' },
    discNumber: 1,
    position: n,
    previewStartSeconds: 30,
    language: 'en',
    audio: {
      fileName: `resources/5012345678900_01_${String(n).padStart(3, '0')}.flac`,
      codec: 'FLAC',
      sampleRate: 44_100,
      channels: 2,
      bitDepth: 16,
      bytes: 30_000_000,
    },
    ...overrides,
  };
}

/** A release of `tracks` tracks with everything a store wants; `overrides` make it odd. */
export function ernRelease(tracks = 10, overrides: Partial<ErnRelease> = {}): ErnRelease {
  return {
    id: 'rel1',
    title: 'Example Album',
    upc: '5012345678900',
    catalogueNumber: 'EX001',
    label: { id: 'l1', name: 'Example Records' },
    displayArtist: 'The Examples',
    artists: [{ id: 'a1', name: 'The Examples', role: 'Main' }],
    pLine: { year: 2026, text: '2026 Example Records Ltd' },
    cLine: { year: 2026, text: '2026 Example Records Ltd' },
    genre: { genre: 'Pop', subGenre: 'Indie Pop' },
    releaseDate: '2026-12-04',
    explicit: false,
    compilation: false,
    territories: [],
    excludedTerritories: [],
    language: 'en',
    deal: {
      releaseDate: '2026-12-04',
      priceTier: 'Front',
      wholesalePrice: '5.99',
      currency: 'GBP',
      streaming: true,
      download: true,
    },
    coverArt: { fileName: 'resources/5012345678900.jpg', codec: 'JPEG', width: 3000, height: 3000, bytes: 2_000_000 },
    tracks: Array.from({ length: tracks }, (_, i) => ernTrack(i + 1)),
    ...overrides,
  };
}
