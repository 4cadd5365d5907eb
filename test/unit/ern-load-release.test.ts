import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErnCatalogue } from '../../functions/data/access/ern-catalogue.js';
import { loadErnRelease, toErnRelease } from '../../functions/deliveries/ern/load-release.js';
import { buildNewReleaseMessage } from '../../functions/deliveries/ern/build-message.js';
import { validateErn } from '../../functions/deliveries/ern/validate.js';
import { TEST_RECIPIENT, TEST_SENDER } from '../support/ern-release.js';

// The catalogue read and the upload worker's asset helpers are replaced: this tests the mapping.
const catalogue = vi.hoisted(() => ({ value: null as unknown }));
vi.mock('../../functions/data/access/ern-catalogue.js', () => ({
  ernCatalogue: vi.fn(async () => catalogue.value),
}));
vi.mock('../../functions/catalogue/delivery-assets.js', () => ({
  releaseCoverArt: (release: { id: string; artwork?: { key: string } }) =>
    release.artwork
      ? { bucket: 'uploads', key: release.artwork.key, fileName: 'cover.png', contentType: 'image/png', bytes: 9 }
      : null,
  recordingOriginalAudio: (recording: {
    id: string;
    audio?: { status: string; source_key: string; filename: string };
  }) =>
    recording.audio?.status === 'ready'
      ? {
          bucket: 'uploads',
          key: recording.audio.source_key,
          fileName: recording.audio.filename,
          contentType: 'audio/flac',
        }
      : null,
}));

const stamp = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
const recording = (id: string, extra: Record<string, unknown> = {}) => ({
  tenantId: 't1',
  id,
  title: `Song ${id}`,
  length: '00:03:25',
  status: 'accepted',
  ...stamp,
  ...extra,
});

function sample(): ErnCatalogue {
  return {
    release: {
      tenantId: 't1',
      id: 'rel1',
      title: 'Night Drive',
      version: 'Deluxe',
      upc: '5012345678900',
      cat_no: 'ND001',
      label_id: 'l1',
      release_date: '2026-12-04',
      p_line: '2026 Night Records',
      p_line_year: 2026,
      c_line: '2026 Night Records',
      c_line_year: '',
      display_artists: 'Nova feat. Kite',
      primary_genre_id: 'g1',
      primary_subgenre_id: 'g2',
      metadata_language_id: 'lang-fr',
      territories: [],
      excluded_territories: ['US'],
      artist_releases: [
        { artist_id: 'a1', role: 'Main', sequence: 1 },
        { artist_id: 'a2', role: 'Featuring', sequence: 2 },
      ],
      products: [
        { format: 'CD', price_tier: 'Budget' },
        { format: 'Digital', price_tier: 'Front', wholesale_price: 6.5, pre_order: true, pre_order_date: '2026-11-20' },
      ],
      release_recordings: [
        { recording_id: 'r3', position: 1, disc_number: 2 },
        { recording_id: 'gone', position: 2, disc_number: 1 },
        { recording_id: 'r1', position: 1, disc_number: 1 },
      ],
      artwork: { key: 'artwork/t1/rel1/x.png', width: 3000, height: 3000 },
      ...stamp,
    } as never,
    recordings: [
      recording('r1', {
        isrc: 'GBAAA2600001',
        mix_title: 'Radio Edit',
        explicit_lyrics: true,
        preview_start: 45,
        audio_language_id: 'lang-fr',
        artist_recordings: [{ artist_id: 'a1', role: 'Main' }],
        contributor_recordings: [{ contributor_id: 'c1', roles: ['Composer', 'Co-Producer'] }],
        rightsholdings: [
          { rightsholder_id: 'rh1', type: 'master', share: 60 },
          { rightsholder_id: 'rh2', type: 'publishing', share: 40 },
        ],
        audio: {
          status: 'ready',
          source_key: 'audio/t1/r1.flac',
          filename: 'Song r1.FLAC',
          duration_ms: 205_500,
          sample_rate: 48_000,
          channels: 2,
          bit_depth: 24,
          size: 1234,
        },
      }),
      recording('r3', { audio: { status: 'processing', source_key: 'k', filename: 'x.wav' } }),
    ] as never,
    artists: [
      { tenantId: 't1', id: 'a1', name: 'Nova', ...stamp },
      { tenantId: 't1', id: 'a2', name: 'Kite', ...stamp },
    ] as never,
    contributors: [{ tenantId: 't1', id: 'c1', name: 'Ann Writer', ...stamp }] as never,
    rightsholders: [
      { id: 'rh1', name: 'Night Records Ltd', ...stamp },
      { id: 'rh2', name: 'Some Publisher', ...stamp },
    ] as never,
    genres: [
      { id: 'g1', name: 'Electronic', ...stamp },
      { id: 'g2', name: 'Synthwave', ...stamp },
    ] as never,
    languages: [{ id: 'lang-fr', name: 'French', iso_alpha_two: 'FR', ...stamp }] as never,
    labelName: 'Night Records',
    currency: 'EUR',
  };
}

describe('loadErnRelease: a release read from the catalogue into the builder input', () => {
  beforeEach(() => {
    catalogue.value = sample();
  });

  it("another company's release (or none) is not found", async () => {
    catalogue.value = null;
    await expect(loadErnRelease('t2', 'rel1')).rejects.toMatchObject({ status: 404 });
  });

  it('maps the release: ids, lines, genre, language, artists, territories, digital product terms', async () => {
    const release = await loadErnRelease('t1', 'rel1');
    expect(release).toMatchObject({
      id: 'rel1',
      title: 'Night Drive',
      versionTitle: 'Deluxe',
      upc: '5012345678900',
      catalogueNumber: 'ND001',
      label: { id: 'l1', name: 'Night Records' },
      displayArtist: 'Nova feat. Kite',
      artists: [
        { id: 'a1', name: 'Nova', role: 'Main' },
        { id: 'a2', name: 'Kite', role: 'Featuring' },
      ],
      pLine: { year: 2026, text: '2026 Night Records' },
      cLine: { text: '2026 Night Records' },
      genre: { genre: 'Electronic', subGenre: 'Synthwave' },
      language: 'fr',
      territories: [],
      excludedTerritories: ['US'],
      explicit: true,
      deal: {
        releaseDate: '2026-12-04',
        preOrderDate: '2026-11-20',
        priceTier: 'Front',
        wholesalePrice: '6.50',
        currency: 'EUR',
        streaming: true,
        download: true,
      },
      coverArt: { fileName: 'resources/5012345678900.png', codec: 'PNG', width: 3000, height: 3000, bytes: 9 },
    });
    expect(release.cLine).not.toHaveProperty('year');
  });

  it('tracks: known recordings only, by volume and position, with credits, master rights and original audio', async () => {
    const release = await loadErnRelease('t1', 'rel1');
    expect(release.tracks.map((t) => [t.recordingId, t.discNumber, t.position])).toEqual([
      ['r1', 1, 1],
      ['r3', 2, 1],
    ]);
    const r1 = release.tracks[0];
    expect(r1).toMatchObject({
      isrc: 'GBAAA2600001',
      versionTitle: 'Radio Edit',
      explicit: true,
      durationMs: 205_500,
      previewStartSeconds: 45,
      language: 'fr',
      artists: [{ id: 'a1', name: 'Nova', role: 'Main' }],
      contributors: [{ id: 'c1', name: 'Ann Writer', roles: ['Composer', 'Co-Producer'] }],
      rightsholders: [{ id: 'rh1', name: 'Night Records Ltd', share: 60 }],
      pLine: { year: 2026, text: '2026 Night Records' },
      audio: {
        fileName: 'resources/5012345678900_01_001.flac',
        codec: 'FLAC',
        sampleRate: 48_000,
        channels: 2,
        bitDepth: 24,
        bytes: 1234,
      },
    });
    // No own artists: the release's; audio not processed yet: none; length typed as HH:MM:SS.
    const r3 = release.tracks[1];
    expect(r3.artists.map((a) => a.name)).toEqual(['Nova', 'Kite']);
    expect(r3.audio).toBeNull();
    expect(r3.durationMs).toBe(205_000);
  });

  it('the loaded release makes a valid ERN 4.3 message', async () => {
    const release = toErnRelease(sample());
    const xml = buildNewReleaseMessage(release, {
      action: 'insert',
      messageId: 'M1',
      createdAt: '2026-11-24T10:00:00Z',
      sender: TEST_SENDER,
      recipient: TEST_RECIPIENT,
    });
    expect(await validateErn(xml)).toEqual({ valid: true });
    expect(xml).toContain('<ExcludedTerritoryCode>US</ExcludedTerritoryCode>');
    expect(xml).toContain('<IsPreOrderDeal>true</IsPreOrderDeal>');
  });

  it('a placeholder UPC ("assign") is no ICPN; files are then named by the release id', () => {
    const data = sample();
    (data.release as { upc?: string }).upc = 'assign';
    const release = toErnRelease(data);
    expect(release.upc).toBeUndefined();
    expect(release.coverArt?.fileName).toBe('resources/rel1.png');
  });

  it("reads the Digital product's release time and the tracks marked instant gratification", () => {
    const data = sample();
    const release = data.release as unknown as { products: object[]; release_recordings: object[] };
    release.products = [{ format: 'Digital', release_time: '09:30', pre_order: true, pre_order_date: '2026-11-20' }];
    release.release_recordings = [
      { recording_id: 'r1', position: 1, disc_number: 1, instant_gratification: true },
      { recording_id: 'r3', position: 2, disc_number: 1 },
    ];
    const loaded = toErnRelease(data);
    expect(loaded.deal).toMatchObject({ releaseTime: '09:30', preOrderDate: '2026-11-20' });
    expect(loaded.tracks.map((t) => [t.recordingId, t.instantGratification])).toEqual([
      ['r1', true],
      ['r3', false],
    ]);
  });
});
