import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { MAX_BODY_BYTES, ROLES } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { rolePermits, roleRefusal } from '../../shared/permissions.js';
import { call, newConfirmedUser } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/**
 * Generic checks over every route of the route table: authentication, the admin rule, and bad
 * input (malformed JSON, unknown fields, wrong types, a body over the size limit, a bad id). Each must answer
 * 400/401/403/404/413 with `{ message }`, never a 500.
 *
 * Every call here is refused before it changes anything, so the checks of one rule run side by side
 * (`describe.concurrent`, five at a time); only the role matrix, which changes the member's role
 * between rounds, runs in order.
 */
const withBadIds = (route: Route) => route.path.replace(/\{\w+\}/g, 'no-such-id');
const takesBody = (route: Route) => route.method !== 'GET' && route.method !== 'DELETE';

let admin: string;
let manager: { token: string };
let ownCompanyId: string;

beforeAll(async () => {
  const own = await ownCompany('Route guards');
  admin = own.admin;
  manager = own.manager;
  ownCompanyId = own.companyId;
});

const named = (routes: readonly Route[]) => routes.map((route) => [`${route.method} ${route.path}`, route] as const);
const company = () => ownCompanyId;
const tokenFor = (route: Route) => (route.auth === 'public' ? undefined : admin);

describe.concurrent('authentication', () => {
  it.each(named(ROUTES.filter((r) => r.auth !== 'public')))(
    '%s refuses a request without a valid token (401)',
    async (_name, route) => {
      const path = withBadIds(route);
      expect((await call(route.method, path, { company: company() })).status).toBe(401);
      expect(
        (await call(route.method, path, { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', company: company() })).status,
      ).toBe(401);
    },
  );
});

describe.concurrent('admin rule', () => {
  it.each(named(ROUTES.filter((r) => r.auth === 'admin')))(
    '%s refuses a signed-in non-admin with the admin message (403)',
    async (_name, route) => {
      const answer = await call(route.method, withBadIds(route), {
        token: manager.token,
        company: company(),
        body: takesBody(route) ? {} : undefined,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(MESSAGES.mustBeAdmin);
    },
  );
});

describe.concurrent('tenant rule', () => {
  it.each(named(ROUTES.filter((r) => r.auth === 'tenant')))(
    '%s refuses a tenant call without a company',
    async (_name, route) => {
      const answer = await call(route.method, withBadIds(route), { token: admin });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(MESSAGES.missingCompany);
    },
  );
});

/**
 * The company role matrix (shared/permissions.ts) over every tenant route: one member, whose role
 * in a company of their own changes between rounds, calls each route with a bad id and an empty
 * body. A route their role does not grant answers 403 naming the role; every other route gets
 * past the check (its own answer, a 404 or a 400, never a 403 or a 500). The company is a
 * publisher, so songs are open to it.
 */
describe('company role permissions', () => {
  let member: { token: string; id: string };
  let companyId: string;

  beforeAll(async () => {
    const { token } = await newConfirmedUser('Role Tester');
    member = { token, id: (await call('GET', '/api/v1/me', { token })).body.user.id };
    companyId = (
      await call('POST', '/api/v1/admin/companies', {
        token: admin,
        body: { name: `Roles Records ${Date.now()}`, tags: ['Publisher'] },
      })
    ).body.company.id;
  });

  it.each(ROLES.map((role) => [role]))(
    'a member with company role %s may call exactly the tenant routes the matrix grants',
    async (role) => {
      const set = await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
        token: admin,
        body: { company_users: [{ user_id: member.id, role }] },
      });
      expect(set.body.company.company_users).toEqual([expect.objectContaining({ user_id: member.id, role })]);
      const wrong: string[] = [];
      for (const route of ROUTES.flatMap((r) => (r.auth === 'tenant' ? [r] : []))) {
        const answer = await call(route.method, withBadIds(route), {
          token: member.token,
          company: companyId,
          body: takesBody(route) ? {} : undefined,
        });
        const granted = rolePermits(role, route.permission);
        const right = granted
          ? answer.status !== 403 && answer.status < 500
          : answer.status === 403 && answer.body.message === roleRefusal(role, route.permission);
        if (!right)
          wrong.push(
            `${route.method} ${route.path} (${route.permission}): ${answer.status} ${JSON.stringify(answer.body)}`,
          );
      }
      expect(wrong).toEqual([]);
    },
  );

  it('refuses an intern a new label but lets a label manager add one; admins keep every company', async () => {
    const label = { name: `Intern Label ${Date.now()}` };
    await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
      token: admin,
      body: { company_users: [{ user_id: member.id, role: 'intern' }] },
    });
    const refused = await call('POST', '/api/v1/labels', { token: member.token, company: companyId, body: label });
    expect(refused).toEqual({
      status: 403,
      body: { message: 'Your role in this company (Intern) does not allow you to change the catalogue' },
    });
    expect((await call('GET', '/api/v1/labels', { token: member.token, company: companyId })).status).toBe(200);
    expect(
      (
        await call('POST', '/api/v1/labels', {
          token: admin,
          company: companyId,
          body: { name: `${label.name} by admin` },
        })
      ).status,
    ).toBe(201);
    await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
      token: admin,
      body: { company_users: [{ user_id: member.id, role: 'label_manager' }] },
    });
    expect(
      (await call('POST', '/api/v1/labels', { token: member.token, company: companyId, body: label })).status,
    ).toBe(201);
  });
});

/**
 * Routes whose body is a provider's signed payload, read raw: the signature is checked before anything is parsed,
 * so any body not signed by the provider (malformed or not) is refused with 400 on the signature.
 */
const SIGNED_BODY_PATHS: readonly string[] = ['/api/v1/billing/webhook'];
/** RFC 8058 one-click unsubscribe: the mail client posts the form `List-Unsubscribe=One-Click`, not JSON. */
const ONE_CLICK_PATHS: readonly string[] = [
  '/api/v1/promo_unsubscribe/{id}/{accessToken}',
  '/api/v1/link_pages/{slug}/unsubscribe/{token}',
];

describe.concurrent('bad input', () => {
  it.each(named(ROUTES.filter((route) => SIGNED_BODY_PATHS.includes(route.path))))(
    '%s refuses any body without the provider signature with 400, before reading it',
    async (_name, route) => {
      for (const rawBody of ['{"name": ', '{"id":"evt_1","type":"invoice.paid"}']) {
        const answer = await call(route.method, route.path, {
          rawBody,
          headers: { 'content-type': 'application/json' },
        });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toMatch(/signature/i);
      }
    },
  );

  it.each(named(ROUTES.filter((route) => ONE_CLICK_PATHS.includes(route.path))))(
    '%s refuses any body but the one-click form with 400, before reading it',
    async (_name, route) => {
      for (const rawBody of ['{"name": ', '[1,2]', 'List-Unsubscribe=Something-Else']) {
        const answer = await call(route.method, withBadIds(route), {
          rawBody,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(answer.status).toBe(400);
        expect(answer.body.errors.body[0]).toMatch(/List-Unsubscribe=One-Click/);
      }
    },
  );

  it.each(
    named(
      ROUTES.filter(
        (route) => takesBody(route) && !SIGNED_BODY_PATHS.includes(route.path) && !ONE_CLICK_PATHS.includes(route.path),
      ),
    ),
  )('%s answers malformed JSON, wrong types and unknown fields with 400 naming the problem', async (_name, route) => {
    const path = withBadIds(route);
    const token = tokenFor(route);
    const malformed = await call(route.method, path, {
      token,
      company: company(),
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Malformed JSON/);
    // 8,000 levels deep is 16 KB: far under the size limit, yet it once overflowed a recursive walk (500).
    const deep = await call(route.method, path, {
      token,
      company: company(),
      rawBody: `${'['.repeat(8000)}${']'.repeat(8000)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.errors.body).toEqual(['The request body is nested too deeply (at most 64 levels)']);
    for (const wrong of [[1, 2], 'text', 42]) {
      const answer = await call(route.method, path, { token, company: company(), body: wrong });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors).toBeTypeOf('object');
    }
    const unknown = await call(route.method, path, { token, company: company(), body: { zz_unknown_field: 1 } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toMatch(/zz_unknown_field|required|takes no request body/i);
  });

  // The product's own limit, on every route: a body one byte over MAX_BODY_BYTES.
  it.each(named(ROUTES))(
    '%s refuses a body over the size limit (413, or 405 where the method takes no body)',
    async (_name, route) => {
      const answer = await call(route.method === 'GET' ? 'POST' : route.method, withBadIds(route), {
        token: tokenFor(route),
        company: company(),
        rawBody: `{"name":"${'x'.repeat(MAX_BODY_BYTES - 10)}"}`,
        headers: { 'content-type': 'application/json' },
      });
      const noBodyHere = route.method === 'GET' && !ROUTES.some((r) => r.path === route.path && r.method === 'POST');
      expect(answer.status).toBe(noBodyHere ? 405 : 413);
    },
  );

  it.each(named(ROUTES.filter((r) => r.path.includes('{'))))(
    '%s answers a bad id with 400 or 404, never 500',
    async (_name, route) => {
      const answer = await call(route.method, withBadIds(route), {
        token: tokenFor(route),
        company: company(),
        body: takesBody(route) ? { name: 'x' } : undefined,
      });
      expect([400, 403, 404]).toContain(answer.status);
      expect(answer.body.message).toBeTypeOf('string');
    },
  );
});

describe('the gateway', () => {
  it('refuses a 10 MB body before any handler runs (413), as API Gateway does', async () => {
    const answer = await call('POST', '/api/v1/labels', {
      token: admin,
      company: company(),
      rawBody: `{"name":"${'x'.repeat(10 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer).toEqual({ status: 413, body: { message: 'Request Entity Too Large' } });
  });
});

describe('unknown routes', () => {
  it('answer 404 for an unknown path and 405 for a known path with another method', async () => {
    expect((await call('GET', '/api/v1/no-such-thing')).status).toBe(404);
    expect((await call('PUT', '/api/v1/labels')).status).toBe(405);
  });
});
