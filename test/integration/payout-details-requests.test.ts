import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, latestMail, uniqueEmail } from '../support/api.js';
import { answerChecker, expectDeclared, servedDocument, type ApiDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * A payee gives their own bank details by a secure link (docs/payouts.md): a member asks, the mail in the outbox
 * holds the link, its public page shows two names and nothing stored, the details are checked as the staff's
 * form's are and saved once through the one writer, the money people are told, and a used, expired, withdrawn or
 * replaced link answers in the payee's words. Another company's payee and a role without money are refused. An
 * artist and a distributed label are asked the same way, a label at the e-mail on its record.
 */
let world: OwnCompany;
let other: OwnCompany;
let document: ApiDocument;
const stamp = Date.now();

const db = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return (await import('../../functions/data/service.js')).getDb().entities;
};
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const newPayee = async (name: string, email: string | null = uniqueEmail(name)) => {
  const answer = await world.api.post('/payees', { name: `${name} ${stamp}`, ...(email ? { email } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.payee.id as string, name: answer.body.payee.name as string, email: email ?? '' };
};
const requestPath = (payeeId: string) => `/payees/${payeeId}/payout_details_request`;
/** A member's PUT of the payee's details (the staff form's way). */
const staffPut = (payeeId: string, body: object) =>
  call('PUT', `/api/v1/payees/${payeeId}/payout_details`, {
    token: world.manager.token,
    company: world.companyId,
    body,
  });

/**
 * The mail speaks of the company that asks by its name, never as "the label": a distributed label is asked by its
 * distributor, and "ask the label by phone" would send it to itself.
 */
function expectAskedInCompanyName(text: string | undefined) {
  expect(text).toContain(`nobody at ${world.name} has to type it from an e-mail`);
  expect(text).toContain(`if you did not expect this message, ask ${world.name} by phone before you use the link`);
  expect(text).not.toMatch(/\bthe label\b/i);
}

/** Asks the payee and reads the link's token from the mail the outbox holds. */
async function ask(payee: { id: string; email: string }): Promise<string> {
  const asked = await world.api.post(requestPath(payee.id));
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const mail = await latestMail(payee.email);
  const token = /\/bank_details\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, mail?.text).toHaveLength(43);
  return token!;
}
const publicGet = (token: string) => call('GET', `/api/v1/payout_details_requests/${token}`);
const give = (token: string, body: object) => call('PUT', `/api/v1/payout_details_requests/${token}`, { body });

const UK = { method: 'uk_bulk', account_name: 'Aurora Vale', sort_code: '12-34-56', account_number: '12345678' };
const SEPA = {
  method: 'sepa',
  account_name: 'Aurora Vale',
  iban: 'FR14 2004 1010 0505 0001 3M02 606',
  bic: 'PSSTFRPPXXX',
};
// A new link is asked of the company that sent the link, by its name (the holder may itself be a label).
const USED = () =>
  `Your bank details were already given through this link. To change them, ask ${world.name} for a new link`;
const EXPIRED = () => `This link has expired: ask ${world.name} for a new one`;
const REVOKED = () =>
  `This link was withdrawn or replaced by a newer one: use the latest link you were sent, or ask ${world.name} for a new one`;

beforeAll(async () => {
  [world, other, document] = await Promise.all([
    ownCompany('Bank link', { currency: 'GBP' }),
    ownCompany('Bank link other'),
    servedDocument(),
  ]);
}, 120_000);

describe('a payee gives their own bank details by a secure link', () => {
  it('is mailed, shows names only, checks as the staff form does, saves once and tells the money people', async () => {
    const payee = await newPayee('Linked Payee');
    // Details the staff typed before: the payee's page never shows them, the payee's answer replaces them.
    expect((await staffPut(payee.id, SEPA)).status).toBe(200);
    const check = answerChecker(document, world.manager.token, world.companyId);
    await check('GET', '/payees/{id}/payout_details_request', { params: { id: payee.id } });
    expect((await world.api.get(requestPath(payee.id))).body).toEqual({ payout_details_request: null });

    const token = await ask(payee);
    const mail = await latestMail(payee.email);
    expect(mail?.subject).toBe(`${world.name} asks for your bank details`);
    expect(mail?.text).toContain('works once and for 14 days');
    expectAskedInCompanyName(mail?.text);

    const panel = await world.api.get(requestPath(payee.id));
    expectDeclared(document, 'GET', '/api/v1/payees/{id}/payout_details_request', panel);
    const open = panel.body.payout_details_request;
    expect(open).toMatchObject({ email: payee.email, sent_by: expect.any(String) });
    const days = (Date.parse(open.expires_at) - Date.parse(open.sent_at)) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    // Only the token's hash is stored.
    const stored = (await (await db()).PayoutDetailsRequest.get({ tokenHash: hashOf(token) }).go()).data;
    expect(stored?.accountKey).toBe(`Payee#${payee.id}`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await publicGet(token);
    expectDeclared(document, 'GET', '/api/v1/payout_details_requests/{token}', page);
    expect(page.body).toEqual({
      payout_details_request: { company_name: world.name, payee_name: payee.name, expires_at: open.expires_at },
    });
    expect(JSON.stringify(page.body)).not.toMatch(/2606|PSST|iban|sepa/i);

    const wrong = await give(token, { ...SEPA, iban: 'FR1420041010050500013M02607' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ iban: ['This IBAN is mistyped: its check digits do not match'] });
    // The payee's answer replaces what is stored whole: a left-out field is missing, not kept.
    const partial = await give(token, { method: 'sepa', iban: SEPA.iban });
    expect(partial.status).toBe(400);
    expect(Object.keys(partial.body.errors).sort()).toEqual(['account_name', 'bic']);
    const tooLong = await give(token, { ...UK, account_name: 'x'.repeat(71) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.account_name).toBeDefined();
    const unknown = await give(token, { ...UK, note: 'hi' });
    expect(unknown.status).toBe(400);

    const saved = await give(token, UK);
    expectDeclared(document, 'PUT', '/api/v1/payout_details_requests/{token}', saved);
    expect(saved.body).toEqual({ message: `Thank you: ${world.name} has your bank details` });

    const details = (await world.api.get(`/payees/${payee.id}/payout_details`)).body.payout_details;
    expect(details).toMatchObject({
      method: 'uk_bulk',
      account_name: 'Aurora Vale',
      currency: 'GBP',
      sort_code_last2: '••-••-56',
      account_number_last4: '•••• 5678',
      iban_last4: null,
      complete: true,
      given_by_payee_at: expect.any(String),
    });
    expect((await world.api.get(requestPath(payee.id))).body).toEqual({ payout_details_request: null });

    const again = await give(token, UK);
    expect(again).toEqual({ status: 410, body: { message: USED() } });
    expect(await publicGet(token)).toEqual({ status: 410, body: { message: USED() } });

    const inbox = await call('GET', '/api/v1/notices', { token: world.manager.token });
    const notice = inbox.body.notices
      .map((n: { notice: { title: string; content: string } }) => n.notice)
      .find((n: { title: string }) => n.title === `${payee.name} gave new bank details`);
    expect(notice?.content).toContain('Changed bank details are a common way to steal a payment');
    expect(notice?.content).toContain('•••• 5678');

    // A member's later edit makes the details the member's again.
    expect((await staffPut(payee.id, { method: 'uk_bulk', account_name: 'A. Vale' })).status).toBe(200);
    const edited = (await world.api.get(`/payees/${payee.id}/payout_details`)).body.payout_details;
    expect(edited.given_by_payee_at).toBeNull();
  });

  it('refuses an expired link, a replaced one and a withdrawn one in the payee’s words', async () => {
    const payee = await newPayee('Expiring Payee');
    const first = await ask(payee);
    await (await db()).PayoutDetailsRequest.patch({ tokenHash: hashOf(first) })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    expect(await publicGet(first)).toEqual({ status: 410, body: { message: EXPIRED() } });
    expect(await give(first, UK)).toEqual({ status: 410, body: { message: EXPIRED() } });
    expect((await world.api.get(requestPath(payee.id))).body.payout_details_request).toBeNull();

    const second = await ask(payee);
    const third = await ask(payee);
    expect(second).not.toBe(third);
    expect(await publicGet(second)).toEqual({ status: 410, body: { message: REVOKED() } });
    expect((await publicGet(third)).status).toBe(200);

    const withdrawn = await world.api.del(requestPath(payee.id));
    expect(withdrawn).toEqual({ status: 200, body: { message: 'Bank details request withdrawn' } });
    expect(await give(third, UK)).toEqual({ status: 410, body: { message: REVOKED() } });
    expect(await world.api.del(requestPath(payee.id))).toEqual({
      status: 404,
      body: { message: 'There is no open request for bank details' },
    });
    expect((await world.api.get(`/payees/${payee.id}/payout_details`)).body.payout_details.method).toBeNull();
  });

  it('answers an unknown or malformed token with 404 and a token too long with 400', async () => {
    const notValid = 'This link is not valid: check that it was copied whole, or ask whoever sent it for a new one';
    expect(await publicGet('A'.repeat(43))).toEqual({ status: 404, body: { message: notValid } });
    expect(await give('short', UK)).toEqual({ status: 404, body: { message: notValid } });
    const long = await publicGet('A'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.errors.token).toBeDefined();
  });

  it('saves two submits at once once', async () => {
    const payee = await newPayee('Racing Payee');
    const token = await ask(payee);
    const answers = await Promise.all([
      give(token, UK),
      give(token, { ...UK, account_number: '87654321' }),
      give(token, SEPA),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    for (const lost of answers.filter((a) => a.status !== 200)) expect(lost.body).toEqual({ message: USED() });
    const winner = answers.findIndex((a) => a.status === 200);
    const details = (await world.api.get(`/payees/${payee.id}/payout_details`)).body.payout_details;
    expect(details.method).toBe(winner === 2 ? 'sepa' : 'uk_bulk');
    if (winner === 0) expect(details.account_number_last4).toBe('•••• 5678');
    if (winner === 1) expect(details.account_number_last4).toBe('•••• 4321');
  });

  it('refuses a payee without an e-mail, naming the field', async () => {
    const payee = await newPayee('Mailless Payee', null);
    const refused = await world.api.post(requestPath(payee.id));
    expect(refused).toEqual({
      status: 400,
      body: {
        message: "The payee has no e-mail address: add one on the payee's page, then ask again",
        errors: { email: ["The payee has no e-mail address: add one on the payee's page, then ask again"] },
      },
    });
  });

  it('keeps another company’s payee out of reach and refuses a role without money', async () => {
    const payee = await newPayee('Guarded Payee');
    for (const [method, send] of [
      ['GET', other.api.get],
      ['POST', other.api.post],
      ['DELETE', other.api.del],
    ] as const) {
      const answer = await send(requestPath(payee.id));
      expect(answer.status, `${method} from another company`).toBe(404);
    }
    const assistant = await world.member('label_assistant');
    expect(await assistant.api.post(requestPath(payee.id))).toEqual({
      status: 403,
      body: { message: roleRefusal('label_assistant', 'money.write') },
    });
    expect(await assistant.api.get(requestPath(payee.id))).toEqual({
      status: 403,
      body: { message: roleRefusal('label_assistant', 'money.read') },
    });
    const accountant = await world.member('accounting');
    expect((await accountant.api.post(requestPath(payee.id))).status).toBe(201);
  });
});

describe('an artist or a distributed label gives their own bank details by the same secure link', () => {
  const newArtist = async (name: string) => {
    const email = uniqueEmail(name);
    const answer = await world.api.post('/artists', { name: `${name} ${stamp}`, email });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { id: answer.body.artist.id as string, name: answer.body.artist.name as string, email };
  };
  const newLabel = async (name: string, email?: string) => {
    const label = await world.label(`${name} ${stamp}`, { distributed: true, ...(email ? { email } : {}) });
    return { id: label.id, name: label.name, email: email ?? '' };
  };
  const cases = [
    { type: 'Artist', pages: 'artists', make: () => newArtist('Linked Artist'), paid: 'pays your royalties' },
    {
      type: 'Label',
      pages: 'labels',
      make: () => newLabel('Linked Label', uniqueEmail('Linked Label')),
      paid: "pays your label's earnings",
    },
  ] as const;

  for (const { type, pages, make, paid } of cases) {
    it(`mails the ${pages.slice(0, -1)}, names it on the public page and saves its details`, async () => {
      const account = await make();
      const path = `/${pages}/${account.id}/payout_details_request`;
      expect((await world.api.get(path)).body).toEqual({ payout_details_request: null });

      const asked = await world.api.post(path);
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      expectDeclared(document, 'POST', `/api/v1/${pages}/{id}/payout_details_request`, asked, { status: 201 });
      expect(asked.body.message).toBe(`Bank details requested from ${account.email}`);
      const mail = await latestMail(account.email);
      expect(mail?.subject).toBe(`${world.name} asks for your bank details`);
      expect(mail?.text).toContain(`Hello ${account.name},`);
      expect(mail?.text).toContain(`${world.name} ${paid} and asks how you would like to be paid`);
      expectAskedInCompanyName(mail?.text);
      const token = /\/bank_details\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token, mail?.text).toHaveLength(43);
      const stored = (await (await db()).PayoutDetailsRequest.get({ tokenHash: hashOf(token!) }).go()).data;
      expect(stored?.accountKey).toBe(`${type}#${account.id}`);

      const panel = await world.api.get(path);
      expectDeclared(document, 'GET', `/api/v1/${pages}/{id}/payout_details_request`, panel);
      expect(panel.body.payout_details_request).toMatchObject({ email: account.email, sent_by: expect.any(String) });

      const page = await publicGet(token!);
      expect(page.status).toBe(200);
      expect(page.body.payout_details_request).toMatchObject({ company_name: world.name, payee_name: account.name });

      const saved = await give(token!, SEPA);
      expect(saved).toEqual({ status: 200, body: { message: `Thank you: ${world.name} has your bank details` } });
      const details = await world.api.get(`/${pages}/${account.id}/payout_details`);
      expect(details.body.payout_details).toMatchObject({
        method: 'sepa',
        account_name: 'Aurora Vale',
        iban_last4: '•••• 2606',
        bic: 'PSSTFRPPXXX',
        complete: true,
        given_by_payee_at: expect.any(String),
      });
      expect(JSON.stringify(details.body)).not.toContain('3M02606');
      expect((await world.api.get(path)).body).toEqual({ payout_details_request: null });
      expect(await give(token!, UK)).toEqual({ status: 410, body: { message: USED() } });

      // The money people are told, in the account's words, with a link to its own page.
      const inbox = await call('GET', '/api/v1/notices', { token: world.manager.token });
      const notice = inbox.body.notices
        .map((n: { notice: { title: string; content: string } }) => n.notice)
        .find((n: { title: string }) => n.title === `${account.name} gave new bank details`);
      expect(notice?.content).toContain(`someone who reads the ${type.toLowerCase()}’s e-mail`);
      expect(notice?.content).toContain(`/user/${pages}/${account.id}`);

      // Asked again and withdrawn, as a payee's.
      expect((await world.api.post(path)).status).toBe(201);
      expect(await world.api.del(path)).toEqual({ status: 200, body: { message: 'Bank details request withdrawn' } });
      expect((await world.api.get(path)).body).toEqual({ payout_details_request: null });
    });
  }

  it('refuses a label without an e-mail, naming the field', async () => {
    const label = await newLabel('Mailless Label');
    const refused = await world.api.post(`/labels/${label.id}/payout_details_request`);
    const words = "The label has no e-mail address: add one on the label's page, then ask again";
    expect(refused).toEqual({ status: 400, body: { message: words, errors: { email: [words] } } });
  });

  it('keeps another company’s artist and label out of reach', async () => {
    const artist = await newArtist('Guarded Artist');
    const label = await newLabel('Guarded Label', uniqueEmail('Guarded Label'));
    for (const path of [`/artists/${artist.id}/payout_details_request`, `/labels/${label.id}/payout_details_request`]) {
      for (const [method, send] of [
        ['GET', other.api.get],
        ['POST', other.api.post],
        ['DELETE', other.api.del],
      ] as const) {
        const answer = await send(path);
        expect(answer.status, `${method} ${path} from another company`).toBe(404);
      }
      // Nothing was sent or opened on the company's own account.
      expect((await world.api.get(path)).body).toEqual({ payout_details_request: null });
    }
    expect(await latestMail(artist.email)).toBeUndefined();
    expect(await latestMail(label.email)).toBeUndefined();
  });
});
