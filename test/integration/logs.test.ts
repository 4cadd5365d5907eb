import { describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

describe('activity logs', () => {
  it('record a sign-in once per authentication and each change with its IP; GDPR delete removes them', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const person = await newConfirmedUser('Lou Logged');
    const me = (await call('GET', '/api/v1/me', { token: person.token })).body.user;
    await call('GET', '/api/v1/me', { token: person.token }); // same authentication: logged once
    await call('PATCH', `/api/v1/user/${me.id}`, { token: person.token, body: { name: 'Lou L.' } });
    await call('POST', '/api/v1/bug_reports', { token: person.token, body: { description: 'x' } });

    const logs = await call('GET', `/api/v1/admin/logs?user_id=${me.id}`, { token: admin });
    const actions = logs.body.logs.map((l: { action: string; subject: string }) => `${l.action}:${l.subject}`);
    expect(actions.filter((a: string) => a.startsWith('sign_in'))).toHaveLength(1);
    // The operation in words, never its name in the code ("updateProfile").
    expect(actions).toEqual(expect.arrayContaining(['update:Update profile', 'create:Report bug']));
    expect(logs.body.logs.every((l: { ip_address: string }) => l.ip_address.length > 0)).toBe(true);
    expect((await call('GET', `/api/v1/admin/logs?user_id=${me.id}`, { token: person.token })).status).toBe(403);

    const erased = await call('POST', '/api/v1/admin/gdpr/delete_logs', { token: admin, body: { user_id: me.id } });
    expect(erased.body.deleted).toBe(logs.body.total_count);
    expect((await call('GET', `/api/v1/admin/logs?user_id=${me.id}`, { token: admin })).body.total_count).toBe(0);
  });
});
