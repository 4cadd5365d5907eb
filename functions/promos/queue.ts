import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV } from '../../infra/resources.js';
import { requireEnv, sqsClient } from '../lib/clients.js';

/** The promo worker's message: which promo to mail its queued recipients for. */
export const promoSendMessage = z.object({ tenantId: z.string().min(1).max(64), promoId: z.string().min(1).max(64) });
export type PromoSendMessage = z.output<typeof promoSendMessage>;

export async function queuePromoSend(message: PromoSendMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.promoSendQueue), MessageBody: JSON.stringify(message) }),
  );
}

/** The promo audio job's message: which promo's download files to make (download-files.ts). */
export const promoAudioMessage = z.object({
  tenantId: z.string().min(1).max(64),
  promoId: z.string().min(1).max(64),
});

export async function queuePromoAudio(message: PromoSendMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.promoAudioQueue), MessageBody: JSON.stringify(message) }),
  );
}
