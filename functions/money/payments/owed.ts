import { entriesOfAccount } from '../../data/access/accounts.js';
import type { StatementItem } from '../../data/entities/statements.js';
import { accountDue } from './carried.js';
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
  const ofAccount = new Map<string, StatementItem[]>();
  for (const statement of statements) {
    const account = ofAccount.get(statement.accountKey);
    if (account) account.push(statement);
    else ofAccount.set(statement.accountKey, [statement]);
  }
  // Only accounts with an unpaid latest statement need their entries read for the rule.
  const candidates = [...ofAccount].filter(([, account]) => accountDue(account).due.length > 0);
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
