import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV } from '../../../../infra/resources.js';
import { ACCOUNT_TYPES } from '../../../../shared/schemas/statement-views.js';
import { requireEnv, sqsClient } from '../../../lib/clients.js';

/**
 * The statement worker's messages: a run's preview, its publish step, and
 * one message per account of a publishing run. Each names the tenant, so the worker never reads
 * another company's records, and every step is safe to deliver twice.
 */
const ids = { tenantId: z.string().min(1).max(64), runId: z.string().min(1).max(80) };
export const runMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('preview'), ...ids }),
  z.strictObject({ type: z.literal('publish'), ...ids }),
  z.strictObject({
    type: z.literal('account'),
    ...ids,
    account: z.strictObject({ type: z.enum(ACCOUNT_TYPES), id: z.string().min(1).max(80) }),
  }),
]);
export type RunMessage = z.infer<typeof runMessage>;

/** SQS takes at most 10 messages per batch. */
const BATCH = 10;

/** Queues messages to the statement worker, ten per call; throws when SQS refused any. */
export async function queueRunMessages(messages: readonly RunMessage[]): Promise<void> {
  const queueUrl = requireEnv(ENV.statementRunQueue);
  for (let i = 0; i < messages.length; i += BATCH) {
    const batch = messages.slice(i, i + BATCH);
    const sent = await sqsClient().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((message, j) => ({ Id: String(i + j), MessageBody: JSON.stringify(message) })),
      }),
    );
    if (sent.Failed?.length)
      throw new Error(`Statement run messages not queued: ${sent.Failed.map((f) => f.Message).join('; ')}`);
  }
}
