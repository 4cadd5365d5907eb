import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, inCompany, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { checkableRelease } from '../support/checkable-release.js';

/** POST releases/bulk_update (admin): one change to many releases, each through its own path. */
let admin: string;
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let A: string;
let B: string;
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Release bulk update');
  A = manager.distributed.id;
  B = manager.publisher.id;
});

const api = (company: string) => inCompany(manager.token, company);
const bulk = (body: object, token = admin) => call('POST', '/api/v1/releases/bulk_update', { token, body });
const newRelease = async (company: string) =>
  (await api(company).post('/releases', { title: `Bulk ${unique()}` })).body.release as { id: string; title: string };

describe('bulk release update', () => {
  it('changes releases of several companies at once, each through its own edit', async () => {
    const [a, b] = [await newRelease(A), await newRelease(B)];
    const answer = await bulk({
      release_ids: [a.id, b.id],
      release: { release_date: '2027-01-15', blocked_from_sale: true },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ updated: [a.id, b.id], failed: [], message: '2 releases updated' });
    for (const [company, release] of [
      [A, a],
      [B, b],
    ] as const)
      expect((await api(company).get(`/releases/${release.id}`)).body.release).toMatchObject({
        release_date: '2027-01-15',
        blocked_from_sale: true,
      });
  });

  it('moves statuses through the move table, recorded, and reports the releases a move does not fit', async () => {
    const { release: clean } = await checkableRelease(api(A), admin);
    expect((await api(A).post(`/releases/${clean.id}/quality_control`)).status).toBe(200);
    const drafted = await newRelease(A);
    const answer = await bulk({ release_ids: [clean.id, drafted.id], release: { status: 'accepted' } });
    expect(answer.status).toBe(200);
    expect(answer.body.updated).toEqual([clean.id]);
    expect(answer.body.failed).toHaveLength(1);
    expect(answer.body.failed[0]).toMatchObject({ id: drafted.id, title: drafted.title });
    expect(answer.body.message).toBe('1 release updated');
    const accepted = (await api(A).get(`/releases/${clean.id}`)).body.release;
    expect(accepted.status).toBe('accepted');
    expect(accepted.status_history.at(-1)).toMatchObject({ from: 'quality_control', to: 'accepted' });
    expect((await api(A).get(`/releases/${drafted.id}`)).body.release.status).toBe('drafted');
  });

  it('changes nothing when a release is not found, and says which', async () => {
    const a = await newRelease(A);
    const answer = await bulk({ release_ids: [a.id, 'NO-SUCH-RELEASE'], release: { blocked_from_sale: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.release_ids).toEqual(['Release not found: NO-SUCH-RELEASE']);
    expect((await api(A).get(`/releases/${a.id}`)).body.release.blocked_from_sale).not.toBe(true);
  });

  it('needs a release and a field, and refuses fields it does not change in bulk', async () => {
    const a = await newRelease(A);
    expect((await bulk({ release_ids: [], release: { blocked_from_sale: true } })).body.errors.release_ids).toEqual([
      'Choose at least one release',
    ]);
    expect((await bulk({ release_ids: [a.id], release: {} })).body.errors.release).toEqual([
      'Choose a field to update',
    ]);
    expect((await bulk({ release_ids: [a.id], release: { title: 'Renamed' } })).status).toBe(400);
  });

  it('is for admins only: a label manager is refused', async () => {
    const a = await newRelease(A);
    const answer = await bulk({ release_ids: [a.id], release: { blocked_from_sale: true } }, manager.token);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You must be an Admin to do that');
  });
});
