import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

let admin: string;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
});

describe('notices', () => {
  it('go to the chosen users only, count as unread until opened, and name the recipients', async () => {
    const reader = await newConfirmedUser('Rhea Reader');
    const bystander = await newConfirmedUser('Bo Bystander');
    const readerId = (await call('GET', '/api/v1/me', { token: reader.token })).body.user.id;
    expect((await call('GET', '/api/v1/me', { token: reader.token })).body.user.notices_count).toBe(0);

    const picked = await call('GET', '/api/v1/admin/users?q=rhea', { token: admin });
    expect(picked.body.users.map((u: { id: string }) => u.id)).toContain(readerId);

    const missingUsers = await call('POST', '/api/v1/admin/notices', { token: admin, body: { title: 'Hi', content: 'x', type_of: 'news', user_ids: [] } });
    expect(missingUsers.body.errors.user_ids).toEqual(['Users is required']);
    const sent = await call('POST', '/api/v1/admin/notices', {
      token: admin,
      body: { title: 'Statements are out', content: 'Your October statement is ready.', type_of: 'announcement', user_ids: [readerId] },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Rhea Reader');
    const noticeId = sent.body.notice.id;

    const inbox = await call('GET', '/api/v1/notices', { token: reader.token });
    expect(inbox.body).toMatchObject({ unread_count: 1, notices: [{ id: noticeId, read: false, notice: { title: 'Statements are out', type_of: 'announcement' } }] });
    expect((await call('GET', '/api/v1/me', { token: reader.token })).body.user.notices_count).toBe(1);
    expect((await call('GET', '/api/v1/notices', { token: bystander.token })).body.notices).toEqual([]);
    expect((await call('PATCH', `/api/v1/notices/${noticeId}`, { token: bystander.token, body: {} })).status).toBe(404);

    const listed = async () => (await call('GET', '/api/v1/admin/notices?q=statements%20are%20out', { token: admin })).body.notices[0];
    expect(await listed()).toMatchObject({ recipients_count: 1, read_count: 0 });
    const read = await call('PATCH', `/api/v1/notices/${noticeId}`, { token: reader.token, body: {} });
    expect(read.body.message).toBe('Notice marked as read');
    await call('PATCH', `/api/v1/notices/${noticeId}`, { token: reader.token, body: {} }); // opening it again counts no second read
    expect(await listed()).toMatchObject({ recipients_count: 1, read_count: 1 });
    expect((await call('GET', '/api/v1/me', { token: reader.token })).body.user.notices_count).toBe(0);

    const detail = await call('GET', `/api/v1/admin/notices/${noticeId}`, { token: admin });
    expect(detail.body.notice).toMatchObject({ recipients_count: 1, read_count: 1, users: [{ id: readerId, read: true }] });
    expect((await call('PATCH', `/api/v1/admin/notices/${noticeId}`, { token: admin, body: { title: 'Statements are out now' } })).body.message).toBe('Notice Updated');
    expect((await call('DELETE', `/api/v1/admin/notices/${noticeId}`, { token: admin })).body.message).toBe('Notice Deleted');
    expect((await call('GET', '/api/v1/notices', { token: reader.token })).body.notices).toEqual([]);
  });
});
