import { accountKeyOf } from '../../accounts/account.js';
import { getOrCreate } from '../../../lib/get-or-create.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import { type CompanyAccountTerms, payeeHolders } from '../../../data/access/accounts.js';
import { listExpenses } from '../../../data/access/expenses.js';
import { companyEntries } from '../../../data/access/finances.js';
import { type StatementHead, statementHeads } from '../../../data/access/statements.js';
import type { AccountEntryItem, ExpenseItem } from '../../../data/entities/statements.js';
import type { AccountReads } from './assemble.js';

/** One account's part of the company's money records. */
export type AccountRecords = {
  entries: readonly AccountEntryItem[];
  expenses: readonly ExpenseItem[];
  /** Their heads (what figures and the stated-already check read), in period order as the account's index lists them. */
  statements: readonly StatementHead[];
};

const NONE: AccountRecords = { entries: [], expenses: [], statements: [] };

/**
 * Every account's statements, expenses and entries from one read of the company's (three queries, the statements'
 * heads only) instead of three queries an account. A run's preview and its stated-already checks take them from here:
 * they are as of that read, as per-account queries would be as of theirs; an account's publication still reads its
 * own afresh just before its write, whose conditions are what keep it exact.
 */
export async function recordsByAccount(tenantId: string): Promise<(account: AccountRef) => AccountRecords> {
  const [statements, expenses, entries] = await Promise.all([
    statementHeads(tenantId),
    listExpenses(tenantId),
    companyEntries(tenantId),
  ]);
  const byAccount = new Map<
    string,
    { entries: AccountEntryItem[]; expenses: ExpenseItem[]; statements: StatementHead[] }
  >();
  const of = (accountKey: string) =>
    getOrCreate(byAccount, accountKey, () => ({ entries: [], expenses: [], statements: [] }));
  for (const entry of entries) of(entry.accountKey).entries.push(entry);
  for (const expense of expenses) if (expense.accountKey) of(expense.accountKey).expenses.push(expense);
  for (const statement of statements) of(statement.accountKey).statements.push(statement);
  for (const { statements } of byAccount.values())
    statements.sort((a, b) => a.end_pay_period.localeCompare(b.end_pay_period) || (a.version ?? 1) - (b.version ?? 1));
  return (account) => byAccount.get(accountKeyOf(account)) ?? NONE;
}

/**
 * What many accounts' figures are made from (assembleFrom), read once for all of them: their money records
 * (recordsByAccount) and the payees behind the payee accounts, 100 to a round trip.
 */
export async function companyAccountReads(
  tenantId: string,
  accounts: readonly AccountRef[],
  company: CompanyAccountTerms,
): Promise<(account: AccountRef) => AccountReads> {
  const [recordsOf, holders] = await Promise.all([
    recordsByAccount(tenantId),
    payeeHolders(
      tenantId,
      accounts.filter((a) => a.type === 'Payee').map((a) => a.id),
    ),
  ]);
  return (account) => ({
    ...recordsOf(account),
    holder: account.type === 'Payee' ? (holders.get(account.id) ?? null) : null,
    company,
  });
}
