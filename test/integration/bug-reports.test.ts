import { describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

describe('bug reports', () => {
  it('are filed by any signed-in user with the page they were on, start as reported, and are read by admins', async () => {
    const reporter = await newConfirmedUser('Bea Bugfinder');
    const filed = await call('POST', '/api/v1/bug_reports', {
      token: reporter.token,
      body: { description: 'The table does not sort', referer: '/user/labels?page=2' },
    });
    expect(filed.status).toBe(201);
    expect(filed.body.bug_report).toMatchObject({ status: 'reported', referer: '/user/labels?page=2' });
    expect(
      (await call('POST', '/api/v1/bug_reports', { token: reporter.token, body: { description: '' } })).body.errors
        .description,
    ).toEqual(['Description is required']);

    const admin = await signIn(demo.admin.email, demo.admin.password);
    const reporterId = (await call('GET', '/api/v1/me', { token: reporter.token })).body.user.id;
    const theirs = await call('GET', `/api/v1/admin/bug_reports?user_id=${reporterId}`, { token: admin });
    expect(theirs.body.bug_reports).toEqual([
      expect.objectContaining({ description: 'The table does not sort', user_email: reporter.email }),
    ]);
    expect((await call('GET', '/api/v1/admin/bug_reports', { token: reporter.token })).status).toBe(403);
    expect(
      (await call('DELETE', `/api/v1/admin/bug_reports/${filed.body.bug_report.id}`, { token: admin })).body.message,
    ).toBe('Bug report deleted');
    expect(
      (await call('GET', `/api/v1/admin/bug_reports?user_id=${reporterId}`, { token: admin })).body.total_count,
    ).toBe(0);
  });
});
