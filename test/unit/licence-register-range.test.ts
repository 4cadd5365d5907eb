import { describe, expect, it } from 'vitest';
import { quarterAround } from '../../shared/schemas/day-range.js';
import { invoiceRegisterQuery } from '../../shared/schemas/licensing.js';

/**
 * The register of licence invoices and credit notes covers a calendar quarter unless told otherwise: the quarter of
 * today, or of the one day given.
 */
describe('the register’s range of days', () => {
  it('is the calendar quarter holding a day, first to last day', () => {
    expect(quarterAround('2026-02-14')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterAround('2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterAround('2024-05-01')).toEqual({ from: '2024-04-01', to: '2024-06-30' });
    expect(quarterAround('2026-12-31')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('fills the missing end from the quarter of the one given, and keeps both when both are given', () => {
    expect(invoiceRegisterQuery.parse({ from: '2026-08-01' })).toEqual({ from: '2026-08-01', to: '2026-09-30' });
    expect(invoiceRegisterQuery.parse({ to: '2026-11-02' })).toEqual({ from: '2026-10-01', to: '2026-11-02' });
    expect(invoiceRegisterQuery.parse({ from: '2026-01-05', to: '2026-02-01' })).toEqual({
      from: '2026-01-05',
      to: '2026-02-01',
    });
  });
});
