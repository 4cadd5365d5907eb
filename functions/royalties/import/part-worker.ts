import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { ENV } from '../../../infra/resources.js';
import { requireEnv } from '../../lib/clients.js';
import { log, withRecordLog } from '../../lib/logger.js';
import { readQueueMessage } from '../../lib/queue-message.js';
import { partMessage } from './part-message.js';
import { runImportPart } from './parts.js';
import { isLastAttempt } from '../../lib/queue-attempts.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = readQueueMessage('royaltyImportPart', partMessage, record);
  const { tenantId, importId, part } = message;
  await withRecordLog(record.messageId, { worker: 'royaltyImportPart', tenantId, importId, part }, async () => {
    const outcome = await runImportPart(requireEnv(ENV.ledgerBucket), message, {
      lastAttempt: isLastAttempt(record, 'royaltyImportPart'),
    });
    log().info('royalty report part imported', { outcome });
  });
}

/** The royalty-import part worker: one part of a large report per message (import/parts.ts), partial failures reported. */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
