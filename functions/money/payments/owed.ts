import { entriesOfAccount } from '../../data/access/accounts.js';
import type { AccountEntryItem, StatementItem } from '../../data/entities/statements.js';
import { accountDue, byAccount } from './carried.js';
import { accountOwes } from './due-rule.js';

export type AccountOwes = ReturnType<typeof accountOwes<StatementItem>>;

/**
 * What each account of the company owes now, by the one due rule (due-rule.ts), keyed by account:
 * the payments due list, a payment run and the statements list's "due" filter all read it, so a
 * statement offered for payment anywhere is one that recording its payment accepts.
 */
export async function owedByAccount(
  tenantId: string,
  statements: readonly StatementItem[],
): Promise<Map<string, AccountOwes>> {
  // Only accounts with an unpaid latest statement need their entries read for the rule.
  const candidates = byAccount(statements)
    .filter((account) => accountDue(account).due.length > 0)
    .map((account) => [account[0]?.accountKey ?? '', account] as const);
  return new Map(
    await Promise.all(
      candidates.map(
        async ([accountKey, account]) =>
          [accountKey, accountOwes(account, await entriesOfAccount(tenantId, accountKey))] as const,
      ),
    ),
  );
}

/** The ids of the statements that may be paid now (each account's due ones). */
export async function payableStatementIds(
  tenantId: string,
  statements: readonly StatementItem[],
): Promise<Set<string>> {
  const owed = await owedByAccount(tenantId, statements);
  return new Set([...owed.values()].flatMap(({ due }) => due.map((s) => s.statementId)));
}

/**
 * What the accounts owe now, each balance once, from statements and entries already read (the dashboards' money
 * records): each account's due statements by the one due rule, as owedByAccount gives the payments due list. Their
 * payables hold the earlier unpaid balances they carry. The dashboards' "due", a company's "owed" and an account's
 * "owed" add these, so they say what the payments due list says.
 */
export function owedStatements(
  statements: readonly StatementItem[],
  entries: readonly AccountEntryItem[],
): StatementItem[] {
  const entriesOf = new Map(byAccount(entries).map((account) => [account[0]?.accountKey, account]));
  return byAccount(statements).flatMap(
    (account) => accountOwes(account, entriesOf.get(account[0]?.accountKey) ?? []).due,
  );
}
