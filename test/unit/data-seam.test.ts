import { beforeAll, describe, expect, it } from 'vitest';
import type { getDb as GetDb } from '../../functions/data/service.js';

/**
 * The stored shapes the entities now state (enum statuses, the recording's audio map, a label's
 * required row fields), checked on the request ElectroDB would send, without a database.
 */
let db: ReturnType<typeof GetDb>;
beforeAll(async () => {
  process.env.TABLE_NAME ??= 'unit-test-table';
  process.env.AWS_REGION ??= 'eu-west-2';
  db = (await import('../../functions/data/service.js')).getDb();
});

const recording = { tenantId: 't1', id: 'r1', title: 'Song' };

describe('entity attributes', () => {
  it('stores every release status the API accepts and refuses any other', () => {
    for (const status of ['drafted', 'quality_control', 'live', 'delivered'] as const) {
      expect(() => db.entities.Release.create({ tenantId: 't1', id: 'x', title: 'EP', status }).params()).not.toThrow();
    }
    expect(() =>
      db.entities.Release.create({ tenantId: 't1', id: 'x', title: 'EP', status: 'published' as never }).params(),
    ).toThrow(/status/);
    expect(() =>
      db.entities.Recording.patch({ tenantId: 't1', id: 'r1' })
        .set({ status: 'gone' as never })
        .params(),
    ).toThrow(/status/);
  });

  it("keeps every fact of a recording's audio, and refuses an unknown audio status", () => {
    const audio = {
      status: 'ready',
      source_key: 'audio/t1/r1/u1/01J00000000000000000000000-a.wav',
      filename: 'a.wav',
      size: 10,
      duration_ms: 1000,
      sample_rate: 44_100,
      channels: 2,
      bit_depth: 16,
      preview_key: 'previews/t1/r1/x.mp3',
      peaks_key: 'previews/t1/r1/x.peaks.json',
      reason: 'none',
    } as const;
    const params = db.entities.Recording.create({ ...recording, audio }).params() as { Item: { audio: unknown } };
    expect(params.Item.audio).toEqual(audio);
    expect(() =>
      db.entities.Recording.create({ ...recording, audio: { ...audio, status: 'done' as never } }).params(),
    ).toThrow(/audio\.status/);
  });

  it('refuses a retailer status and a bug report status outside their lists', () => {
    expect(() =>
      db.entities.Retailer.create({ id: 'x', name: 'Shop', status: 'Out of Business' }).params(),
    ).not.toThrow();
    expect(() => db.entities.Retailer.create({ id: 'x', name: 'Shop', status: 'Closed' as never }).params()).toThrow(
      /status/,
    );
    expect(() =>
      db.entities.BugReport.create({
        bugReportId: 'b',
        userId: 'u',
        description: 'd',
        status: 'fixed' as never,
      }).params(),
    ).toThrow(/status/);
  });

  it('writes preview times and tempo as numbers', () => {
    const params = db.entities.Recording.create({
      ...recording,
      preview_start: 30,
      preview_length: 60,
      tempo: 120.5,
    }).params() as { Item: Record<string, unknown> };
    expect(params.Item).toMatchObject({ preview_start: 30, preview_length: 60, tempo: 120.5 });
    expect(() => db.entities.Recording.create({ ...recording, tempo: 'fast' as never }).params()).toThrow(/tempo/);
  });

  it('keeps the item layout: keys, index attributes and attribute names as before', () => {
    const params = db.entities.Recording.create({
      ...recording,
      audio: { status: 'uploading', source_key: 'k', filename: 'f' },
    }).params() as { Item: Record<string, unknown> };
    expect(params.Item).toMatchObject({
      pk: '$lp#tenantid_t1',
      sk: '$recording_1#id_r1',
      gsi1pk: '$lp',
      gsi1sk: '$recording_1#tenantid_t1#id_r1',
      gsi2pk: '$lp#id_r1',
      gsi2sk: '$recording_1',
      __edb_e__: 'recording',
      __edb_v__: '1',
    });
  });
});

describe('catalogue composition root', () => {
  it('attaches every hook to a collection of the registry, and the registry itself holds none', async () => {
    const hooks = ['companyGuard', 'prepare', 'presentExtra'];
    const hooked = (resources: readonly object[]) =>
      Object.fromEntries(
        resources.map((r) => [
          (r as { collection: string }).collection,
          Object.keys(r)
            .filter((k) => hooks.includes(k))
            .sort(),
        ]),
      );
    const { TENANT_RESOURCES } = await import('../../functions/catalogue/tenant-resources.js');
    const { TENANT_COLLECTIONS } = await import('../../functions/catalogue/tenant-collections.js');
    expect(hooked(TENANT_RESOURCES)).toEqual({
      artists: [],
      contributors: [],
      payees: ['prepare'],
      releases: ['prepare', 'presentExtra'],
      recordings: ['prepare', 'presentExtra'],
      songs: ['companyGuard'],
    });
    expect(Object.values(hooked(TENANT_COLLECTIONS)).flat()).toEqual([]);
  });
});
