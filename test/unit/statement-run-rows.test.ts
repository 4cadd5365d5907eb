import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { accountFigures, rowFigures } from '../../functions/money/statements/accounts/account-figures.js';
import { rowsAsStated } from '../../functions/money/statements/api/present.js';
import type { RunStatement } from '../../functions/data/access/statements.js';
import type { RunPreviewRow } from '../../shared/schemas/statement-views.js';

/**
 * A statement run's rows add up as the statement's account does: opening + royalties + costs + every other movement
 * (reserves, transfers, payments, adjustments, recouped) = closing, to the cent, before publishing and after.
 */
const MOVEMENTS = ['royalties', 'costs', 'reserves', 'transfers', 'payments', 'adjustments', 'recouped'] as const;
const addsUp = (row: RunPreviewRow) =>
  MOVEMENTS.reduce((total, key) => total.plus(row[key] ?? '0'), new Big(row.opening_balance)).toFixed(2);

// £40.00 brought forward and paid since (−£40.00), £10.00 adjusted in the payee's favour, £750.00 earned under a
// contract that held £50.00 of it in reserve and recouped the other £700.00 of its advance: £10.00 closing.
const { figures } = accountFigures({
  opening_balance: '40.00',
  royalties: '750.000000',
  rounding_in: '0.000000',
  entries: [
    { kind: 'payment', amount: '-40.00' },
    { kind: 'adjustment', amount: '10.00' },
  ],
  expenses: [],
  advances_to_date: '0.00',
  minimum_payout: '0.00',
  currency: 'GBP',
  contracts: { recouped: '700.00', unrecouped: '300.00', reserves: '-50.00' },
});

const previewed: RunPreviewRow = {
  account: { type: 'Payee', id: 'p1' },
  name: 'Rows Payee',
  email: null,
  lines: 2,
  opening_balance: '40.00',
  royalties: '750.00',
  costs: '0.00',
  closing_balance: '760.00',
  payable: '760.00',
  not_paid_reasons: [],
};

describe("a statement run's rows", () => {
  it('carry every movement of the statement, and add up to its closing balance to the cent', () => {
    expect(figures.closing_balance).toBe('10.00');
    const row = { ...previewed, ...rowFigures(figures) };
    expect(row).toMatchObject({
      opening_balance: '40.00',
      royalties: '750.00',
      costs: '0.00',
      reserves: '-50.00',
      transfers: '0.00',
      payments: '-40.00',
      adjustments: '10.00',
      recouped: '-700.00',
      closing_balance: '10.00',
      payable: '10.00',
    });
    expect(addsUp(row)).toBe(row.closing_balance);
  });

  it('say recouped 0.00 on a statement no contract recouped on, and still add up', () => {
    const plain = accountFigures({
      opening_balance: '12.34',
      royalties: '5.005000',
      rounding_in: '0.000000',
      entries: [
        { kind: 'reserve', amount: '-3.00' },
        { kind: 'transfer', amount: '-1.50' },
      ],
      expenses: [{ total: '2.00', recoupable_percentage: 50 }],
      advances_to_date: '0.00',
      minimum_payout: '0.00',
      currency: 'GBP',
    }).figures;
    const row = { ...previewed, ...rowFigures(plain) };
    expect(row.recouped).toBe('0.00');
    expect(addsUp(row)).toBe(plain.closing_balance);
  });

  it('once published, are each statement’s own figures, every movement included', () => {
    const stated: RunStatement = {
      accountKey: 'Payee#p1',
      figures,
      self_billing: null,
      withholding_tax: null,
      not_paid_reasons: [],
    } as unknown as RunStatement;
    const [row] = rowsAsStated([previewed], [stated]);
    expect(row).toMatchObject({ ...rowFigures(figures), to_pay: '10.00' });
    expect(addsUp(row)).toBe('10.00');
  });
});
