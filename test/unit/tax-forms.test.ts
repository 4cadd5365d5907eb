import { describe, expect, it } from 'vitest';
import {
  taxFormExpiry,
  taxFormProblems,
  taxFormRunningOut,
  taxFormStatus,
  taxFormToStore,
  taxFormWarning,
} from '../../shared/tax-forms.js';

/** A payee's tax form: the one expiry rule, its words, the payment warning and the rules across its fields. */
describe('tax form expiry', () => {
  it('runs a W-8 to 31 December of the third calendar year after the year it was signed', () => {
    expect(taxFormExpiry('W-8BEN', '2026-03-04')).toBe('2029-12-31');
    expect(taxFormExpiry('W-8BEN-E', '2026-01-01')).toBe('2029-12-31');
    // The last and first days of a year count for their own year.
    expect(taxFormExpiry('W-8BEN', '2025-12-31')).toBe('2028-12-31');
    expect(taxFormExpiry('W-8BEN', '2026-01-01')).toBe('2029-12-31');
    // A leap day signs in its year like any other.
    expect(taxFormExpiry('W-8BEN', '2024-02-29')).toBe('2027-12-31');
  });

  it('never runs out for a W-9, whatever date is given', () => {
    expect(taxFormExpiry('W-9', '2020-05-05')).toBeNull();
    expect(taxFormExpiry('W-9', '2020-05-05', '2021-01-01')).toBeNull();
  });

  it('takes an Other form’s own date, if it has one, and ignores a date given for a W-8', () => {
    expect(taxFormExpiry('Other', '2026-03-04', '2027-04-05')).toBe('2027-04-05');
    expect(taxFormExpiry('Other', '2026-03-04', '')).toBeNull();
    expect(taxFormExpiry('Other', '2026-03-04')).toBeNull();
    expect(taxFormExpiry('W-8BEN', '2026-03-04', '2027-01-01')).toBe('2029-12-31');
  });

  it('has nothing to work from without a form or a signed day', () => {
    expect(taxFormExpiry('', '2026-03-04')).toBeNull();
    expect(taxFormExpiry(undefined, undefined)).toBeNull();
    expect(taxFormExpiry('W-8BEN', '')).toBeNull();
  });
});

describe('tax form status', () => {
  const w8 = { tax_form: 'W-8BEN', tax_form_signed_on: '2026-03-04', tax_form_expires_on: '2029-12-31' };

  it('says which form is on file and until when, in the words every page shows days in', () => {
    expect(taxFormStatus(w8, '2026-06-01')).toBe('W-8BEN, valid until 31st Dec 2029');
    // The last day is still a good day; the day after, it has run out.
    expect(taxFormStatus(w8, '2029-12-31')).toBe('W-8BEN, valid until 31st Dec 2029');
    expect(taxFormStatus(w8, '2030-01-01')).toBe('W-8BEN expired on 31st Dec 2029');
    expect(
      taxFormStatus({ tax_form: 'W-9', tax_form_signed_on: '2020-01-01', tax_form_expires_on: '' }, '2040-01-01'),
    ).toBe('W-9 on file');
    expect(taxFormStatus({ tax_form: 'Other', tax_form_expires_on: '' }, '2026-06-01')).toBe('Other tax form on file');
    expect(taxFormStatus({ tax_form: 'Other', tax_form_expires_on: '2027-04-05' }, '2026-06-01')).toBe(
      'Other tax form, valid until 5th Apr 2027',
    );
    expect(taxFormStatus({}, '2026-06-01')).toBe('No tax form');
    expect(taxFormStatus({ tax_form: '', tax_form_expires_on: '' }, '2026-06-01')).toBe('No tax form');
  });
});

describe('tax form warning before a payment', () => {
  const w8 = { tax_form: 'W-8BEN-E', tax_form_expires_on: '2025-12-31' };

  it('warns of a form run out, or that runs out before the payment date; never of a good or absent one', () => {
    expect(taxFormWarning(w8, '2026-01-05', '2026-01-02')).toBe('Tax form expired on 31st Dec 2025');
    expect(taxFormWarning(w8, '2026-01-05', '2025-12-20')).toBe(
      'Tax form expires on 31st Dec 2025, before the payment date',
    );
    expect(taxFormWarning(w8, '2025-12-31', '2025-12-20')).toBeNull();
    expect(taxFormWarning({ tax_form: 'W-9', tax_form_expires_on: '' }, '2030-01-01', '2030-01-01')).toBeNull();
    expect(taxFormWarning({}, '2030-01-01', '2030-01-01')).toBeNull();
  });

  it('counts forms run out or running out within 90 days as ones to ask again for', () => {
    expect(taxFormRunningOut(w8, '2026-01-02')).toBe(true);
    expect(taxFormRunningOut(w8, '2025-10-02')).toBe(true);
    expect(taxFormRunningOut(w8, '2025-10-01')).toBe(false);
    expect(taxFormRunningOut({ tax_form: 'W-9', tax_form_expires_on: '' }, '2026-01-02')).toBe(false);
  });
});

describe('tax form rules across its fields', () => {
  const today = '2026-06-01';

  it('needs the signed day of a form given, not in the future, and an Other expiry not before it', () => {
    expect(taxFormProblems({ tax_form: 'W-8BEN', tax_form_signed_on: '' }, today)).toEqual({
      tax_form_signed_on: 'Tax form signed on is required',
    });
    expect(taxFormProblems({ tax_form: 'W-9', tax_form_signed_on: '2026-06-02' }, today)).toEqual({
      tax_form_signed_on: 'Tax form signed on must not be in the future',
    });
    expect(
      taxFormProblems(
        { tax_form: 'Other', tax_form_signed_on: '2026-03-04', tax_form_expires_on: '2026-03-03' },
        today,
      ),
    ).toEqual({ tax_form_expires_on: 'Tax form expires on must be on or after the day it was signed' });
    expect(
      taxFormProblems(
        { tax_form: 'Other', tax_form_signed_on: '2026-03-04', tax_form_expires_on: '2026-03-04' },
        today,
      ),
    ).toEqual({});
    expect(taxFormProblems({ tax_form: 'W-8BEN', tax_form_signed_on: today }, today)).toEqual({});
    expect(taxFormProblems({ tax_form: '', tax_form_signed_on: '2030-01-01' }, today)).toEqual({});
  });

  it('stores no days without a form, and the worked-out expiry with one', () => {
    expect(
      taxFormToStore({ tax_form: '', tax_form_signed_on: '2026-03-04', tax_form_expires_on: '2027-01-01' }),
    ).toEqual({
      tax_form: '',
      tax_form_signed_on: '',
      tax_form_expires_on: '',
    });
    expect(
      taxFormToStore({ tax_form: 'W-8BEN', tax_form_signed_on: '2026-03-04', tax_form_expires_on: '2027-01-01' }),
    ).toEqual({
      tax_form: 'W-8BEN',
      tax_form_signed_on: '2026-03-04',
      tax_form_expires_on: '2029-12-31',
    });
    expect(taxFormToStore({ tax_form: 'W-9', tax_form_signed_on: '2026-03-04' })).toMatchObject({
      tax_form_expires_on: '',
    });
  });
});
