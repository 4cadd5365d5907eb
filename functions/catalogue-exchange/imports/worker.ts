import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { withRecordLog } from '../../lib/logger.js';
import { readQueueMessage } from '../../lib/queue-message.js';
import { importStep } from './queue.js';
import { runImportStep } from './run-import.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('catalogueImport', importStep, record);
  await withRecordLog(
    record.messageId,
    { worker: 'catalogueImport', tenantId: message.tenantId, key: message.importId },
    () => runImportStep(message),
  );
}

/**
 * The catalogue import worker: one step per message (plan, or one chunk), partial batch
 * failures reported; a failed step is retried by the queue and writes nothing twice.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
