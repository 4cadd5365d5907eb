import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { MESSAGES } from '../../shared/messages.js';
import { call, demo, labelManager, signIn } from '../support/api.js';

/**
 * Generic checks over every route of the route table: authentication, the admin rule, and bad
 * input (malformed JSON, unknown fields, wrong types, a 10 MB body, a bad id). Each must answer
 * 400/401/403/404/413 with `{ message }`, never a 500.
 */
const withBadIds = (route: Route) => route.path.replace(/\{\w+\}/g, 'no-such-id');
const takesBody = (route: Route) => route.method !== 'GET' && route.method !== 'DELETE';

let admin: string;
let manager: Awaited<ReturnType<typeof labelManager>>;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await labelManager();
});

const named = (routes: readonly Route[]) => routes.map((route) => [`${route.method} ${route.path}`, route] as const);
const company = () => manager.distributed.id;
const tokenFor = (route: Route) => (route.auth === 'public' ? undefined : admin);

describe('authentication', () => {
  it.each(named(ROUTES.filter((r) => r.auth !== 'public')))('%s refuses a request without a valid token (401)', async (_name, route) => {
    const path = withBadIds(route);
    expect((await call(route.method, path, { company: company() })).status).toBe(401);
    expect((await call(route.method, path, { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', company: company() })).status).toBe(401);
  });
});

describe('admin rule', () => {
  it.each(named(ROUTES.filter((r) => r.auth === 'admin')))('%s refuses a signed-in non-admin with the admin message (403)', async (_name, route) => {
    const answer = await call(route.method, withBadIds(route), { token: manager.token, company: company(), body: takesBody(route) ? {} : undefined });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(MESSAGES.mustBeAdmin);
  });
});

describe('tenant rule', () => {
  it.each(named(ROUTES.filter((r) => r.auth === 'tenant')))('%s refuses a tenant call without a company', async (_name, route) => {
    const answer = await call(route.method, withBadIds(route), { token: admin });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGES.missingCompany);
  });
});

describe('bad input', () => {
  it.each(named(ROUTES.filter(takesBody)))('%s answers malformed JSON, wrong types and unknown fields with 400 naming the problem', async (_name, route) => {
    const path = withBadIds(route);
    const token = tokenFor(route);
    const malformed = await call(route.method, path, { token, company: company(), rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/Malformed JSON/);
    for (const wrong of [[1, 2], 'text', 42]) {
      const answer = await call(route.method, path, { token, company: company(), body: wrong });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors).toBeTypeOf('object');
    }
    const unknown = await call(route.method, path, { token, company: company(), body: { zz_unknown_field: 1 } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.errors)).toMatch(/zz_unknown_field|required|takes no request body/i);
  });

  it.each(named(ROUTES))('%s refuses a 10 MB body (413, or 405 where the method takes no body)', async (_name, route) => {
    const answer = await call(route.method === 'GET' ? 'POST' : route.method, withBadIds(route), {
      token: tokenFor(route),
      company: company(),
      rawBody: `{"name":"${'x'.repeat(10 * 1024 * 1024)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(route.method === 'GET' && !ROUTES.some((r) => r.path === route.path && r.method === 'POST') ? 405 : 413);
  });

  it.each(named(ROUTES.filter((r) => r.path.includes('{'))))('%s answers a bad id with 400 or 404, never 500', async (_name, route) => {
    const answer = await call(route.method, withBadIds(route), { token: tokenFor(route), company: company(), body: takesBody(route) ? { name: 'x' } : undefined });
    expect([400, 403, 404]).toContain(answer.status);
    expect(answer.body.message).toBeTypeOf('string');
  });
});

describe('unknown routes', () => {
  it('answer 404 for an unknown path and 405 for a known path with another method', async () => {
    expect((await call('GET', '/api/v1/no-such-thing')).status).toBe(404);
    expect((await call('PUT', '/api/v1/labels')).status).toBe(405);
  });
});
