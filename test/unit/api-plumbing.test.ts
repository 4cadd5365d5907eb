import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRoute, matchPath, ROUTES, routeKey } from '../../functions/routes.js';
import { listAnswer, listQuerySchema, pageOf } from '../../functions/lib/list-query.js';
import { fieldErrors } from '../../functions/lib/validation.js';
import { awsEncodedKey } from '../../infra/local/s3.js';
import { decodeS3Key } from '../../functions/uploads/s3-event.js';

describe('route table', () => {
  it('has no duplicate method + path', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('matches path parameters and tells 404 from 405', () => {
    expect(matchPath('/api/v1/labels/{id}', '/api/v1/labels/abc%20d')).toEqual({ id: 'abc d' });
    expect(matchPath('/api/v1/labels/{id}', '/api/v1/labels/abc/edit')).toBeNull();
    const found = findRoute('GET', '/api/v1/labels/abc/edit');
    expect(found.route?.op).toBe('getLabel');
    expect(findRoute('PUT', '/api/v1/labels')).toEqual({ route: null, methodAllowed: false });
    expect(findRoute('GET', '/api/v1/nothing')).toEqual({ route: null, methodAllowed: true });
  });
  it('finds what a scan of the whole table finds, for every route’s path and its near misses', () => {
    const paths = ROUTES.flatMap(({ path }) => {
      const filled = path.replace(/\{\w+\}/g, 'x1');
      return [filled, `${filled}/`, `${filled}//`, `${filled}/extra`, path.replace(/\{\w+\}/g, 'labels')];
    });
    paths.push('/api/v1', '/api/v1/', '/', '/api/v1/nothing/at/all', '/api/v1/labels/a%2Fb');
    const differences: string[] = [];
    for (const path of new Set(paths)) {
      // The whole table, in order: the first route of the method whose path matches; else 405 if any path matched.
      const matching = ROUTES.filter((route) => matchPath(route.path, path));
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE', 'PUT']) {
        const found = matching.find((route) => route.method === method);
        const scan = found
          ? { route: found, params: matchPath(found.path, path) }
          : { route: null, methodAllowed: matching.length === 0 };
        const indexed = findRoute(method, path);
        if (JSON.stringify(indexed) !== JSON.stringify(scan)) differences.push(`${method} ${path}`);
      }
    }
    expect(differences).toEqual([]);
  });
  it('puts every admin path under the admin rule', () => {
    for (const route of ROUTES.filter((r) => r.path.startsWith('/api/v1/admin/')))
      expect(route.auth, route.path).toBe('admin');
  });
});

describe('list query', () => {
  const schema = listQuerySchema(['name', 'created_at'], {});
  it('answers a page under the collection name with its counts', () => {
    const page = pageOf([{ id: 'a', name: 'A' }], {
      page: 1,
      perPage: 5,
      sort: { field: 'name', direction: 'asc' },
      searchFields: ['name'],
      tieBreaker: 'id',
    });
    expect(listAnswer('labels', page)).toEqual({
      labels: [{ id: 'a', name: 'A' }],
      total_count: 1,
      total_pages: 1,
      page: 1,
      per_page: 5,
    });
  });
  it('defaults to page 1, 50 per page, first sort field ascending', () => {
    expect(schema.parse({})).toMatchObject({ page: 1, per_page: 50, sort: { field: 'name', direction: 'asc' } });
  });
  it('reads order "field direction" and refuses unknown fields and page sizes outside 5…1000', () => {
    expect(schema.parse({ order: 'created_at desc' }).sort).toEqual({ field: 'created_at', direction: 'desc' });
    expect(schema.safeParse({ order: 'password desc' }).success).toBe(false);
    expect(schema.safeParse({ per_page: '4' }).success).toBe(false);
    expect(schema.safeParse({ per_page: '1001' }).success).toBe(false);
    expect(schema.safeParse({ per_page: '1000' }).success).toBe(true);
  });
  it('sorts case-insensitively, searches by substring, filters and pages', () => {
    const items = ['beta', 'Alpha', 'gamma', 'alpine'].map((name, i) => ({ id: String(i), name, even: i % 2 === 0 }));
    const page = pageOf(items, {
      page: 1,
      perPage: 2,
      sort: { field: 'name', direction: 'asc' },
      searchFields: ['name'],
      tieBreaker: 'id',
    });
    expect(page.items.map((i) => i.name)).toEqual(['Alpha', 'alpine']);
    expect(page).toMatchObject({ total_count: 4, total_pages: 2 });
    expect(
      pageOf(items, {
        page: 1,
        perPage: 5,
        sort: { field: 'name', direction: 'desc' },
        q: 'ALP',
        searchFields: ['name'],
        tieBreaker: 'id',
      }).items.map((i) => i.name),
    ).toEqual(['alpine', 'Alpha']);
    expect(
      pageOf(items, {
        page: 1,
        perPage: 5,
        sort: { field: 'name', direction: 'asc' },
        searchFields: ['name'],
        tieBreaker: 'id',
        filter: (i) => i.even,
      }).items.map((i) => i.name),
    ).toEqual(['beta', 'gamma']);
  });
});

describe('field errors', () => {
  it('use the product’s messages and name each field', () => {
    const schema = z.strictObject({ name: z.string().min(1), email: z.email(), share: z.number().max(100) });
    const input = { email: 'nope', share: 120, extra: 1 };
    const errors = fieldErrors(schema.safeParse(input).error!, input);
    expect(errors).toEqual({
      name: ['Name is required'],
      email: ['This field must be a valid email'],
      share: ['Share must be under 100'],
      extra: ['Extra is not a known field'],
    });
  });
  it('tells a wrong type from a missing value', () => {
    const schema = z.strictObject({ deal_percentage: z.number() });
    const input = { deal_percentage: 'ten' };
    expect(fieldErrors(schema.safeParse(input).error!, input)).toEqual({
      deal_percentage: ['Deal percentage must be a number'],
    });
  });
  it("names a list's item by its list, not by its place", () => {
    const schema = z.strictObject({ tags: z.array(z.string().max(3)) });
    const input = { tags: ['ok', 'too long'] };
    expect(fieldErrors(schema.safeParse(input).error!, input)).toEqual({
      'tags.1': ['Tags must be under 3 characters'],
    });
  });
});

describe('S3 event keys', () => {
  it('are encoded as AWS sends them and decoded by the worker', () => {
    const key = 'logos/t1/labels/l1/01J-my logo+v2.png';
    expect(awsEncodedKey(key)).toBe('logos/t1/labels/l1/01J-my+logo%2Bv2.png');
    expect(decodeS3Key(awsEncodedKey(key))).toBe(key);
  });
});

describe('pattern errors', () => {
  it('keep a schema’s own sentence and name the field otherwise', () => {
    const schema = z.strictObject({
      code: z.string().regex(/^\d{3}$/, 'Code must be 3 digits'),
      other: z.string().regex(/^a$/),
    });
    const input = { code: '12', other: 'b' };
    expect(fieldErrors(schema.safeParse(input).error!, input)).toEqual({
      code: ['Code must be 3 digits'],
      other: ['Other is not valid'],
    });
  });
});
