import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { applyMailEvent, mailEventMessage } from './mail-events.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const event = readQueueMessage('mailEvents', mailEventMessage, record);
  const tenantId = event.mail.tags.tenant?.[0];
  await withRecordLog(
    record.messageId,
    { worker: 'mailEvents', ...(tenantId ? { tenantId } : {}), key: event.mail.messageId },
    async () => {
      const outcome = await applyMailEvent(event);
      log().info('mail event', { outcome, type: event.eventType });
    },
  );
}

/**
 * The mail events worker: one mail service event per message (SES through SNS), applied once
 * (mail-events.ts); an infrastructure error is left to the queue's retries and its DLQ.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
