import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV } from '../../infra/resources.js';
import { requireEnv, sqsClient } from '../lib/clients.js';

/**
 * The delivery worker's message: one delivery of one company, and the batch it was queued as. A
 * message for an older batch (the delivery was queued again since) or for a delivery already
 * delivered does nothing, so a re-delivered message never uploads twice.
 */
export const deliveryMessage = z.strictObject({
  tenantId: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(80),
  batchId: z.string().min(1).max(80),
  userId: z.string().min(1).max(80).optional(),
});
export type DeliveryMessage = z.infer<typeof deliveryMessage>;

/** Queues one delivery to the delivery worker. */
export async function queueDelivery(message: DeliveryMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.releaseDeliveryQueue), MessageBody: JSON.stringify(message) }),
  );
}
