import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { promoSendMessage } from './queue.js';
import { mailQueuedRecipients } from './send.js';

const processor = new BatchProcessor(EventType.SQS);
/**
 * A run mails for at most this long, well inside the worker's 15-minute timeout; a bigger send carries
 * on in the next message (the rest stay queued), so a paced send of thousands is never cut off mid-mail.
 */
const RUN_BUDGET_MS = 12 * 60_000;

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('promoSend', promoSendMessage, record);
  await withRecordLog(
    record.messageId,
    { worker: 'promoSend', tenantId: message.tenantId, key: message.promoId },
    async () => {
      const until = Date.now() + RUN_BUDGET_MS;
      const { mailed, unfinished } = await mailQueuedRecipients(message.tenantId, message.promoId, { until });
      log().info('promo send', { mailed, unfinished });
    },
  );
}

/** The promo worker: one send per message; mails each queued recipient once (send.ts). */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
