import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { promoSendMessage } from './queue.js';
import { mailQueuedRecipients } from './send.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('promoSend', promoSendMessage, record);
  await withRecordLog(
    record.messageId,
    { worker: 'promoSend', tenantId: message.tenantId, key: message.promoId },
    async () => {
      const { mailed } = await mailQueuedRecipients(message.tenantId, message.promoId);
      log().info('promo send', { mailed });
    },
  );
}

/** The promo worker: one send per message; mails each queued recipient once (send.ts). */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
