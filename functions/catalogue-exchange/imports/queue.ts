import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV } from '../../../infra/resources.js';
import { requireEnv, sqsClient } from '../../lib/clients.js';

/**
 * The catalogue import worker's message: plan an import, or write one chunk of its records. Chunks
 * go one after another (each queues the next), so progress only moves forward and the last chunk
 * finishes the import; a re-delivered message writes nothing twice (ids derive from the import).
 * The step named is what the sender expected: the worker runs the step the job's state asks for.
 */
export const importStep = z.discriminatedUnion('step', [
  z.strictObject({ tenantId: z.string().min(1).max(64), importId: z.string().min(1).max(80), step: z.literal('plan') }),
  z.strictObject({
    tenantId: z.string().min(1).max(64),
    importId: z.string().min(1).max(80),
    step: z.literal('chunk'),
    chunk: z.number().int().min(0),
  }),
]);
export type ImportStep = z.infer<typeof importStep>;

/** Queues one step to the catalogue import worker. */
export async function queueImportStep(message: ImportStep): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.catalogueImportQueue), MessageBody: JSON.stringify(message) }),
  );
}
