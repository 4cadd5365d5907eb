import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { API_TOKEN_AREAS, scopeRefusal } from '../../shared/api-token-scope.js';
import { MESSAGES } from '../../shared/messages.js';
import { call } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/**
 * Company API tokens over every route of the route table: a read-only token is refused every
 * change (403 naming its scope), no token ever manages the company, a token never reaches another
 * company (403 when it names one), and a token is no sign-in for the user and admin routes.
 * Every call here is refused before it changes anything.
 */
const withBadIds = (route: Route) => route.path.replace(/\{\w+\}/g, 'no-such-id');
const takesBody = (route: Route) => route.method !== 'GET' && route.method !== 'DELETE';
const tenantRoutes = ROUTES.flatMap((route) => (route.auth === 'tenant' ? [route] : []));

type Check = (route: Route) => Promise<string | undefined>;

/** Runs a check over routes a few at a time and answers what went wrong, one line per route. */
async function wrongOf(routes: readonly Route[], check: Check): Promise<string[]> {
  const wrong: string[] = [];
  for (let start = 0; start < routes.length; start += 8) {
    const found = await Promise.all(routes.slice(start, start + 8).map(check));
    wrong.push(
      ...found.flatMap((text, i) => (text ? [`${routes[start + i].method} ${routes[start + i].path}: ${text}`] : [])),
    );
  }
  return wrong;
}

const send = (route: Route, token: string, company?: string) =>
  call(route.method, withBadIds(route), { token, company, body: takesBody(route) ? {} : undefined });

let readOnly: string;
let readWrite: string;
let otherCompanyId: string;

beforeAll(async () => {
  const world = await ownCompany('Token guards', { tags: ['Publisher'] });
  const other = await ownCompany('Token guards other');
  otherCompanyId = other.companyId;
  const make = async (access: 'read' | 'write') => {
    const made = await world.api.post('/company/api_tokens', {
      name: `Every area, ${access}`,
      access,
      areas: [...API_TOKEN_AREAS],
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.token as string;
  };
  [readOnly, readWrite] = await Promise.all([make('read'), make('write')]);
});

describe('company API tokens on every route', () => {
  it('a read-only token is refused every route that changes data, with 403 naming its scope', async () => {
    const scope = { access: 'read' as const, areas: API_TOKEN_AREAS };
    const writes = tenantRoutes.filter((route) => route.permission.endsWith('.write'));
    expect(writes.length).toBeGreaterThan(100);
    const wrong = await wrongOf(writes, async (route) => {
      const answer = await send(route, readOnly);
      if (route.auth !== 'tenant') return 'not a company route';
      const expected = scopeRefusal(scope, route.permission);
      return answer.status === 403 && answer.body.message === expected
        ? undefined
        : `${answer.status} ${JSON.stringify(answer.body)}`;
    });
    expect(wrong).toEqual([]);
  });

  it('no token manages the company: its team, plan and tokens stay with people who sign in', async () => {
    const manage = tenantRoutes.filter((route) => route.permission === 'company.manage');
    const wrong = await wrongOf(manage, async (route) => {
      const answer = await send(route, readWrite);
      return answer.status === 403 && /scope/.test(answer.body.message)
        ? undefined
        : `${answer.status} ${JSON.stringify(answer.body)}`;
    });
    expect(wrong).toEqual([]);
  });

  it('a token of one company naming another company is refused on every company route (403)', async () => {
    const wrong = await wrongOf(tenantRoutes, async (route) => {
      const answer = await send(route, readWrite, otherCompanyId);
      return answer.status === 403 && answer.body.message === MESSAGES.noAccessHere
        ? undefined
        : `${answer.status} ${JSON.stringify(answer.body)}`;
    });
    expect(wrong).toEqual([]);
  });

  it('a token is no sign-in: user, admin and artist routes refuse it (403)', async () => {
    const signedIn = ROUTES.filter(
      (route) => route.auth === 'user' || route.auth === 'admin' || route.auth === 'artist_user',
    );
    const wrong = await wrongOf(signedIn, async (route) => {
      const answer = await send(route, readWrite);
      return answer.status === 403 ? undefined : `${answer.status} ${JSON.stringify(answer.body)}`;
    });
    expect(wrong).toEqual([]);
  });
});
