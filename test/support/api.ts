import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { DEMO_USERS } from '../../infra/local/seed.js';
import { send } from './http-client.js';

export const cloudUrl = () => inject('cloudUrl');

/** The tokens Cognito gives for a password sign-in (USER_PASSWORD_AUTH, as the SPA signs in). */
/** One InitiateAuth call to the local Cognito, as the SPA makes it: the HTTP status and Cognito's answer. */
export async function initiateAuth(
  flow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH',
  parameters: Record<string, string>,
): Promise<{ status: number; body: Record<string, any> }> {
  const response = await send(
    'POST',
    `${cloudUrl()}/_cognito/`,
    {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    JSON.stringify({ AuthFlow: flow, ClientId: inject('userPoolClientId'), AuthParameters: parameters }),
  );
  return { status: response.status, body: JSON.parse(response.text) as Record<string, any> };
}

export async function cognitoTokens(
  email: string,
  password: string,
): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }> {
  const { body } = await initiateAuth('USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD: password });
  if (!body.AuthenticationResult) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(body)}`);
  return body.AuthenticationResult;
}

/** Signs in through Cognito and returns the access token the API takes. */
export async function signIn(email: string, password: string): Promise<string> {
  return (await cognitoTokens(email, password)).AccessToken;
}

export type ApiAnswer<T = any> = { status: number; body: T };

/** Calls the API through the local gateway. */
export async function call<T = any>(
  method: string,
  path: string,
  options: {
    token?: string;
    company?: string;
    body?: unknown;
    rawBody?: string | Buffer;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.company) headers['x-company-id'] = options.company;
  let body: string | Buffer | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const { status, text } = await send(method, `${cloudUrl()}${path}`, headers, body);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status, body: parsed as T };
}

export const demo = DEMO_USERS;

/** The demo label manager's token and their two companies, by name. */
export async function labelManager() {
  const token = await signIn(demo.labelManager.email, demo.labelManager.password);
  const me = await call('GET', '/api/v1/me', { token });
  const companies = me.body.user.companies as { id: string; name: string; distributed: boolean; tags: string[] }[];
  return {
    token,
    distributed: companies.find((c) => c.distributed)!,
    publisher: companies.find((c) => c.tags.includes('Publisher'))!,
  };
}

/** Reads the latest mail to an address from the local outbox. */
export async function latestMail(to: string): Promise<{ subject: string; text: string } | undefined> {
  const answer = await call<{ mails: { to: string; subject: string; text: string }[] }>(
    'GET',
    `/_local/outbox?to=${encodeURIComponent(to)}`,
  );
  return answer.body.mails.find((m) => m.to === to);
}

/**
 * An address no other test uses: files run side by side, so two may ask for the same name in the
 * same millisecond (and a second sign-up of an address answers like the first, without a mail).
 */
export function uniqueEmail(who: string): string {
  return `${who.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs up a brand-new user through the API and the mailed confirmation link; returns their token. */
export async function newConfirmedUser(name: string): Promise<{ token: string; email: string; password: string }> {
  const email = uniqueEmail(name);
  const password = 'Fresh-pass-1';
  const signed = await call('POST', '/api/v1/signup', { body: { name, email } });
  if (signed.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signed.body)}`);
  const mail = await latestMail(email);
  const accessToken = /\/confirm\/([\w-]+)/.exec(mail!.text)![1];
  const confirmed = await call('POST', '/api/v1/confirm_user', {
    body: { access_token: accessToken, password, password_confirmation: password },
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { token: await signIn(email, password), email, password };
}

/**
 * A platform admin of the calling file's own, made by the demo admin as an admin makes another: the demo admin is
 * shared by every file, and what other files do as them (imports, notices pushed to every admin) would show on the
 * calling file's pages while it clicks through them.
 */
export async function newPlatformAdmin(name: string): Promise<{ token: string; email: string; password: string }> {
  const user = await newConfirmedUser(name);
  const id = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id as string;
  const admin = await signIn(demo.admin.email, demo.admin.password);
  const made = await call('PATCH', `/api/v1/admin/users/${id}`, { token: admin, body: { role: 'admin' } });
  if (made.status !== 200) throw new Error(`making ${name} an admin failed: ${JSON.stringify(made.body)}`);
  return user;
}

/** Calls as one user in one company (the X-Company-Id header), with the API prefix added. */
export function inCompany(token: string, company: string) {
  const send = (method: string) => (path: string, body?: object) =>
    call(method, `/api/v1${path}`, { token, company, ...(body ? { body } : {}) });
  return { get: send('GET'), post: send('POST'), patch: send('PATCH'), del: send('DELETE') };
}
