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

/** A queue message that does not parse: the record fails, so the queue's redrive keeps its bytes in the dead-letter queue. */
class MalformedQueueMessage extends Error {
  constructor(
    readonly worker: string,
    readonly errors: FieldErrors,
  ) {
    super(`${worker}: the queue message does not parse (${Object.keys(errors).join(', ')})`);
    this.name = 'MalformedQueueMessage';
  }
}

/**
 * The record's message; when it does not parse, what was wrong is logged and MalformedQueueMessage is
 * thrown. The record then fails like any other: the queue delivers it again until its receive count is
 * spent and moves it to the dead-letter queue, whose alarm tells an operator, who can read the very bytes
 * that were sent. Dropping it would lose the evidence of the sender's bug and the work it asked for.
 */
export function readQueueMessage<S extends z.ZodType>(
  worker: string,
  schema: S,
  record: Pick<SQSRecord, 'messageId' | 'body'>,
): z.output<S> {
  const parsed = parseQueueMessage(schema, record.body);
  if (parsed.ok) return parsed.message;
  log().error('queue message refused', {
    worker,
    messageId: record.messageId,
    errors: parsed.errors,
    body: record.body.slice(0, 200),
  });
  throw new MalformedQueueMessage(worker, parsed.errors);
}
