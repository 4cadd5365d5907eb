import { ENV } from '../../infra/resources.js';
import { localProvider } from './local/local-provider.js';
import type { BillingProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';

let chosen: BillingProvider | undefined;

/**
 * The card payment provider of this stage, by BILLING_PROVIDER: 'local' on the local cloud (its own
 * provider, no network), otherwise Stripe (the stack sets 'stripe' and the keys' secret on the functions
 * that need it).
 */
export function billingProvider(): BillingProvider {
  chosen ??= process.env[ENV.billingProvider] === 'local' ? localProvider : stripeProvider();
  return chosen;
}
