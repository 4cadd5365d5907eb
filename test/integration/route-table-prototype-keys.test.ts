import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { call, demo, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';

/**
 * Keys that are also members of Object.prototype (`constructor`, `__proto__`, `valueOf`,
 * `toString`), in the body and in the query of every route of the route table: each is an
 * unknown or bad field like any other (400, or the route's own 401/403/404), never a 500.
 */
const KEYS = ['constructor', '__proto__', 'valueOf', 'toString'];
const takesBody = (route: Route) => route.method !== 'GET' && route.method !== 'DELETE';
const named = (routes: readonly Route[]) => routes.map((route) => [`${route.method} ${route.path}`, route] as const);

let admin: string;
let company: string;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  company = (await ownLabelManager('Route table prototype keys')).distributed.id;
});

describe('keys named like Object.prototype members', () => {
  it.each(named(ROUTES))('%s answers them without a 500', async (_name, route) => {
    const path = route.path.replace(/\{\w+\}/g, 'no-such-id');
    const token = route.auth === 'public' ? undefined : admin;
    const query = `?${KEYS.map((key) => `${key}=1`).join('&')}`;
    const asQuery = await call(route.method, `${path}${query}`, { token, company });
    expect(asQuery.status, JSON.stringify(asQuery.body)).toBeLessThan(500);
    if (!takesBody(route)) return;
    for (const key of KEYS) {
      // Written by hand: an object literal's `__proto__` would set the prototype, not a key.
      const rawBody = `{"${key}": 1, "nested": {"${key}": {"${key}": 1}}}`;
      const answer = await call(route.method, path, {
        token,
        company,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      expect(answer.body.message).toBeTypeOf('string');
    }
  });
});
