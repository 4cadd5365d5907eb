import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/constants.js';
import { COMPANY_ROLE_PERMISSIONS, PERMISSIONS, rolePermits, roleRefusal } from '../../shared/permissions.js';
import { OPERATION_NAMES, type OperationName } from '../../functions/operation-names.js';
import { AREAS, ROUTES, type Area, type Route } from '../../functions/routes.js';
import { areaHandler, checkRouting, operation, type AreaOperations } from '../../functions/lib/http.js';
import { planGate } from '../../functions/plans/gate.js';
import { httpEntry } from '../../infra/functions.js';

const noticesOps = (): AreaOperations<'notices'> => ({
  myNotices: operation('user', { run: async ({ caller }) => caller.user.userId }),
  markRead: operation('user', { run: async () => ({}) }),
  listNotices: operation('admin', { run: async () => ({}) }),
  createNotice: operation('admin', { run: async () => ({}) }),
  getNotice: operation('admin', { run: async () => ({}) }),
  updateNotice: operation('admin', { run: async () => ({}) }),
  deleteNotice: operation('admin', { run: async () => ({}) }),
  userNotices: operation('admin', { run: async () => ({}) }),
});

describe('operation names', () => {
  it('are a compile error when misspelt in the route table or a handler map', () => {
    // @ts-expect-error a typo in an operation name does not compile
    const typo: OperationName<'catalogue'> = 'getLable';
    // @ts-expect-error an operation of another area does not compile either
    const elsewhere: OperationName<'notices'> = 'getLabel';
    // @ts-expect-error a handler map without one of its area's operations does not compile
    const missing: AreaOperations<'imports'> = { listImports: operation('user', { run: async () => ({}) }) };
    expect([typo, elsewhere, missing]).toHaveLength(3);
  });

  it('each have a route, and every route names a declared operation of its area', () => {
    const routed = new Set(ROUTES.map((route) => `${route.area} ${route.op}`));
    for (const area of AREAS) {
      for (const name of OPERATION_NAMES[area] as readonly string[])
        expect(routed, `${area} ${name}`).toContain(`${area} ${name}`);
    }
    for (const route of ROUTES) expect(OPERATION_NAMES[route.area] as readonly string[]).toContain(route.op);
  });
});

describe('the start-up routing check', () => {
  it('accepts every area handler of the product', async () => {
    // Importing a handler builds it, and building it runs the check.
    await Promise.all(
      ['auth', 'companies', 'catalogue', 'reference', 'notices', 'support', 'imports', 'royalties', 'accounts'].map(
        (area) => import(/* @vite-ignore */ `../../${httpEntry(area as Area)}`),
      ),
    );
  });

  it('refuses a route whose auth rule does not serve its operation’s kind', () => {
    const ops = { ...noticesOps(), myNotices: operation('tenant', { run: async ({ tenantId }) => tenantId }) };
    expect(() => checkRouting('notices', ops)).toThrow(
      /GET \/api\/v1\/notices: a user route cannot serve the tenant operation myNotices/,
    );
    // Building the handler runs the same check.
    expect(() => areaHandler('notices', ops, planGate)).toThrow(/cannot serve the tenant operation myNotices/);
    const adminBehindUser = { ...noticesOps(), markRead: operation('admin', { run: async () => ({}) }) };
    expect(() => checkRouting('notices', adminBehindUser)).toThrow(
      /a user route cannot serve the admin operation markRead/,
    );
  });

  it('refuses a route without its operation, and lets a user operation sit behind a stricter admin route', () => {
    const { deleteNotice: _gone, ...rest } = noticesOps();
    expect(() => checkRouting('notices', rest)).toThrow(
      /DELETE \/api\/v1\/admin\/notices\/\{id\}: no operation deleteNotice/,
    );
    const adminEdit: Route = {
      method: 'GET',
      path: '/api/v1/admin/notices/{id}/edit',
      area: 'notices',
      op: 'myNotices',
      auth: 'admin',
    };
    const publicRoute: Route = {
      method: 'GET',
      path: '/api/v1/open',
      area: 'notices',
      op: 'myNotices',
      auth: 'public',
    };
    expect(() => checkRouting('notices', noticesOps(), [adminEdit])).not.toThrow();
    expect(() => checkRouting('notices', noticesOps(), [publicRoute])).toThrow(
      /a public route cannot serve the user operation/,
    );
  });
});

describe('company role permissions', () => {
  it('name a permission on every tenant route and on no other', () => {
    for (const route of ROUTES)
      expect(Boolean(route.permission), `${route.method} ${route.path}`).toBe(route.auth === 'tenant');
    // Reads never need a write permission, so read-only roles can open every list and record they may see;
    // the company's management pages (pending invitations, billing details) are for its managers.
    for (const route of ROUTES.filter((r) => r.auth === 'tenant' && r.method === 'GET'))
      expect(route.permission, route.path).toMatch(/\.read$|^company\.manage$/);
  });

  it('follow the matrix: managers everything, assistants no money, accountants money, promotions promos, interns read-only', () => {
    expect(COMPANY_ROLE_PERMISSIONS.label_manager).toEqual(PERMISSIONS);
    for (const permission of ['money.read', 'money.write'] as const) {
      expect(ROLES.filter((role) => rolePermits(role, permission))).toEqual([
        'admin',
        'label_manager',
        'accounting',
        'accountable',
      ]);
    }
    expect(ROLES.filter((role) => rolePermits(role, 'catalogue.write'))).toEqual([
      'admin',
      'label_manager',
      'label_assistant',
    ]);
    expect(ROLES.filter((role) => rolePermits(role, 'promotion.write'))).toEqual([
      'admin',
      'label_manager',
      'promotions',
    ]);
    expect(ROLES.filter((role) => rolePermits(role, 'delivery.write'))).toEqual([
      'admin',
      'label_manager',
      'label_assistant',
    ]);
    for (const role of ['intern', 'user', 'artist_user'] as const)
      expect(COMPANY_ROLE_PERMISSIONS[role].every((p) => p.endsWith('.read'))).toBe(true);
    // Every role that holds a write permission may also read what it writes.
    for (const role of ROLES) {
      for (const permission of COMPANY_ROLE_PERMISSIONS[role])
        expect(rolePermits(role, permission.replace('.write', '.read') as typeof permission)).toBe(true);
    }
  });

  it('explain a refusal with the role and what it may not do', () => {
    expect(roleRefusal('intern', 'catalogue.write')).toBe(
      'Your role in this company (Intern) does not allow you to change the catalogue',
    );
    expect(roleRefusal('label_assistant', 'money.read')).toContain('(Label assistant)');
  });
});
