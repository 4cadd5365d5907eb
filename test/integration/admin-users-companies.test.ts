import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { call, demo, latestMail, signIn, uniqueEmail } from '../support/api.js';

let admin: string;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
});

describe('admin users and companies', () => {
  it('invites a user, who sets up the account from the mailed link, and adds them to a new company', async () => {
    const email = uniqueEmail('invitee');
    const invited = await call('POST', '/api/v1/admin/users', {
      token: admin,
      body: { name: 'Ivy Invitee', email, role: 'accounting' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      message: 'User Added',
      user: { email, role: 'accounting', confirmed: false },
    });
    const userId = invited.body.user.id;

    expect((await call('POST', `/api/v1/admin/users/${userId}/resend_create_email`, { token: admin })).status).toBe(
      200,
    );
    const mail = (await latestMail(email))!;
    // The mail says who it comes from, not only "You have been invited".
    expect(mail.subject).toBe('You have been invited to Label Platform');
    expect(mail.text).toContain('The Label Platform administrators opened an account for you.');
    const token = /\/setup_account\?token=([\w-]+)/.exec(mail.text)![1];
    expect(
      (
        await call('POST', '/api/v1/confirm_user', {
          body: { access_token: token, password: 'Invited-pass-1', password_confirmation: 'Invited-pass-1' },
        })
      ).status,
    ).toBe(200);
    const invitee = await signIn(email, 'Invited-pass-1');
    expect((await call('POST', `/api/v1/admin/users/${userId}/resend_create_email`, { token: admin })).status).toBe(
      409,
    );

    const company = await call('POST', '/api/v1/admin/companies', {
      token: admin,
      body: { name: 'Invitee Music', tags: ['publisher', 'label group'], distributed: true },
    });
    expect(company.status).toBe(201);
    expect(company.body).toMatchObject({
      message: MESSAGES.companyUpdated.replace('Updated', 'Added'),
      company: { tags: ['Publisher', 'Label Group'], distributed: true },
    });
    const companyId = company.body.company.id;

    const added = await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'label_manager' }] },
    });
    expect(added.body.message).toBe(MESSAGES.newUserAddedToCompany);
    expect(added.body.company.company_users).toEqual([
      expect.objectContaining({ user_id: userId, role: 'label_manager' }),
    ]);
    const mine = await call('GET', '/api/v1/companies', { token: invitee });
    expect(mine.body.companies.map((c: { id: string }) => c.id)).toEqual([companyId]);

    const roleChanged = await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'intern' }] },
    });
    expect(roleChanged.body.message).toBe(MESSAGES.companyUpdated);
    expect(roleChanged.body.company.company_users[0].role).toBe('intern');

    const removed = await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
      token: admin,
      body: { company_users: [] },
    });
    expect(removed.body.company.company_users).toEqual([]);
    expect((await call('GET', '/api/v1/labels', { token: invitee, company: companyId })).status).toBe(403);

    expect(
      (await call('PATCH', `/api/v1/admin/users/${userId}`, { token: admin, body: { active: false } })).body.user
        .active,
    ).toBe(false);
    expect((await call('GET', '/api/v1/me', { token: invitee })).status).toBe(401);

    expect((await call('DELETE', `/api/v1/admin/companies/${companyId}`, { token: admin })).body.message).toBe(
      'Company Invitee Music deleted',
    );
    const deleted = await call('DELETE', `/api/v1/admin/users/${userId}`, { token: admin });
    expect(deleted.body.message).toBe('User Ivy Invitee deleted');
    expect((await call('GET', `/api/v1/admin/users/${userId}`, { token: admin })).status).toBe(404);
    await expect(signIn(email, 'Invited-pass-1')).rejects.toThrow();
    // The e-mail is free again.
    expect(
      (await call('POST', '/api/v1/admin/users', { token: admin, body: { name: 'Ivy Again', email } })).status,
    ).toBe(201);
  });

  it('refuses to delete a company that still has labels, or the admin’s own account', async () => {
    const company = (await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: 'Busy Records' } }))
      .body.company;
    await call('POST', '/api/v1/admin/labels', { token: admin, body: { name: 'Busy Label', company_id: company.id } });
    const refused = await call('DELETE', `/api/v1/admin/companies/${company.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('still has labels');
    const me = (await call('GET', '/api/v1/me', { token: admin })).body.user.id;
    expect((await call('DELETE', `/api/v1/admin/users/${me}`, { token: admin })).status).toBe(409);
    const unknown = await call('PATCH', `/api/v1/admin/companies/${company.id}`, {
      token: admin,
      body: { company_users: [{ user_id: 'nobody', role: 'user' }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.company_users).toBeDefined();
  });

  it('pages and searches the list of every company like every other list (the importer asks for 1,000 at once)', async () => {
    const stamp = Date.now();
    const names = [`Paged Alpha ${stamp}`, `Paged Beta ${stamp}`];
    for (const name of names) await call('POST', '/api/v1/admin/companies', { token: admin, body: { name } });
    const all = await call('GET', '/api/v1/admin/companies?per_page=1000', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.companies.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(names));
    const found = await call('GET', `/api/v1/admin/companies?q=${encodeURIComponent(`paged beta ${stamp}`)}`, {
      token: admin,
    });
    expect(found.body).toMatchObject({ total_count: 1, total_pages: 1, companies: [{ name: names[1] }] });
    const second = await call('GET', `/api/v1/admin/companies?q=${stamp}&per_page=5&order=name%20desc`, {
      token: admin,
    });
    expect(second.body.companies.map((c: { name: string }) => c.name)).toEqual([names[1], names[0]]);
    const bad = await call('GET', '/api/v1/admin/companies?per_page=lots', { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['per_page']);
  });
});
