import { SEEDED_PLAN_IDS, type PlanView } from '../../shared/plans.js';
import type { z } from 'zod';
import type { BillingDetailsView, billingDetailsInput, checkoutInput } from '../../shared/schemas/billing.js';
import { patchCompanyBilling } from '../data/access/billing.js';
import { getCompany } from '../data/access/companies.js';
import type { CompanyItem } from '../data/entities/company.js';
import { BadRequest, HttpError, InvalidField, NotFound } from '../lib/errors.js';
import { appLinkBack } from '../lib/mail.js';
import { planById, publicPlans } from '../plans/entitlements.js';
import type { BillingProvider } from './provider.js';

/** A company's own billing (tenant routes, company.manage; no plan feature, so any plan can upgrade). */

async function companyOf(companyId: string): Promise<CompanyItem> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound('Company');
  return company;
}

/** The plan a manager may buy: it exists, is offered for self-service and costs something. */
async function buyablePlan(planId: string): Promise<PlanView> {
  let plan: PlanView;
  try {
    plan = await planById(planId);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new InvalidField('plan_id', 'There is no such plan');
    throw error;
  }
  if (!plan.public) throw new InvalidField('plan_id', `${plan.name} is not offered for self-service`);
  if (plan.amount === 0) {
    throw new InvalidField('plan_id', `${plan.name} is free: cancel the subscription to move to it`);
  }
  return plan;
}

/** The company's subscription at the card provider, if it holds a live one. */
function cardSubscription(company: CompanyItem, provider: BillingProvider) {
  const subscription = company.subscription;
  if (!subscription?.provider_subscription_id || subscription.provider !== provider.name) return null;
  return subscription.status === 'canceled' ? null : { ...subscription, id: subscription.provider_subscription_id };
}

/** The provider's customer for the company, created on first use and remembered in its billing map. */
async function customerOf(
  company: CompanyItem,
  provider: BillingProvider,
  details: Partial<CompanyItem['billing']> = {},
) {
  const billing = { ...company.billing, ...details };
  const { customerId } = await provider.ensureCustomer({
    customerId: company.billing?.customer_id,
    companyId: company.companyId,
    name: company.name,
    email: billing.email ?? company.email,
    vat: billing.business_vat_id ?? company.vat_number,
    description: billing.description,
  });
  return customerId;
}

/**
 * Starts a checkout for a plan: a page of the provider (Stripe Checkout, or the local checkout page) whose
 * payment the provider reports through the webhook; the company moves to the plan when that event is applied.
 * A company already paying by card changes its subscription's plan instead (prorated) and comes back to
 * its plan page with `?checkout=changed`.
 */
export async function startCheckout(
  companyId: string,
  userId: string,
  input: z.infer<typeof checkoutInput>,
  provider: BillingProvider,
  origin?: string,
): Promise<{ url: string }> {
  const company = await companyOf(companyId);
  const plan = await buyablePlan(input.plan_id);
  const back = (outcome: string) => appLinkBack(origin, `/user/companies/${companyId}/plan?checkout=${outcome}`);
  const live = cardSubscription(company, provider);
  if (live) {
    if (company.subscription_id === plan.id) throw new InvalidField('plan_id', 'The company is on this plan already');
    // A paying company changes plan on its subscription (prorated), not through a second checkout.
    await provider.changePlan(live.id, plan);
    return { url: back('changed') };
  }
  if (input.coupon && !(await provider.getCoupon(input.coupon))) {
    throw new InvalidField('coupon', 'There is no such coupon');
  }
  const customerId = await customerOf(company, provider);
  if (customerId !== company.billing?.customer_id) await patchCompanyBilling(companyId, { customer_id: customerId });
  return provider.startCheckout({
    companyId,
    customerId,
    plan,
    ...(input.coupon ? { coupon: input.coupon } : {}),
    successUrl: back('success'),
    cancelUrl: back('cancel'),
    userId,
  });
}

/** Cancels the company's card subscription, at the end of the paid period unless `atPeriodEnd` is false. */
export async function cancelCompanySubscription(
  companyId: string,
  atPeriodEnd: boolean,
  provider: BillingProvider,
): Promise<{ message: string }> {
  const live = cardSubscription(await companyOf(companyId), provider);
  if (!live) {
    const text = 'The company has no card subscription to cancel';
    throw new BadRequest(text, { subscription: [text] });
  }
  await provider.cancelSubscription(live.id, atPeriodEnd);
  const end = live.current_period_end?.slice(0, 10);
  return {
    message:
      atPeriodEnd && end ? `The subscription ends on ${end}, then the company is on Starter` : 'Subscription cancelled',
  };
}

/** The company's billing details and card as the provider reported them (never the card's number). */
export async function billingDetails(companyId: string, provider: BillingProvider): Promise<BillingDetailsView> {
  const company = await companyOf(companyId);
  const billing = company.billing ?? {};
  const subscription = company.subscription;
  return {
    billing_details: {
      customer_id: billing.customer_id ?? null,
      email: billing.email ?? null,
      business_vat_id: billing.business_vat_id ?? null,
      description: billing.description ?? null,
      currency: billing.currency ?? null,
      delinquent: billing.delinquent ?? false,
      coupon: billing.coupon ?? null,
    },
    payment_method:
      billing.card_last4 && billing.card_exp_month && billing.card_exp_year
        ? {
            type: 'card',
            brand: billing.card_type ?? 'card',
            last4: billing.card_last4,
            exp_month: billing.card_exp_month,
            exp_year: billing.card_exp_year,
          }
        : null,
    subscription: {
      plan_id: subscription?.status === 'canceled' ? SEEDED_PLAN_IDS.starter : (company.subscription_id ?? null),
      status: subscription?.status ?? null,
      provider: subscription?.provider ?? null,
      current_period_end: subscription?.current_period_end ?? null,
      cancel_at_period_end: subscription?.cancel_at_period_end ?? false,
    },
    provider: provider.name,
    plans: (await publicPlans()).filter((plan) => plan.amount > 0),
  };
}

/** Saves the billing contact at the provider (its customer) and on the company. */
export async function saveBillingDetails(
  companyId: string,
  input: z.infer<typeof billingDetailsInput>,
  provider: BillingProvider,
): Promise<BillingDetailsView> {
  const company = await companyOf(companyId);
  const customerId = await customerOf(company, provider, input);
  await patchCompanyBilling(companyId, { ...input, customer_id: customerId });
  return billingDetails(companyId, provider);
}
