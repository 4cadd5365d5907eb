import { accountHolder, accountKeyOf } from './account.js';
import Big from 'big.js';
import { money } from '../../../shared/schemas/money.js';
import type { AccountRef, AccountView } from '../../../shared/schemas/statement-views.js';
import {
  companyAccountTerms,
  entriesOfAccount,
  latestInForce,
  namesOf,
  statementsOfAccount,
} from '../../data/access/accounts.js';
import { expensesOfAccount } from '../../data/access/expenses.js';
import { NotFound } from '../../lib/errors.js';
import { recoupmentMeter } from '../statements/accounts/account-figures.js';
import { pendingEffect, advancesToDate } from '../statements/accounts/pending.js';
import { presentEntry, presentStatementRow } from './present.js';

/**
 * GET payees/{id}/accounting, artists/{id}/accounting: an account as it stands. The balance is
 * the last published closing plus what is not yet on a statement (entries, and expenses charged
 * to the account); royalties count once a statement states them.
 */
export async function accountView(tenantId: string, account: AccountRef): Promise<AccountView> {
  const holder = await accountHolder(tenantId, account);
  if (!holder) throw new NotFound(account.type);
  const key = accountKeyOf(account);
  const [entries, expenses, statements, terms] = await Promise.all([
    entriesOfAccount(tenantId, key),
    expensesOfAccount(tenantId, key),
    statementsOfAccount(tenantId, key),
    companyAccountTerms(tenantId),
  ]);
  const last = latestInForce(statements);
  const lastClosing = last?.figures.closing_balance ?? '0.00';
  const pending = pendingEffect(entries, expenses);
  const balance = new Big(lastClosing).plus(pending);
  const labelIds = statements.flatMap((s) => (s.label_id ? [s.label_id] : []));
  const { labels } = await namesOf(tenantId, { labels: labelIds, payees: [], artists: [], releases: [] });
  const newestFirst = <T>(items: T[], field: (item: T) => string) =>
    items.sort((a, b) => field(b).localeCompare(field(a)));
  return {
    account,
    name: holder.name,
    currency: terms.currency,
    minimum_payout: holder.minimum_payout ?? '0.00',
    last_closing_balance: lastClosing,
    pending,
    balance: money(balance),
    // Every advance recorded so far, against what the account still owes.
    recoupment: recoupmentMeter(advancesToDate(entries, '9999-12-31'), balance),
    entries: newestFirst(entries, (e) => `${e.date}${e.entryId}`).map((e) => presentEntry(e, account)),
    statements: newestFirst(statements, (s) => `${s.end_pay_period}${String(s.version).padStart(6, '0')}`).map((s) =>
      presentStatementRow(s, account, s.label_id ? (labels.get(s.label_id) ?? null) : null),
    ),
  };
}
