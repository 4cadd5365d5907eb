import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV } from '../../../infra/resources.js';
import { requireEnv, sqsClient } from '../../lib/clients.js';

/** The export worker's message: one export job of one company. */
export const exportMessage = z.strictObject({
  tenantId: z.string().min(1).max(64),
  exportId: z.string().min(1).max(80),
});
export type ExportMessage = z.infer<typeof exportMessage>;

/** Queues an export job to the export worker. */
export async function queueExport(message: ExportMessage): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.catalogueExportQueue), MessageBody: JSON.stringify(message) }),
  );
}
