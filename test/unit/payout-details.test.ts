import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  accountNumberProblem,
  bicProblem,
  ibanProblem,
  maskEmail,
  sortCodeProblem,
} from '../../shared/bank-details.js';
import { payoutDetailsProblems, type PayoutDetails } from '../../shared/schemas/payout-details.js';

/**
 * Payout details: bank details checked in the user's words before they are stored,
 * and stored sealed (AES-256-GCM) so a copy on another record, a changed byte or another key
 * does not open.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'sealed-'));
process.env.LOCAL_SEALING_KEY_FILE = path.join(dir, 'keys', 'sealing.key');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sepa: PayoutDetails = {
  method: 'sepa',
  account_name: 'Aurora Vale',
  currency: 'EUR',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  sort_code: null,
  account_number: null,
  email: null,
};

describe('bank detail checks', () => {
  it('name what is wrong with an IBAN', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanProblem('DE89370400440532013001')).toBe('This IBAN is mistyped: its check digits do not match');
    expect(ibanProblem('DE8937040044053201300')).toBe('This IBAN has the wrong length for DE');
    expect(ibanProblem('XX89370400440532013000')).toBe('XX is not a country that uses IBANs');
    expect(ibanProblem('12345')).toBe('An IBAN starts with a country code and 2 check digits');
  });

  it('name what is wrong with a BIC, a sort code and an account number', () => {
    expect(bicProblem('cobadeff')).toBeNull();
    expect(bicProblem('COBADEF')).toBe('A BIC has 8 or 11 letters and digits');
    expect(bicProblem('COBA11FF')).toBe('11 in this BIC is not a country code');
    expect(sortCodeProblem('12-34-56')).toBeNull();
    expect(sortCodeProblem('12-34-5')).toBe('A sort code has 6 digits, like 12-34-56');
    expect(accountNumberProblem('1234 5678')).toBeNull();
    expect(accountNumberProblem('1234567')).toBe('A UK account number has 8 digits');
  });

  it('ask for what each method needs, field by field', () => {
    expect(payoutDetailsProblems(sepa)).toEqual({});
    expect(payoutDetailsProblems({ ...sepa, iban: null, bic: 'BARCGB22' })).toEqual({ iban: 'IBAN is required' });
    expect(payoutDetailsProblems({ ...sepa, bic: 'BARCGB22' })).toEqual({
      bic: 'This BIC is of a bank in GB, but the IBAN is of an account in DE',
    });
    expect(payoutDetailsProblems({ ...sepa, method: 'uk_bulk', currency: 'GBP', sort_code: '1234' })).toEqual({
      sort_code: 'A sort code has 6 digits, like 12-34-56',
      account_number: 'Account number is required',
    });
    expect(payoutDetailsProblems({ ...sepa, method: 'paypal', email: 'not-mail' })).toEqual({
      email: 'This field must be a valid email',
    });
    expect(payoutDetailsProblems({ ...sepa, currency: 'GBP' })).toEqual({ currency: 'A SEPA transfer is paid in EUR' });
  });

  it('mask an e-mail to its first letter and domain', () => {
    expect(maskEmail('aurora@example.org')).toBe('a•••@example.org');
  });
});

describe('sealed values', () => {
  it('open only for the record they were sealed for, unchanged, and never hold the value in the clear', async () => {
    const { open, seal } = await import('../../functions/lib/sealed.js');
    const sealed = await seal(sepa, 'payout#t1#Payee#p1');
    expect(sealed).not.toContain('DE89370400440532013000');
    expect(Buffer.from(sealed.split('.')[3], 'base64url').toString('latin1')).not.toContain('DE8937');
    expect(await open(sealed, 'payout#t1#Payee#p1')).toEqual(sepa);
    await expect(open(sealed, 'payout#t2#Payee#p1')).rejects.toThrow();
    const [format, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    await expect(
      open([format, iv, tag, flipped.toString('base64url')].join('.'), 'payout#t1#Payee#p1'),
    ).rejects.toThrow();
    // Two seals of the same value differ (a fresh IV each time).
    expect(await seal(sepa, 'payout#t1#Payee#p1')).not.toBe(sealed);
    // The local key was generated once, readable by its owner only.
    const keyFile = process.env.LOCAL_SEALING_KEY_FILE ?? '';
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'base64')).toHaveLength(32);
  });
});
