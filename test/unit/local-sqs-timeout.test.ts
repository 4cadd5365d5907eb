import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/processes.js';
import { startSqs } from '../../infra/local/sqs.js';

/**
 * A local worker that never answers does not hold its queue for good: at its Lambda's timeout the batch fails and the
 * queue delivers it again, as in AWS (a worker waiting on a call that never answered kept its poller forever).
 */
describe('the local queues and a worker past its timeout (infra/local/sqs.ts)', () => {
  let sqs: Awaited<ReturnType<typeof startSqs>> | undefined;
  afterEach(async () => {
    await sqs?.stop();
    vi.restoreAllMocks();
  });

  it('fails the batch at the timeout and delivers it again', async () => {
    sqs = await startSqs({ port: await freePort(), region: 'eu-west-2', workerTimeoutSeconds: () => 1 });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bodies: string[] = [];
    sqs.consume('uploadEvents', async (event) => {
      bodies.push(...event.Records.map((r) => r.body));
      // The first delivery waits on something that never answers; the second is done at once.
      if (bodies.length === 1) await new Promise(() => undefined);
    });

    await sqs.send('uploadEvents', { key: 'a' });
    await vi.waitFor(() => expect(bodies).toHaveLength(2), { timeout: 15_000 });
    expect(bodies[1]).toBe(bodies[0]);
    expect(String(printed.mock.calls[0]?.[0])).toBe('[uploadEvents] worker failed:');
    expect(String(printed.mock.calls[0]?.[1])).toContain("took longer than 1 s, its Lambda's timeout");
    // Answered the second time: deleted, not delivered a third time.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(bodies).toHaveLength(2);
  }, 30_000);
});
