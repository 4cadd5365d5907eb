import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PLAN_FEATURES, SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/**
 * Plan limits at the write that would pass them (docs/plans.md), and the admin's
 * subscription plans: CRUD, validation, the refusals, non-admins kept out.
 */
const stamp = Date.now();
let admin: string;
let member: { token: string; id: string };

const adminCall = (method: string, path: string, body?: unknown) =>
  call(method, `/api/v1${path}`, { token: admin, ...(body !== undefined ? { body } : {}) });
const asMember = (company: string) => ({
  get: (path: string) => call('GET', `/api/v1${path}`, { token: member.token, company }),
  post: (path: string, body: unknown) => call('POST', `/api/v1${path}`, { token: member.token, company, body }),
});

const everyFeature = Object.fromEntries(PLAN_FEATURES.map((f) => [f, true]));
const unlimited = { file_storage_capacity: null, max_users: null, max_labels: null, free_promos: null };
const planBody = (over: Record<string, unknown> = {}) => ({
  name: `Test plan ${stamp}`,
  amount: 1500,
  currency: 'gbp',
  interval: 'month',
  features: everyFeature,
  limits: unlimited,
  ...over,
});

async function companyOn(planId: string, name: string, role = 'label_manager'): Promise<string> {
  const made = await adminCall('POST', '/admin/companies', { name: `${name} ${stamp}`, subscription_id: planId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const companyId = made.body.company.id as string;
  await adminCall('PATCH', `/admin/companies/${companyId}`, { company_users: [{ user_id: member.id, role }] });
  return companyId;
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  const fresh = await newConfirmedUser('Limit Member');
  member = { token: fresh.token, id: (await call('GET', '/api/v1/me', { token: fresh.token })).body.user.id };
});

describe('plan limits, at the write', () => {
  it('refuses the 4th user on a 3-user plan (max_users, through assertWithinLimit)', async () => {
    const companyId = await companyOn(SEEDED_PLAN_IDS.starter, 'Three Users Co');
    const { assertWithinLimit } = await import('../../functions/plans/limits.js');
    await expect(assertWithinLimit(companyId, 'max_users', 3)).resolves.toBeUndefined();
    const refused = await assertWithinLimit(companyId, 'max_users', 4).then(
      () => undefined,
      (error: unknown) => error as { status: number; message: string; errors: Record<string, string[]> },
    );
    expect(refused?.status).toBe(402);
    expect(refused?.message).toBe('Your plan (Starter) allows 3 users. Label and Enterprise allow more.');
    expect(refused?.errors).toEqual({ email: [refused?.message] });
    // Enterprise (an admin-created company's default) has no limit.
    const enterprise = await companyOn(SEEDED_PLAN_IDS.enterprise, 'Unlimited Co');
    await expect(assertWithinLimit(enterprise, 'max_users', 10_000)).resolves.toBeUndefined();
  });

  it('refuses a second label on Starter (max_labels: 1) at POST /labels, naming the field; admins are exempt', async () => {
    const companyId = await companyOn(SEEDED_PLAN_IDS.starter, 'One Label Co');
    const api = asMember(companyId);
    expect((await api.post('/labels', { name: `First ${stamp}` })).status).toBe(201);
    const second = await api.post('/labels', { name: `Second ${stamp}` });
    expect(second.status).toBe(402);
    expect(second.body.message).toBe('Your plan (Starter) allows 1 label. Label and Enterprise allow more.');
    expect(second.body.errors.name).toEqual([second.body.message]);
    expect((await api.get('/labels')).body.labels).toHaveLength(1);
    // A label request counts too: approving it would pass the plan's limit.
    const requested = await api.post('/label_requests', { name: `Requested ${stamp}` });
    expect(requested.status).toBe(402);
    expect(requested.body.errors.name).toEqual([second.body.message]);
    const byAdmin = await call('POST', '/api/v1/labels', {
      token: admin,
      company: companyId,
      body: { name: `Admin ${stamp}` },
    });
    expect(byAdmin.status).toBe(201);
  });

  it('counts presigned uploads against file_storage_capacity and refuses the one that would pass it', async () => {
    const made = await adminCall(
      'POST',
      '/subscriptions',
      planBody({ id: `plan_tiny_${stamp}`, name: 'Tiny', limits: { ...unlimited, file_storage_capacity: 1 } }),
    );
    expect(made.status).toBe(201);
    const companyId = await companyOn(`plan_tiny_${stamp}`, 'Tiny Storage Co');
    const api = asMember(companyId);
    const label = (await api.post('/labels', { name: `Logo label ${stamp}` })).body.label;
    const logo = { filename: 'logo.png', content_type: 'image/png', size: 600 * 1024 };
    const first = await api.post(`/labels/${label.id}/logo_upload`, logo);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.url).toBeTruthy();
    const second = await api.post(`/labels/${label.id}/logo_upload`, logo);
    expect(second.status).toBe(402);
    expect(second.body.message).toMatch(/^Your plan \(Tiny\) allows 1 MB of file storage\./);
    expect(second.body.errors.file).toEqual([second.body.message]);
    expect(second.body.url).toBeUndefined();
    const usage = (await api.get('/company/plan')).body.usage;
    expect(usage.storage_mib).toBeCloseTo(0.6, 1);
    // A smaller file still fits.
    expect((await api.post(`/labels/${label.id}/logo_upload`, { ...logo, size: 300 * 1024 })).status).toBe(200);
  });
});

describe('admin subscriptions', () => {
  it('creates, reads, lists, updates and deletes a plan, with the product’s messages', async () => {
    const id = `plan_crud_${stamp}`;
    const made = await adminCall('POST', '/subscriptions', planBody({ id, public: true, rank: 5 }));
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Subscription Added');
    expect(made.body.subscription).toMatchObject({ id, amount: 1500, currency: 'GBP', public: true });
    expect(made.body.subscription.limits.max_users).toBeNull();

    expect((await adminCall('GET', `/subscriptions/${id}`)).body.subscription.name).toBe(`Test plan ${stamp}`);
    const list = (await adminCall('GET', '/subscriptions')).body.subscriptions as { id: string }[];
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([id, ...Object.values(SEEDED_PLAN_IDS)]));
    const products = (await adminCall('GET', '/subscriptions/list_products')).body.products;
    expect(products).toEqual(expect.arrayContaining([expect.objectContaining({ object: 'product', id })]));
    const prices = (await adminCall('GET', '/subscriptions/retrieve_plans')).body.plans;
    expect(prices).toEqual(
      expect.arrayContaining([expect.objectContaining({ object: 'plan', product: id, amount: 1500 })]),
    );

    const updated = await adminCall('PATCH', `/subscriptions/${id}`, {
      amount: 1900,
      limits: { ...unlimited, max_users: 5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Subscription Updated');
    expect(updated.body.subscription).toMatchObject({ amount: 1900, limits: { max_users: 5, max_labels: null } });
    const described = await adminCall('PATCH', `/subscriptions/${id}`, { statement_descriptor: 'CRUD PLAN' });
    expect(described.body.subscription.statement_descriptor).toBe('CRUD PLAN');
    const cleared = await adminCall('PATCH', `/subscriptions/${id}`, { statement_descriptor: null });
    expect(cleared.body.subscription).toMatchObject({ statement_descriptor: null, amount: 1900 });

    // Refused while a company is on it; deleted once none is.
    const companyId = await companyOn(id, 'On Crud Plan');
    const refused = await adminCall('DELETE', `/subscriptions/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 company is on it');
    await adminCall('PATCH', `/admin/companies/${companyId}`, { subscription_id: SEEDED_PLAN_IDS.label });
    expect((await adminCall('DELETE', `/subscriptions/${id}`)).status).toBe(200);
    expect((await adminCall('GET', `/subscriptions/${id}`)).status).toBe(404);
  });

  it('gives a plan without an id one made from its name, the next one when it is taken', async () => {
    const name = `Label Pro ${stamp}`;
    const first = await adminCall('POST', '/subscriptions', planBody({ name }));
    const second = await adminCall('POST', '/subscriptions', planBody({ name }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.subscription.id).toBe(`plan_label_pro_${stamp}`);
    expect(second.body.subscription.id).toBe(`plan_label_pro_${stamp}_2`);
    for (const made of [first, second])
      expect((await adminCall('DELETE', `/subscriptions/${made.body.subscription.id}`)).status).toBe(200);
  });

  it('keeps Starter and Enterprise (companies fall back to them)', async () => {
    expect((await adminCall('DELETE', `/subscriptions/${SEEDED_PLAN_IDS.starter}`)).status).toBe(409);
    expect((await adminCall('DELETE', `/subscriptions/${SEEDED_PLAN_IDS.enterprise}`)).status).toBe(409);
  });

  it('validates the fields, naming each', async () => {
    const bad = await adminCall(
      'POST',
      '/subscriptions',
      planBody({ name: '', amount: 12.5, currency: 'pounds', interval: 'week' }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'currency', 'interval', 'name']);
    expect(bad.body.errors.amount).toEqual(['Amount must be a whole number']);
    const negative = await adminCall('POST', '/subscriptions', planBody({ limits: { ...unlimited, max_users: -1 } }));
    expect(negative.status).toBe(400);
    const twice = await adminCall('POST', '/subscriptions', planBody({ id: SEEDED_PLAN_IDS.label }));
    expect(twice.status).toBe(400);
    expect(twice.body.errors.id).toEqual(['A subscription with this id exists already']);
    const unknownPlan = await adminCall(
      'PATCH',
      `/admin/companies/${await companyOn(SEEDED_PLAN_IDS.label, 'Pick Co')}`,
      {
        subscription_id: 'plan_nobody_has',
      },
    );
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.errors.subscription_id).toEqual(['Subscription plan not found']);
  });

  it('keeps non-admins out (403) and shows a company its own plan only', async () => {
    for (const [method, path] of [
      ['GET', '/subscriptions'],
      ['POST', '/subscriptions'],
      ['PATCH', `/subscriptions/${SEEDED_PLAN_IDS.label}`],
      ['DELETE', `/subscriptions/${SEEDED_PLAN_IDS.label}`],
    ]) {
      const answer = await call(method, `/api/v1${path}`, {
        token: member.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : planBody(),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    // Another company's plan: the member is not in it.
    // A label manager of a company of their own, who is not in this one.
    const manager = (await ownCompany('Plan Outsider')).manager.token;
    const mine = await companyOn(SEEDED_PLAN_IDS.starter, 'Own Plan Co');
    expect((await call('GET', '/api/v1/company/plan', { token: manager, company: mine })).status).toBe(403);
  });
});
