import type { AccountKey } from '../accounts/account.js';
import { getCompany } from '../../data/access/companies.js';
import { listExpenses } from '../../data/access/expenses.js';
import { companyEntries } from '../../data/access/finances.js';
import { listStatements } from '../../data/access/statements.js';
import type { AccountEntryItem, ExpenseItem, StatementItem } from '../../data/entities/statements.js';
import { LISTS, readVersion } from '../../data/list-cache.js';
import { VersionedCache } from '../../lib/versioned-cache.js';

/**
 * A company's money records as finances and dashboards read them: its statements, expenses and
 * account entries (payments are entries too) and the company's name and currency. Held per
 * process for the version of LISTS.money the auth check reads with the caller's membership
 * (declare `moneyLists` on the operation), so a warm call reads nothing more than GET /me does.
 * Every writer of those records marks the version after its write (data/access/statements.ts,
 * payments.ts, expenses.ts, accounts.ts, companies.ts): the next call sees the write.
 * The records are shared between calls: read them, never change them.
 */
export type MoneyRecords = {
  readonly company: { readonly name: string; readonly currency: string } | null;
  readonly statements: readonly StatementItem[];
  readonly expenses: readonly ExpenseItem[];
  readonly entries: readonly AccountEntryItem[];
};

/** The list whose version an operation declares to read money records without a further read. */
export const moneyLists = (tenantId: string) => [LISTS.money(tenantId)];

/**
 * At most 50 companies and 50,000 records in all per process (a statement is a few kB in
 * memory); the company read last is kept whatever its size.
 */
const cache = new VersionedCache<MoneyRecords>({
  entries: 50,
  weight: 50_000,
  maxAgeMs: 10 * 60_000,
  weigh: (records) => records.statements.length + records.expenses.length + records.entries.length + 1,
});

async function load(tenantId: string): Promise<MoneyRecords> {
  const [company, statements, expenses, entries] = await Promise.all([
    getCompany(tenantId),
    listStatements(tenantId),
    listExpenses(tenantId),
    companyEntries(tenantId),
  ]);
  return {
    company: company && { name: company.name, currency: company.currency ?? 'GBP' },
    statements,
    expenses,
    entries,
  };
}

/**
 * The company's money records at `knownVersion` (the version the auth check read). Without one
 * (a caller across companies), the version is read first: one GetItem instead of four queries.
 */
export async function moneyRecords(tenantId: string, knownVersion?: string): Promise<MoneyRecords> {
  const version = knownVersion ?? (await readVersion(LISTS.money(tenantId)));
  return cache.get(tenantId, version, () => load(tenantId));
}

/** One account's part of the records: its statements, entries and the expenses charged to it. */
export function accountRecords(records: MoneyRecords, accountKey: AccountKey) {
  return {
    statements: records.statements.filter((s) => s.accountKey === accountKey),
    entries: records.entries.filter((e) => e.accountKey === accountKey),
    expenses: records.expenses.filter((x) => x.accountKey === accountKey),
  };
}

/** The company's currency (GBP unless it says otherwise). */
export const companyCurrency = (records: MoneyRecords) => records.company?.currency ?? 'GBP';
