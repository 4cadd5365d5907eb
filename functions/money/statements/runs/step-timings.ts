/**
 * Where a statement run's time goes, part by part (numbering, each S3 write, the PDF, the mail, the
 * progress writes), summed over every account step in this process. Off unless STATEMENT_TIMINGS=1:
 * the statements bench turns it on and prints each part's share of the run, so a slow step is found by
 * measuring, not by guessing. Timing costs two clock reads per part when on and nothing when off.
 */
const totals = new Map<string, { ms: number; calls: number }>();

const on = () => process.env.STATEMENT_TIMINGS === '1';

/** Runs `work`, adding its time to the part `name` when timings are on. */
export async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!on()) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    const part = totals.get(name) ?? { ms: 0, calls: 0 };
    part.ms += performance.now() - started;
    part.calls += 1;
    totals.set(name, part);
  }
}

/** What was measured so far, largest part first. */
export function stepTimings(): { name: string; ms: number; calls: number }[] {
  return [...totals].map(([name, part]) => ({ name, ...part })).sort((a, b) => b.ms - a.ms);
}

/** Starts the measure again: the bench times its second run (under contracts) on its own. */
export function resetStepTimings(): void {
  totals.clear();
}
