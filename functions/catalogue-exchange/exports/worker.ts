import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../../lib/logger.js';
import { readQueueMessage } from '../../lib/queue-message.js';
import { runExport } from './jobs.js';
import { exportMessage } from './queue.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('catalogueExport', exportMessage, record);
  const { tenantId, exportId } = message;
  await withRecordLog(record.messageId, { worker: 'catalogueExport', tenantId, key: exportId }, async () => {
    const outcome = await runExport(tenantId, exportId);
    log().info('export done', { outcome });
  });
}

/**
 * The catalogue export worker: one export per message, written a release at a time to
 * local disk and uploaded to the uploads bucket, progress pushed to the user who asked. A job
 * already finished does nothing, so a message delivered twice writes one file.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
