import { beforeAll, describe, expect, it } from 'vitest';
import { latestMail, newConfirmedUser } from '../support/api.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The people pages against the answers the OpenAPI document declares: the signed-in user and their profile, the
 * companies they belong to or make, a company's page, files and members, its invitations from both sides, and the
 * admin's companies. Every call is on users and companies this file makes.
 */
let document: ApiDocument;
let world: OwnCompany;
let member: ReturnType<typeof answerChecker>;
let admin: ReturnType<typeof answerChecker>;
const run = String(Date.now()).slice(-6);

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('People answers');
  member = answerChecker(document, world.manager.token, world.companyId);
  admin = answerChecker(document, world.admin);
}, 120_000);

/** The /invitations/{token} link of the latest mail to an address. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestMail(email);
  const token = /\/invitations\/([\w.-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

describe('the signed-in user and their companies answer what the document declares', () => {
  it('me, the profile, my companies, a company I make, its page and its files', async () => {
    const me = await member('GET', '/me');
    await member('PATCH', '/user/{id}', { params: { id: me.body.user.id }, body: { profile: { phone_no: '0123' } } });
    await member('GET', '/companies', { rows: 'companies' });
    const made = await member('POST', '/companies', {
      body: { name: `People Answer Own ${run}`, country: 'GB' },
      status: 201,
    });
    const params = { id: world.companyId };
    await member('GET', '/companies/{id}', { params: { id: made.body.company.id } });
    await member('PATCH', '/companies/{id}', { params, body: { email: 'office@people.test' } });
    const logo = { field: 'logo', filename: 'logo.png', content_type: 'image/png', size: 1000 };
    await member('POST', '/companies/{id}/uploads', { params, body: logo });
  });

  it('the admin’s companies: list, make, read, change, file, delete', async () => {
    const made = await admin('POST', '/admin/companies', { body: { name: `People Answer Admin ${run}` }, status: 201 });
    const id = made.body.company.id as string;
    await admin('GET', '/admin/companies', {
      query: `q=${encodeURIComponent(`People Answer Admin ${run}`)}`,
      rows: 'companies',
    });
    await admin('GET', '/admin/companies/{id}', { params: { id } });
    await admin('PATCH', '/admin/companies/{id}', { params: { id }, body: { email: 'admin@people.test' } });
    const logo = { field: 'logo', filename: 'logo.png', content_type: 'image/png', size: 1000 };
    await admin('POST', '/admin/companies/{id}/uploads', { params: { id }, body: logo });
    await admin('DELETE', '/admin/companies/{id}', { params: { id } });
  });
});

describe('a company’s members and invitations answer what the document declares', () => {
  it('a member’s role changed, then removed', async () => {
    const assistant = await world.member('label_assistant', 'People Answer Assistant');
    await member('PATCH', '/company/users/{id}', { params: { id: assistant.id }, body: { role: 'promotions' } });
    await member('DELETE', '/company/users/{id}', { params: { id: assistant.id } });
  });

  it('invitations sent, listed, read by the invitee, accepted, declined and withdrawn', async () => {
    const [joining, refusing] = await Promise.all([
      newConfirmedUser('People joiner'),
      newConfirmedUser('People refuser'),
    ]);
    await member('POST', '/company/users', { body: { email: joining.email, role: 'label_assistant' }, status: 201 });
    await member('POST', '/company/users', { body: { email: refusing.email, role: 'intern' }, status: 201 });
    const listed = await member('GET', '/company/invitations', { rows: 'invitations' });
    const invitee = answerChecker(document, joining.token);
    await invitee('GET', '/invitations', { rows: 'invitations' });
    const token = await invitationToken(joining.email);
    // The invitation's page is public: anyone with the link reads it.
    await answerChecker(document, '')('GET', '/invitations/{token}', { params: { token } });
    await invitee('POST', '/invitations/{token}/accept', { params: { token } });
    const declined = answerChecker(document, refusing.token);
    await declined('POST', '/invitations/{token}/decline', {
      params: { token: await invitationToken(refusing.email) },
    });
    const third = await member('POST', '/company/users', {
      body: { email: `people.withdrawn.${run}@example.test`, role: 'intern' },
      status: 201,
    });
    expect(listed.body.invitations.length).toBeGreaterThan(0);
    await member('DELETE', '/company/invitations/{id}', { params: { id: third.body.invitation.id } });
    // Someone without an account sets one up from the invitation's link, and joins.
    const newcomer = `people.newcomer.${run}@example.test`;
    await member('POST', '/company/users', { body: { email: newcomer, role: 'intern' }, status: 201 });
    await answerChecker(document, '')('POST', '/invitations/{token}/setup_account', {
      params: { token: await invitationToken(newcomer) },
      body: { password: 'Newcomer-pass-1', password_confirmation: 'Newcomer-pass-1' },
    });
  });
});

describe('notices answer what the document declares', () => {
  it('the admin sends, lists, reads and edits a notice; the user reads theirs; the admin deletes it', async () => {
    const me = await member('GET', '/me');
    const userId = me.body.user.id as string;
    const made = await admin('POST', '/admin/notices', {
      body: { title: `Answer notice ${run}`, content: 'Declared answers.', type_of: 'news', user_ids: [userId] },
      status: 201,
    });
    const id = made.body.notice.id as string;
    await admin('GET', '/admin/notices', { query: `q=${encodeURIComponent(`Answer notice ${run}`)}`, rows: 'notices' });
    await admin('GET', '/admin/notices/{id}', { params: { id } });
    await admin('GET', '/admin/notices/{id}/edit', { params: { id } });
    await admin('PATCH', '/admin/notices/{id}', { params: { id }, body: { content: 'Declared and tested.' } });
    await admin('GET', '/admin/users/{id}/notices', { params: { id: userId }, rows: 'notices' });
    await member('GET', '/notices', { rows: 'notices' });
    await member('PATCH', '/notices/{id}', { params: { id } });
    await admin('DELETE', '/admin/notices/{id}', { params: { id } });
  });
});

describe('bug reports and access tokens answer what the document declares', () => {
  it('a bug reported, listed by its user and the admin, deleted', async () => {
    const made = await member('POST', '/bug_reports', {
      body: { description: `Answer bug ${run}`, referer: '/user/dashboard' },
      status: 201,
    });
    await member('GET', '/bug_reports', { rows: 'bug_reports' });
    const me = await member('GET', '/me');
    await admin('GET', '/admin/bug_reports', { query: `user_id=${me.body.user.id}`, rows: 'bug_reports' });
    await admin('DELETE', '/admin/bug_reports/{id}', { params: { id: made.body.bug_report.id } });
  });

  it('an access token made, listed, read, edited, deleted; the user’s tokens revoked', async () => {
    const me = await member('GET', '/me');
    const userId = me.body.user.id as string;
    const made = await admin('POST', '/admin/access_tokens', {
      body: { service: 'Answer service', user_id: userId },
      status: 201,
    });
    const id = made.body.access_token.id as string;
    await admin('GET', '/admin/access_tokens', { query: `user_id=${userId}`, rows: 'access_tokens' });
    await admin('GET', '/admin/access_tokens/{id}', { params: { id } });
    await admin('PATCH', '/admin/access_tokens/{id}', { params: { id }, body: { service: 'Answer service two' } });
    await admin('DELETE', '/admin/access_tokens/{id}', { params: { id } });
    await admin('POST', '/admin/access_tokens', { body: { service: 'Answer service', user_id: userId }, status: 201 });
    // Only this file's user: without a user the call revokes every live token.
    await admin('POST', '/admin/access_tokens/revoke_all', { body: { user_id: userId } });
  });
});

describe('the admin’s users and activity logs answer what the document declares', () => {
  it('a user invited, the invitation sent again, listed, read, edited, deleted', async () => {
    const email = `people.invited.${run}.${Math.floor(Math.random() * 1e6)}@example.test`;
    const made = await admin('POST', '/admin/users', { body: { name: 'Answer Invitee', email }, status: 201 });
    const params = { id: made.body.user.id as string };
    await admin('POST', '/admin/users/{id}/resend_create_email', { params });
    await admin('GET', '/admin/users', { query: `q=${encodeURIComponent(email)}`, rows: 'users' });
    await admin('GET', '/admin/users/{id}', { params });
    await admin('PATCH', '/admin/users/{id}', { params, body: { name: 'Answer Invitee Two' } });
    await admin('DELETE', '/admin/users/{id}', { params });
  });

  it('a user’s activity log, read by them and the admin, and deleted', async () => {
    const me = await member('GET', '/me');
    const userId = me.body.user.id as string;
    await member('GET', '/logs', { rows: 'logs' });
    await admin('GET', '/admin/logs', { query: `user_id=${userId}`, rows: 'logs' });
    await admin('POST', '/admin/gdpr/delete_logs', { body: { user_id: userId } });
  });
});
