/**
 * The local stand-in for EventBridge schedules: each job runs on a timer and can be run by
 * hand (POST /_local/schedules/{name}).
 */
export function startScheduler(jobs: Record<string, { everyMs: number; run: () => Promise<unknown> }>) {
  const timers = Object.values(jobs).map((job) =>
    setInterval(() => void job.run().catch((e) => console.error('[scheduler]', e)), job.everyMs),
  );
  return {
    runNow: async (name: string) => {
      const job = jobs[name];
      if (!job) throw new Error(`No scheduled job named ${name}`);
      return job.run();
    },
    stop: () => timers.forEach(clearInterval),
  };
}
