import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/processes.js';
import { startSqs } from '../../infra/local/sqs.js';

/** The local queues' pollers (infra/local/sqs.ts), on the real queue emulator. */
describe('the local queues (infra/local/sqs.ts)', () => {
  let sqs: Awaited<ReturnType<typeof startSqs>> | undefined;
  afterEach(async () => {
    await sqs?.stop();
    vi.restoreAllMocks();
  });

  /**
   * The local cloud's stop: its queue pollers stop taking messages before the worker threads are ended, so a batch a
   * thread had in hand, failing because its thread was ended, is not printed as a worker's failure (it was printed on
   * every stop during a statement run: "[statementRun] worker failed: … thread ended (exit code 1)").
   */
  it('does not report a batch that fails once polling has stopped, and reports one that fails before', async () => {
    sqs = await startSqs({ port: await freePort(), region: 'eu-west-2' });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const inHand: ((error: Error) => void)[] = [];
    sqs.consume('uploadEvents', () => new Promise((_resolve, reject) => inHand.push(reject)));

    await sqs.send('uploadEvents', { first: true });
    await vi.waitFor(() => expect(inHand).toHaveLength(1), { timeout: 10_000 });
    inHand[0]?.(new Error('a worker that failed while the cloud runs'));
    await vi.waitFor(() => expect(printed).toHaveBeenCalledTimes(1));
    expect(String(printed.mock.calls[0]?.[0])).toBe('[uploadEvents] worker failed:');

    // Given back after 2 s, the message comes again: this time the cloud stops while it is in hand.
    await vi.waitFor(() => expect(inHand).toHaveLength(2), { timeout: 10_000 });
    sqs.stopPolling();
    inHand[1]?.(new Error('The worker thread ended (exit code 1)'));
    await sqs.stop();
    sqs = undefined;
    expect(printed).toHaveBeenCalledTimes(1);
  }, 30_000);

  /**
   * A local worker that never answers does not hold its queue for good: at its Lambda's timeout the batch fails and
   * the queue delivers it again, as in AWS (a worker waiting on a call that never answered kept its poller forever).
   */
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
