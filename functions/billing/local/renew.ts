import { getCompany } from '../../data/access/companies.js';
import { getLocalBillingObject, listLocalBillingObjects, putLocalBillingObject } from '../../data/access/billing.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import { emitLocalEvent } from './emit.js';
import {
  couponApplies,
  discounted,
  periodEnd,
  periodInvoice,
  type LocalCoupon,
  type LocalCustomer,
  type LocalInvoice,
  type LocalSubscription,
} from './objects.js';
import { TEST_CARDS } from './pay.js';

/** What "Renew now" did. */
export type RenewResult = 'paid' | 'failed' | 'canceled';

/**
 * The local provider's end of a period (what Stripe does on its own clock): a subscription set to cancel at
 * period end is cancelled (customer.subscription.deleted); otherwise the next period is charged to the card
 * on file — paid (invoice.paid + customer.subscription.updated, next period) or, for the declined test card
 * or when `outcome` forces it, failed (invoice.payment_failed + customer.subscription.updated past_due).
 */
export async function renewLocalSubscription(
  companyId: string,
  outcome: 'card' | 'paid' | 'failed' = 'card',
): Promise<RenewResult> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound('Company');
  const id = company.subscription?.provider === 'local' ? company.subscription.provider_subscription_id : undefined;
  const subscription = id ? await getLocalBillingObject<LocalSubscription>('subscription', id) : null;
  if (!subscription || subscription.status === 'canceled') {
    throw new InvalidField('company_id', 'The company has no card subscription to renew');
  }
  const item = subscription.items.data[0];
  if (!item) throw new InvalidField('company_id', 'The subscription has no price');
  if (subscription.cancel_at_period_end) {
    const canceled: LocalSubscription = { ...subscription, status: 'canceled', canceled_at: item.current_period_end };
    await putLocalBillingObject('subscription', canceled.id, canceled, companyId);
    await emitLocalEvent('customer.subscription.deleted', canceled);
    return 'canceled';
  }
  const customer = await getLocalBillingObject<LocalCustomer>('customer', subscription.customer);
  const card = customer?.invoice_settings.default_payment_method?.card;
  const paid =
    outcome === 'paid' || (outcome === 'card' && Boolean(card) && card?.last4 !== TEST_CARDS.declined.slice(-4));
  const amount = discounted(
    item.price.unit_amount,
    couponApplies(await couponOf(subscription), await cycles(subscription)),
  );
  if (!paid) {
    const pastDue: LocalSubscription = { ...subscription, status: 'past_due' };
    const invoice = periodInvoice(pastDue, amount, false, 'subscription_cycle');
    await putLocalBillingObject('invoice', invoice.id, invoice, companyId);
    await putLocalBillingObject('subscription', pastDue.id, pastDue, companyId);
    if (customer) await putLocalBillingObject('customer', customer.id, { ...customer, delinquent: true }, companyId);
    await emitLocalEvent('invoice.payment_failed', invoice);
    await emitLocalEvent('customer.subscription.updated', pastDue);
    return 'failed';
  }
  const start = item.current_period_end;
  const next = { ...item, current_period_start: start, current_period_end: periodEnd(start, item.price.recurring) };
  const renewed: LocalSubscription = {
    ...subscription,
    status: 'active',
    items: { ...subscription.items, data: [next] },
  };
  const invoice = periodInvoice(renewed, amount, true, 'subscription_cycle');
  await putLocalBillingObject('invoice', invoice.id, invoice, companyId);
  await putLocalBillingObject('subscription', renewed.id, renewed, companyId);
  if (customer) await putLocalBillingObject('customer', customer.id, { ...customer, delinquent: false }, companyId);
  await emitLocalEvent('invoice.paid', invoice);
  await emitLocalEvent('customer.subscription.updated', renewed);
  return 'paid';
}

async function couponOf(subscription: LocalSubscription) {
  const id = subscription.metadata.coupon;
  return id ? await getLocalBillingObject<LocalCoupon>('coupon', id) : null;
}

/** How many payments of the subscription were made (the coupon's duration counts them). */
async function cycles(subscription: LocalSubscription): Promise<number> {
  const invoices = await listLocalBillingObjects<LocalInvoice>('invoice');
  return invoices.filter(
    (invoice) => invoice.status === 'paid' && invoice.parent.subscription_details.subscription === subscription.id,
  ).length;
}
