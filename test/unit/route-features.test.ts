import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../functions/operation-names.js';
import { countsStorage, routeDecision, routeFeature } from '../../functions/plans/route-features.js';
import { ROUTES } from '../../functions/routes.js';
import { featureRefusal, limitRefusal, PLAN_FEATURES } from '../../shared/plans.js';

const tenantRoutes = ROUTES.filter((route) => route.auth === 'tenant');
const name = (route: (typeof ROUTES)[number]) => `${route.method} ${route.path} (${route.area}.${route.op})`;

describe('the route → plan feature table (functions/plans/route-features.ts)', () => {
  it('decides every tenant route: a feature, or none said explicitly', () => {
    const undecided = tenantRoutes.filter((route) => routeDecision(route) === undefined).map(name);
    expect(undecided).toEqual([]);
  });

  it('gates every feature behind at least one route', () => {
    const gated = new Set(tenantRoutes.map((route) => routeFeature(route)).filter(Boolean));
    expect(PLAN_FEATURES.filter((feature) => !gated.has(feature))).toEqual([]);
  });

  it('keeps the plan page and the company list reachable on every plan, and gates what the issue names', () => {
    const decide = (path: string, method = 'GET') => {
      const route = tenantRoutes.find((r) => r.path === `/api/v1${path}` && r.method === method);
      if (!route) throw new Error(`no tenant route ${method} ${path}`);
      return routeDecision(route);
    };
    expect(decide('/company/plan')).toBe('none');
    expect(decide('/labels', 'POST')).toBe('catalogue_management');
    expect(decide('/catalogue_imports', 'POST')).toBe('bulk_catalogue_importing');
    expect(decide('/royalties')).toBe('royalty_dashboard');
    expect(decide('/royalties/bulk', 'POST')).toBe('bulk_royalty_importing');
    expect(decide('/statements')).toBe('statement_generator');
    expect(decide('/expenses')).toBe('release_accounting');
    expect(decide('/release_deliveries')).toBe('label_pipelines');
    expect(decide('/dashboard')).toBe('dashboard');
    expect(decide('/promos', 'POST')).toBe('promo_system');
    expect(decide('/mailing_lists')).toBe('promo_system');
  });

  it('counts every presign operation of a tenant route against the storage capacity', () => {
    const presigns = tenantRoutes.filter((route) => /^presign|\.upload$/.test(route.op));
    expect(presigns.length).toBeGreaterThan(5);
    expect(presigns.filter((route) => !countsStorage(route)).map(name)).toEqual([]);
    // And nothing else is counted.
    expect(tenantRoutes.filter((route) => countsStorage(route) && !presigns.includes(route)).map(name)).toEqual([]);
  });

  it('declares the plans area operations once', () => {
    expect(OPERATION_NAMES.plans).toContain('companyPlan');
  });
});

describe('the 402 refusals (shared/plans.ts)', () => {
  it('names the plans that include a feature, cheapest first', () => {
    expect(featureRefusal('statement_generator', 'Starter', ['Label', 'Enterprise'])).toBe(
      'Your plan (Starter) does not include the statement generator. It is included in Label and Enterprise.',
    );
  });
  it('names the plans that allow more of a limit', () => {
    expect(limitRefusal('max_users', 'Starter', 3, ['Label', 'Enterprise'])).toBe(
      'Your plan (Starter) allows 3 users. Label and Enterprise allow more.',
    );
  });
  it('says one of a limit in the singular and storage in MB, as every file size is written', () => {
    expect(limitRefusal('max_labels', 'Starter', 1, ['Label'])).toBe(
      'Your plan (Starter) allows 1 label. Label allows more.',
    );
    expect(limitRefusal('file_storage_capacity', 'Starter', 1024, [])).toBe(
      'Your plan (Starter) allows 1024 MB of file storage.',
    );
  });
});
