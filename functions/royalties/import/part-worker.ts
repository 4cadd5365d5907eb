import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { ENV } from '../../../infra/resources.js';
import { requireEnv } from '../../lib/clients.js';
import { runImportPart, type PartMessage } from './parts.js';

const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
  const message = JSON.parse(record.body) as PartMessage;
  const outcome = await runImportPart(requireEnv(ENV.ledgerBucket), message);
  console.log(JSON.stringify({ worker: 'royaltyImportPart', importId: message.importId, part: message.part, outcome }));
}

/** The royalty-import part worker: one part of a large report per message (import/parts.ts), partial failures reported. */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
