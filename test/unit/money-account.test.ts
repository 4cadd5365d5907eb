import { describe, expect, it } from 'vitest';
import { accountKeyOf, accountOfKey, accountRefOf } from '../../functions/money/accounts/account.js';

/**
 * An account's key is what every stored statement, entry, expense, payment and payout detail is filed under, so
 * its format can never change; the account module is the only place that writes or reads it.
 */
describe('the account key', () => {
  it('is the type and the id joined by #, as stored items carry it', () => {
    expect(accountKeyOf({ type: 'Payee', id: '01HPAYEE' })).toBe('Payee#01HPAYEE');
    expect(accountKeyOf({ type: 'Artist', id: '42' })).toBe('Artist#42');
    expect(accountKeyOf({ type: 'Label', id: 'L1' })).toBe('Label#L1');
  });

  it('reads back into the reference it was made from, even when the id holds a #', () => {
    for (const account of [
      { type: 'Payee', id: '01HPAYEE' },
      { type: 'Artist', id: 'a#b' },
      { type: 'Label', id: 'L1' },
    ] as const)
      expect(accountRefOf(accountKeyOf(account))).toEqual(account);
  });

  it('is no account when its type is unknown or missing', () => {
    expect(accountRefOf('Company#1')).toBeNull();
    expect(accountRefOf('#1')).toBeNull();
    expect(accountRefOf('Payee')).toBeNull();
  });

  it('names the key when a key the code wrote itself turns out invalid', () => {
    expect(accountOfKey('Payee#7')).toEqual({ type: 'Payee', id: '7' });
    expect(() => accountOfKey('Nobody#7')).toThrow('the account of key Nobody#7 is missing');
  });
});
