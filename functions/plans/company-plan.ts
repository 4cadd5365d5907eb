import type { SubscriptionStatus } from '../../shared/plans.js';
import { getDb } from '../data/service.js';

/** What a billing event or an admin changes about a company's subscription. */
export type SubscriptionChange = {
  /** The plan the company is on from now (a Plan's id); absent keeps the current plan. */
  planId?: string;
  status: SubscriptionStatus;
  provider: 'stripe' | 'local' | 'admin';
  providerSubscriptionId?: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd?: boolean;
};

/**
 * Puts a company on a plan with a subscription state. The billing worker calls it for the provider's events
 * (checkout → active, renewal → active with a new period end, failed payment → past_due, cancellation →
 * canceled on the free plan) and admins for plans they assign. Entitlements read the result on the next call.
 */
export async function setCompanySubscription(companyId: string, change: SubscriptionChange): Promise<void> {
  const { Company } = getDb().entities;
  await Company.patch({ companyId })
    .set({
      ...(change.planId ? { subscription_id: change.planId } : {}),
      subscription: {
        status: change.status,
        provider: change.provider,
        ...(change.providerSubscriptionId ? { provider_subscription_id: change.providerSubscriptionId } : {}),
        ...(change.currentPeriodEnd ? { current_period_end: change.currentPeriodEnd } : {}),
        cancel_at_period_end: change.cancelAtPeriodEnd ?? false,
        updated_at: new Date().toISOString(),
      },
    })
    .go();
}
