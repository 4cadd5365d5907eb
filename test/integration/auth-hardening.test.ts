import { describe, expect, it } from 'vitest';
import { call, cognitoTokens, initiateAuth, latestMail, newConfirmedUser, uniqueEmail } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/** Sessions end when a password is set, and every one-time link works exactly once (docs/auth-hardening.md). */

/** Cognito's refresh flow, as the SPA uses it to get a new access token: the HTTP status and Cognito's answer. */
const refresh = (refreshToken: string) => initiateAuth('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken });

/** Whether a password signs the user in. */
async function signsIn(email: string, password: string): Promise<boolean> {
  return cognitoTokens(email, password).then(
    () => true,
    () => false,
  );
}

/** The token of the latest mail to an address, read with `pattern`. */
async function mailedToken(email: string, pattern: RegExp): Promise<string> {
  const token = pattern.exec((await latestMail(email))?.text ?? '')?.[1];
  if (!token) throw new Error(`no mail with a link to ${email}`);
  return token;
}

async function resetToken(email: string): Promise<string> {
  const asked = await call('POST', '/api/v1/find_user_and_send_email', { body: { email } });
  expect(asked.status).toBe(200);
  return mailedToken(email, /\/reset_password\/([\w-]+)/);
}

/** Ten requests at once, each with its own password; the answers in the order of `passwords`. */
const PASSWORDS = Array.from({ length: 10 }, (_, i) => `Racing-pass-${i}`);
async function race(send: (password: string) => Promise<{ status: number; body: any }>) {
  const answers = await Promise.all(PASSWORDS.map((password) => send(password)));
  const winners = answers.flatMap((a, i) => (a.status >= 200 && a.status < 300 ? [PASSWORDS[i]] : []));
  return { answers, winners };
}

/** Exactly the winner's password signs in; every other request was refused with a 4xx and a message. */
async function expectOneWinner(email: string, outcome: Awaited<ReturnType<typeof race>>, refusals: number[]) {
  expect(outcome.winners).toHaveLength(1);
  for (const answer of outcome.answers.filter((a) => a.status >= 300)) {
    expect(refusals).toContain(answer.status);
    expect(answer.body.message).toEqual(expect.any(String));
  }
  const working = [];
  for (const password of PASSWORDS) if (await signsIn(email, password)) working.push(password);
  expect(working).toEqual(outcome.winners);
}

describe('setting a password ends the sessions the account had', () => {
  it('a refresh token issued before a reset gets no more access tokens; one issued after does', async () => {
    const user = await newConfirmedUser('Stolen Laptop');
    const before = await cognitoTokens(user.email, user.password);
    expect((await refresh(before.RefreshToken)).body.AuthenticationResult?.AccessToken).toEqual(expect.any(String));

    const token = await resetToken(user.email);
    const changed = await call('PATCH', '/api/v1/change_password', {
      body: { token, password: 'After-reset-1', password_confirmation: 'After-reset-1' },
    });
    expect(changed.status).toBe(200);

    const refused = await refresh(before.RefreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body.AuthenticationResult).toBeUndefined();
    expect(refused.body.__type).toBe('NotAuthorizedException');

    const after = await cognitoTokens(user.email, 'After-reset-1');
    expect((await refresh(after.RefreshToken)).body.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });
});

describe('a one-time link sent ten times at once works once', () => {
  it('a password reset: one 200, nine 404, and the password that works is the one answered 200', async () => {
    const user = await newConfirmedUser('Reset Racer');
    const token = await resetToken(user.email);
    const outcome = await race((password) =>
      call('PATCH', '/api/v1/change_password', { body: { token, password, password_confirmation: password } }),
    );
    await expectOneWinner(user.email, outcome, [404]);
    expect(await signsIn(user.email, user.password)).toBe(false);
  });

  it('a sign-up confirmation: one 200, nine 404, and the password that works is the one answered 200', async () => {
    const email = uniqueEmail('confirm racer');
    expect((await call('POST', '/api/v1/signup', { body: { name: 'Confirm Racer', email } })).status).toBe(201);
    const token = await mailedToken(email, /\/confirm\/([\w-]+)/);
    const outcome = await race((password) =>
      call('POST', '/api/v1/confirm_user', {
        body: { access_token: token, password, password_confirmation: password },
      }),
    );
    await expectOneWinner(email, outcome, [404]);
  });

  it("an invitation's account set-up: one 200, nine 404 or 409, and the password that works is the one answered 200", async () => {
    const own = await ownCompany('Setup Race');
    const email = uniqueEmail('setup racer');
    expect((await own.api.post('/company/users', { email, role: 'label_assistant' })).status).toBe(201);
    const token = await mailedToken(email, /\/invitations\/([\w.-]+)/);
    const outcome = await race((password) =>
      call('POST', `/api/v1/invitations/${token}/setup_account`, {
        body: { password, password_confirmation: password },
      }),
    );
    await expectOneWinner(email, outcome, [404, 409]);
  });
});
