/**
 * The SQS queues of resources.ts, each with its own dead-letter queue. Visibility timeouts come
 * from `visibilityTimeoutSeconds`, which derives them from the worker's timeout.
 */
import { Duration } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUES, dlqName, visibilityTimeoutSeconds, type QueueKey } from '../resources.js';
import { acknowledge } from './nag.js';
import { physicalName } from './settings.js';

// SSE-SQS rather than KMS: S3 event notifications cannot publish to a queue encrypted with the
// AWS-managed `alias/aws/sqs` key, and a customer key would cost money for no added protection here.
const encryption = { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;

export class Queues extends Construct {
  private readonly byKey = new Map<QueueKey, sqs.Queue>();

  constructor(scope: Construct, id: string) {
    super(scope, id);
    for (const key of Object.keys(QUEUES) as QueueKey[]) {
      const definition = QUEUES[key];
      const deadLetters = new sqs.Queue(this, `${key}Dlq`, {
        ...encryption,
        queueName: physicalName(this, dlqName(key)),
        // The longest SQS allows: failed messages wait for a person to look at them.
        retentionPeriod: Duration.days(14),
      });
      acknowledge(
        deadLetters,
        `This queue is the dead-letter queue of ${key}; it has no further queue behind it.`,
        'Serverless-SQSRedrivePolicy',
      );
      const queue = new sqs.Queue(this, key, {
        ...encryption,
        queueName: physicalName(this, definition.localName),
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(key)),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: definition.maxReceiveCount },
      });
      this.byKey.set(key, queue);
    }
  }

  /** The queue named by `key` in resources.ts (QUEUES). */
  queue(key: QueueKey): sqs.Queue {
    const queue = this.byKey.get(key);
    if (!queue) throw new Error(`Unknown queue ${key}`);
    return queue;
  }
}
