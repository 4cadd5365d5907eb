/**
 * SQS-fed workers: bucket notification → queue (with DLQ) →
 * worker with batch size 1 (or the queue's fanOut), one per row of WORKERS (infra/functions.ts). The worker's timeout
 * comes from the same QUEUES entry that sets its queue's visibility timeout, so the two cannot
 * drift apart.
 */
import { Duration, Size } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { WORKERS } from '../functions.js';
import { QUEUES, type QueueKey } from '../resources.js';
import { acknowledge } from './nag.js';
import { type FunctionDeps, ProductFunction } from './product-function.js';

/** npm's settings that install the linux-arm64 (glibc) builds of native modules, whatever the build machine. */
const ARM64_NPM_INSTALL = { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' };

export type WorkersProps = FunctionDeps;

export class Workers extends Construct {
  readonly functions = new Map<QueueKey, ProductFunction>();

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    for (const queue of Object.keys(WORKERS) as QueueKey[]) {
      const { entry, memorySize, ephemeralStorageMiB, nativeModules, arm64NativeModules, assets, needs } =
        WORKERS[queue];
      const { concurrency, fanOut } = QUEUES[queue];
      const fn = new ProductFunction(this, `${queue}Worker`, {
        entry,
        timeout: Duration.seconds(QUEUES[queue].workerTimeoutSeconds),
        memorySize,
        // A worker that fans out keeps its share of the account's Lambda concurrency, and never takes more.
        ...(fanOut ? { reservedConcurrentExecutions: fanOut.concurrency } : {}),
        assets,
        ...(ephemeralStorageMiB ? { ephemeralStorageSize: Size.mebibytes(ephemeralStorageMiB) } : {}),
        ...(nativeModules ? { x86: true, bundling: { nodeModules: [...nativeModules] } } : {}),
        ...(arm64NativeModules
          ? { bundling: { nodeModules: [...arm64NativeModules], environment: ARM64_NPM_INSTALL } }
          : {}),
      }).bindNeeds(needs, props);
      // One message per invocation unless the queue fans out; a failed message is retried alone (partial batch
      // failures), then dead-lettered. A fanned-out queue invokes at most as many workers as are reserved.
      const maxConcurrency = fanOut?.concurrency ?? concurrency;
      const source = new SqsEventSource(props.queues.queue(queue), {
        batchSize: fanOut?.batchSize ?? 1,
        reportBatchItemFailures: true,
        ...(maxConcurrency ? { maxConcurrency } : {}),
      });
      fn.addEventSource(source);
      acknowledge(
        fn,
        `Fed by the ${queue} queue: a message that keeps failing moves to that queue's own dead-letter queue ` +
          `(redrive policy, maxReceiveCount ${QUEUES[queue].maxReceiveCount}); a Lambda DLQ or an on-failure ` +
          `destination does not apply to SQS event sources.`,
        'Serverless-LambdaDLQ',
        'Serverless-LambdaEventSourceMappingDestination',
      );
      this.functions.set(queue, fn);
    }
  }
}
