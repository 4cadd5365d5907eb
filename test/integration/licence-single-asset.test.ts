import { beforeAll, describe, expect, it } from 'vitest';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * A licence of one release or one recording may be written as `asset_type` with `release_id` or `recording_id`, as well
 * as with the assets list: both are one licence, kept as the list (that asset at 100 %), and a read answers the
 * release or recording, id and title, when it is the licence's only asset. An id that is not the company's is refused
 * naming the field it came in; so is a fee currency that is not on the currencies list.
 */
let own: OwnCompany;
let other: OwnCompany;
let release: { id: string; title: string };
let recordings: { id: string; title: string }[];
let theirs: { release: string; recording: string };
const stamp = Date.now();

const made = async (answer: Promise<{ status: number; body: any }>, key: string) => {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(201);
  return body[key] as { id: string; title: string };
};

beforeAll(async () => {
  [own, other] = await Promise.all([ownCompany('Single-asset licences'), ownCompany('Single-asset elsewhere')]);
  release = await made(own.api.post('/releases', { title: `Licensed EP ${stamp}` }), 'release');
  recordings = [
    await made(own.api.post('/recordings', { title: `Licensed Track A ${stamp}` }), 'recording'),
    await made(own.api.post('/recordings', { title: `Licensed Track B ${stamp}` }), 'recording'),
  ];
  theirs = {
    release: (await made(other.api.post('/releases', { title: `Their EP ${stamp}` }), 'release')).id,
    recording: (await made(other.api.post('/recordings', { title: `Their Track ${stamp}` }), 'recording')).id,
  };
}, 120_000);

const licence = (extra: Record<string, unknown>) => ({
  type: 'outgoing',
  licensee_name: `Film Co ${stamp}`,
  ...extra,
});

describe('a licence of one release or one recording', () => {
  it('is made from asset_type and release_id, kept as its one asset, and read back in both forms', async () => {
    const answer = await own.api.post('/licenses', licence({ asset_type: 'release', release_id: release.id }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const expected = {
      asset_type: 'release',
      release_id: release.id,
      release: release.title,
      recording_id: null,
      recording: null,
      assets: [
        expect.objectContaining({ asset_type: 'release', asset_id: release.id, split: '100', title: release.title }),
      ],
    };
    expect(answer.body.license).toMatchObject(expected);
    expect((await own.api.get(`/licenses/${answer.body.license.id}`)).body.license).toMatchObject(expected);
    // The list filter by asset finds it as it finds a licence made with the assets list.
    const listed = await own.api.get(`/licenses?asset_id=${release.id}`);
    expect(listed.body.licenses.map((l: { id: string }) => l.id)).toEqual([answer.body.license.id]);
  });

  it('is the same licence as one made with the assets list, and either form changes what it covers', async () => {
    const byId = await own.api.post('/licenses', licence({ recording_id: recordings[0].id }));
    const byList = await own.api.post(
      '/licenses',
      licence({ assets: [{ asset_type: 'recording', asset_id: recordings[0].id, split: '100' }] }),
    );
    expect([byId.status, byList.status]).toEqual([201, 201]);
    const covers = (l: Record<string, unknown>) =>
      ['asset_type', 'release_id', 'release', 'recording_id', 'recording', 'assets'].map((k) => l[k]);
    expect(covers(byId.body.license)).toEqual(covers(byList.body.license));
    expect(byId.body.license).toMatchObject({ asset_type: 'recording', recording: recordings[0].title });

    // Moved to another recording by its id; the licence read back and sent again as it was read changes nothing.
    const id = byList.body.license.id;
    const moved = await own.api.patch(`/licenses/${id}`, { asset_type: 'recording', recording_id: recordings[1].id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.license).toMatchObject({
      recording_id: recordings[1].id,
      recording: recordings[1].title,
      assets: [expect.objectContaining({ asset_id: recordings[1].id, split: '100' })],
    });
    const { asset_type, release_id, recording_id, assets } = moved.body.license;
    const resent = await own.api.patch(`/licenses/${id}`, {
      asset_type,
      release_id,
      recording_id,
      assets: assets.map((a: Record<string, string>) => ({
        asset_type: a.asset_type,
        asset_id: a.asset_id,
        split: a.split,
      })),
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(covers(resent.body.license)).toEqual(covers(moved.body.license));
  });

  it('answers no single release or recording for a licence of several assets, only their kind and the list', async () => {
    const answer = await own.api.post(
      '/licenses',
      licence({
        assets: recordings.map((r) => ({ asset_type: 'recording', asset_id: r.id, split: '50' })),
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.license).toMatchObject({ asset_type: 'recording', recording_id: null, recording: null });
    expect(answer.body.license.assets).toHaveLength(2);
    const mixed = await own.api.patch(`/licenses/${answer.body.license.id}`, {
      assets: [
        { asset_type: 'recording', asset_id: recordings[0].id, split: '50' },
        { asset_type: 'release', asset_id: release.id, split: '50' },
      ],
    });
    expect(mixed.body.license).toMatchObject({ asset_type: null, release_id: null, recording_id: null });
  });

  it('refuses another company’s release or recording, or an unknown id, naming the field it came in', async () => {
    const refusals = [
      [{ release_id: theirs.release }, 'release_id', 'Release not found in this company'],
      [
        { asset_type: 'recording', recording_id: theirs.recording },
        'recording_id',
        'Recording not found in this company',
      ],
      [{ release_id: 'no-such-release' }, 'release_id', 'Release not found in this company'],
      [{ recording_id: 'x'.repeat(81) }, 'recording_id', 'Recording must be at most 80 characters'],
      [{ recording_id: 42 }, 'recording_id', 'Recording must be text'],
      [
        { release_id: release.id, recording_id: recordings[0].id },
        'recording_id',
        'Choose a release or a recording, not both',
      ],
      [
        { asset_type: 'recording', release_id: release.id },
        'asset_type',
        'Asset type must be release when a release is chosen',
      ],
      [{ asset_type: 'song', release_id: release.id }, 'asset_type', 'Asset type must be recording or release'],
      [
        {
          recording_id: recordings[0].id,
          assets: [{ asset_type: 'recording', asset_id: recordings[1].id, split: '100' }],
        },
        'recording_id',
        'Recording must be the licence’s only asset when the assets are sent too',
      ],
    ] as const;
    const kept = (await own.api.post('/licenses', licence({ recording_id: recordings[0].id }))).body.license;
    const count = async () => (await own.api.get('/licenses?per_page=100')).body.total_count as number;
    const before = await count();
    for (const [body, field, words] of refusals) {
      const created = await own.api.post('/licenses', licence(body));
      expect(created.status, field).toBe(400);
      expect(created.body.errors, JSON.stringify(body)).toEqual({ [field]: [words] });
      const changed = await own.api.patch(`/licenses/${kept.id}`, body);
      expect(changed.status, field).toBe(400);
      expect(changed.body.errors, JSON.stringify(body)).toEqual({ [field]: [words] });
    }
    const after = (await own.api.get(`/licenses/${kept.id}`)).body.license;
    expect(after.assets).toEqual(kept.assets);
    // No refused call made a licence.
    expect(await count()).toBe(before);
  });
});

describe('a licence’s fee currency', () => {
  it('is one of the currencies listed, in any case, and anything else is refused in words', async () => {
    const lower = await own.api.post('/licenses', licence({ fee: '10.00', fee_currency: 'chf' }));
    expect(lower.status, JSON.stringify(lower.body)).toBe(201);
    expect(lower.body.license.fee_currency).toBe('CHF');
    for (const wrong of ['GPB', 'XXX', 'pounds', '£', 42]) {
      const answer = await own.api.patch(`/licenses/${lower.body.license.id}`, { fee_currency: wrong });
      expect(answer.status, String(wrong)).toBe(400);
      expect(answer.body.errors, String(wrong)).toEqual({
        fee_currency: ['Fee currency must be one of the currencies listed, e.g. GBP, EUR or USD'],
      });
    }
    expect((await own.api.get(`/licenses/${lower.body.license.id}`)).body.license.fee_currency).toBe('CHF');
  });
});
