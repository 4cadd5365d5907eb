import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { QUEUES } from '../../../../infra/resources.js';
import { log, withRecordLog } from '../../../lib/logger.js';
import { readQueueMessage } from '../../../lib/queue-message.js';
import { runAccountStep } from './account-step.js';
import { accountStepDeps } from './account-deps.js';
import { failRun } from './finish.js';
import { ACCOUNT_WORDS, accountHolder } from '../../accounts/account.js';
import { runPreview } from './preview.js';
import { runPublish } from './publish.js';
import { runMessage, type RunMessage } from './queue.js';

const processor = new BatchProcessor(EventType.SQS);

/** Whether this delivery is the message's last before its DLQ: then the run is marked failed. */
const lastAttempt = (record: SQSRecord) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= QUEUES.statementRun.maxReceiveCount;

async function runStep(message: RunMessage): Promise<unknown> {
  if (message.type === 'preview') return runPreview(message.tenantId, message.runId);
  if (message.type === 'publish') return runPublish(message.tenantId, message.runId);
  return runAccountStep(message, accountStepDeps);
}

/** What a failed step tells the run's user: which step (an account by its holder's name, as the run lists it), and why. */
async function failureReason(message: RunMessage, error: unknown): Promise<string> {
  const why = error instanceof Error ? error.message : String(error);
  if (message.type !== 'account') return `The run's ${message.type} failed: ${why}`;
  const holder = await accountHolder(message.tenantId, message.account).catch(() => null);
  const whose = holder?.name ?? ACCOUNT_WORDS[message.account.type];
  return `The statement for ${whose} failed: ${why}`;
}

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('statementRun', runMessage, record);
  await withRecordLog(
    record.messageId,
    { worker: 'statementRun', tenantId: message.tenantId, runId: message.runId },
    async () => {
      try {
        const outcome = await runStep(message);
        log().info('statement run step done', { step: message.type, outcome });
      } catch (error) {
        // Earlier deliveries are retried (a number taken, a throttled write); the last one fails the run, with its reason.
        if (lastAttempt(record)) await failRun(message.tenantId, message.runId, await failureReason(message, error));
        throw error;
      }
    },
  );
}

/**
 * The statement worker: a run's preview, its publish step, and each
 * account's statement, one message at a time, partial batch failures reported.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
