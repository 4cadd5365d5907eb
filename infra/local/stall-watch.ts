/**
 * The local cloud answers every request, runs every worker (but the fan-out ones, in threads of their own:
 * worker-threads.ts) and every schedule in one Node process. A piece of synchronous work (a big parse, a PDF, a
 * sort) there holds up every other answer, which a browser test then reports as a screen that never changed.
 * This watch says so when it happens: a timer that should fire every half second and fired late means the event
 * loop was blocked for that long.
 */
const EVERY_MS = 500;
/** Blocks shorter than this are ordinary work on a busy 2-core machine; longer ones make answers late. */
const REPORT_FROM_MS = 2_000;

export function watchEventLoopStalls(
  report: (blockedMs: number) => void = printStall,
  { everyMs = EVERY_MS, reportFromMs = REPORT_FROM_MS } = {},
): () => void {
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const blocked = now - last - everyMs;
    last = now;
    if (blocked >= reportFromMs) report(Math.round(blocked));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

function printStall(blockedMs: number) {
  console.warn(`[cloud] the event loop was blocked for ${blockedMs} ms: every answer and worker waited that long`);
}
