import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { ENV, QUEUES, type QueueKey } from '../../../infra/resources.js';
import { requireEnv, sqsClient } from '../../lib/clients.js';
import { stoppedAfterAttempts } from '../../lib/queue-attempts.js';
import { s3EventMessage } from '../../uploads/s3-event.js';

/**
 * Who runs an import, and when it is stuck. A run claims the import (claimImportRun)
 * and each progress step renews its sign of life (`running_since`, progress.ts). A delivery that
 * finds a live run stops: a duplicate S3 event while a large report is being split, or while its
 * parts run, does no work twice. A run silent for longer than the worker's timeout is dead (the
 * Lambda would have been stopped): the next delivery, or the user's "Re-run import", takes over.
 */
export const staleRunBefore = () =>
  new Date(Date.now() - QUEUES.royaltyImport.workerTimeoutSeconds * 1000).toISOString();

/** Whether an import that says processing has a run alive (its last sign of life within the worker timeout). */
export const runIsAlive = (item: { status: string; running_since?: string }) =>
  item.status === 'processing' && Boolean(item.running_since) && String(item.running_since) >= staleRunBefore();

/** A re-match of a finished import (import/rematch-job.ts): the claim it was queued with names it. */
export const importJobMessage = z.object({
  tenantId: z.string().min(1),
  importId: z.string().min(1),
  token: z.string().min(1),
});
export type ImportJobMessage = z.infer<typeof importJobMessage>;

/**
 * The import queue's message for a dropped report, as S3 sends it; `rerun`: the claim a re-run was queued with.
 * `rematch`: instead, a finished import's re-match to run.
 */
export const importMessage = s3EventMessage.extend({
  rerun: z.string().min(1).optional(),
  rematch: importJobMessage.optional(),
});
export type ImportMessage = z.infer<typeof importMessage>;

/** Queues a finished import's re-match for the import worker (queued on the import first: import-actions.ts). */
export async function queueImportJobMessage(rematch: ImportJobMessage): Promise<void> {
  const message: ImportMessage = { rematch };
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.royaltyImportQueue), MessageBody: JSON.stringify(message) }),
  );
}

/** Queues an import of a dropped report again (a re-run, an import resumed on start): the worker runs it as a new delivery. */
export async function queueImport(bucket: string, key: string, rerun?: string): Promise<void> {
  const message: ImportMessage = {
    // The key is URL-encoded as in S3's own events (the worker decodes it).
    Records: [{ s3: { bucket: { name: bucket }, object: { key: encodeURIComponent(key).replace(/%2F/g, '/') } } }],
    ...(rerun ? { rerun } : {}),
  };
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: requireEnv(ENV.royaltyImportQueue), MessageBody: JSON.stringify(message) }),
  );
}

/** Why an import (or one part of it, read from `queue`) stopped when its message failed on every attempt. */
export const importStoppedAfterAttempts = (queue: QueueKey, what: string) =>
  stoppedAfterAttempts(queue, what, 'Re-run the import; if it stops again, contact support.');
