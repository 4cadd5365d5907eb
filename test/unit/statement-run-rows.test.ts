import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { accountFigures, rowFigures } from '../../functions/money/statements/accounts/account-figures.js';
import { rowsAsStated } from '../../functions/money/statements/api/present.js';
import { previewContractFigures } from '../../functions/money/statements/runs/preview-contracts.js';
import type { RecoupmentPosition } from '../../shared/contract-recoupment.js';
import type { StatementHead } from '../../functions/data/access/statements.js';
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

describe('what contracts do to a previewed statement', () => {
  const run = { tenantId: 't1', start_pay_period: '2031-08', end_pay_period: '2031-08' };
  const position = (fields: Partial<RecoupmentPosition> & { contract_id: string }): RecoupmentPosition => ({
    name: `Contract ${fields.contract_id}`,
    to_recoup: '0.00',
    recouped: '0.00',
    version: 1,
    ...fields,
  });

  it('recoups one contract’s balance payee after payee in the run’s order, reading the positions once', async () => {
    const reads: string[][] = [];
    const figures = await previewContractFigures(
      run,
      [
        { account: { type: 'Payee', id: 'one' }, contracts: [{ contract_id: 'c1', earned: '10.004000' }] },
        { account: { type: 'Payee', id: 'none' } },
        { account: { type: 'Payee', id: 'two' }, contracts: [{ contract_id: 'c1', earned: '10.000000' }] },
      ],
      () => [],
      async (_tenant, ids) => {
        reads.push([...ids]);
        return [position({ contract_id: 'c1', to_recoup: '15.00', recouped: '0.00' })];
      },
    );
    expect(reads).toEqual([['c1']]);
    // £15.00 to recoup: the first payee's £10.00 (whole cents of £10.004), then the £5.00 left of the second's.
    expect(Object.fromEntries(figures)).toEqual({
      'Payee#one': { recouped: '10.00', unrecouped: '5.00', reserves: '0.00' },
      'Payee#two': { recouped: '5.00', unrecouped: '0.00', reserves: '0.00' },
    });
  });

  it('holds a reserve on physical sales and releases the one the previous statement in force carries', async () => {
    const head = (fields: Partial<StatementHead>) =>
      ({ accountKey: 'Payee#p', start_pay_period: '2031-06', end_pay_period: '2031-06', ...fields }) as StatementHead;
    const carried = [
      { contract_id: 'c2', name: 'Contract c2', held: '50.00', periods: 2, releases: 0, released: '0.00' },
    ];
    const figures = await previewContractFigures(
      run,
      [
        {
          account: { type: 'Payee', id: 'p' },
          contracts: [{ contract_id: 'c2', earned: '100.000000', physical: '100.000000' }],
        },
      ],
      () => [
        // Superseded by the correction after it: the correction's reserves are the ones carried.
        head({ statementId: 's1', superseded_by: 's2', reserves_outstanding: [{ ...carried[0], held: '99.00' }] }),
        head({ statementId: 's2', reserves_outstanding: carried }),
        // Of the run's own months: not the previous statement.
        head({ statementId: 's3', start_pay_period: '2031-08', end_pay_period: '2031-08' }),
      ],
      async () => [
        position({ contract_id: 'c2', to_recoup: '1000.00', reserve: { percent: '20', release_periods: 2 } }),
      ],
    );
    // £20.00 held on £100.00 of physical sales, £25.00 of the £50.00 carried released: £105.00 recouped.
    expect(figures.get('Payee#p')).toEqual({ recouped: '105.00', unrecouped: '895.00', reserves: '5.00' });
  });
});
