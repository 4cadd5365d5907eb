import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { applyBillingEvent } from './apply-event.js';
import { billingProvider } from './choose.js';
import { billingEventMessage } from './queue.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const event = readQueueMessage('billingEvents', billingEventMessage, record);
  await withRecordLog(
    record.messageId,
    { worker: 'billingEvents', tenantId: event.companyId, key: event.id },
    async () => {
      const outcome = await applyBillingEvent(event, billingProvider());
      log().info('billing event', { outcome, type: event.type });
    },
  );
}

/**
 * The billing worker: one provider event per message, applied once to its company (apply-event.ts);
 * an infrastructure error is left to the queue's retries and its DLQ.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
