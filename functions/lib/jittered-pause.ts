/**
 * The wait before another try at a write that lost a race: random up to 20 ms × 2^attempt, at most a second, so the
 * writers that collided spread out instead of colliding again.
 */
export const jitteredPause = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.min(1000, 20 * 2 ** Math.min(attempt, 6)) * Math.random()));
