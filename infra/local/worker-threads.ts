import { Worker } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent, SQSHandler } from 'aws-lambda';

/**
 * A queue worker that runs in threads of its own instead of the local cloud's one event loop.
 *
 * In AWS a fan-out worker's invocations (the statement run's account steps) run as Lambdas of their own, each with
 * its own CPU, beside the API. Run in the cloud's one process, they shared one event loop with the API, the S3 and
 * SQS emulators and every other worker: during a statement run that loop was the whole machine's limit (one core
 * at 100 %, the other two-thirds idle), and every answer the API gave waited behind PDFs. Each thread here loads the
 * worker's module on its own (its own SDK clients, DuckDB and caches, as a Lambda has), with the same environment,
 * and gets whole batches from the queue's pollers; the threads start on the first message, so a cloud that never
 * runs the worker never pays for them. A thread that dies fails its batches (the queue delivers them again) and
 * the next batch starts a new one, as a crashed Lambda is replaced.
 */
export function threadedWorker(entry: string, threads: number): { handler: SQSHandler; stop(): Promise<void> } {
  const pool: (WorkerThread | undefined)[] = Array.from({ length: threads });
  let stopped = false;
  const handler: SQSHandler = async (event) => {
    if (stopped) throw new Error('The local cloud is stopping');
    // The thread with the fewest batches in hand, so two pollers' batches go to two threads.
    let index = 0;
    for (let i = 1; i < pool.length; i += 1) if ((pool[i]?.inHand ?? 0) < (pool[index]?.inHand ?? 0)) index = i;
    const current = pool[index];
    const thread = current?.alive ? current : startThread(entry);
    pool[index] = thread;
    return thread.run(event);
  };
  return {
    handler,
    stop: async () => {
      stopped = true;
      await Promise.all(pool.map((thread) => thread?.stop()));
    },
  };
}

type WorkerThread = {
  readonly alive: boolean;
  readonly inHand: number;
  run(event: SQSEvent): Promise<SQSBatchResponse | undefined>;
  stop(): Promise<void>;
};

/**
 * How long a stopping cloud waits for a thread's batches in hand. A statement run's batch of ten accounts takes a few
 * seconds even over a large ledger; a batch still running after this is cut off, and its job resumes on the next start.
 */
const DRAIN_MS = 30_000;
const DRAIN_POLL_MS = 50;

/** The thread's own start: tsx's hooks, then the worker's module, then batches. */
const THREAD_START = new URL('./worker-thread-start.mjs', import.meta.url);
const repoRoot = new URL('../../', import.meta.url);

function startThread(entry: string): WorkerThread {
  const worker = new Worker(THREAD_START, {
    // tsx is registered by the thread itself: whatever hooks the cloud's own process was started with stay there.
    execArgv: [],
    workerData: { entry: new URL(entry, repoRoot).href },
  });
  const waiting = new Map<number, { resolve(result: SQSBatchResponse | undefined): void; reject(e: Error): void }>();
  let alive = true;
  let nextId = 0;
  const failAll = (error: Error) => {
    alive = false;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', ({ id, result, error }: { id: number; result?: SQSBatchResponse; error?: string }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) call?.resolve(result);
    else call?.reject(new Error(error));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`The ${entry} thread ended (exit code ${code})`)));
  return {
    get alive() {
      return alive;
    },
    get inHand() {
      return waiting.size;
    },
    run: (event) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, event });
      }),
    stop: async () => {
      // Ending a thread while DuckDB answers a query in it takes the whole process down: the native query finishes
      // into a thread that is gone and Node aborts ("terminate called after throwing an instance of 'Napi::Error'"),
      // which a stopping cloud turned into a crash and a failed test run. So the batches in hand finish first (the
      // pool takes no new ones once stopping), then the thread ends; one still running after DRAIN_MS is ended anyway.
      const deadline = Date.now() + DRAIN_MS;
      while (alive && waiting.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
      await worker.terminate();
    },
  };
}
