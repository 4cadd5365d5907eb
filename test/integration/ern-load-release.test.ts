import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, demo, inCompany, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { TEST_RECIPIENT, TEST_SENDER } from '../support/ern-release.js';

/**
 * The ERN loader against the local cloud's table: a release made through the
 * API — two volumes, a featured artist, credits, a master rightsholder, excluded territories, a
 * Digital product with a pre-order — read into the builder's input and sent through the 4.3 schema;
 * another company's release is not found.
 */
const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    ...(await import('../../functions/deliveries/ern/load-release.js')),
    ...(await import('../../functions/deliveries/ern/build-message.js')),
    ...(await import('../../functions/deliveries/ern/validate.js')),
  };
};
const unique = () => Math.random().toString(36).slice(2, 8);
let A: string;
let B: string;
let api: ReturnType<typeof inCompany>;
let releaseId: string;
let names: { main: string; guest: string; writer: string; label: string; holder: string; genre: string };

beforeAll(async () => {
  const manager = await ownLabelManager('Ern load release');
  const admin = await signIn(demo.admin.email, demo.admin.password);
  A = manager.distributed.id;
  B = manager.publisher.id;
  api = inCompany(manager.token, A);
  const first = async (collection: string) =>
    (await call('GET', `/api/v1/${collection}?selectable=true`, { token: admin })).body[collection][0];
  const genre = await first('genres');
  const tag = unique();
  const holder = await call('POST', '/api/v1/rightsholders', { token: admin, body: { name: `Night Masters ${tag}` } });
  expect(holder.status, JSON.stringify(holder.body)).toBe(201);
  const rightsholder = holder.body.rightsholder;
  const main = (await api.post('/artists', { name: `Nova ${tag}` })).body.artist;
  const guest = (await api.post('/artists', { name: `Kite ${tag}` })).body.artist;
  const writer = (await api.post('/contributors', { name: `Ann ${tag}` })).body.contributor;
  const label = (await api.post('/labels', { name: `Night ${tag}` })).body.label;
  const recording = async (title: string, extra: object = {}) => {
    const answer = await api.post('/recordings', { title, length: '00:03:25', ...extra });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.recording.id as string;
  };
  const r1 = await recording(`One & <Only> ${tag}`, {
    artist_recordings_attributes: [
      { artist_id: main.id, role: 'Main' },
      { artist_id: guest.id, role: 'Featuring' },
    ],
    contributor_recordings_attributes: [{ contributor_id: writer.id, roles: ['Composer', 'Co-Producer'] }],
    rightsholdings_attributes: [{ rightsholder_id: rightsholder.id, type: 'master', share: 100 }],
    p_line: `2026 Night ${tag}`,
    p_line_year: 2026,
  });
  const r2 = await recording(`Two 🎧 ${tag}`);
  const created = await api.post('/releases', {
    title: `Night Drive ${tag}`,
    label_id: label.id,
    release_date: '2026-12-04',
    primary_genre_id: genre.id,
    excluded_territories: ['US', 'CA'],
    artist_releases_attributes: [{ artist_id: main.id, role: 'Main' }],
    products_attributes: [
      { format: 'Digital', price_tier: 'Mid', wholesale_price: 4.5, pre_order: true, pre_order_date: '2026-11-27' },
    ],
    release_recordings_attributes: [
      { recording_id: r2, position: 1, disc_number: 2 },
      { recording_id: r1, position: 1, disc_number: 1 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  releaseId = created.body.release.id;
  names = {
    main: main.name,
    guest: guest.name,
    writer: writer.name,
    label: label.name,
    holder: rightsholder.name,
    genre: genre.name,
  };
});

describe('loadErnRelease against the table', () => {
  it('reads the release, its tracks by volume, artists, credits, rights, label, territories and product', async () => {
    const { loadErnRelease } = await modules();
    const release = await loadErnRelease(A, releaseId);
    expect(release).toMatchObject({
      id: releaseId,
      label: { name: names.label },
      genre: { genre: names.genre },
      excludedTerritories: ['US', 'CA'],
      deal: { releaseDate: '2026-12-04', preOrderDate: '2026-11-27', priceTier: 'Mid', wholesalePrice: '4.50' },
    });
    expect(release.tracks.map((t) => [t.discNumber, t.position])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const [one, two] = release.tracks;
    expect(one.artists.map((a) => [a.name, a.role])).toEqual([
      [names.main, 'Main'],
      [names.guest, 'Featuring'],
    ]);
    expect(one.contributors).toEqual([
      expect.objectContaining({ name: names.writer, roles: ['Composer', 'Co-Producer'] }),
    ]);
    expect(one.rightsholders).toEqual([expect.objectContaining({ name: names.holder, share: 100 })]);
    expect(one.durationMs).toBe(205_000);
    // A track without its own artists is credited to the release's.
    expect(two.artists.map((a) => a.name)).toEqual([names.main]);
  });

  it('makes a message valid against the ERN 4.3 schema', async () => {
    const { loadErnRelease, buildNewReleaseMessage, validateErn } = await modules();
    const xml = buildNewReleaseMessage(await loadErnRelease(A, releaseId), {
      action: 'insert',
      messageId: `IT-${unique()}`,
      createdAt: new Date().toISOString(),
      sender: TEST_SENDER,
      recipient: TEST_RECIPIENT,
    });
    expect(await validateErn(xml)).toEqual({ valid: true });
    expect(xml).toContain('<IsPreOrderDeal>true</IsPreOrderDeal>');
    expect(xml).toContain('&amp; &lt;Only&gt;');
  });

  it("another company's release is not found", async () => {
    const { loadErnRelease } = await modules();
    await expect(loadErnRelease(B, releaseId)).rejects.toMatchObject({ status: 404 });
    await expect(loadErnRelease(A, 'no-such-release')).rejects.toMatchObject({ status: 404 });
  });
});
