import { expect, it } from 'vitest';
import { watchEventLoopStalls } from '../../infra/local/stall-watch.js';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('reports a blocked event loop with about how long it was blocked, and stays quiet while it is free', async () => {
  const reports: number[] = [];
  const stop = watchEventLoopStalls((ms) => reports.push(ms), { everyMs: 20, reportFromMs: 500 });
  try {
    await wait(100);
    expect(reports).toEqual([]);
    busyFor(900);
    await wait(60);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeGreaterThanOrEqual(500);
    expect(reports[0]).toBeLessThan(5_000);
  } finally {
    stop();
  }
});
