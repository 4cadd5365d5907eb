import { describe, expect, it } from 'vitest';
import { SCHEDULE_LEASE_MS } from '../../functions/promos/scheduled-send.js';
import { SCHEDULED_JOBS } from '../../infra/functions.js';

describe('the scheduled promo send’s lease', () => {
  it('outlasts the schedule job’s longest run, so a run whose lease is over has surely stopped', () => {
    expect(SCHEDULE_LEASE_MS).toBeGreaterThan(SCHEDULED_JOBS.promoSends.timeoutSeconds * 1000);
  });
});
