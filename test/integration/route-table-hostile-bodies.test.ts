import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { MAX_BODY_BYTES } from '../../shared/constants.js';
import { type ApiAnswer, call } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * Hostile bodies on every route of the route table that takes one: nesting far deeper than any
 * form sends, keys named like Object.prototype's members, lone UTF-16 surrogates, and strings of
 * 100 KB (under the body limit, so they reach the schemas) and 2 MB (over it). Whatever the route,
 * the answer is never a 500, and a refusal (4xx) says why in `message`.
 *
 * Every body is refused before it changes anything (or reaches a record that does not exist), so
 * the requests of one kind go out in parallel batches (about 800 requests in all).
 */
const takesBody = (route: Route) => route.method !== 'GET' && route.method !== 'DELETE';
const BODY_ROUTES = ROUTES.filter(takesBody);
const json = { 'content-type': 'application/json' };
const BATCH = 8;

let own: OwnCompany;

beforeAll(async () => {
  own = await ownCompany('Route table hostile bodies');
});

/** Each route's answer to its body, `BATCH` requests at a time. */
async function answersOf(rawBody: (route: Route) => string): Promise<[Route, ApiAnswer][]> {
  const answers: [Route, ApiAnswer][] = [];
  for (let start = 0; start < BODY_ROUTES.length; start += BATCH) {
    const batch = BODY_ROUTES.slice(start, start + BATCH);
    const sent = await Promise.all(
      batch.map((route) =>
        call(route.method, route.path.replace(/\{\w+\}/g, 'no-such-id'), {
          token: route.auth === 'public' ? undefined : own.admin,
          company: own.companyId,
          rawBody: rawBody(route),
          headers: json,
        }),
      ),
    );
    batch.forEach((route, i) => {
      answers.push([route, sent[i]]);
    });
  }
  return answers;
}

/** The answers that are a 500, or a refusal without a message, each named by its route. */
const wrongAnswers = (answers: [Route, ApiAnswer][]) =>
  answers.flatMap(([route, answer]) =>
    answer.status >= 500 || (answer.status >= 400 && typeof answer.body?.message !== 'string')
      ? [`${route.method} ${route.path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`]
      : [],
  );

// Written as JSON text by hand: an object literal's `__proto__` sets the prototype, and JSON.stringify
// would turn a lone surrogate into an escape anyway, but here the text is exactly what an attacker sends.
const HOSTILE_BODIES: [string, (route: Route) => string][] = [
  [
    'nested 10,000 levels deep',
    () => `${'['.repeat(5_000)}${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}${']'.repeat(5_000)}`,
  ],
  [
    'with keys named __proto__ and constructor',
    () =>
      '{"__proto__": {"admin": true, "role": "admin"}, "constructor": {"prototype": {"admin": true}}, "name": "__proto__", "items": [{"__proto__": {"id": "x"}}]}',
  ],
  [
    'with lone surrogates in values and keys',
    () => '{"name": "\\ud800", "title": "x\\udfffy", "\\ud83d": 1, "rows": [{"name": "\\udc00"}]}',
  ],
  ['with a 100 KB string', () => `{"name":"${'x'.repeat(100_000)}","title":"${'é'.repeat(20_000)}"}`],
];

describe(`every route with a body (${BODY_ROUTES.length})`, () => {
  it.each(HOSTILE_BODIES)('answers a body %s without a 500, and says why it refuses', async (_name, rawBody) => {
    const answers = await answersOf(rawBody);
    expect(answers).toHaveLength(BODY_ROUTES.length);
    expect(wrongAnswers(answers)).toEqual([]);
  });

  // Over the limit the answer does not depend on the route (the body is measured before anything
  // else): a public, a tenant and an admin route stand for all, which keeps 400 MB off the wire.
  it.each([
    ['POST', '/api/v1/signup'],
    ['POST', '/api/v1/labels'],
    ['PATCH', '/api/v1/admin/companies/no-such-id'],
  ])('refuses a body with a 2 MB string as over the size limit (413 with its message): %s %s', async (method, path) => {
    const answer = await call(method, path, {
      token: own.admin,
      company: own.companyId,
      rawBody: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}`,
      headers: json,
    });
    expect(2 * 1024 * 1024).toBeGreaterThan(MAX_BODY_BYTES);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBeTypeOf('string');
  });
});

const DEEP_MESSAGE = 'The request body is nested too deeply (at most 64 levels)';

describe('a body nested deeper than 64 levels', () => {
  // Arrays and objects, 10,000 and 100,000 levels (up to 600 KB, under the 1 MB body limit).
  const bodies = [
    ['10,000 arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['100,000 arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['10,000 objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
    ['100,000 objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
  ] as const;

  it.each(bodies)('is refused with 400 naming the limit on a public route (sign-up): %s', async (_name, rawBody) => {
    const answer = await call('POST', '/api/v1/signup', { rawBody, headers: json });
    expect(answer).toEqual({ status: 400, body: { message: DEEP_MESSAGE, errors: { body: [DEEP_MESSAGE] } } });
  });

  it.each(bodies)(
    'is refused with 400 naming the limit on a signed-in route (a new label): %s',
    async (_name, rawBody) => {
      const answer = await call('POST', '/api/v1/labels', {
        token: own.manager.token,
        company: own.companyId,
        rawBody,
        headers: json,
      });
      expect(answer).toEqual({ status: 400, body: { message: DEEP_MESSAGE, errors: { body: [DEEP_MESSAGE] } } });
    },
  );

  it('still reads a body 64 levels deep and answers on its fields', async () => {
    const rawBody = `{"name":"Deep label","x":${'['.repeat(63)}${']'.repeat(63)}}`;
    const answer = await call('POST', '/api/v1/labels', {
      token: own.manager.token,
      company: own.companyId,
      rawBody,
      headers: json,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ x: ['X is not a known field'] });
  });
});
