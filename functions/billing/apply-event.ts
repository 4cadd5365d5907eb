import { ulid } from 'ulid';
import { formatDate } from '../../shared/format.js';
import { valueWords } from '../../shared/messages.js';
import { SEEDED_PLAN_IDS, type SubscriptionStatus } from '../../shared/plans.js';
import {
  advanceBillingClock,
  claimBillingEvent,
  finishBillingEvent,
  lastAppliedEventTime,
  patchCompanyBilling,
  releaseBillingLock,
  takeBillingLock,
  type CompanyBilling,
} from '../data/access/billing.js';
import { getCompany } from '../data/access/companies.js';
import type { CompanyItem } from '../data/entities/company.js';
import { setCompanySubscription, type SubscriptionChange } from '../plans/company-plan.js';
import { findPlan } from '../plans/entitlements.js';
import type { BillingEvent, BillingEventType, BillingProvider } from './provider.js';

/** What the worker did with an event: applied it, recorded and ignored it, or found it done already. */
export type EventOutcome = 'applied' | 'ignored' | 'duplicate';

/** Events that start or renew a subscription: they may name a subscription the company does not hold yet. */
const ESTABLISHING: readonly BillingEventType[] = ['checkout.session.completed', 'invoice.paid'];

/**
 * Applies one provider event to its company, once (docs/billing.md):
 * 1. the event id is recorded with a conditional create; a replay finds it finished and changes nothing;
 *    then the company's billing lease is taken (one event of a company at a time);
 * 2. an event older (provider time) than the last event applied to the company is recorded and ignored,
 *    as is a failed payment or subscription change of a subscription that is not the company's current one;
 * 3. otherwise its effect goes through setCompanySubscription (plan + status) and the company's billing map
 *    (customer, delinquency, card as reported), and the company's clock moves to the event's time.
 */
export async function applyBillingEvent(event: BillingEvent, provider: BillingProvider): Promise<EventOutcome> {
  const claim = await claimBillingEvent({
    eventId: event.id,
    type: event.type,
    companyId: event.companyId,
    created: event.created,
    ...(event.providerSubscriptionId ? { providerSubscriptionId: event.providerSubscriptionId } : {}),
  });
  if (claim === 'processed') return 'duplicate';
  return withCompanyLock(event.companyId, () => applyClaimed(event, provider));
}

const LEASE_MS = 30_000;

/**
 * Runs `work` holding the company's billing lease: one event of a company at a time, so two events never both
 * read the company before either writes it (setCompanySubscription writes the subscription whole). A company's
 * events are few and quick, so a worker waits for the lease (up to one lease) rather than failing the message.
 */
async function withCompanyLock<T>(companyId: string, work: () => Promise<T>): Promise<T> {
  const owner = ulid();
  const deadline = Date.now() + LEASE_MS;
  while (!(await takeBillingLock(companyId, owner, LEASE_MS))) {
    if (Date.now() > deadline) throw new Error(`The billing of company ${companyId} stayed locked`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await work();
  } finally {
    await releaseBillingLock(companyId, owner);
  }
}

async function applyClaimed(event: BillingEvent, provider: BillingProvider): Promise<EventOutcome> {
  const company = await getCompany(event.companyId);
  const refusal = company ? await whyIgnored(event, company) : `No company ${event.companyId}`;
  if (refusal || !company) {
    await finishBillingEvent(event.id, 'ignored', refusal ?? 'No company');
    return 'ignored';
  }
  const change = subscriptionChange(event, company, provider.name);
  // The billing map first: the subscription's status, which pages and entitlements watch, lands last.
  await patchCompanyBilling(company.companyId, await billingChange(event, provider));
  await setCompanySubscription(company.companyId, change);
  await advanceBillingClock(company.companyId, event.created, event.id);
  await finishBillingEvent(event.id, 'applied', await summary(change));
  return 'applied';
}

async function whyIgnored(event: BillingEvent, company: CompanyItem): Promise<string | null> {
  const last = await lastAppliedEventTime(company.companyId);
  if (event.created < last) {
    return `Older than the last event applied (${new Date(last * 1000).toISOString()}): ignored`;
  }
  const current = company.subscription?.provider_subscription_id;
  if (!ESTABLISHING.includes(event.type) && event.providerSubscriptionId !== current) {
    return `About subscription ${event.providerSubscriptionId ?? '(none)'}, not the company's current one: ignored`;
  }
  return null;
}

/** A Stripe subscription status in the product's four (unpaid and incomplete are payments due: past_due). */
function statusOf(stripeStatus: string | undefined, fallback: SubscriptionStatus): SubscriptionStatus {
  if (stripeStatus === 'active' || stripeStatus === 'trialing' || stripeStatus === 'canceled') return stripeStatus;
  if (stripeStatus === 'past_due' || stripeStatus === 'unpaid' || stripeStatus?.startsWith('incomplete')) {
    return 'past_due';
  }
  return fallback;
}

function subscriptionChange(
  event: BillingEvent,
  company: CompanyItem,
  provider: 'stripe' | 'local',
): SubscriptionChange {
  const current = company.subscription;
  const same = Boolean(current && current.provider_subscription_id === event.providerSubscriptionId);
  // What the event does not state is kept from the same subscription (setCompanySubscription writes it whole).
  const kept = {
    provider,
    providerSubscriptionId: event.providerSubscriptionId,
    currentPeriodEnd: event.currentPeriodEnd ?? (same ? current?.current_period_end : undefined),
    cancelAtPeriodEnd: event.cancelAtPeriodEnd ?? (same ? current?.cancel_at_period_end : false),
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'invoice.paid':
      return { ...kept, planId: event.planId, status: 'active' };
    case 'invoice.payment_failed':
      return { ...kept, status: 'past_due' };
    case 'customer.subscription.updated': {
      const status = statusOf(event.subscriptionStatus, current?.status ?? 'active');
      return status === 'canceled'
        ? { ...kept, planId: SEEDED_PLAN_IDS.starter, status, cancelAtPeriodEnd: false }
        : { ...kept, planId: event.planId, status };
    }
    case 'customer.subscription.deleted':
      return { ...kept, planId: SEEDED_PLAN_IDS.starter, status: 'canceled', cancelAtPeriodEnd: false };
  }
}

/** The company's billing map after the event: customer, coupon, currency, delinquency, the card as reported. */
async function billingChange(event: BillingEvent, provider: BillingProvider): Promise<Partial<CompanyBilling>> {
  const delinquent = delinquencyOf(event);
  const card = event.customerId && ESTABLISHING.includes(event.type) ? await cardOf(provider, event.customerId) : null;
  return {
    ...(event.customerId ? { customer_id: event.customerId } : {}),
    ...(event.coupon ? { coupon: event.coupon } : {}),
    ...(event.currency ? { currency: event.currency.toUpperCase() } : {}),
    ...(delinquent !== undefined ? { delinquent } : {}),
    ...(card
      ? {
          card_type: card.brand,
          card_last4: card.last4,
          card_exp_month: card.exp_month,
          card_exp_year: card.exp_year,
        }
      : {}),
  };
}

/**
 * Whether the event says the company owes a payment: a failed payment does, a paid one or the end of the
 * subscription does not, and a subscription update says it by its status (past_due / unpaid: owed; active:
 * not) — so the flag is right whichever of a failed payment and its subscription update is applied last.
 */
function delinquencyOf(event: BillingEvent): boolean | undefined {
  if (event.type === 'invoice.payment_failed') return true;
  if (event.type === 'invoice.paid' || event.type === 'customer.subscription.deleted') return false;
  if (event.type !== 'customer.subscription.updated') return undefined;
  const status = statusOf(event.subscriptionStatus, 'active');
  return status === 'past_due' ? true : status === 'active' ? false : undefined;
}

/** The card on file; a provider that cannot say (a customer it does not know) leaves the stored card as it is. */
async function cardOf(provider: BillingProvider, customerId: string) {
  try {
    return await provider.paymentMethod(customerId);
  } catch {
    return null;
  }
}

/**
 * What an applied event did, as the admin's billing page lists it: "Active on Enterprise until 7th Jan 2027". The
 * status, plan and day in words (a plan no longer listed by its id, all there is to know of it).
 */
async function summary(change: SubscriptionChange): Promise<string> {
  const name = change.planId ? ((await findPlan(change.planId))?.name ?? change.planId) : '';
  const plan = name ? ` on ${name}` : '';
  const until = change.currentPeriodEnd ? ` until ${formatDate(change.currentPeriodEnd)}` : '';
  const ending = change.cancelAtPeriodEnd ? ', cancelling at period end' : '';
  return `${valueWords(change.status)}${plan}${until}${ending}`;
}
