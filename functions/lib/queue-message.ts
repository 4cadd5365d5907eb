import type { SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import type { FieldErrors } from './errors.js';
import { log } from './logger.js';
import { fieldErrors } from './validation.js';

/**
 * Every queue worker reads its message through its schema, the same schema its sender builds the
 * message's type from (each area's queue.ts, or the file that sends it). A body that is not JSON, or
 * not that message, is refused naming the fields that are wrong.
 */
export type QueueMessage<T> = { ok: true; message: T } | { ok: false; errors: FieldErrors };

export function parseQueueMessage<S extends z.ZodType>(schema: S, body: string): QueueMessage<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, errors: { body: ['The message is not JSON'] } };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, errors: fieldErrors(parsed.error, json) };
}

/**
 * The record's message, or undefined when it does not parse: then what was wrong is logged and the
 * worker drops the message (it returns without throwing). Delivering the same bytes again can never
 * make them parse, so retries would only delay the queue's other work until the dead-letter queue.
 */
export function readQueueMessage<S extends z.ZodType>(
  worker: string,
  schema: S,
  record: Pick<SQSRecord, 'messageId' | 'body'>,
): z.output<S> | undefined {
  const parsed = parseQueueMessage(schema, record.body);
  if (parsed.ok) return parsed.message;
  log().error('queue message refused and dropped', {
    worker,
    messageId: record.messageId,
    errors: parsed.errors,
    body: record.body.slice(0, 200),
  });
  return undefined;
}
