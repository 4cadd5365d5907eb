import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { roleRefusal } from '../../shared/permissions.js';
import { SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { call, demo, inCompany, latestMail, newConfirmedUser, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';

/**
 * Onboarding (docs/onboarding.md): a signed-in user with no company creates one, or joins one by a manager's
 * invitation (a new e-mail sets its password from the mail, an existing user accepts when signed in).
 */
type Founder = { token: string; email: string; companyId: string };

let admin: string;
let demoManager: Awaited<ReturnType<typeof ownLabelManager>>;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  demoManager = await ownLabelManager('Onboarding');
});

const createCompany = (token: string, body: object) => call('POST', '/api/v1/companies', { token, body });

/** A new user who created their own company (Starter: 3 users). */
async function founder(name: string): Promise<Founder> {
  const user = await newConfirmedUser(name);
  const created = await createCompany(user.token, { name: `${name} Records ${Date.now()}`, country: 'GB' });
  expect(created.status).toBe(201);
  return { ...user, companyId: created.body.company.id };
}

const invite = (f: Founder, body: object) => inCompany(f.token, f.companyId).post('/company/users', body);

/** The /invitations/{token} link of the latest mail to an address. */
async function invitationToken(email: string): Promise<string> {
  const mail = await latestMail(email);
  const token = /\/invitations\/([\w.-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

const newEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
const roleIn = async (token: string, companyId: string) =>
  (await call('GET', '/api/v1/me', { token })).body.user.companies.find((c: { id: string }) => c.id === companyId)
    ?.role;

describe('a user creates their own company', () => {
  it('answers 201 "Company Added"; the creator is its label_manager and it is on Starter', async () => {
    const user = await newConfirmedUser('Cleo Creator');
    const created = await createCompany(user.token, {
      name: 'Cleo Sounds',
      country: 'gb',
      vat_registered: true,
      vat_number: 'GB123456789',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Company Added',
      company: { name: 'Cleo Sounds', currency: 'GBP', role: 'label_manager', vat_number: 'GB123456789' },
    });
    const companyId = created.body.company.id as string;
    expect(await roleIn(user.token, companyId)).toBe('label_manager');

    const { getDb } = await import('../../functions/data/service.js');
    const stored = (await getDb().entities.Company.get({ companyId }).go()).data;
    expect(stored).toMatchObject({
      subscription_id: SEEDED_PLAN_IDS.starter,
      country: 'GB',
      email: user.email,
      subscription: { status: 'active', provider: 'admin' },
    });

    // A working company: its creator adds a label without any admin.
    const label = await inCompany(user.token, companyId).post('/labels', { name: 'Cleo Label' });
    expect(label.status).toBe(201);
  });

  it('refuses bad input naming the fields', async () => {
    const user = await newConfirmedUser('Vera Validation');
    const empty = await createCompany(user.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ name: ['Name is required'], country: ['Country is required'] });

    const noVat = await createCompany(user.token, { name: 'Vat Co', country: 'GB', vat_registered: true });
    expect(noVat.status).toBe(400);
    expect(noVat.body.errors.vat_number).toEqual(['VAT number is required when the company is VAT registered']);

    const badCurrency = await createCompany(user.token, { name: 'Cur Co', country: 'GB', currency: 'pounds' });
    expect(badCurrency.body.errors.currency).toEqual([
      'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
    ]);

    const unknownCountry = await createCompany(user.token, { name: 'Nowhere Co', country: 'ZZ' });
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.errors.country).toEqual(['Country ZZ is not a known country code']);
  });

  it('refuses a second company of the same name and a sixth company', async () => {
    const user = await newConfirmedUser('Rita Rate');
    expect((await createCompany(user.token, { name: 'Rita One', country: 'FR', currency: 'eur' })).status).toBe(201);
    const twin = await createCompany(user.token, { name: ' rita one ', country: 'FR' });
    expect(twin.status).toBe(409);
    expect(twin.body.errors.name).toEqual(['You already have a company named Rita One']);
    for (const n of [2, 3, 4, 5]) {
      expect((await createCompany(user.token, { name: `Rita ${n}`, country: 'FR' })).status).toBe(201);
    }
    const sixth = await createCompany(user.token, { name: 'Rita 6', country: 'FR' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.errors.name).toEqual(['You may create at most 5 companies; ask an admin for more']);
    const me = await call('GET', '/api/v1/me', { token: user.token });
    expect(me.body.user.companies).toHaveLength(5);
  });

  it('needs a signed-in user', async () => {
    expect((await call('POST', '/api/v1/companies', { body: { name: 'Anon', country: 'GB' } })).status).toBe(401);
  });
});

describe('invitations', () => {
  let owner: Founder;
  beforeAll(async () => {
    owner = await founder('Olga Owner');
  });

  it('a new e-mail gets an account whose password set-up accepts the invitation', async () => {
    const email = newEmail('newbie');
    const sent = await invite(owner, { email: email.toUpperCase(), name: 'Nina Newbie', role: 'label_assistant' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ message: MESSAGES.newUserAddedToCompany, invitation: { email } });
    const token = await invitationToken(email);
    const [id, secret] = token.split('.');

    const listed = await inCompany(owner.token, owner.companyId).get('/company/invitations');
    expect(listed.body.invitations.map((i: { id: string }) => i.id)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const page = await call('GET', `/api/v1/invitations/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.invitation).toMatchObject({
      email,
      role: 'label_assistant',
      account_exists: false,
      inviter_name: 'Olga Owner',
    });
    // The id alone (what managers see) does not open the public page nor set a password.
    expect((await call('GET', `/api/v1/invitations/${id}`)).status).toBe(404);
    expect((await call('GET', `/api/v1/invitations/${id}.${'x'.repeat(43)}`)).status).toBe(404);

    const setup = (body: object) => call('POST', `/api/v1/invitations/${token}/setup_account`, { body });
    const mismatch = await setup({ password: 'Invited-pass-1', password_confirmation: 'Invited-pass-2' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.password_confirmation).toEqual(['This field confirmation does not match']);
    const done = await setup({ password: 'Invited-pass-1', password_confirmation: 'Invited-pass-1' });
    expect(done.status).toBe(200);
    expect(done.body.company).toMatchObject({ id: owner.companyId, role: 'label_assistant' });

    const invitee = await signIn(email, 'Invited-pass-1');
    expect(await roleIn(invitee, owner.companyId)).toBe('label_assistant');
    expect((await setup({ password: 'Invited-pass-1', password_confirmation: 'Invited-pass-1' })).status).toBe(404);
    const after = await inCompany(owner.token, owner.companyId).get('/company/invitations');
    expect(after.body.invitations.map((i: { id: string }) => i.id)).not.toContain(id);

    // Its role (label_assistant) has no company.manage: it may not invite or list invitations (403).
    const asAssistant = inCompany(invitee, owner.companyId);
    const refused = await asAssistant.post('/company/users', { email: newEmail('x'), role: 'user' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(roleRefusal('label_assistant', 'company.manage'));
    expect((await asAssistant.get('/company/invitations')).status).toBe(403);
    expect((await asAssistant.del(`/company/invitations/${id}`)).status).toBe(403);
  });

  it('an existing user accepts when signed in; another e-mail is refused', async () => {
    const existing = await newConfirmedUser('Eric Existing');
    const stranger = await newConfirmedUser('Sam Stranger');
    expect((await invite(owner, { email: existing.email, role: 'accounting' })).status).toBe(201);
    const token = await invitationToken(existing.email);
    expect((await call('GET', `/api/v1/invitations/${token}`)).body.invitation.account_exists).toBe(true);
    // An existing account sets no password from the link: it signs in.
    const setup = await call('POST', `/api/v1/invitations/${token}/setup_account`, {
      body: { password: 'Other-pass-1', password_confirmation: 'Other-pass-1' },
    });
    expect(setup.status).toBe(409);

    const wrong = await call('POST', `/api/v1/invitations/${token}/accept`, { token: stranger.token });
    expect(wrong.status).toBe(403);
    // The refusal does not tell whoever holds the link which address it went to.
    expect(wrong.body.message).toBe(
      'This invitation was sent to another e-mail address; sign in with that address to answer it',
    );
    expect(wrong.body.message).not.toContain(existing.email);
    expect(await roleIn(stranger.token, owner.companyId)).toBeUndefined();

    // The invitee's "Get started" list names it; accepting by its id works for the invited e-mail.
    const mine = await call('GET', '/api/v1/invitations', { token: existing.token });
    const listed = mine.body.invitations.find((i: { company_name: string }) => i.company_name.startsWith('Olga'));
    expect(listed).toMatchObject({ role: 'accounting', inviter_name: 'Olga Owner' });
    const accepted = await call('POST', `/api/v1/invitations/${listed.id}/accept`, { token: existing.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.company).toMatchObject({ id: owner.companyId, role: 'accounting' });
    expect(await roleIn(existing.token, owner.companyId)).toBe('accounting');
    expect((await call('POST', `/api/v1/invitations/${token}/accept`, { token: existing.token })).status).toBe(404);

    const again = await invite(owner, { email: existing.email, role: 'user' });
    expect(again.status).toBe(409);
    expect(again.body.errors.email[0]).toContain('is already a member of');
  });

  it('a revoked or expired invitation can no longer be opened or accepted', async () => {
    const f = await founder('Rhea Revoker');
    const invitee = await newConfirmedUser('Ivan Invitee');
    await invite(f, { email: invitee.email, role: 'user' });
    const revokedToken = await invitationToken(invitee.email);
    const id = revokedToken.split('.')[0];
    const revoked = await inCompany(f.token, f.companyId).del(`/company/invitations/${id}`);
    expect(revoked.status).toBe(200);
    expect((await call('GET', `/api/v1/invitations/${revokedToken}`)).status).toBe(404);
    const late = await call('POST', `/api/v1/invitations/${revokedToken}/accept`, { token: invitee.token });
    expect(late.status).toBe(404);
    expect(late.body.message).toBe('This invitation is invalid or has expired');

    await invite(f, { email: invitee.email, role: 'user' });
    const expiredToken = await invitationToken(invitee.email);
    const { getDb } = await import('../../functions/data/service.js');
    await getDb()
      .entities.Invitation.patch({ invitationId: expiredToken.split('.')[0] })
      .set({ expiresAt: Math.floor(Date.now() / 1000) - 60 })
      .go();
    expect((await call('GET', `/api/v1/invitations/${expiredToken}`)).status).toBe(404);
    expect((await call('POST', `/api/v1/invitations/${expiredToken}/accept`, { token: invitee.token })).status).toBe(
      404,
    );
    expect((await inCompany(f.token, f.companyId).get('/company/invitations')).body.total_count).toBe(0);
    expect(await roleIn(invitee.token, f.companyId)).toBeUndefined();
  });

  it('cross-tenant: a manager of one company cannot invite into, list or revoke invitations of another', async () => {
    const other = demoManager.distributed.id;
    const intoOther = await inCompany(owner.token, other).post('/company/users', {
      email: newEmail('y'),
      role: 'user',
    });
    expect(intoOther.status).toBe(403);
    expect((await inCompany(owner.token, other).get('/company/invitations')).status).toBe(403);

    await inCompany(demoManager.token, other).post('/company/users', { email: newEmail('z'), role: 'user' });
    const theirs = await inCompany(demoManager.token, other).get('/company/invitations');
    const theirId = theirs.body.invitations[0].id as string;
    const revoke = await inCompany(owner.token, owner.companyId).del(`/company/invitations/${theirId}`);
    expect(revoke.status).toBe(404);
    expect((await inCompany(demoManager.token, other).del(`/company/invitations/${theirId}`)).status).toBe(200);
  });

  it('refuses bad invitations naming the field', async () => {
    const bad = await invite(owner, { email: 'not-an-email', role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(['This field must be a valid email']);
    expect(bad.body.errors.role[0]).toBe(
      'Role must be one of: User, Label manager, Label assistant, Accounting, Accountable, Promotions, Intern',
    );
  });
});

describe('max_users (Starter: 3) at invitation and at acceptance', () => {
  it('counts members and pending invitations; a second invitation to one e-mail replaces the first', async () => {
    const f = await founder('Mia Max');
    const a = newEmail('a');
    expect((await invite(f, { email: a, role: 'user' })).status).toBe(201);
    expect((await invite(f, { email: a, role: 'intern' })).status).toBe(201);
    const list = await inCompany(f.token, f.companyId).get('/company/invitations');
    expect(list.body.invitations).toEqual([expect.objectContaining({ email: a, role: 'intern' })]);
    expect((await invite(f, { email: newEmail('b'), role: 'user' })).status).toBe(201);
    const fourth = await invite(f, { email: newEmail('c'), role: 'user' });
    expect(fourth.status).toBe(402);
    expect(fourth.body.message).toMatch(/^Your plan \(Starter\) allows 3 users\./);
    expect(fourth.body.errors.email).toEqual([fourth.body.message]);
    // A platform admin is not limited by plans.
    const byAdmin = await call('POST', '/api/v1/company/users', {
      token: admin,
      company: f.companyId,
      body: { email: newEmail('d'), role: 'user' },
    });
    expect(byAdmin.status).toBe(201);
  });

  it('refuses the acceptance that would pass the limit', async () => {
    const f = await founder('Ada Accept');
    const invitee = await newConfirmedUser('Lena Late');
    await invite(f, { email: invitee.email, role: 'user' });
    const token = await invitationToken(invitee.email);
    // Meanwhile an admin fills the company (admins are exempt): 3 members.
    const fillers = await Promise.all([newConfirmedUser('Fill One'), newConfirmedUser('Fill Two')]);
    const ids = await Promise.all(
      [f, ...fillers].map(async (u) => (await call('GET', '/api/v1/me', { token: u.token })).body.user.id as string),
    );
    const filled = await call('PATCH', `/api/v1/admin/companies/${f.companyId}`, {
      token: admin,
      body: { company_users: ids.map((user_id, i) => ({ user_id, role: i === 0 ? 'label_manager' : 'user' })) },
    });
    expect(filled.status).toBe(200);
    const refused = await call('POST', `/api/v1/invitations/${token}/accept`, { token: invitee.token });
    expect(refused.status).toBe(402);
    expect(refused.body.errors.email).toBeDefined();
    expect(await roleIn(invitee.token, f.companyId)).toBeUndefined();
  });
});
