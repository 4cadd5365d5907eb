import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, cloudUrl, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { stripeEvent, stripeSignature, type StripeFixture } from '../support/stripe-fixtures.js';
import { until } from '../support/wait.js';
import type { LocalInvoice } from '../../functions/billing/local/objects.js';

/**
 * Billing through the local gateway: the webhook's signature on the raw body, the queue
 * and the worker's once-only, out-of-order-safe effects with recorded Stripe payloads, and the local
 * provider's clickable flow (checkout → active; failed renewal → past_due + delinquent; cancel → Starter),
 * with roles, other companies and admin-only routes.
 */
let admin: string;
let secret: string;
const stamp = Date.now();
let seq = 0;
const now = () => Math.floor(Date.now() / 1000);

type Member = { token: string; userId: string };
const member = async (name: string): Promise<Member> => {
  const { token } = await newConfirmedUser(name);
  return { token, userId: (await call('GET', '/api/v1/me', { token })).body.user.id };
};
const newCompany = async (name: string, users: { user: Member; role: string }[]) => {
  const created = await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `${name} ${stamp}` } });
  const id = created.body.company.id as string;
  const patched = await call('PATCH', `/api/v1/admin/companies/${id}`, {
    token: admin,
    body: { company_users: users.map(({ user, role }) => ({ user_id: user.userId, role })) },
  });
  expect(patched.status).toBe(200);
  return id;
};
const post = (body: string, signature?: string) =>
  call('POST', '/api/v1/billing/webhook', {
    rawBody: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
const deliver = (body: string) => post(body, stripeSignature(body, secret));
const eventsPage = async () =>
  (await call('GET', '/api/v1/billing/events?per_page=100', { token: admin })).body.events as {
    id: string;
    company_id: string;
    processed_at: string | null;
    outcome: string | null;
    summary: string | null;
  }[];
const processed = (id: string) =>
  until(async () => (await eventsPage()).find((event) => event.id === id && event.processed_at), 30_000);
/** A recorded event for a company with its own id and a provider time `offset` seconds from now. */
const recorded = (name: StripeFixture, companyId: string, offset: number, subscription?: string) => {
  seq += 1;
  const id = `evt_test_${stamp}_${seq}`;
  return { id, body: stripeEvent(name, companyId, { id, created: now() + offset, subscription }) };
};
const companyItem = async (companyId: string) => {
  const { getCompany } = await import('../../functions/data/access/companies.js');
  return getCompany(companyId);
};

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  secret = inject('cloudEnv').LOCAL_BILLING_WEBHOOK_SECRET;
  admin = await signIn(demo.admin.email, demo.admin.password);
}, 60_000);

// Each case has a company of its own: one checks that nothing was applied, the other applies a checkout.
describe('the webhook', () => {
  it('refuses a bad or missing signature with 400 and stores no event', async () => {
    const companyId = await newCompany('Unsigned Webhook Co', []);
    const { id, body } = recorded('checkout.session.completed', companyId, 0);
    const forged = await post(body, stripeSignature(body, 'whsec_not_ours'));
    expect(forged.status).toBe(400);
    expect(forged.body.errors['stripe-signature']).toEqual(['does not match the body']);
    const tampered = body.replace('"amount_total":2900', '"amount_total":1');
    expect((await post(tampered, stripeSignature(body, secret))).status).toBe(400);
    expect((await post(body)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await eventsPage()).some((event) => event.id === id)).toBe(false);
    expect((await companyItem(companyId))?.subscription).toBeUndefined();
  });

  it('applies a replayed event once: one state change, one event row', async () => {
    const companyId = await newCompany('Webhook Co', []);
    const { id, body } = recorded('checkout.session.completed', companyId, 0);
    expect(await deliver(body)).toEqual({ status: 200, body: { received: true } });
    await processed(id);
    const first = await companyItem(companyId);
    expect(first?.subscription).toMatchObject({ status: 'active', provider: 'local' });
    expect(first?.subscription_id).toBe('plan_label');
    expect((await deliver(body)).status).toBe(200);
    expect((await deliver(body)).status).toBe(200);
    // The worker itself, given the same event again, finds it done.
    const { applyBillingEvent } = await import('../../functions/billing/apply-event.js');
    const { verifyStripeWebhook } = await import('../../functions/billing/stripe-provider.js');
    const { localProvider } = await import('../../functions/billing/local/local-provider.js');
    const event = verifyStripeWebhook(body, stripeSignature(body, secret), secret);
    expect(event).not.toBeNull();
    if (event) expect(await applyBillingEvent(event, localProvider)).toBe('duplicate');
    await new Promise((r) => setTimeout(r, 1500));
    const after = await companyItem(companyId);
    expect(after?.subscription?.updated_at).toBe(first?.subscription?.updated_at);
    expect(after?.updatedAt).toBe(first?.updatedAt);
    expect((await eventsPage()).filter((row) => row.id === id)).toHaveLength(1);
  });
});

// One subscription's events in the order the provider sent them: each case's expected state follows from the
// events before it, and the last checks that an older event arriving late changes nothing.
describe('each event’s effect, and the out-of-order rule', { shuffle: false }, () => {
  let companyId: string;
  const sub = `sub_test_${stamp}`;
  beforeAll(async () => {
    companyId = await newCompany('Events Co', []);
  }, 60_000);
  const state = async () => {
    const company = await companyItem(companyId);
    return {
      plan: company?.subscription_id,
      status: company?.subscription?.status,
      end: company?.subscription?.current_period_end,
      delinquent: company?.billing?.delinquent,
      customer: company?.billing?.customer_id,
    };
  };
  const apply = async (name: StripeFixture, offset: number, subscription = sub) => {
    const event = recorded(name, companyId, offset, subscription);
    expect((await deliver(event.body)).status).toBe(200);
    return processed(event.id);
  };

  it('checkout → active on the plan; invoice.paid → period end, not delinquent', async () => {
    expect((await apply('checkout.session.completed', -100)).outcome).toBe('applied');
    expect(await state()).toMatchObject({ plan: 'plan_label', status: 'active', customer: 'cus_TTk2mB9x1YfQpL' });
    const paid = await apply('invoice.paid', -99);
    expect(paid.outcome).toBe('applied');
    expect(await state()).toMatchObject({ status: 'active', end: '2025-12-24T16:00:00.000Z', delinquent: false });
    // What the admin's billing page lists for it: the status, plan and day in words, never their stored forms.
    expect(paid.summary).toBe('Active on Label until 24th Dec 2025');
  });

  it('invoice.payment_failed → past_due and delinquent, on the same plan', async () => {
    const failed = await apply('invoice.payment_failed', -90);
    expect(await state()).toMatchObject({ plan: 'plan_label', status: 'past_due', delinquent: true });
    expect(failed.summary).toMatch(/^Past due\b/);
  });

  it('customer.subscription.updated → its status and period', async () => {
    await apply('customer.subscription.updated', -80);
    expect(await state()).toMatchObject({ status: 'past_due', end: new Date(1769270400 * 1000).toISOString() });
  });

  it('ignores a failed payment of another subscription', async () => {
    const other = await apply('invoice.payment_failed', -75, `sub_other_${stamp}`);
    expect(other.outcome).toBe('ignored');
    expect(other.summary).toContain('not the company');
  });

  it('customer.subscription.deleted → canceled on Starter; an older event arriving late changes nothing', async () => {
    await apply('customer.subscription.deleted', -50);
    expect(await state()).toMatchObject({ plan: 'plan_starter', status: 'canceled', delinquent: false });
    const late = await apply('invoice.paid', -60);
    expect(late.outcome).toBe('ignored');
    expect(late.summary).toContain('Older than the last event applied');
    expect(await state()).toMatchObject({ plan: 'plan_starter', status: 'canceled' });
  });
});

describe('the local provider, clicked through', () => {
  let manager: Member;
  let assistant: Member;
  let outsider: Member;
  let companyId: string;
  let otherCompany: string;
  const sessionOf = (link: string) => link.split('/local_checkout/')[1] ?? '';

  beforeAll(async () => {
    [manager, assistant, outsider] = await Promise.all([
      member('Billing Manager'),
      member('Billing Assistant'),
      member('Billing Outsider'),
    ]);
    companyId = await newCompany('Checkout Co', [
      { user: manager, role: 'label_manager' },
      { user: assistant, role: 'label_assistant' },
    ]);
    otherCompany = await newCompany('Other Checkout Co', [{ user: outsider, role: 'label_manager' }]);
  }, 120_000);

  it('refuses a role without company.manage and another company’s members', async () => {
    const asAssistant = inCompany(assistant.token, companyId);
    for (const [method, path] of [
      ['post', '/company/billing/checkout'],
      ['post', '/company/billing/cancel'],
      ['get', '/company/billing_details'],
      ['post', '/company/billing_details'],
      ['patch', '/company/billing_details'],
    ] as const) {
      const answer = await asAssistant[method === 'get' ? 'get' : method](path, method === 'get' ? undefined : {});
      expect(answer, path).toEqual({
        status: 403,
        body: { message: roleRefusal('label_assistant', 'company.manage') },
      });
      expect((await inCompany(outsider.token, companyId)[method](path, method === 'get' ? undefined : {})).status).toBe(
        403,
      );
    }
  });

  it('saves billing details at the provider and shows no card before one is used', async () => {
    const api = inCompany(manager.token, companyId);
    const bad = await api.patch('/company/billing_details', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeDefined();
    const saved = await api.post('/company/billing_details', {
      email: 'accounts@checkout.example',
      business_vat_id: 'GB123456789',
      description: 'Checkout Co — head office',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.billing_details).toMatchObject({
      email: 'accounts@checkout.example',
      business_vat_id: 'GB123456789',
    });
    expect(saved.body.billing_details.customer_id).toMatch(/^cus_local_/);
    expect(saved.body.payment_method).toBeNull();
    const offered = saved.body.plans.map((plan: { id: string }) => plan.id);
    expect(offered).toEqual(expect.arrayContaining(['plan_label', 'plan_enterprise']));
    expect(offered).not.toContain('plan_starter');
    const other = await inCompany(outsider.token, otherCompany).get('/company/billing_details');
    expect(other.body.billing_details.email).toBeNull();
  });

  it('checks the plan and the coupon before a checkout', async () => {
    const api = inCompany(manager.token, companyId);
    expect((await api.post('/company/billing/checkout', { plan_id: 'plan_nope' })).body.errors.plan_id).toEqual([
      'There is no such plan',
    ]);
    expect(
      (await api.post('/company/billing/checkout', { plan_id: 'plan_starter' })).body.errors.plan_id,
    ).toBeDefined();
    const coupon = await api.post('/company/billing/checkout', { plan_id: 'plan_label', coupon: 'NOPE' });
    expect(coupon.body.errors.coupon).toEqual(['There is no such coupon']);
  });

  it('checkout comes back to the address the app was opened on, never another site', async () => {
    const start = (origin?: string) =>
      call('POST', '/api/v1/company/billing/checkout', {
        token: manager.token,
        company: companyId,
        body: { plan_id: 'plan_label' },
        ...(origin ? { headers: { origin } } : {}),
      });
    const port = new URL(cloudUrl()).port;
    const opened = await start(`http://127.0.0.1:${port}`);
    expect(opened.status).toBe(200);
    expect(opened.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/local_checkout/cs_local_`));
    const id = sessionOf(opened.body.url);
    const session = (await call('GET', `/api/v1/billing/local_checkout/${id}`, { token: manager.token })).body.checkout;
    expect(session.success_url).toBe(`http://127.0.0.1:${port}/user/companies/${companyId}/plan?checkout=success`);
    expect(session.cancel_url).toBe(`http://127.0.0.1:${port}/user/companies/${companyId}/plan?checkout=cancel`);
    // Another site's origin is not followed: the user goes back to the app's configured address.
    const foreign = await start('https://attacker.example');
    expect(foreign.status).toBe(403);
  });

  // One subscription's life, step by step on a company of its own: each step starts from the state the one before
  // left (subscribed, then renewed, then on another plan, then cancelled).
  describe('a subscription from checkout to cancel', { shuffle: false }, () => {
    let companyId: string;
    let url: string;
    const details = async () => (await inCompany(manager.token, companyId).get('/company/billing_details')).body;
    const waitFor = (check: (body: Awaited<ReturnType<typeof details>>) => boolean) =>
      until(async () => {
        const body = await details();
        return check(body) ? body : undefined;
      });

    beforeAll(async () => {
      companyId = await newCompany('Subscribed Checkout Co', [{ user: manager, role: 'label_manager' }]);
    }, 60_000);

    it('checkout: the declined card changes nothing, the paid card puts the company on the plan', async () => {
      const started = await inCompany(manager.token, companyId).post('/company/billing/checkout', {
        plan_id: 'plan_label',
      });
      expect(started.status).toBe(200);
      url = started.body.url;
      expect(url).toMatch(/\/local_checkout\/cs_local_/);
      const id = sessionOf(url);
      const page = await call('GET', `/api/v1/billing/local_checkout/${id}`, { token: manager.token });
      expect(page.body.checkout).toMatchObject({ status: 'open', amount_due: 2900, plan: { id: 'plan_label' } });
      expect((await call('GET', `/api/v1/billing/local_checkout/${id}`, { token: outsider.token })).status).toBe(404);
      const card = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' };
      const payAs = (token: string, number: string) =>
        call('POST', `/api/v1/billing/local_checkout/${id}/pay`, { token, body: { ...card, card_number: number } });
      expect((await payAs(outsider.token, '4242 4242 4242 4242')).status).toBe(404);
      const declined = await payAs(manager.token, '4000 0000 0000 0341');
      expect(declined).toEqual({
        status: 400,
        body: { message: 'Your card was declined.', errors: { card_number: ['Your card was declined.'] } },
      });
      expect((await details()).subscription.status).toBeNull();
      const paid = await payAs(manager.token, '4242 4242 4242 4242');
      expect(paid.status).toBe(200);
      expect(paid.body.url).toContain(`/user/companies/${companyId}/plan?checkout=success`);
      const active = await waitFor((body) => body.subscription.status === 'active' && body.payment_method);
      expect(active.subscription).toMatchObject({
        plan_id: 'plan_label',
        provider: 'local',
        cancel_at_period_end: false,
      });
      expect(active.payment_method).toMatchObject({ type: 'card', last4: '4242', exp_year: card.exp_year });
      expect(JSON.stringify(active)).not.toContain('4242424242424242');
      expect((await payAs(manager.token, '4242 4242 4242 4242')).status).toBe(400);
      // A second checkout while subscribed is refused, naming the plan field.
      const again = await inCompany(manager.token, companyId).post('/company/billing/checkout', {
        plan_id: 'plan_label',
      });
      expect(again.body.errors.plan_id[0]).toContain('is on this plan already');
    });

    it('a failed renewal → past_due and delinquent; a paid one → active again', async () => {
      const renew = (outcome?: string) =>
        call('POST', '/api/v1/billing/local/renew', { token: admin, body: { company_id: companyId, outcome } });
      expect((await call('POST', '/api/v1/billing/local/renew', { token: manager.token, body: {} })).status).toBe(403);
      expect((await renew('failed')).body).toEqual({ result: 'failed' });
      const pastDue = await waitFor((body) => body.subscription.status === 'past_due');
      expect(pastDue.billing_details.delinquent).toBe(true);
      expect(pastDue.subscription.plan_id).toBe('plan_label');
      const before = pastDue.subscription.current_period_end;
      expect((await renew()).body).toEqual({ result: 'paid' });
      const renewed = await waitFor(
        (body) => body.subscription.status === 'active' && !body.billing_details.delinquent,
      );
      expect(renewed.subscription.current_period_end > before).toBe(true);
    });

    it('a paying company changes plan on its subscription, the rest of the period charged pro rata', async () => {
      const api = inCompany(manager.token, companyId);
      const before = (await details()).subscription;
      const changed = await api.post('/company/billing/checkout', { plan_id: 'plan_enterprise' });
      expect(changed.status).toBe(200);
      expect(changed.body.url).toContain(`/user/companies/${companyId}/plan?checkout=changed`);
      const moved = await waitFor((body) => body.subscription.plan_id === 'plan_enterprise');
      expect(moved.subscription).toMatchObject({ status: 'active', provider: 'local', cancel_at_period_end: false });
      expect(moved.subscription.current_period_end).toBe(before.current_period_end);
      expect((await api.get('/company/plan')).body.plan.id).toBe('plan_enterprise');
      // The renewal just paid started a period that has not begun yet: all of it is charged at the new price.
      const { listLocalBillingObjects } = await import('../../functions/data/access/billing.js');
      const invoices = (await listLocalBillingObjects<LocalInvoice>('invoice')).filter(
        (invoice) =>
          invoice.parent.subscription_details.metadata.company_id === companyId &&
          invoice.billing_reason === 'subscription_update',
      );
      expect(invoices.map((invoice) => [invoice.status, invoice.amount_paid])).toEqual([['paid', 19900 - 2900]]);
      const again = await api.post('/company/billing/checkout', { plan_id: 'plan_enterprise' });
      expect(again.body.errors.plan_id).toEqual(['The company is on this plan already']);
    });

    it('cancel → at period end, then canceled on Starter', async () => {
      const api = inCompany(manager.token, companyId);
      const cancelled = await api.post('/company/billing/cancel', {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toContain('then the company is on Starter');
      await waitFor((body) => body.subscription.cancel_at_period_end === true);
      const ended = await call('POST', '/api/v1/billing/local/renew', {
        token: admin,
        body: { company_id: companyId },
      });
      expect(ended.body).toEqual({ result: 'canceled' });
      const canceled = await waitFor((body) => body.subscription.status === 'canceled');
      expect(canceled.subscription.plan_id).toBe('plan_starter');
      expect((await companyItem(companyId))?.subscription_id).toBe('plan_starter');
      expect((await api.post('/company/billing/cancel', {})).status).toBe(400);
      const companyEvents = async () => (await eventsPage()).filter((event) => event.company_id === companyId);
      // Every event is worked; one taken out of order (two workers) is ignored as older, never applied late. The queue's
      // workers may still be on the last events when the plan shows Starter (a shuffled run under load met one).
      await expect
        .poll(async () => (await companyEvents()).filter((event) => !event.processed_at).map((event) => event.id))
        .toEqual([]);
      const events = await companyEvents();
      for (const event of events.filter((row) => row.outcome === 'ignored'))
        expect(event.summary).toContain('Older than the last event applied');
      expect(events.length).toBeGreaterThanOrEqual(8);
    });
  });

  it('a coupon takes its share off the checkout', async () => {
    const code = `HALF${stamp}`;
    expect(
      (await call('POST', '/api/v1/coupons', { token: admin, body: { id: code, percent_off: 50, duration: 'once' } }))
        .status,
    ).toBe(201);
    const started = await inCompany(manager.token, companyId).post('/company/billing/checkout', {
      plan_id: 'plan_enterprise',
      coupon: code,
    });
    const page = await call('GET', `/api/v1/billing/local_checkout/${sessionOf(started.body.url)}`, {
      token: manager.token,
    });
    expect(page.body.checkout).toMatchObject({ amount_due: 9950, coupon: code, plan: { id: 'plan_enterprise' } });
  });
});

describe('admin billing', () => {
  it('is for admins only', async () => {
    const { token } = await newConfirmedUser('Billing Snoop');
    for (const path of ['/billing/overview', '/billing/events', '/coupons', '/coupons/ANY']) {
      expect((await call('GET', `/api/v1${path}`, { token })).status, path).toBe(403);
    }
    expect((await call('POST', '/api/v1/coupons', { token, body: { percent_off: 5, duration: 'once' } })).status).toBe(
      403,
    );
    expect((await call('DELETE', '/api/v1/coupons/ANY', { token })).status).toBe(403);
  });

  it('creates, lists, reads and deletes coupons, refusing bad ones by field', async () => {
    const code = `TENOFF${stamp}`;
    const asAdmin = (method: string, path: string, body?: object) =>
      call(method, `/api/v1${path}`, { token: admin, ...(body ? { body } : {}) });
    const created = await asAdmin('POST', '/coupons', {
      id: code,
      name: 'Ten off',
      amount_off: 1000,
      currency: 'GBP',
      duration: 'repeating',
      duration_in_months: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Coupon Added', coupon: { id: code, currency: 'gbp' } });
    expect((await asAdmin('POST', '/coupons', { id: code, percent_off: 5, duration: 'once' })).status).toBe(409);
    const both = await asAdmin('POST', '/coupons', {
      percent_off: 5,
      amount_off: 5,
      currency: 'gbp',
      duration: 'once',
    });
    expect(both.body.errors.percent_off).toEqual(['Give either a percent off or an amount off']);
    const months = await asAdmin('POST', '/coupons', { percent_off: 5, duration: 'repeating' });
    expect(months.body.errors.duration_in_months).toEqual(['Duration in months is required']);
    expect((await asAdmin('GET', '/coupons')).body.coupons.map((c: { id: string }) => c.id)).toContain(code);
    expect((await asAdmin('GET', `/coupons/${code}`)).body.coupon.duration_in_months).toBe(3);
    expect((await asAdmin('DELETE', `/coupons/${code}`)).body).toEqual({ message: 'Coupon Deleted' });
    expect((await asAdmin('GET', `/coupons/${code}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/coupons/${code}`)).status).toBe(404);
  });

  it('shows plans, subscriptions, customers and events on the overview', async () => {
    // A company of its own that paid a checkout by card, whatever the other cases did.
    const payer = await member('Overview Payer');
    const companyId = await newCompany('Overview Co', [{ user: payer, role: 'label_manager' }]);
    const started = await inCompany(payer.token, companyId).post('/company/billing/checkout', {
      plan_id: 'plan_label',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = String(started.body.url).split('/local_checkout/')[1];
    const paid = await call('POST', `/api/v1/billing/local_checkout/${session}/pay`, {
      token: payer.token,
      body: {
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await until(async () => {
      const body = (await inCompany(payer.token, companyId).get('/company/billing_details')).body;
      return body.subscription.status === 'active' && body.payment_method ? body : undefined;
    });
    const overview = (await call('GET', '/api/v1/billing/overview', { token: admin })).body;
    expect(overview.provider).toBe('local');
    expect(overview.plans.map((plan: { id: string }) => plan.id)).toEqual(
      expect.arrayContaining(['plan_starter', 'plan_label', 'plan_enterprise']),
    );
    expect(overview.subscriptions.length).toBeGreaterThan(0);
    expect(overview.customers.some((c: { card: string | null }) => c.card?.includes('4242'))).toBe(true);
    // The admin's customer data names the card's brand as people write it.
    expect(overview.customers.some((c: { card: string | null }) => c.card?.startsWith('Visa •••• 4242'))).toBe(true);
    expect(overview.events.length).toBeGreaterThan(0);
    expect(Array.isArray(overview.promotion_codes)).toBe(true);
  });
});
