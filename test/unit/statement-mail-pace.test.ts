import { describe, expect, it } from 'vitest';
import { QUEUES } from '../../infra/resources.js';
import { pacer } from '../../functions/lib/pacer.js';
import { statementMailRate } from '../../functions/money/statements/runs/mail-pace.js';

describe('the statement mails’ pace', () => {
  it('shares the account’s sending rate among the statement workers AWS runs at once', () => {
    const workers = QUEUES.statementRun.fanOut?.concurrency ?? 1;
    // SES's starting quota for a production account, unless the account's own is given.
    expect(statementMailRate({})).toBe(14 / workers);
    expect(statementMailRate({ STATEMENT_MAIL_RATE: '100' })).toBe(100 / workers);
    expect(statementMailRate({ STATEMENT_MAIL_RATE: 'fast' })).toBe(14 / workers);
    expect(statementMailRate({ STATEMENT_MAIL_RATE: '-3' })).toBe(14 / workers);
    // Together the workers never pass the quota.
    expect(statementMailRate({ STATEMENT_MAIL_RATE: '50' }) * workers).toBe(50);
  });

  it('does not pace the local outbox, which has no quota', () => {
    expect(statementMailRate({ LOCAL_OUTBOX_DIR: '/tmp/outbox' })).toBe(Number.POSITIVE_INFINITY);
  });

  it('does not save up idle time: a warm worker’s next run mails at the rate, not in a burst', async () => {
    let now = 0;
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
    };
    const next = pacer(4, clock);
    await next();
    // The worker sat idle for a minute between two runs.
    now += 60_000;
    const sentAt: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await next();
      sentAt.push(now);
    }
    expect(sentAt).toEqual([60_000, 60_250, 60_500, 60_750, 61_000, 61_250, 61_500, 61_750]);
  });
});
