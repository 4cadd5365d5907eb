import Big from 'big.js';
import { describe, expect, it, vi } from 'vitest';
import type { AccountHolder } from '../../functions/data/access/accounts.js';
import type { AccountEntryItem, ExpenseItem, StatementItem } from '../../functions/data/entities/statements.js';
import type { AccountRef } from '../../shared/schemas/statement-views.js';
import { statementFigures } from '../support/statement-figures.js';

/**
 * A run's preview makes every account's figures from one read of the company's statements, expenses and entries
 * (functions/money/statements/accounts/company-reads.ts) where a publication reads each account's own. Both must give
 * the same figures: here both read one company's records (a previous statement in force and one it replaced, a
 * carried expense and payment, another account's records beside them) and every account's figures are compared.
 */
const statement = (id: string, accountKey: string, end: string, closing: string, extra: Partial<StatementItem> = {}) =>
  ({
    tenantId: 't1',
    statementId: id,
    accountKey,
    number: `ST-${id}`,
    version: 1,
    start_pay_period: `${end.slice(0, 5)}01`,
    end_pay_period: end,
    figures: statementFigures({ closing_balance: closing, payable: closing }),
    control: { lines: 1, lines_total: closing, rounding_in: '0', rounding_out: '0.004000' },
    queue_status: 'published',
    ...extra,
  }) as StatementItem;
const statements = [
  statement('s2', 'Payee#ann', '2026-06', '120.00'),
  statement('s1', 'Payee#ann', '2026-03', '50.00', { superseded_by: 's1b' }),
  statement('s1b', 'Payee#ann', '2026-03', '60.00', { version: 2, replaces_id: 's1' }),
  statement('s9', 'Payee#bob', '2026-03', '7.00'),
];
const entries = [
  { tenantId: 't1', accountKey: 'Payee#ann', entryId: 'e1', kind: 'payment', amount: '-60.00', date: '2026-07-02' },
  { tenantId: 't1', accountKey: 'Payee#ann', entryId: 'e2', kind: 'advance', amount: '-25.00', date: '2026-08-01' },
  { tenantId: 't1', accountKey: 'Payee#bob', entryId: 'e3', kind: 'adjustment', amount: '3.00', date: '2026-08-01' },
] as unknown as AccountEntryItem[];
const expenses = [
  {
    tenantId: 't1',
    expenseId: 'x1',
    accountKey: 'Payee#ann',
    total: '10.00',
    recoupable: true,
    recoupable_percentage: 50,
    date: '2026-08-03',
  },
  { tenantId: 't1', expenseId: 'x2', total: '99.00', recoupable_percentage: 100, date: '2026-08-03' },
] as unknown as ExpenseItem[];
const holders: Record<string, AccountHolder> = {
  ann: {
    name: 'Ann',
    email: 'ann@x.test',
    minimum_payout: '50.00',
    self_billing: false,
    vat_registered: false,
    vat_rate: null,
    withholding_tax_rate: null,
    address: null,
    vat_number: null,
    tax_form: null,
    tax_form_expires_on: null,
  },
  bob: {
    name: 'Bob',
    email: null,
    minimum_payout: null,
    self_billing: false,
    vat_registered: false,
    vat_rate: null,
    withholding_tax_rate: 10,
    address: null,
    vat_number: null,
    tax_form: null,
    tax_form_expires_on: null,
  },
};
const ofAccount = <T extends { accountKey?: string }>(items: T[], key: string) =>
  items.filter((i) => i.accountKey === key);

vi.mock('../../functions/data/access/statements.js', () => ({
  statementHeads: async () => statements,
  statementsOfAccount: async (_t: string, key: string) => ofAccount(statements, key),
}));
vi.mock('../../functions/data/access/finances.js', () => ({ companyEntries: async () => entries }));
vi.mock('../../functions/data/access/expenses.js', () => ({
  listExpenses: async () => expenses,
  expensesOfAccount: async (_t: string, key: string) => ofAccount(expenses, key),
}));
vi.mock('../../functions/data/access/accounts.js', async (original) => ({
  ...(await original<typeof import('../../functions/data/access/accounts.js')>()),
  entriesOfAccount: async (_t: string, key: string) => ofAccount(entries, key),
  statementsOfAccount: async (_t: string, key: string) => ofAccount(statements, key),
  accountHolder: async (_t: string, account: AccountRef) => holders[account.id] ?? null,
  payeeHolders: async (_t: string, ids: string[]) =>
    new Map(ids.flatMap((id) => (holders[id] ? [[id, holders[id]] as const] : []))),
}));

describe("a run's preview, read once for the company", () => {
  it("gives every account the figures its own reads give, as its statement's publication would", async () => {
    const { assembleAccount, assembleFrom } = await import('../../functions/money/statements/accounts/assemble.js');
    const { companyAccountReads } = await import('../../functions/money/statements/accounts/company-reads.js');
    const company = { currency: 'GBP', self_billing: false };
    const accounts: AccountRef[] = [
      { type: 'Payee', id: 'ann' },
      { type: 'Payee', id: 'bob' },
      { type: 'Payee', id: 'cy' },
    ];
    const readsOf = await companyAccountReads('t1', accounts, company);
    for (const account of accounts) {
      const input = {
        tenantId: 't1',
        account,
        start_pay_period: '2026-07',
        end_pay_period: '2026-09',
        royalties: '33.333333',
        currency: 'GBP',
        company,
      };
      const once = assembleFrom(input, readsOf(account));
      const own = await assembleAccount(input);
      expect(once, account.id).toEqual(own);
    }
    // Ann's is the case with history: opened from the statements in force (60 + 120 moved), rounding carried.
    const ann = assembleFrom(
      {
        tenantId: 't1',
        account: accounts[0],
        start_pay_period: '2026-07',
        end_pay_period: '2026-09',
        royalties: '1',
        currency: 'GBP',
      },
      readsOf(accounts[0]),
    );
    expect(ann.previous_statement_id).toBe('s2');
    expect(ann.entry_ids.sort()).toEqual(['e1', 'e2']);
    expect(ann.expense_ids).toEqual(['x1']);
    // Bob's rate is read with the company's holders too: the preview keeps back what his statement will.
    const bob = assembleFrom(
      {
        tenantId: 't1',
        account: accounts[1],
        start_pay_period: '2026-07',
        end_pay_period: '2026-09',
        royalties: '33.333333',
        currency: 'GBP',
      },
      readsOf(accounts[1]),
    );
    expect(bob.withholding_tax).toEqual({
      rate: '10',
      amount: new Big(bob.figures.payable).times('0.1').round(2, Big.roundHalfUp).toFixed(2),
    });
    expect(new Big(bob.figures.payable).gt(0)).toBe(true);
  });
});
