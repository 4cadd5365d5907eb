import { describe, expect, it } from 'vitest';
import { MESSAGES, VALIDATION } from '../../shared/messages.js';
import { call, latestMail, newConfirmedUser, signIn, uniqueEmail } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

describe('sign-up and confirmation', () => {
  it('mails a confirm link; the link shows the user and setting a password signs them in', async () => {
    const email = uniqueEmail('newbie');
    expect((await call('POST', '/api/v1/signup', { body: { name: 'Nina Newbie', email } })).status).toBe(201);
    const token = /\/confirm\/([\w-]+)/.exec((await latestMail(email))!.text)![1];

    const found = await call('PUT', '/api/v1/find_unconfirmed_user', { body: { access_token: token } });
    expect(found.body.user).toMatchObject({ name: 'Nina Newbie', email });

    const mismatch = await call('POST', '/api/v1/confirm_user', {
      body: { access_token: token, password: 'Good-pass-1', password_confirmation: 'Other-pass-1' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.password_confirmation).toEqual([VALIDATION.confirmed]);
    const weak = await call('POST', '/api/v1/confirm_user', {
      body: { access_token: token, password: 'short', password_confirmation: 'short' },
    });
    expect(weak.body.errors.password).toBeDefined();

    const confirmed = await call('POST', '/api/v1/confirm_user', {
      body: { access_token: token, password: 'Good-pass-1', password_confirmation: 'Good-pass-1' },
    });
    expect(confirmed.status).toBe(200);
    const me = await call('GET', '/api/v1/me', { token: await signIn(email, 'Good-pass-1') });
    expect(me.body.user).toMatchObject({ email, name: 'Nina Newbie', role: 'user', companies: [] });

    // The link is single-use.
    expect((await call('PUT', '/api/v1/find_unconfirmed_user', { body: { access_token: token } })).status).toBe(404);
  });

  it('refuses a second account with the same e-mail, in any case', async () => {
    const email = uniqueEmail('dupe');
    expect((await call('POST', '/api/v1/signup', { body: { name: 'First', email } })).status).toBe(201);
    const again = await call('POST', '/api/v1/signup', { body: { name: 'Second', email: email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.errors.email).toEqual(['Email has already been taken']);
  });
});

describe('password reset', () => {
  it('always answers with the same message, and mails a working link only to a real account', async () => {
    const { email } = await newConfirmedUser('Rita Reset');
    const known = await call('POST', '/api/v1/find_user_and_send_email', { body: { email } });
    const unknown = await call('POST', '/api/v1/find_user_and_send_email', { body: { email: 'nobody@example.test' } });
    expect(known.body.message).toBe(MESSAGES.resetRequested);
    expect(unknown.body).toEqual(known.body);
    expect(await latestMail('nobody@example.test')).toBeUndefined();

    const empty = await call('POST', '/api/v1/find_user_and_send_email', { body: { email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSAGES.fillOutEmail);

    const token = /\/reset_password\/([\w-]+)/.exec((await latestMail(email))!.text)![1];
    expect((await call('POST', '/api/v1/check_user', { body: { token } })).body.valid).toBe(true);
    expect((await call('POST', '/api/v1/check_user', { body: { token: 'x'.repeat(40) } })).status).toBe(404);

    const changed = await call('PATCH', '/api/v1/change_password', {
      body: { token, password: 'Brand-new-2', password_confirmation: 'Brand-new-2' },
    });
    expect(changed.status).toBe(200);
    await expect(signIn(email, 'Brand-new-2')).resolves.toBeTypeOf('string');
    await expect(signIn(email, 'Fresh-pass-1')).rejects.toThrow();
    expect((await call('POST', '/api/v1/check_user', { body: { token } })).status).toBe(404);
  });
});

describe('profile', () => {
  it('updates the own profile with the product’s message and refuses someone else’s', async () => {
    const me = await newConfirmedUser('Paula Profile');
    const other = await newConfirmedUser('Oscar Other');
    const myId = (await call('GET', '/api/v1/me', { token: me.token })).body.user.id;
    const updated = await call('PATCH', `/api/v1/user/${myId}`, {
      token: me.token,
      body: { name: 'Paula P.', profile: { phone_no: '+44 20 7946 0000' } },
    });
    expect(updated.body.message).toBe(MESSAGES.profileUpdated);
    expect(updated.body.user).toMatchObject({ name: 'Paula P.', profile: { phone_no: '+44 20 7946 0000' } });
    const foreign = await call('PATCH', `/api/v1/user/${myId}`, { token: other.token, body: { name: 'Hijacked' } });
    expect(foreign.status).toBe(403);
    expect((await call('GET', '/api/v1/me', { token: me.token })).body.user.name).toBe('Paula P.');
  });
});

describe('companies', () => {
  it('lists only the user’s own companies and shows a company page to members only', async () => {
    // This file's own manager, in exactly two companies (made in the opposite of name order).
    const northern = await ownCompany('Northern Own Records', { distributed: true });
    const harbour = await northern.sibling('Harbour Own Publishing', { tags: ['Publisher'] });
    const manager = northern.manager.token;
    const mine = await call('GET', '/api/v1/companies', { token: manager });
    const names = mine.body.companies.map((c: { name: string }) => c.name);
    expect(names).toEqual([harbour.name, northern.name]);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const companyId = mine.body.companies.find((c: { name: string }) => c.name === harbour.name).id;
    const page = await call('GET', `/api/v1/companies/${companyId}`, { token: manager });
    expect(page.body.company.company_users).toEqual([
      expect.objectContaining({ email: northern.manager.email, role: 'label_manager' }),
    ]);
    const outsider = await newConfirmedUser('Nosy Neighbour');
    expect((await call('GET', '/api/v1/companies', { token: outsider.token })).body.companies).toEqual([]);
    expect((await call('GET', `/api/v1/companies/${companyId}`, { token: outsider.token })).status).toBe(403);
  });
});
