import Stripe from 'stripe';
import { ENV } from '../../../infra/resources.js';
import { requireEnv } from '../../lib/clients.js';
import { appLink } from '../../lib/mail.js';
import type { BillingEventType } from '../provider.js';
import { localId, nowSeconds } from './objects.js';

/** The local provider's webhook signing secret (the local cloud sets one per start). */
export const localWebhookSecret = () => requireEnv(ENV.localBillingWebhookSecret);

let lastCreated = 0;

/**
 * The event's time: now, but always after the previous event this process emitted. Stripe's events of one
 * subscription come seconds apart; the local provider emits two in the same second, and the worker's
 * out-of-order rule (provider time) must still see which came first.
 */
function eventTime(): number {
  lastCreated = Math.max(nowSeconds(), lastCreated + 1);
  return lastCreated;
}

/**
 * Emits one event the way Stripe delivers it: the event envelope in Stripe's shape, signed with the local
 * secret by Stripe's own signer (`Stripe-Signature: t=…,v1=…`), POSTed to the product's webhook route
 * (APP_URL/api/v1/billing/webhook). The webhook, queue and worker are therefore the code AWS runs for Stripe.
 */
export async function emitLocalEvent(type: BillingEventType, object: object): Promise<string> {
  const event = {
    id: localId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: eventTime(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: localWebhookSecret() });
  const response = await fetch(appLink('/api/v1/billing/webhook'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!response.ok) throw new Error(`The webhook refused the local ${type} event (${response.status})`);
  return event.id;
}
