import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { log, withRecordLog } from '../../lib/logger.js';
import { readQueueMessage } from '../../lib/queue-message.js';
import { decodeS3Key } from '../../uploads/s3-event.js';
import { parseDropKey } from '../bucket-keys.js';
import { runImport } from './run-import.js';
import { runImportJob } from './rematch-job.js';
import { importMessage } from './run-claim.js';
import { isLastAttempt } from '../../lib/queue-attempts.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const event = readQueueMessage('royaltyImport', importMessage, record);
  if (event.Event === 's3:TestEvent') return;
  const lastAttempt = isLastAttempt(record, 'royaltyImport');
  const rematch = event.rematch;
  if (rematch) {
    const { tenantId, importId } = rematch;
    await withRecordLog(record.messageId, { worker: 'royaltyImport', tenantId, importId }, async () => {
      const outcome = await runImportJob(rematch, { lastAttempt });
      log().info('royalty import re-matched', { outcome });
    });
    return;
  }
  for (const s3Record of event.Records ?? []) {
    const key = decodeS3Key(s3Record.s3.object.key);
    // runImport adds the import's id once it has read the object's ETag.
    await withRecordLog(
      record.messageId,
      { worker: 'royaltyImport', tenantId: parseDropKey(key)?.tenantId, key },
      async () => {
        const outcome = await runImport(s3Record.s3.bucket.name, key, { runToken: event.rerun, lastAttempt });
        log().info('royalty report imported', { outcome });
      },
    );
  }
}

/**
 * The royalty-import worker: the ledger bucket's drop/ events through SQS, and finished imports' re-matches
 * (rematch-job.ts); batch size 1, partial failures reported.
 */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
