import { z } from 'zod';
import {
  billingDetailsInput,
  cancelInput,
  checkoutInput,
  couponInput,
  localPaymentInput,
  localRenewInput,
  type LocalCheckoutView,
} from '../../shared/schemas/billing.js';
import { getCompany } from '../data/access/companies.js';
import { BadRequest, Conflict, NotFound } from '../lib/errors.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { planById } from '../plans/entitlements.js';
import { billingEvents, billingOverview } from './admin-billing.js';
import { billingProvider } from './choose.js';
import { billingDetails, cancelCompanySubscription, saveBillingDetails, startCheckout } from './company-billing.js';
import { openSession, payLocalCheckout } from './local/pay.js';
import { renewLocalSubscription } from './local/renew.js';
import { queueBillingEvent } from './queue.js';

const couponParams = z.strictObject({ id: z.string().min(1).max(64) });
const eventsQuery = z.strictObject({
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(2000).optional(),
});

/** The local provider's own pages and actions exist only where it runs (404 in AWS). */
function localOnly() {
  const provider = billingProvider();
  if (provider.name !== 'local') throw new NotFound('Route');
  return provider;
}

const callerOf = (caller: { user: { userId: string; role: string } }) => ({
  userId: caller.user.userId,
  admin: caller.user.role === 'admin',
});

const operations = {
  /**
   * The provider's webhook (public: the signature is the proof). The signature is checked over the raw body
   * before anything is read or stored; a verified event is queued to the billing worker and answered 200 at
   * once; an event type the product does not act on is answered 200 and dropped.
   */
  billingWebhook: operation('public', {
    rawBody: true,
    run: async ({ rawBody, headers }) => {
      const signature = headers['stripe-signature'] ?? headers['Stripe-Signature'];
      const event = await billingProvider().verifyWebhook(rawBody, signature);
      if (event) await queueBillingEvent(event);
      return { received: true };
    },
  }),
  startCheckout: operation('tenant', {
    body: checkoutInput,
    run: ({ tenantId, caller, body, headers }) =>
      startCheckout(tenantId, caller.user.userId, body, billingProvider(), headers.origin),
  }),
  cancelSubscription: operation('tenant', {
    body: cancelInput,
    run: ({ tenantId, body }) => cancelCompanySubscription(tenantId, body.at_period_end ?? true, billingProvider()),
  }),
  getBillingDetails: operation('tenant', { run: ({ tenantId }) => billingDetails(tenantId, billingProvider()) }),
  createBillingDetails: operation('tenant', {
    body: billingDetailsInput,
    run: async ({ tenantId, body }) => ({
      message: 'Billing Details Updated',
      ...(await saveBillingDetails(tenantId, body, billingProvider())),
    }),
  }),
  updateBillingDetails: operation('tenant', {
    body: billingDetailsInput,
    run: async ({ tenantId, body }) => ({
      message: 'Billing Details Updated',
      ...(await saveBillingDetails(tenantId, body, billingProvider())),
    }),
  }),
  getLocalCheckout: operation('user', {
    params: idParams,
    run: async ({ caller, params }): Promise<{ checkout: LocalCheckoutView }> => {
      localOnly();
      const session = await openSession(params.id, callerOf(caller));
      const [plan, company] = await Promise.all([
        planById(session.metadata.plan_id),
        getCompany(session.client_reference_id),
      ]);
      return {
        checkout: {
          id: session.id,
          status: session.status,
          company_id: session.client_reference_id,
          company_name: company?.name ?? null,
          plan: { id: plan.id, name: plan.name, amount: plan.amount, currency: plan.currency, interval: plan.interval },
          amount_due: session.amount_total,
          coupon: session.metadata.coupon || null,
          success_url: session.success_url,
          cancel_url: session.cancel_url,
        },
      };
    },
  }),
  payLocalCheckout: operation('user', {
    params: idParams,
    body: localPaymentInput,
    run: async ({ caller, params, body }) => {
      localOnly();
      return payLocalCheckout(params.id, body, callerOf(caller));
    },
  }),
  renewLocalSubscription: operation('admin', {
    body: localRenewInput,
    run: async ({ body }) => {
      if (billingProvider().name !== 'local') throw new BadRequest('Stripe renews subscriptions on its own clock here');
      return { result: await renewLocalSubscription(body.company_id, body.outcome) };
    },
  }),
  billingOverview: operation('admin', { run: () => billingOverview(billingProvider()) }),
  listBillingEvents: operation('admin', {
    query: eventsQuery,
    run: ({ query }) => billingEvents(query.per_page, query.cursor),
  }),
  listCoupons: operation('admin', { run: async () => ({ coupons: await billingProvider().listCoupons() }) }),
  getCoupon: operation('admin', {
    params: couponParams,
    run: async ({ params }) => {
      const coupon = await billingProvider().getCoupon(params.id);
      if (!coupon) throw new NotFound('Coupon');
      return { coupon };
    },
  }),
  createCoupon: operation('admin', {
    body: couponInput,
    run: async ({ body }) => {
      const provider = billingProvider();
      if (body.id && (await provider.getCoupon(body.id))) {
        throw new Conflict('A coupon with this code exists', { id: ['is taken by another coupon'] });
      }
      return reply(201, { message: 'Coupon Added', coupon: await provider.createCoupon(body) });
    },
  }),
  deleteCoupon: operation('admin', {
    params: couponParams,
    run: async ({ params }) => {
      if (!(await billingProvider().deleteCoupon(params.id))) throw new NotFound('Coupon');
      return { message: 'Coupon Deleted' };
    },
  }),
} satisfies AreaOperations<'billing'>;

export const handler = areaHandler('billing', operations, planGate);
