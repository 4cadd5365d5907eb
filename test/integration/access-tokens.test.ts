import { describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

describe('access tokens', () => {
  it('are created with the secret shown once, expire by date or revocation, and are deleted by admins', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const owner = await newConfirmedUser('Tia Tokens');
    const userId = (await call('GET', '/api/v1/me', { token: owner.token })).body.user.id;

    const created = await call('POST', '/api/v1/admin/access_tokens', {
      token: admin,
      body: { user_id: userId, service: 'YouTube', expires_at: '2099-01-01' },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Access Token Added');
    const secret: string = created.body.access_token.token;
    expect(secret.length).toBeGreaterThan(40);
    const id = created.body.access_token.id;
    const shown = await call('GET', `/api/v1/admin/access_tokens/${id}`, { token: admin });
    expect(shown.body.access_token).toMatchObject({
      service: 'YouTube',
      expired: false,
      token: `…${secret.slice(-4)}`,
    });
    expect(JSON.stringify(shown.body)).not.toContain(secret);

    const past = await call('PATCH', `/api/v1/admin/access_tokens/${id}`, {
      token: admin,
      body: { expires_at: '2020-01-01' },
    });
    expect(past.body).toMatchObject({ message: 'Access Token Updated', access_token: { expired: true } });
    await call('PATCH', `/api/v1/admin/access_tokens/${id}`, { token: admin, body: { expires_at: null } });
    expect((await call('GET', `/api/v1/admin/access_tokens/${id}`, { token: admin })).body.access_token.expired).toBe(
      false,
    );
    expect(
      (await call('PATCH', `/api/v1/admin/access_tokens/${id}`, { token: admin, body: { expires_at: 'soon' } })).status,
    ).toBe(400);

    await call('POST', '/api/v1/admin/access_tokens', {
      token: admin,
      body: { user_id: userId, service: 'SoundCloud' },
    });
    const revoked = await call('POST', '/api/v1/admin/access_tokens/revoke_all', {
      token: admin,
      body: { user_id: userId },
    });
    expect(revoked.body).toMatchObject({ revoked: 2, message: '2 access tokens revoked' });
    const listed = await call('GET', `/api/v1/admin/access_tokens?user_id=${userId}`, { token: admin });
    expect(listed.body.access_tokens.every((t: { expired: boolean }) => t.expired)).toBe(true);

    expect((await call('DELETE', `/api/v1/admin/access_tokens/${id}`, { token: admin })).body.message).toBe(
      'Access Token Deleted',
    );
    expect(
      (await call('GET', `/api/v1/admin/access_tokens?user_id=${userId}`, { token: admin })).body.total_count,
    ).toBe(1);
    expect(
      (await call('POST', '/api/v1/admin/access_tokens', { token: admin, body: { user_id: 'nobody', service: 'X' } }))
        .status,
    ).toBe(400);
  });
});
