import { threadId } from 'node:worker_threads';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadedWorker } from '../../infra/local/worker-threads.js';
import { stepTimings } from '../../functions/lib/step-timings.js';

const batch = (...bodies: string[]): SQSEvent =>
  ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body })) }) as unknown as SQSEvent;

type Answer = { threadId: number; batchItemFailures: { itemIdentifier: string }[] };

describe('a fan-out worker in threads of its own (infra/local/worker-threads.ts)', () => {
  const previous = process.env.STATEMENT_TIMINGS;
  let worker: ReturnType<typeof threadedWorker>;
  const run = async (event: SQSEvent) => (await worker.handler(event, {} as never, () => undefined)) as Answer;

  beforeAll(() => {
    // A thread's environment is a copy of this one when it starts: timings on, so its totals can be asked for.
    process.env.STATEMENT_TIMINGS = '1';
    worker = threadedWorker('test/support/thread-handler.ts', 2);
  });
  afterAll(async () => {
    await worker.stop();
    if (previous === undefined) delete process.env.STATEMENT_TIMINGS;
    else process.env.STATEMENT_TIMINGS = previous;
  });

  it("runs a batch in another thread and answers the handler's partial failures", async () => {
    const answer = await run(batch('ok', 'fail'));
    expect(answer.threadId).not.toBe(threadId);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  }, 30_000);

  it('gives two batches in hand at once to two threads', async () => {
    const [first, second] = await Promise.all([run(batch('wait')), run(batch('wait'))]);
    expect(first.threadId).not.toBe(second.threadId);
  }, 30_000);

  it("fails the batch with the handler's error", async () => {
    await expect(run(batch('throw'))).rejects.toThrow('the handler threw');
  });

  it("adds up every thread's timings when asked from this one", async () => {
    const batches = async () => (await stepTimings()).find((part) => part.name === 'thread.batch')?.calls ?? 0;
    const before = await batches();
    // Two batches in hand at once go to the two threads, then one more: neither thread alone ran all three.
    await Promise.all([run(batch('wait')), run(batch('wait'))]);
    await run(batch('ok'));
    expect((await batches()) - before).toBe(3);
  }, 30_000);

  it('fails the batch of a thread that ended, and serves the next batch in a new thread', async () => {
    const before = await run(batch('ok'));
    await expect(run(batch('exit'))).rejects.toThrow(/thread ended \(exit code 3\)/);
    const after = await run(batch('ok'));
    expect(after.batchItemFailures).toEqual([]);
    expect(after.threadId).not.toBe(before.threadId);
  }, 30_000);

  it('finishes the batches in hand before it ends its threads', async () => {
    const stopping = threadedWorker('test/support/thread-handler.ts', 1);
    const inHand = stopping.handler(batch('wait'), {} as never, () => undefined) as Promise<Answer>;
    await stopping.stop();
    expect((await inHand).batchItemFailures).toEqual([]);
  }, 30_000);

  it('stops while DuckDB answers a query in a thread without taking the process down', async () => {
    // Ended mid-query, the thread took the whole process with it (Node aborted on DuckDB's native answer): this file's
    // worker would die here instead of reaching the assertion.
    const stopping = threadedWorker('test/support/thread-handler.ts', 1);
    const inHand = stopping.handler(batch('query'), {} as never, () => undefined) as Promise<Answer>;
    // By then the thread is usually querying (it queries for a second); one still starting must be waited for too.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await stopping.stop();
    expect((await inHand).batchItemFailures).toEqual([]);
  }, 30_000);

  it('refuses batches once stopped', async () => {
    // A worker of its own: the other tests go on with theirs, whichever order they run in.
    const stopped = threadedWorker('test/support/thread-handler.ts', 1);
    await stopped.stop();
    await expect(stopped.handler(batch('ok'), {} as never, () => undefined)).rejects.toThrow(
      'The local cloud is stopping',
    );
  });
});
