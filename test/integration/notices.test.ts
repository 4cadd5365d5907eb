import { beforeAll, describe, expect, it } from 'vitest';
import { NOTICES_CHANGED } from '../../shared/schemas/notice.js';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';
import { openSocket } from '../support/realtime.js';
import { until } from '../support/wait.js';

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

    const missingUsers = await call('POST', '/api/v1/admin/notices', {
      token: admin,
      body: { title: 'Hi', content: 'x', type_of: 'news', user_ids: [] },
    });
    expect(missingUsers.body.errors.user_ids).toEqual(['Users is required']);
    const sent = await call('POST', '/api/v1/admin/notices', {
      token: admin,
      body: {
        title: 'Statements are out',
        content: 'Your October statement is ready.',
        type_of: 'announcement',
        user_ids: [readerId],
      },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Rhea Reader');
    const noticeId = sent.body.notice.id;

    const inbox = await call('GET', '/api/v1/notices', { token: reader.token });
    expect(inbox.body).toMatchObject({
      unread_count: 1,
      notices: [{ id: noticeId, read: false, notice: { title: 'Statements are out', type_of: 'announcement' } }],
    });
    expect((await call('GET', '/api/v1/me', { token: reader.token })).body.user.notices_count).toBe(1);
    expect((await call('GET', '/api/v1/notices', { token: bystander.token })).body.notices).toEqual([]);
    expect((await call('PATCH', `/api/v1/notices/${noticeId}`, { token: bystander.token, body: {} })).status).toBe(404);

    const listed = async () =>
      (await call('GET', '/api/v1/admin/notices?q=statements%20are%20out', { token: admin })).body.notices[0];
    expect(await listed()).toMatchObject({ recipients_count: 1, read_count: 0 });
    const read = await call('PATCH', `/api/v1/notices/${noticeId}`, { token: reader.token, body: {} });
    expect(read.body.message).toBe('Notice marked as read');
    await call('PATCH', `/api/v1/notices/${noticeId}`, { token: reader.token, body: {} }); // opening it again counts no second read
    expect(await listed()).toMatchObject({ recipients_count: 1, read_count: 1 });
    expect((await call('GET', '/api/v1/me', { token: reader.token })).body.user.notices_count).toBe(0);

    const detail = await call('GET', `/api/v1/admin/notices/${noticeId}`, { token: admin });
    expect(detail.body.notice).toMatchObject({
      recipients_count: 1,
      read_count: 1,
      users: [{ id: readerId, read: true }],
    });
    expect(
      (
        await call('PATCH', `/api/v1/admin/notices/${noticeId}`, {
          token: admin,
          body: { title: 'Statements are out now' },
        })
      ).body.message,
    ).toBe('Notice Updated');
    expect((await call('DELETE', `/api/v1/admin/notices/${noticeId}`, { token: admin })).body.message).toBe(
      'Notice Deleted',
    );
    expect((await call('GET', '/api/v1/notices', { token: reader.token })).body.notices).toEqual([]);
  });
});

describe("the header's notices count", () => {
  it("is pushed to the recipient's open tabs when a notice is sent, read or deleted", async () => {
    const reader = await newConfirmedUser('Pia Pushed');
    const readerId = (await call('GET', '/api/v1/me', { token: reader.token })).body.user.id;
    const tab = await openSocket(reader.token);
    const pushes = () =>
      tab.messages.filter((m) => (m as { type?: string }).type === NOTICES_CHANGED) as { notice_id: string }[];
    const send = async (title: string) =>
      (
        await call('POST', '/api/v1/admin/notices', {
          token: admin,
          body: { title, content: 'x', type_of: 'news', user_ids: [readerId] },
        })
      ).body.notice.id as string;
    try {
      // The socket opens once its $connect has registered it, so the push finds it.
      const first = await send('Push check');
      await until(async () => (pushes().length ? true : undefined));
      expect(pushes()).toEqual([{ type: NOTICES_CHANGED, notice_id: first }]);
      expect((await call('GET', '/api/v1/me', { token: reader.token })).body.user.notices_count).toBeGreaterThanOrEqual(
        1,
      );

      const before = pushes().length;
      await call('PATCH', `/api/v1/notices/${first}`, { token: reader.token, body: {} });
      await until(async () => (pushes().length > before ? true : undefined));
      expect(pushes().at(-1)).toEqual({ type: NOTICES_CHANGED, notice_id: first });

      const unread = await send('Deleted before it is read');
      await until(async () => (pushes().some((p) => p.notice_id === unread) ? true : undefined));
      const count = pushes().length;
      expect((await call('DELETE', `/api/v1/admin/notices/${unread}`, { token: admin })).status).toBe(200);
      await until(async () => (pushes().length > count ? true : undefined));
      expect(pushes().at(-1)).toEqual({ type: NOTICES_CHANGED, notice_id: unread });
    } finally {
      tab.socket.close();
    }
  });
});
