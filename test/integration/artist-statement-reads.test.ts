import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { importReport } from '../support/payee-earnings.js';

/**
 * An artist's statement reads (label_artists/statements/royalty_pay_periods,
 * statements/artist_pay_period_royalty_records) find the artist's lines through the catalogue:
 * a line the store printed under another artist's name, matched to the artist's recording by
 * its ISRC, is the artist's, with the artist's share of it.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let artistId: string;
const stamp = Date.now();
const isrc = `GBAR${String(stamp).slice(-8)}`;

beforeAll(async () => {
  const manager = await ownLabelManager('Artist statement reads');
  api = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);
  const artist = await api.post('/artists', { name: `Statement Artist ${stamp}` });
  expect(artist.status).toBe(201);
  artistId = artist.body.artist.id;
  const recording = await api.post('/recordings', {
    title: `Artist Track ${stamp}`,
    isrc,
    artist_recordings_attributes: [{ artist_id: artistId, payee_share: 50, digital_royalty_share: 100 }],
  });
  expect(recording.status).toBe(201);
  await importReport(api, `artist-reads-${stamp}`, [
    'Store,Period,ISRC,Artist,Units,Net,Currency',
    `Spotify,2023-05,${isrc},Somebody Else,7,1.01,GBP`,
    `Spotify,2023-06,${isrc},Somebody Else,3,0.33,GBP`,
    `Spotify,2023-06,GBZZZ2399999,Statement Artist ${stamp},3,9.99,GBP`,
  ]);
}, 120_000);

describe("an artist's statement reads", () => {
  it('answers the periods the artist is paid in, by the catalogue, not by the printed name', async () => {
    const answer = await api.get(`/label_artists/statements/royalty_pay_periods?artist_id=${artistId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.pay_periods).toEqual(['2023-06', '2023-05']);
  });

  it("pages the artist's lines with its share, and the share's total over every page", async () => {
    const answer = await api.post('/statements/artist_pay_period_royalty_records', {
      artist_id: artistId,
      start_pay_period: '2023-05',
      end_pay_period: '2023-06',
      page: 1,
      per_page: 5,
    });
    expect(answer.status).toBe(200);
    const lines = answer.body.royalties as { pay_period: string; label_payable: string; artist_share: string }[];
    expect(lines.map((l) => l.pay_period)).toEqual(['2023-06', '2023-05']);
    expect(answer.body.total_count).toBe(2);
    for (const line of lines) expect(new Big(line.artist_share).eq(new Big(line.label_payable).times(0.5))).toBe(true);
    const total = lines.reduce((sum, l) => sum.plus(l.artist_share), new Big(0));
    expect(new Big(answer.body.artist_payable).eq(total)).toBe(true);
  });

  it('asks for an artist, a period, and keeps another company’s artist out of reach', async () => {
    const noArtist = await api.post('/statements/artist_pay_period_royalty_records', {
      start_pay_period: '2023-05',
      end_pay_period: '2023-06',
    });
    expect(noArtist.body.errors).toEqual({ artist_id: ['No Artist Selected'] });
    const noPeriod = await api.post('/statements/artist_pay_period_royalty_records', { artist_id: artistId });
    expect(noPeriod.status).toBe(400);
    expect(JSON.stringify(noPeriod.body)).toContain('Please Choose Statement Periods');
    expect((await other.get(`/label_artists/statements/royalty_pay_periods?artist_id=${artistId}`)).status).toBe(404);
    const elsewhere = await other.post('/statements/artist_pay_period_royalty_records', {
      artist_id: artistId,
      start_pay_period: '2023-05',
      end_pay_period: '2023-06',
    });
    expect(elsewhere.status).toBe(404);
  });
});
