import { threadId } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { timed } from '../../functions/lib/step-timings.js';

/**
 * A queue worker for test/unit/worker-threads.test.ts: it answers which thread ran the batch and fails the records
 * whose body says so; a body of "exit" ends its thread, "throw" throws, "wait" answers after 300 ms (so two batches
 * are in hand at once), "query" keeps DuckDB busy for about a second before it answers, and each batch is timed
 * under 'thread.batch' (step-timings.ts).
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse & { threadId: number }> {
  return timed('thread.batch', async () => {
    const bodies = event.Records.map((record) => record.body);
    if (bodies.includes('exit')) process.exit(3);
    if (bodies.includes('throw')) throw new Error('the handler threw');
    if (bodies.includes('wait')) await new Promise((resolve) => setTimeout(resolve, 300));
    if (bodies.includes('query')) await busyDuckDb(1000);
    return {
      threadId,
      batchItemFailures: event.Records.filter((r) => r.body === 'fail').map((r) => ({ itemIdentifier: r.messageId })),
    };
  });
}

/** Queries DuckDB back to back for `ms`: one query is always running until then. */
async function busyDuckDb(ms: number): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const until = Date.now() + ms;
  while (Date.now() < until) await connection.run('SELECT sum(i * i) FROM range(2000000) t(i)');
  connection.closeSync();
}
