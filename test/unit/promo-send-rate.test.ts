import { describe, expect, it } from 'vitest';
import { pacer, sendRate } from '../../functions/promos/send-rate.js';

describe('the promo sender’s pace', () => {
  it('lets the configured number of mails through per second, evenly, never faster', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    };
    const next = pacer(10, clock);
    const sentAt: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      await next();
      sentAt.push(now);
    }
    // 25 mails at 10 a second: the last goes 2.4 s after the first, and no second holds more than 10.
    expect([sentAt[0], sentAt.at(-1)]).toEqual([1_000, 3_400]);
    for (const start of sentAt)
      expect(sentAt.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(10);
    // A slow mail is not made up for by a burst beyond the rate's own schedule.
    const slow = pacer(10, clock);
    await slow();
    now += 500;
    waits.length = 0;
    await slow();
    expect(waits).toEqual([]);
  });

  it('reads the account’s rate from PROMO_SEND_RATE and shares it among the queue’s sends at once', () => {
    expect(sendRate({ PROMO_SEND_RATE: '40' })).toBe(20);
    expect(sendRate({})).toBe(7);
    expect(sendRate({ LOCAL_OUTBOX_DIR: '/tmp/outbox' })).toBe(100);
    expect(sendRate({ PROMO_SEND_RATE: 'fast' })).toBe(7);
  });
});
