import { describe, expect, it } from 'vitest';
import { ROUTES as API_ROUTES } from '../../functions/routes';
import { pagePermission } from '../../web/src/app/page-permissions';
import { ROUTE_TABLE } from '../../web/src/app/route-table';

// The SPA refuses a page a member's company role may not use (web/src/app/page-permissions.ts); the server refuses
// the calls. Both must ask the same of the same page, or the screen would offer what the server refuses.
describe('the pages’ permissions follow the API’s', () => {
  /**
   * A page under /user/<x> usually shows the API's /<x> of the same name: where the API serves such a path, the page
   * must not ask for less than the API's read (the member would open a page of refusals), and a page's write must be
   * the write of the same part. Generated from both route tables, so a new page or route is checked as it lands.
   */
  it('asks what the API route of the same path asks: its read, or the write of its create and update', () => {
    const api = new Map(
      API_ROUTES.filter((r) => r.auth === 'tenant').map((r) => [
        `${r.method} ${r.path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, ':id')}`,
        r.permission,
      ]),
    );
    const checked: string[] = [];
    for (const page of ROUTE_TABLE.filter((r) => r.tenantized && r.access === 'user')) {
      const permission = pagePermission(page.path);
      expect(permission, page.path).not.toBeNull();
      const apiPath = page.path.replace(/^\/user/, '').replace(/:[A-Za-z]+/g, ':id');
      const expected = permission?.endsWith('.write')
        ? (api.get(`POST ${apiPath.replace(/\/new$/, '')}`) ?? api.get(`PATCH ${apiPath.replace(/\/edit$/, '')}`))
        : api.get(`GET ${apiPath}`);
      if (!expected) continue;
      checked.push(page.path);
      expect({ page: page.path, permission }).toEqual({ page: page.path, permission: expected });
    }
    expect(checked.length).toBeGreaterThan(30);
  });
});
