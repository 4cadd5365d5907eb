import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/** The imports history: users keep their own, admins see and delete anyone's. */
let admin: string;
let manager: string;
let managerEmail: string;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  const own = await ownCompany('Imports');
  manager = own.manager.token;
  managerEmail = own.manager.email;
});

const add = async (token: string, filename: string) => {
  const answer = await call('POST', '/api/v1/imports', {
    token,
    body: { filename, filesize: 2048, records: 12, type: 'releases' },
  });
  expect(answer.status).toBe(201);
  return answer.body;
};

describe('imports history', () => {
  it('records an import with the product’s message and lists the user’s own', async () => {
    const added = await add(manager, 'catalogue-2026.csv');
    expect(added.message).toBe('12 records were added');
    expect(added.import).toMatchObject({
      filename: 'catalogue-2026.csv',
      filesize: 2048,
      records: 12,
      type: 'releases',
      user_email: managerEmail,
    });
    const mine = await call('GET', '/api/v1/imports?q=catalogue-2026', { token: manager });
    expect(mine.body.imports.map((i: { id: string }) => i.id)).toContain(added.import.id);
    const bad = await call('POST', '/api/v1/imports', {
      token: manager,
      body: { filename: '', filesize: -1, records: 1, type: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['filename', 'filesize']);
  });

  it('never shows or deletes another user’s import; bulk destroy deletes exactly the caller’s ids', async () => {
    const other = await newConfirmedUser('Import Owner');
    const otherId = (await call('GET', '/api/v1/me', { token: other.token })).body.user.id;
    const theirs = (await add(other.token, 'theirs.csv')).import;
    const mine = [
      (await add(manager, 'bulk-a.csv')).import,
      (await add(manager, 'bulk-b.csv')).import,
      (await add(manager, 'bulk-keep.csv')).import,
    ];

    expect((await call('GET', `/api/v1/imports/${theirs.id}`, { token: manager })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/imports/${theirs.id}`, { token: manager })).status).toBe(404);
    expect((await call('GET', `/api/v1/imports?user_id=${otherId}`, { token: manager })).status).toBe(403);

    const bulk = await call('POST', '/api/v1/imports/bulk_destroy', {
      token: manager,
      body: { import_ids: [mine[0].id, mine[1].id, theirs.id] },
    });
    expect(bulk.body).toMatchObject({ message: '2 imports deleted', deleted: 2 });
    expect((await call('GET', `/api/v1/imports/${theirs.id}`, { token: other.token })).status).toBe(200);
    expect((await call('GET', `/api/v1/imports/${mine[2].id}`, { token: manager })).status).toBe(200);
    expect((await call('GET', `/api/v1/imports/${mine[0].id}`, { token: manager })).status).toBe(404);

    const forUser = await call('GET', `/api/v1/imports?user_id=${otherId}`, { token: admin });
    expect(forUser.body.imports.map((i: { id: string }) => i.id)).toEqual([theirs.id]);
    const everyone = await call('GET', '/api/v1/imports?all=true&per_page=1000', { token: admin });
    expect(everyone.body.imports.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining([theirs.id, mine[2].id]),
    );
    expect((await call('DELETE', `/api/v1/imports/${theirs.id}`, { token: admin })).body.message).toBe(
      'Import theirs.csv deleted',
    );
  });
});
