import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { productErn } from './ern-binding.js';
import { deliveryMessage } from './queue.js';
import { runDelivery } from './run-delivery.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('releaseDelivery', deliveryMessage, record);
  await withRecordLog(
    record.messageId,
    { worker: 'releaseDelivery', tenantId: message.tenantId, key: message.deliveryId },
    async () => {
      const outcome = await runDelivery(message, productErn);
      log().info('delivery done', { outcome, batchId: message.batchId });
    },
  );
}

/**
 * The delivery worker: one delivery per message, partial batch failures
 * reported. A delivery's own failures (store down, invalid message, missing files) end it failed
 * with the reason; only an infrastructure error is left to the queue's retries and its DLQ.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
