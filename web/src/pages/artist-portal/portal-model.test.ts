import { describe, expect, it } from 'vitest';
import { portalPaidWords, portalStatementPeriod } from './portal-model';

describe("a statement's period on the portal pages", () => {
  it('reads as the label’s statement page and the PDF write it', () => {
    expect(portalStatementPeriod({ start_pay_period: '2026-03', end_pay_period: '2026-03' })).toBe('Mar 2026');
    expect(portalStatementPeriod({ start_pay_period: '2026-01', end_pay_period: '2026-03' })).toBe(
      'Q1 2026 (Jan 2026 to Mar 2026)',
    );
    expect(portalStatementPeriod({ start_pay_period: '2026-01', end_pay_period: '2026-12' })).toBe(
      '2026 (Jan 2026 to Dec 2026)',
    );
    expect(portalStatementPeriod({ start_pay_period: '2026-09', end_pay_period: '2026-10' })).toBe(
      'Sep 2026 to Oct 2026',
    );
  });
});

describe('whether a statement was paid, on the portal pages', () => {
  it('says the day it was paid where its payment recorded one, as every page writes a day', () => {
    expect(portalPaidWords({ paid: true, paid_on: '2026-04-10' })).toBe('Yes, on 10th Apr 2026');
    expect(portalPaidWords({ paid: true, paid_on: '2026-12-01' })).toBe('Yes, on 1st Dec 2026');
    expect(portalPaidWords({ paid: true, paid_on: null })).toBe('Yes');
    expect(portalPaidWords({ paid: false, paid_on: null })).toBe('No');
  });
});
