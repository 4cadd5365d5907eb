import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../functions/lib/validation.js';
import { accountEntryInput, accountEntryUpdate, expenseInput, expenseUpdate } from '../../shared/schemas/expense.js';
import { payeeInput } from '../../shared/schemas/catalogue.js';

/**
 * What users send for expenses, account entries and payees' money fields (shared/schemas/expense.ts,
 * money.ts): amounts in cents as strings, refused naming the field; an expense defaults to not recoupable, at 100 %.
 */
const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return { ...fieldErrors(result.error as never, input) };
};
const minimal = { date: '2026-03-01', description: 'Artwork', subtotal: '100' };

describe('expense input', () => {
  it('defaults recoupable false, 100 %, VAT 0.00 and the total to subtotal + VAT, in cents', () => {
    expect(expenseInput.parse(minimal)).toMatchObject({
      type: 'Expense',
      recoupable: false,
      recoupable_percentage: 100,
      subtotal: '100.00',
      vat: '0.00',
      total: '100.00',
      paid: false,
      tags: [],
    });
    expect(expenseInput.parse({ ...minimal, vat: '20.5', total: '120.50' }).total).toBe('120.50');
  });

  it('refuses more than 2 decimals, a float, a negative subtotal or a disagreeing total, naming the field', () => {
    expect(errorsOf(expenseInput, { ...minimal, subtotal: '1.005' })).toEqual({
      subtotal: ['Subtotal must be an amount with up to 2 decimals'],
    });
    expect(errorsOf(expenseInput, { ...minimal, subtotal: 12.5 })).toEqual({
      subtotal: ['Subtotal must be an amount with up to 2 decimals'],
    });
    expect(errorsOf(expenseInput, { ...minimal, subtotal: '-1.00' })).toEqual({
      subtotal: ['Subtotal must not be negative'],
    });
    expect(errorsOf(expenseInput, { ...minimal, vat: 'abc' })).toEqual({
      vat: ['VAT must be an amount with up to 2 decimals'],
    });
    expect(errorsOf(expenseInput, { ...minimal, vat: '20.00', total: '100.00' })).toEqual({
      total: ['Total must equal subtotal + VAT (120.00)'],
    });
    expect(errorsOf(expenseInput, { date: '2026-03-01', description: 'x' })).toEqual({
      subtotal: ['Subtotal is required'],
    });
    expect(errorsOf(expenseInput, { ...minimal, date: '01/03/2026' })).toEqual({
      date: ['Date must be a date (YYYY-MM-DD)'],
    });
    expect(errorsOf(expenseInput, { ...minimal, recoupable_percentage: 101 })).toEqual({
      recoupable_percentage: ['Recoupable percentage must be a number from 0 to 100 with up to 2 decimals'],
    });
  });

  it('needs the account a recoupable expense is recouped from, and a distribution expense’s label', () => {
    expect(errorsOf(expenseInput, { ...minimal, recoupable: true })).toEqual({
      payee: ['Payee is required for a recoupable expense'],
    });
    expect(errorsOf(expenseInput, { ...minimal, type: 'DistributionExpense' })).toEqual({
      expensable_id: ['Label is required for a distribution expense'],
    });
    expect(
      expenseInput.parse({
        ...minimal,
        recoupable: true,
        recoupable_percentage: '50',
        payee: { type: 'Payee', id: 'P' },
      }),
    ).toMatchObject({ recoupable_percentage: 50, payee: { type: 'Payee', id: 'P' } });
  });

  it('lets an update clear optional fields and leave the rest alone', () => {
    expect(expenseUpdate.parse({ supplier: '', release_id: null })).toEqual({ supplier: null, release_id: null });
    expect(errorsOf(expenseUpdate, { total: '1.234' })).toEqual({
      total: ['Total must be an amount with up to 2 decimals'],
    });
  });
});

describe('account entry input', () => {
  const advance = { account: { type: 'Payee', id: 'P' }, kind: 'advance', amount: '300', date: '2026-01-10' };
  it('takes a positive advance, reserve or release and a signed, non-zero transfer or adjustment', () => {
    expect(accountEntryInput.parse(advance).amount).toBe('300.00');
    expect(errorsOf(accountEntryInput, { ...advance, amount: '-300' })).toEqual({
      amount: ['Amount must be more than 0'],
    });
    expect(accountEntryInput.parse({ ...advance, kind: 'transfer', amount: '-5.5' }).amount).toBe('-5.50');
    expect(errorsOf(accountEntryInput, { ...advance, kind: 'adjustment', amount: '0' })).toEqual({
      amount: ['Amount must not be 0'],
    });
    expect(errorsOf(accountEntryInput, { ...advance, kind: 'payment' })).toHaveProperty('kind');
    expect(errorsOf(accountEntryInput, { ...advance, account: { type: 'Company', id: 'x' } })).toHaveProperty(
      'account.type',
    );
    expect(errorsOf(accountEntryUpdate, { account: advance.account })).toEqual({
      account: ['Account is not a known field'],
    });
  });
});

describe('payee money fields', () => {
  it('take a minimum payout in cents, self-billing and VAT settings', () => {
    expect(
      payeeInput.parse({ name: 'P', minimum_payout: '50', self_billing: true, vat_registered: true, vat_rate: 20 }),
    ).toMatchObject({ minimum_payout: '50.00', self_billing: true, vat_rate: 20 });
    expect(errorsOf(payeeInput, { name: 'P', minimum_payout: '5.001' })).toEqual({
      minimum_payout: ['Minimum payout must be an amount with up to 2 decimals'],
    });
    expect(payeeInput.parse({ name: 'P', minimum_payout: '' }).minimum_payout).toBeUndefined();
  });
});
