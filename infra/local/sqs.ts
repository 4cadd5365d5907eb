import os from 'node:os';
import { buildApp } from 'fauxqs';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSHandler, SQSRecord } from 'aws-lambda';
import { dlqName, QUEUES, visibilityTimeoutSeconds, type QueueKey } from '../resources.js';
import { required } from '../../functions/lib/required.js';

/** How long a failed message waits locally before its next try (AWS waits the visibility timeout). */
const LOCAL_RETRY_SECONDS = 2;

/** How long a poller's receive waits for a message (SQS allows 20 s at most). */
const RECEIVE_WAIT_SECONDS = 20;

/**
 * fauxqs (SQS emulator) with the product's queues, each with its DLQ and redrive policy, and
 * pollers that feed queue messages to their workers (one poller, or the queue's concurrency; one message at a time, or
 * the queue's fan-out batch), honouring partial batch failures the way the Lambda event source mapping does.
 */
export async function startSqs(options: {
  port: number;
  region: string;
  /** How long a worker may take on a batch, by queue (default: its Lambda's timeout, QUEUES[key].workerTimeoutSeconds). */
  workerTimeoutSeconds?: (key: QueueKey) => number;
}) {
  const timeoutOf = (key: QueueKey) => options.workerTimeoutSeconds?.(key) ?? QUEUES[key].workerTimeoutSeconds;
  // fauxqs's own startFauxqs listens on every interface whatever its `host` option says (that one
  // names the host in queue URLs), so its app is started here on loopback instead.
  const server = buildApp({ logger: false, host: '127.0.0.1' });
  await server.listen({ port: options.port, host: '127.0.0.1' });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new SQSClient({
    endpoint,
    region: options.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const urls = {} as Record<QueueKey, string>;
  const dlqUrls = {} as Record<QueueKey, string>;
  for (const key of Object.keys(QUEUES) as QueueKey[]) {
    const dlq = await client.send(new CreateQueueCommand({ QueueName: dlqName(key) }));
    const dlqArn = (
      await client.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes?.QueueArn;
    const queueArn = required(dlqArn, `the ${key} DLQ's ARN`);
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: QUEUES[key].localName,
        Attributes: {
          VisibilityTimeout: String(visibilityTimeoutSeconds(key)),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: queueArn,
            maxReceiveCount: QUEUES[key].maxReceiveCount,
          }),
        },
      }),
    );
    urls[key] = required(queue.QueueUrl, `the ${key} queue's URL`);
    dlqUrls[key] = required(dlq.QueueUrl, `the ${key} DLQ's URL`);
  }

  /** How many pollers feed a queue's worker: its concurrency, at most one per core. */
  const pollersOf = (key: QueueKey) => Math.max(1, Math.min(QUEUES[key].concurrency ?? 1, os.cpus().length));

  let running = true;
  const pollers: Promise<void>[] = [];
  /** Batches handed to a worker and not yet answered. */
  let inHand = 0;
  /** Ends the pollers' waiting receives at once on stop, instead of after their wait. */
  const stopping = new AbortController();

  /** Feeds a queue to its worker until stopped: as many pollers as the queue's concurrency, at most one per core. */
  function consume(key: QueueKey, worker: SQSHandler) {
    for (let i = 0; i < pollersOf(key); i += 1) poll(key, worker);
  }

  function poll(key: QueueKey, worker: SQSHandler) {
    const loop = async () => {
      while (running) {
        try {
          // SQS's longest wait, as Lambda's event source polls: fauxqs answers a waiting receive as soon as a message
          // arrives (or becomes visible again), so a long wait costs no latency. Waits of 1 s made 19 pollers send
          // about 19 receives a second, idle or not, each signed, sent and parsed in the cloud's one process.
          const received = await client.send(
            new ReceiveMessageCommand({
              QueueUrl: urls[key],
              // A worker with a fan-out gets a batch, as its Lambda does; the others one message at a time.
              MaxNumberOfMessages: QUEUES[key].fanOut?.batchSize ?? 1,
              WaitTimeSeconds: RECEIVE_WAIT_SECONDS,
              AttributeNames: ['All'],
            }),
            { abortSignal: stopping.signal },
          );
          const records = (received.Messages ?? []).map((message) => record(key, message));
          if (records.length) {
            inHand += 1;
            await deliver(key, worker, records).finally(() => {
              inHand -= 1;
            });
          }
        } catch (error) {
          if (running) {
            console.error(`[${key}] poll failed:`, error);
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      }
    };
    pollers.push(loop());
  }

  /** A received message as the Lambda event source hands it to the worker. */
  function record(key: QueueKey, message: Message): SQSRecord {
    return {
      messageId: required(message.MessageId, 'a received message id'),
      receiptHandle: required(message.ReceiptHandle, 'a received message handle'),
      body: message.Body ?? '',
      attributes: message.Attributes as never,
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${options.region}:000000000000:${QUEUES[key].localName}`,
      awsRegion: options.region,
    };
  }

  /**
   * One invocation: the worker gets the batch; each message it reports failed (or all, when it throws or takes longer
   * than its Lambda's timeout) comes back after LOCAL_RETRY_SECONDS, the others are deleted.
   */
  async function deliver(key: QueueKey, worker: SQSHandler, records: SQSRecord[]) {
    let failed = new Set(records.map((r) => r.messageId));
    try {
      const result = await withinTimeout(
        key,
        worker({ Records: records }, {} as never, () => undefined),
      );
      failed = new Set(result?.batchItemFailures?.map((f) => f.itemIdentifier) ?? []);
    } catch (error) {
      // A worker in a thread (worker-threads.ts) is ended with the cloud, whatever it had in hand: not a failure.
      if (running) console.error(`[${key}] worker failed:`, error);
    }
    for (const { messageId, receiptHandle } of records) {
      const queued = { QueueUrl: urls[key], ReceiptHandle: receiptHandle };
      if (failed.has(messageId))
        await client.send(new ChangeMessageVisibilityCommand({ ...queued, VisibilityTimeout: LOCAL_RETRY_SECONDS }));
      else await client.send(new DeleteMessageCommand(queued));
    }
  }

  /**
   * The worker's answer, or a failure once it has taken longer than its Lambda may. Lambda ends an invocation at its
   * timeout and the queue delivers the batch again; without this a worker waiting on something that never answers
   * held its poller for good, and the queue's messages waited behind it. The late worker is not stopped (it runs in
   * this process or its thread): its jobs take a message delivered twice as a no-op or a resume, as they must in AWS.
   */
  async function withinTimeout(key: QueueKey, answer: ReturnType<SQSHandler>): Promise<SQSBatchResponse | undefined> {
    const seconds = timeoutOf(key);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`took longer than ${seconds} s, its Lambda's timeout`)),
        seconds * 1000,
      );
    });
    try {
      return (await Promise.race([answer, late])) as SQSBatchResponse | undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Takes no more messages: the pollers' waiting receives end at once, and a batch whose worker fails from now on is
   * not reported as failed (a worker in threads is ended with the cloud, whatever it had in hand; the cloud
   * resumes the job on its next start). The cloud calls it (through `finishInHand`) before it ends the worker threads.
   */
  const stopPolling = () => {
    running = false;
    stopping.abort();
  };

  /**
   * Takes no more messages, then waits up to `withinMs` for the batches the workers have in hand, so they finish
   * while the emulators they call still run. The cloud calls it before it stops anything a worker calls: a worker
   * still reading from S3 when S3 closed held the whole stop for minutes. A batch still running after the wait is
   * left to its job, which resumes on the next start. `onWait` hears how many batches it waits for, if any.
   */
  const finishInHand = async (withinMs: number, onWait: (batches: number) => void = () => undefined) => {
    stopPolling();
    if (inHand === 0) return;
    onWait(inHand);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise((resolve) => {
      timer = setTimeout(resolve, withinMs);
    });
    await Promise.race([Promise.allSettled(pollers), waited]);
    clearTimeout(timer);
  };

  return {
    endpoint,
    urls,
    dlqUrls,
    client,
    consume,
    pollersOf,
    send: (key: QueueKey, body: unknown) =>
      client.send(new SendMessageCommand({ QueueUrl: urls[key], MessageBody: JSON.stringify(body) })),
    stopPolling,
    finishInHand,
    /** Stops the emulator without waiting on the workers (the cloud gave them `finishInHand` first). */
    stop: async () => {
      stopPolling();
      await server.close();
    },
  };
}
