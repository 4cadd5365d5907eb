import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV } from '../../infra/resources.js';
import { requireEnv, sqsClient } from '../lib/clients.js';
import { BILLING_EVENT_TYPES, type BillingEvent } from './provider.js';

/** The billing worker's message: one verified provider event, reduced to what the worker acts on. */
export const billingEventMessage = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(BILLING_EVENT_TYPES),
  created: z.int().nonnegative(),
  companyId: z.string().min(1).max(64),
  planId: z.string().max(64).optional(),
  customerId: z.string().max(255).optional(),
  providerSubscriptionId: z.string().max(255).optional(),
  subscriptionStatus: z.string().max(40).optional(),
  currentPeriodEnd: z.string().max(40).optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
  coupon: z.string().max(64).optional(),
  amount: z.int().optional(),
  currency: z.string().max(8).optional(),
}) satisfies z.ZodType<BillingEvent>;

/** Queues a verified event to the billing worker (the webhook answers 200 once it is queued). */
export async function queueBillingEvent(event: BillingEvent): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.billingEventQueue), MessageBody: JSON.stringify(event) }),
  );
}
