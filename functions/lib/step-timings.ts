import { BroadcastChannel } from 'node:worker_threads';

/**
 * Where a statement run's time goes, part by part (the publish step's passes, numbering, each S3 write, the PDF,
 * the mail, the progress writes), summed over every step in this process. Off unless STATEMENT_TIMINGS=1:
 * the statements bench turns it on and prints each part's share of the run, so a slow step is found by
 * measuring, not by guessing. Timing costs two clock reads per part when on and nothing when off.
 *
 * The local cloud runs the statement worker in threads of its own (infra/local/worker-threads.ts), each with its own
 * totals: the bench's thread asks them all on one channel and adds up their answers.
 */
type Part = { ms: number; calls: number };
type Totals = Map<string, Part>;
type Question = { ask: 'totals'; id: number } | { ask: 'reset' };
type Answer = { id: number; totals: [string, Part][] };

const totals: Totals = new Map();
const CHANNEL = 'statement-step-timings';
/** How long the asking thread waits for the other threads' totals. */
const ANSWER_WAIT_MS = 300;

const on = () => process.env.STATEMENT_TIMINGS === '1';

/** Adds a part's time and calls to its total: a timed call in this thread, or another thread's total. */
function addPart(into: Totals, name: string, part: Part) {
  const sum = into.get(name) ?? { ms: 0, calls: 0 };
  into.set(name, { ms: sum.ms + part.ms, calls: sum.calls + part.calls });
}

let listening: BroadcastChannel | undefined;
/** This thread answers the channel once it has timed something (so a thread that never times keeps no channel). */
function answerQuestions() {
  if (listening) return;
  listening = new BroadcastChannel(CHANNEL);
  listening.unref();
  listening.onmessage = (event) => {
    // The channel carries the answers too: only questions are answered.
    const message = (event as { data: Question | Answer }).data;
    if (!('ask' in message)) return;
    if (message.ask === 'reset') totals.clear();
    else listening?.postMessage({ id: message.id, totals: [...totals] } satisfies Answer);
  };
}

/** Runs `work`, adding its time to the part `name` when timings are on. */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!on()) return work();
  answerQuestions();
  const started = performance.now();
  try {
    return await work();
  } finally {
    addPart(totals, name, { ms: performance.now() - started, calls: 1 });
  }
}

/** What was measured so far in every thread of this process, largest part first. */
export async function stepTimings(): Promise<{ name: string; ms: number; calls: number }[]> {
  const all: Totals = new Map();
  // Every thread that timed something answers, this one too (a channel hears the others of its name in its own
  // thread), so this thread's totals come as an answer like the rest.
  const asking = new BroadcastChannel(CHANNEL);
  const id = Math.random();
  asking.onmessage = (event) => {
    const message = (event as { data: Question | Answer }).data;
    if (!('ask' in message) && message.id === id) for (const [name, part] of message.totals) addPart(all, name, part);
  };
  asking.postMessage({ ask: 'totals', id } satisfies Question);
  await new Promise((resolve) => setTimeout(resolve, ANSWER_WAIT_MS));
  asking.close();
  return [...all].map(([name, part]) => ({ name, ...part })).sort((a, b) => b.ms - a.ms);
}

/** Starts the measure again in every thread: the bench times its second run (under contracts) on its own. */
export function resetStepTimings(): void {
  totals.clear();
  const asking = new BroadcastChannel(CHANNEL);
  asking.postMessage({ ask: 'reset' } satisfies Question);
  asking.close();
}
