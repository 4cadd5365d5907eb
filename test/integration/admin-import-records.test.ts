import { describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

describe('admin import records', () => {
  it('an admin files a record in a user’s imports history and corrects it; a user files only their own', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const owner = await newConfirmedUser('Imogen Importer');
    const ownerId = (await call('GET', '/api/v1/me', { token: owner.token })).body.user.id;

    const added = await call('POST', '/api/v1/imports', {
      token: admin,
      body: { user_id: ownerId, filename: 'back-catalogue.csv', filesize: 4096, records: 40, type: 'releases' },
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('40 records were added');
    expect(added.body.import).toMatchObject({ user_id: ownerId, user_email: owner.email });
    const id = added.body.import.id as string;
    // It is the user's: they see it in their own history.
    expect((await call('GET', `/api/v1/imports/${id}`, { token: owner.token })).body.import.filename).toBe(
      'back-catalogue.csv',
    );

    const edited = await call('PATCH', `/api/v1/imports/${id}`, {
      token: admin,
      body: { records: 38, type: 'recordings' },
    });
    expect(edited.body).toMatchObject({
      message: 'Import Updated',
      import: { records: 38, type: 'recordings', user_id: ownerId },
    });
    const bad = await call('PATCH', `/api/v1/imports/${id}`, { token: admin, body: { filesize: -1 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['filesize']);
    // Whose it is never changes by an edit; only admins edit.
    expect((await call('PATCH', `/api/v1/imports/${id}`, { token: admin, body: { user_id: 'x' } })).status).toBe(400);
    expect((await call('PATCH', `/api/v1/imports/${id}`, { token: owner.token, body: { records: 1 } })).status).toBe(
      403,
    );

    // A user cannot file a record in someone else's history; an admin naming nobody real is told so.
    const other = await newConfirmedUser('Otto Other');
    expect(
      (
        await call('POST', '/api/v1/imports', {
          token: other.token,
          body: { user_id: ownerId, filename: 'x.csv', filesize: 1, records: 1, type: 'releases' },
        })
      ).status,
    ).toBe(403);
    const nobody = await call('POST', '/api/v1/imports', {
      token: admin,
      body: { user_id: 'no-such-user', filename: 'x.csv', filesize: 1, records: 1, type: 'releases' },
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors.user_id).toEqual(['User not found']);
    expect((await call('GET', `/api/v1/imports/${id}`, { token: owner.token })).body.import.records).toBe(38);
  });
});
