import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

/** The admin's user page children: feature-flag settings and the notices sent to the user. */
let admin: string;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
});

describe('admin user settings and notices', () => {
  it('sets a user’s beta and experimental flags, which the user then has', async () => {
    const user = await newConfirmedUser('Flag User');
    const userId = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id;
    const saved = await call('PATCH', `/api/v1/admin/users/${userId}`, {
      token: admin,
      body: { user_setting_attributes: { beta_features: true } },
    });
    expect(saved.body).toMatchObject({
      message: 'User Updated',
      user: { user_setting_attributes: { beta_features: true, experimental_features: false } },
    });
    await call('PATCH', `/api/v1/admin/users/${userId}`, {
      token: admin,
      body: { user_setting_attributes: { experimental_features: true } },
    });
    const me = await call('GET', '/api/v1/me', { token: user.token });
    expect(me.body.user.user_setting_attributes).toEqual({ beta_features: true, experimental_features: true });
    const wrong = await call('PATCH', `/api/v1/admin/users/${userId}`, {
      token: admin,
      body: { user_setting_attributes: { beta_features: 'yes' } },
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['user_setting_attributes.beta_features']);
  });

  it('lists the notices sent to a user with their read state', async () => {
    const user = await newConfirmedUser('Notice Reader');
    const userId = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id;
    const sent = await call('POST', '/api/v1/admin/notices', {
      token: admin,
      body: { title: 'Statement run done', content: 'Statements are ready', type_of: 'news', user_ids: [userId] },
    });
    expect(sent.status).toBe(201);
    const before = await call('GET', `/api/v1/admin/users/${userId}/notices`, { token: admin });
    expect(before.body).toMatchObject({
      unread_count: 1,
      notices: [
        expect.objectContaining({ read: false, notice: expect.objectContaining({ title: 'Statement run done' }) }),
      ],
    });
    await call('PATCH', `/api/v1/notices/${before.body.notices[0].id}`, { token: user.token });
    const after = await call('GET', `/api/v1/admin/users/${userId}/notices`, { token: admin });
    expect(after.body.unread_count).toBe(0);
    expect(after.body.notices[0].read_at).toEqual(expect.any(String));
  });
});
