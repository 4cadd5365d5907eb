/**
 * SQS-fed workers (DESIGN.md §7 media pipeline): bucket notification → queue (with DLQ) →
 * worker with batch size 1. The worker's timeout comes from the same QUEUES entry that sets its
 * queue's visibility timeout, so the two cannot drift apart.
 */
import { Annotations, Duration, Size } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { ENV, QUEUES, type QueueKey } from '../resources.js';
import type { Data } from './data.js';
import { ProductFunction } from './product-function.js';
import type { Queues } from './queues.js';
import type { Realtime } from './realtime.js';
import { settings } from './settings.js';
import type { Storage } from './storage.js';

export type WorkersProps = { data: Data; storage: Storage; queues: Queues; realtime: Realtime };

type WorkerDefinition = {
  queue: QueueKey;
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  memorySize: number;
  /** Room in /tmp for the files the worker reads and writes (an upload may be 500,000,000 bytes). */
  ephemeralStorageMiB?: number;
  /** Native modules installed beside the bundle instead of bundled, on an x86_64 function. */
  nativeModules?: string[];
  bind: (fn: ProductFunction, props: WorkersProps) => void;
};

const DUCKDB_MODULES = ['@duckdb/node-api', '@duckdb/node-bindings', '@duckdb/node-bindings-linux-x64'];

/** One entry per worker; adding a worker (royalty import, statement run) is one more line. */
const WORKERS: WorkerDefinition[] = [
  {
    queue: 'uploadEvents',
    entry: 'functions/uploads/worker.ts',
    memorySize: 1024, // ffmpeg transcoding is CPU-bound, and Lambda CPU scales with memory
    ephemeralStorageMiB: 2048, // the source WAV (up to 500 MB) and its mp3 preview
    bind: (fn, { data, storage, realtime }) => {
      fn.bindTable(data).bindBucket(storage, 'uploads', 'readWrite');
      realtime.grantPush(fn); // tells the uploader when the preview and waveform are ready
      // ffmpeg comes from a layer (functions/audio/ffmpeg.ts reads FFMPEG_PATH first).
      const { ffmpegLayerArn } = settings(fn);
      if (ffmpegLayerArn) {
        fn.addLayers(lambda.LayerVersion.fromLayerVersionArn(fn, 'FfmpegLayer', ffmpegLayerArn));
        fn.addEnvironment('FFMPEG_PATH', '/opt/bin/ffmpeg');
      } else {
        Annotations.of(fn).addWarningV2('label-platform:ffmpeg', 'No ffmpeg layer: deploy with -c ffmpegLayerArn=<arm64 layer with /opt/bin/ffmpeg>, or audio uploads fail');
      }
    },
  },
  {
    queue: 'royaltyImport',
    entry: 'functions/royalties/import/worker.ts',
    memorySize: 3008, // DuckDB parses and aggregates in memory; Lambda CPU scales with memory
    // Lambda's most: a report of up to 5 GB (MAX_REPORT_BYTES) with its unzipped or converted
    // text; a report over one part is imported by the part workers, so no Parquet file is added.
    ephemeralStorageMiB: 10240,
    nativeModules: DUCKDB_MODULES,
    bind: (fn, { data, storage, queues, realtime }) => {
      fn.bindTable(data).bindBucket(storage, 'ledger', 'readWrite');
      realtime.grantPush(fn); // the uploader watches the import's progress
      // A large report is cut into parts for the part workers.
      const parts = queues.queue('royaltyImportPart');
      parts.grantSendMessages(fn);
      fn.addEnvironment(ENV.royaltyPartQueue, parts.queueUrl);
    },
  },
  {
    queue: 'royaltyImportPart',
    entry: 'functions/royalties/import/part-worker.ts',
    memorySize: 3008, // one part (~128 MB of report) is read, matched and summed in memory
    ephemeralStorageMiB: 2048, // the part's text, its Parquet file and its sums
    nativeModules: DUCKDB_MODULES,
    bind: (fn, { data, storage, realtime }) => {
      fn.bindTable(data).bindBucket(storage, 'ledger', 'readWrite');
      realtime.grantPush(fn);
    },
  },
];

export class Workers extends Construct {
  readonly functions = new Map<QueueKey, ProductFunction>();

  constructor(scope: Construct, id: string, props: WorkersProps) {
    super(scope, id);
    for (const worker of WORKERS) {
      const timeout = Duration.seconds(QUEUES[worker.queue].workerTimeoutSeconds);
      const fn = new ProductFunction(this, `${worker.queue}Worker`, {
        entry: worker.entry,
        timeout,
        memorySize: worker.memorySize,
        ...(worker.ephemeralStorageMiB ? { ephemeralStorageSize: Size.mebibytes(worker.ephemeralStorageMiB) } : {}),
        ...(worker.nativeModules ? { x86: true, bundling: { nodeModules: worker.nativeModules } } : {}),
      });
      worker.bind(fn, props);
      // One message per invocation; a failed message is retried alone, then dead-lettered.
      const { concurrency } = QUEUES[worker.queue];
      fn.addEventSource(new SqsEventSource(props.queues.queue(worker.queue), { batchSize: 1, reportBatchItemFailures: true, ...(concurrency ? { maxConcurrency: concurrency } : {}) }));
      this.functions.set(worker.queue, fn);
    }
  }
}
