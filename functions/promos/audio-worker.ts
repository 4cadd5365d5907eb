import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { prepareDownloadFiles } from './download-files.js';
import { promoAudioMessage } from './queue.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('promoAudio', promoAudioMessage, record);
  await withRecordLog(
    record.messageId,
    { worker: 'promoAudio', tenantId: message.tenantId, key: message.promoId },
    async () => {
      const made = await prepareDownloadFiles(message.tenantId, message.promoId);
      log().info('promo download files', { made });
    },
  );
}

/** The promo audio worker: one promo per message; makes its tracks' missing download files (download-files.ts). */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
