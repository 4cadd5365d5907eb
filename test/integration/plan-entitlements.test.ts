import { beforeAll, describe, expect, it } from 'vitest';
import { routeFeature } from '../../functions/plans/route-features.js';
import { ROUTES, type Route } from '../../functions/routes.js';
import { FEATURE_LABELS, PLAN_FEATURES, SEEDED_PLAN_IDS, type PlanFeature } from '../../shared/plans.js';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

/**
 * Generated from the route table (docs/plans.md): for every feature, a company on an
 * admin-made plan that lacks only that feature; its label manager gets 402 on every tenant route that
 * needs the feature, with a message naming a public plan that has it. Put on a plan with the feature,
 * the same calls are never 402 (any other answer is fine: ids are made up, bodies empty).
 */
const stamp = Date.now();
const withMadeUpIds = (route: Route) => route.path.replace(/\{\w+\}/g, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
const takesBody = (route: Route) => route.method !== 'GET' && route.method !== 'DELETE';
const gated = (feature: PlanFeature) => ROUTES.filter((r) => r.auth === 'tenant' && routeFeature(r) === feature);
const FEATURES_WITH_ROUTES = PLAN_FEATURES.filter((feature) => gated(feature).length > 0);

let admin: string;
let member: { token: string; id: string };

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  const fresh = await newConfirmedUser('Plan Member');
  member = { token: fresh.token, id: (await call('GET', '/api/v1/me', { token: fresh.token })).body.user.id };
});

const adminCall = (method: string, path: string, body?: unknown) =>
  call(method, `/api/v1${path}`, { token: admin, ...(body !== undefined ? { body } : {}) });

/** An admin-made plan with every feature but `without`, unlimited; not public (the refusal names public ones). */
async function planWithout(without: PlanFeature): Promise<string> {
  const id = `plan_test_no_${without}_${stamp}`;
  const features = Object.fromEntries(PLAN_FEATURES.map((f) => [f, f !== without]));
  const limits = { file_storage_capacity: null, max_users: null, max_labels: null, free_promos: null };
  const made = await adminCall('POST', '/subscriptions', {
    id,
    // Named in words, as an admin would: the platform pages show plan names, and the menu walk fails a page that
    // shows a stored value such as `promo_system`.
    name: `No ${FEATURE_LABELS[without]}`,
    amount: 0,
    currency: 'GBP',
    interval: 'month',
    features,
    limits,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return id;
}

/** A company on the plan whose label manager is the test's member. */
async function companyOn(planId: string, name: string): Promise<string> {
  const made = await adminCall('POST', '/admin/companies', { name: `${name} ${stamp}`, subscription_id: planId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const companyId = made.body.company.id as string;
  const joined = await adminCall('PATCH', `/admin/companies/${companyId}`, {
    company_users: [{ user_id: member.id, role: 'label_manager' }],
  });
  expect(joined.status).toBe(200);
  return companyId;
}

describe('plan features on every gated tenant route (generated from the route table)', () => {
  it('exercises every feature', () => {
    expect(PLAN_FEATURES.filter((f) => !FEATURES_WITH_ROUTES.includes(f))).toEqual([]);
  });

  it.each(FEATURES_WITH_ROUTES)('%s: refused (402) without it, never 402 with it', async (feature) => {
    const companyId = await companyOn(await planWithout(feature), `Without ${FEATURE_LABELS[feature]}`);
    const routes = gated(feature);
    const send = (route: Route) =>
      call(route.method, withMadeUpIds(route), {
        token: member.token,
        company: companyId,
        body: takesBody(route) ? {} : undefined,
      });

    for (const route of routes) {
      const answer = await send(route);
      const name = `${route.method} ${route.path}`;
      expect(answer.status, name).toBe(402);
      expect(answer.body.message, name).toContain(`does not include ${FEATURE_LABELS[feature]}`);
      // Enterprise (public, seeded) has every feature, so the refusal always names it.
      expect(answer.body.message, name).toContain('Enterprise');
    }

    const moved = await adminCall('PATCH', `/admin/companies/${companyId}`, {
      subscription_id: SEEDED_PLAN_IDS.enterprise,
    });
    expect(moved.status).toBe(200);
    for (const route of routes) {
      const answer = await send(route);
      expect(answer.status, `${route.method} ${route.path}: ${JSON.stringify(answer.body)}`).not.toBe(402);
      expect(answer.status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });

  it('names the public plans with the feature, cheapest first (Starter lacks the statement generator)', async () => {
    const companyId = await companyOn(SEEDED_PLAN_IDS.starter, 'Starter Co');
    const answer = await call('GET', '/api/v1/statements', { token: member.token, company: companyId });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe(
      'Your plan (Starter) does not include the statement generator. It is included in Label and Enterprise.',
    );
    // What Starter includes still answers, and the plan page opens on every plan.
    expect((await call('GET', '/api/v1/labels', { token: member.token, company: companyId })).status).toBe(200);
    const plan = await call('GET', '/api/v1/company/plan', { token: member.token, company: companyId });
    expect(plan.status).toBe(200);
    expect(plan.body.plan.id).toBe(SEEDED_PLAN_IDS.starter);
    expect(plan.body.plans.map((p: { name: string }) => p.name)).toEqual(['Starter', 'Label', 'Enterprise']);
    expect(plan.body.usage).toEqual({ users: 1, labels: 0, storage_mib: 0 });
  });

  it('checks the role before the plan: a role without money rights gets 403, not 402', async () => {
    const companyId = await companyOn(SEEDED_PLAN_IDS.starter, 'Starter Intern Co');
    await adminCall('PATCH', `/admin/companies/${companyId}`, {
      company_users: [{ user_id: member.id, role: 'intern' }],
    });
    expect((await call('GET', '/api/v1/statements', { token: member.token, company: companyId })).status).toBe(403);
  });

  it('does not limit admins by the plan', async () => {
    const companyId = await companyOn(SEEDED_PLAN_IDS.starter, 'Starter Admin Co');
    expect((await call('GET', '/api/v1/statements', { token: admin, company: companyId })).status).toBe(200);
  });

  it('puts a company whose subscription was cancelled back on Starter, and lists the plan on /me', async () => {
    const companyId = await companyOn(SEEDED_PLAN_IDS.label, 'Cancelled Co');
    const me = async () =>
      (await call('GET', '/api/v1/me', { token: member.token })).body.user.companies.find(
        (c: { id: string }) => c.id === companyId,
      );
    expect((await me()).plan).toMatchObject({ id: SEEDED_PLAN_IDS.label, name: 'Label' });
    expect((await me()).plan.features.statement_generator).toBe(true);
    Object.assign(process.env, (await import('vitest')).inject('cloudEnv'));
    const { setCompanySubscription } = await import('../../functions/plans/company-plan.js');
    await setCompanySubscription(companyId, { status: 'canceled', provider: 'local' });
    expect((await me()).plan).toMatchObject({ id: SEEDED_PLAN_IDS.starter, status: 'canceled' });
    expect((await call('GET', '/api/v1/statements', { token: member.token, company: companyId })).status).toBe(402);
  });
});
