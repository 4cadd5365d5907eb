import { describe, expect, it } from 'vitest';
import {
  accountDue,
  carriedBy,
  carriedByAll,
  type ChainedStatement,
  onceEach,
} from '../../functions/money/payments/carried.js';
import { owedStatements } from '../../functions/money/payments/owed.js';
import type { StatementItem } from '../../functions/data/entities/statements.js';
import { fitsOneWrite } from '../../functions/money/payments/payment-figures.js';

/**
 * What an account owes when it has several unpaid statements (functions/money/payments/carried.ts): a
 * closing balance opens the next statement, so only the latest is due, holding the earlier ones.
 */
const st = (
  n: number,
  end: string,
  payable: string,
  extra: Partial<ChainedStatement> = {},
): ChainedStatement & { statementId: string } => ({
  statementId: `S${n}`,
  number: `ST-${n}`,
  end_pay_period: end,
  paid: false,
  figures: { payable, opening_balance: '0.00', closing_balance: payable },
  ...extra,
});
const ids = (statements: readonly ChainedStatement[]) => statements.map((s) => s.number);

describe('carried statements', () => {
  it('make only the latest unpaid statement due, carrying the earlier unpaid ones', () => {
    // Q1 closes at 30.00 and opens Q2, which closes at 70.00 (30 + 40): 70.00 is owed, not 100.00.
    const account = [st(1, '2026-03', '30.00'), st(2, '2026-06', '70.00')];
    expect(accountDue(account)).toEqual({ due: [account[1]], carried: [account[0]] });
  });

  it('stop the chain at a paid statement: its payment is on the account already', () => {
    const account = [
      st(1, '2026-03', '30.00'),
      st(2, '2026-06', '50.00', { paid: true }),
      st(3, '2026-09', '12.00'),
      st(4, '2026-12', '20.00'),
    ];
    expect(ids(accountDue(account).due)).toEqual(['ST-4']);
    expect(ids(accountDue(account).carried)).toEqual(['ST-3']);
  });

  it('owe nothing when the latest statement is paid or pays nothing, though earlier ones are unpaid', () => {
    expect(accountDue([st(1, '2026-03', '30.00'), st(2, '2026-06', '0.00')])).toEqual({ due: [], carried: [] });
    expect(accountDue([st(1, '2026-03', '30.00'), st(2, '2026-06', '70.00', { paid: true })]).due).toEqual([]);
  });

  it('skip corrected and unpublished versions, and statements that pay nothing', () => {
    const account = [
      st(1, '2026-03', '30.00'),
      st(2, '2026-06', '0.00'),
      st(3, '2026-09', '40.00', { superseded_by: 'S4' }),
      st(4, '2026-09', '45.00'),
      st(5, '2026-12', '90.00', { queue_status: 'queued' }),
    ];
    expect(ids(accountDue(account).due)).toEqual(['ST-4']);
    expect(ids(carriedBy(account[3], account))).toEqual(['ST-1']);
  });

  it('settle a chosen earlier statement with the chosen later one that carries it, each once', () => {
    const account = [st(1, '2026-03', '30.00'), st(2, '2026-06', '70.00'), st(3, '2026-09', '75.00')];
    expect(ids(carriedByAll([account[0], account[2]], account))).toEqual(['ST-2', 'ST-1']);
    // Two statements of the same latest period do not carry each other.
    const twins = [st(1, '2026-03', '5.00'), st(2, '2026-03', '6.00')];
    expect(accountDue(twins)).toEqual({ due: twins, carried: [] });
  });

  it('count what the accounts owe once: each account’s due statement, not the ones it carries', () => {
    const a = [st(1, '2026-03', '30.00'), st(2, '2026-06', '70.00')].map((s) => ({ ...s, accountKey: 'Payee#a' }));
    const b = [st(3, '2026-06', '5.00')].map((s) => ({ ...s, accountKey: 'Payee#b' }));
    const records = [...a, ...b] as unknown as StatementItem[];
    expect(ids(owedStatements(records, []))).toEqual(['ST-2', 'ST-3']);
    // A payment of ST-1 recorded after ST-2 was made (not stated on it): ST-2 still counts that money, so it is not
    // owed as it stands, as the payments due list refuses it; the next statement settles the difference.
    const late = [{ accountKey: 'Payee#a', kind: 'payment', paid_statement_id: 'S1' }] as never[];
    expect(ids(owedStatements(records, late))).toEqual(['ST-3']);
  });

  it('count a period’s unpaid and paid money once: a statement carried or settled by another of the period is not added', () => {
    const unpaid = [st(1, '2026-03', '30.00'), st(2, '2026-06', '70.00')].map((s) => ({ ...s, accountKey: 'Payee#a' }));
    expect(ids(onceEach(unpaid, unpaid).unpaid)).toEqual(['ST-2']);
    // Only the first in the period: its balance is still owed, carried by a statement of a later period.
    expect(ids(onceEach([unpaid[0]], unpaid).unpaid)).toEqual(['ST-1']);
    const settled = { id: 'S2', number: 'ST-2' };
    const paid = [
      { ...unpaid[0], paid: true, payment: { settled_by: settled } },
      { ...unpaid[1], paid: true, payment: {} },
    ];
    expect(ids(onceEach(paid, paid).paid)).toEqual(['ST-2']);
    expect(ids(onceEach([paid[0]], paid).paid)).toEqual(['ST-1']);
  });

  it('fit one payment in one transaction of at most 100 writes', () => {
    // The payment, 2 per statement paid, 1 per statement settled, the account's guard, the run.
    expect(fitsOneWrite(49, 0)).toBe(true);
    expect(fitsOneWrite(49, 0, true)).toBe(false);
    expect(fitsOneWrite(1, 96)).toBe(true);
    expect(fitsOneWrite(1, 97)).toBe(false);
    expect(fitsOneWrite(1, 95, true)).toBe(true);
    expect(fitsOneWrite(1, 96, true)).toBe(false);
  });
});
