import type { SQSRecord } from 'aws-lambda';
import { QUEUES, type QueueKey } from '../../infra/resources.js';

/*
 * A queue delivers a failing message again until its receive count is spent, then moves it to its dead-letter queue,
 * whose alarm tells an operator. The job the message was about must not say "processing" for ever after that: on the
 * last attempt the worker records that it stopped, in the user's words and with their way out, before the message
 * goes.
 */

/** Whether this delivery of a message is its last before the queue moves it to its dead-letter queue. */
export const isLastAttempt = (record: Pick<SQSRecord, 'attributes'>, queue: QueueKey) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= QUEUES[queue].maxReceiveCount;

/**
 * Why a job stopped when its message failed on every attempt, in the user's words (the cause itself is logged, and is
 * ours: a file we cannot use is refused with its own reason at once). `wayOut` is what the user can do next.
 */
export const stoppedAfterAttempts = (queue: QueueKey, what: string, wayOut: string) =>
  `${what} failed ${QUEUES[queue].maxReceiveCount} times on our side, not because of the file, and was stopped. ${wayOut}`;

/**
 * Runs one message's work. When it throws on the queue's last attempt, `giveUp` records that the job stopped (its own
 * failure only logged), and the error is thrown as before, so the message still reaches the dead-letter queue.
 */
export async function givingUpOnLastAttempt<T>(
  lastAttempt: boolean,
  work: () => Promise<T>,
  giveUp: () => Promise<unknown>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (lastAttempt) await giveUp().catch(() => undefined);
    throw error;
  }
}
