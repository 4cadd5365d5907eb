import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportWhileUnanswered, UNANSWERED_REPORT_MS } from '../../infra/local/gateway.js';

describe('the local gateway reports a request that is not answered (infra/local/gateway.ts)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the route every 30 s while unanswered, and says nothing once answered', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const warnings: string[] = [];
    const answered = reportWhileUnanswered('GET /api/v1/royalties', Date.now(), (line: string) => warnings.push(line));
    vi.advanceTimersByTime(UNANSWERED_REPORT_MS - 1);
    expect(warnings).toEqual([]);
    vi.advanceTimersByTime(UNANSWERED_REPORT_MS + 1);
    expect(warnings).toEqual([
      '[gateway] GET /api/v1/royalties not answered after 30000 ms',
      '[gateway] GET /api/v1/royalties not answered after 60000 ms',
    ]);
    answered();
    vi.advanceTimersByTime(10 * UNANSWERED_REPORT_MS);
    expect(warnings).toHaveLength(2);
  });
});
