import { describe, expect, it } from 'vitest';
import type { LicenseItem } from '../../functions/data/entities/license.js';
import type { ManualRoyaltyItem } from '../../functions/data/entities/royalty-overlays.js';
import type { Caller } from '../../functions/lib/auth-context.js';
import type { ExpenseItem } from '../../functions/data/entities/statements.js';
import { partsOfLines, restOfLine, reversalOf, reversedExpense } from '../../functions/licensing/refund.js';
import { expenseCharge } from '../../functions/money/statements/accounts/account-figures.js';

const line = {
  tenantId: 't1',
  id: 'manual-1',
  license_id: 'lic-1',
  fields: {
    pay_period: '2026-03',
    song: 'Track',
    quantity: 1,
    currency: 'EUR',
    subtotal_payable: '33.33',
    unit_price: '33.33',
    exchange_rate: '0.850000',
    amount: '28.330500',
    aggregator_payable: '0',
    label_payable: '28.330500',
    artist_payable: '0',
  },
} as unknown as ManualRoyaltyItem;

const license = { tenantId: 't1', id: 'lic-1' } as LicenseItem;
const caller = { user: { userId: 'u1' } } as Caller;

describe("a refund's reversal of a licence payment's line", () => {
  it('turns every money column round, quantity -1, in the refund month, keeping what the line was for', () => {
    const reversal = reversalOf(line.fields, license, caller, { day: '2026-05-14', words: 'Licence fee refunded' });
    expect(reversal).toMatchObject({ tenantId: 't1', license_id: 'lic-1', userId: 'u1' });
    expect(reversal.id).toMatch(/^manual-/);
    expect(reversal.fields).toEqual({
      ...line.fields,
      pay_period: '2026-05',
      quantity: -1,
      sales_description: 'Licence fee refunded',
      subtotal_payable: '-33.33',
      amount: '-28.330500',
      label_payable: '-28.330500',
      aggregator_payable: '0',
      artist_payable: '0',
    });
  });
});

describe('a partial refund of a licence payment', () => {
  const lines = ['33.33', '33.33', '33.34'].map((share) => ({
    ...line.fields,
    subtotal_payable: share,
    unit_price: share,
    exchange_rate: '1',
    amount: `${share}0000`,
    label_payable: `${share}0000`,
  }));

  it('takes the net from each line by its share of the fee, to the cent, every money column alike', () => {
    const parts = partsOfLines(lines, '10.03');
    expect(parts.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(parts.map((p) => [p.fields.subtotal_payable, p.fields.unit_price, p.fields.amount])).toEqual([
      ['3.34', '3.34', '3.340000'],
      ['3.34', '3.34', '3.340000'],
      ['3.35', '3.35', '3.350000'],
    ]);
    // Reversed, they take back exactly the net.
    const reversed = parts.map((p) => reversalOf(p.fields, license, caller, { day: '2026-05-14', words: 'Part' }));
    expect(reversed.map((r) => r.fields.subtotal_payable)).toEqual(['-3.34', '-3.34', '-3.35']);
    expect(reversed.map((r) => r.fields.label_payable)).toEqual(['-3.340000', '-3.340000', '-3.350000']);
    expect(reversed.every((r) => r.fields.quantity === -1 && r.fields.pay_period === '2026-05')).toBe(true);
    // A line worth nothing takes nothing; no lines, nothing to take from.
    expect(
      partsOfLines([{ ...lines[0], subtotal_payable: '0.00' }, lines[1] ?? {}], '1.00').map((p) => p.index),
    ).toEqual([1]);
    expect(partsOfLines([], '1.00')).toEqual([]);
  });

  it('leaves the rest of a line for the full refund, so the line and all its refunds net to nothing', () => {
    const [first] = lines;
    const refunds = [partsOfLines(lines, '10.03'), partsOfLines(lines, '20.00')].map(
      (parts) => reversalOf(parts[0]?.fields ?? {}, license, caller, { day: '2026-05-14', words: 'Part' }).fields,
    );
    const rest = restOfLine(first ?? {}, refunds);
    expect([rest.subtotal_payable, rest.unit_price, rest.amount, rest.label_payable]).toEqual([
      '23.32',
      '23.32',
      '23.320000',
      '23.320000',
    ]);
    expect(restOfLine(first ?? {}, [])).toBe(first);
  });
});

describe("a refund's reversal of an incoming licence's expense", () => {
  const expense = {
    tenantId: 't1',
    expenseId: 'exp-1',
    type: 'Expense',
    date: '2026-03-02',
    description: 'Licence fee to Sample House: a sample',
    supplier: 'Sample House',
    category: 'Licensing',
    tags: ['licensing'],
    recoupable: true,
    recoupable_percentage: 37.5,
    subtotal: '33.33',
    vat: '0.00',
    total: '33.33',
    paid: true,
    expensable_type: 'Label',
    expensable_id: 'label-1',
    accountKey: 'Payee#p1',
    release_id: 'rel-1',
    statement_id: 'st-1',
    createdAt: 1,
    updatedAt: 2,
  } as unknown as ExpenseItem;

  it('charges the same account the same part with the sign turned, dated the refund, as an expense of its own', () => {
    const reversal = reversedExpense(expense, { day: '2026-05-14', words: 'Licence fee refunded by Sample House' });
    expect(reversal.expenseId).not.toBe('exp-1');
    expect({ ...reversal, expenseId: 'new' }).toEqual({
      tenantId: 't1',
      expenseId: 'new',
      type: 'Expense',
      date: '2026-05-14',
      description: 'Licence fee refunded by Sample House',
      supplier: 'Sample House',
      category: 'Licensing',
      tags: ['licensing'],
      recoupable: true,
      recoupable_percentage: 37.5,
      subtotal: '-33.33',
      vat: '0.00',
      total: '-33.33',
      paid: true,
      expensable_type: 'Label',
      expensable_id: 'label-1',
      accountKey: 'Payee#p1',
      release_id: 'rel-1',
    });
  });

  it('gives back on a statement exactly what the expense took, to the cent, however the part rounds', () => {
    // 33.33 × 37.5 % = 12.49875: rounded half-up to 12.50 taken, and -12.50 given back, never -12.49.
    for (const total of ['33.33', '0.01', '99.99', '1234.57']) {
      const taken = expenseCharge({ total, recoupable_percentage: 37.5 });
      const given = expenseCharge({
        total: reversedExpense({ ...expense, total }, { day: '2026-05-14', words: 'x' }).total,
        recoupable_percentage: 37.5,
      });
      expect(taken.plus(given).toFixed(2)).toBe('0.00');
    }
  });
});
