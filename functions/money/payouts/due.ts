import { accountHolder, accountOfKey } from '../accounts/account.js';
import Big from 'big.js';
import type {
  PaymentDue,
  PaymentDueProblem,
  PaymentsDueSummary,
  PayoutMethod,
} from '../../../shared/schemas/payment-views.js';
import { METHOD_CURRENCY } from '../../../shared/schemas/payout-details.js';
import { listPaymentRuns, listPayoutDetails } from '../../data/access/payouts.js';
import { listStatements } from '../../data/access/statements.js';
import type { StatementItem } from '../../data/entities/statements.js';
import { owedByAccount } from '../payments/owed.js';
import { totalsByCurrency } from '../currency-totals.js';
import { statementPayout } from '../statements/accounts/payout.js';
import { taxFormWarning } from '../../../shared/tax-forms.js';

/**
 * What is due for payment: per account, its latest
 * statement in force when not paid and paying something — its payable already holds the earlier
 * unpaid balances (a closing balance opens the next statement), so those are listed as carried by
 * it and never added again — with why a payment run could not pay it yet (below the minimum
 * payout, no complete payout details, a self-billing invoice missing, already in an open run), and
 * what to know before paying it that is no reason not to (warnings: a tax form that has run out, or
 * will have by the payment date). A statement paid by a method bound to another currency is due all
 * the same: the run converts it at the rate it is given. A statement recordPayment would refuse (it
 * still counts money paid since it was made) is not due: the list applies the same rule (due-rule.ts).
 */
export type DueAccount = PaymentDue & { items: StatementItem[]; carried: StatementItem[] };

const sum = (values: readonly string[]) => values.reduce((total, v) => total.plus(v), new Big(0));

/** Statement ids in a run that is not over yet (draft, exported or confirming): a second run must not pay them. */
async function statementsInOpenRuns(tenantId: string, exceptRunId?: string): Promise<Set<string>> {
  const runs = await listPaymentRuns(tenantId);
  const open = new Set(['draft', 'exported', 'confirming']);
  return new Set(
    runs
      .filter((run) => open.has(run.status) && run.runId !== exceptRunId)
      .flatMap((run) => run.items.map((item) => item.statement_id)),
  );
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The due accounts with their statements, problems and warnings, by name; the warnings are of a payment made on
 * `payOn` (today when not given).
 */
export async function dueAccounts(tenantId: string, labelId?: string, payOn?: string): Promise<DueAccount[]> {
  const today = todayUtc();
  const [statements, details, inRuns] = await Promise.all([
    listStatements(tenantId),
    listPayoutDetails(tenantId),
    statementsInOpenRuns(tenantId),
  ]);
  const byAccount = new Map<string, { items: StatementItem[]; carried: StatementItem[] }>();
  for (const [accountKey, { due, carried }] of await owedByAccount(tenantId, statements)) {
    const items = due.filter((s) => !labelId || s.label_id === labelId);
    if (items.length) byAccount.set(accountKey, { items, carried });
  }
  const detailsOf = new Map(details.map((d) => [d.accountKey, d]));
  const accounts = await Promise.all(
    [...byAccount].map(async ([accountKey, { items, carried }]): Promise<DueAccount> => {
      items.sort((a, b) => a.number.localeCompare(b.number));
      carried.sort((a, b) => a.end_pay_period.localeCompare(b.end_pay_period));
      const account = accountOfKey(accountKey);
      const holder = await accountHolder(tenantId, account);
      const detail = detailsOf.get(accountKey);
      const method = (detail?.method as PayoutMethod | undefined) ?? null;
      const currency = items[0].currency;
      const payable = sum(items.map((s) => s.figures.payable));
      const minimum = holder?.minimum_payout ?? '0.00';
      const problems: PaymentDueProblem[] = [];
      if (payable.lt(minimum)) problems.push('below_minimum_payout');
      if (!detail?.complete) problems.push('no_payout_details');
      if (holder?.self_billing && items.some((s) => !s.self_billing)) problems.push('self_billing_invoice_missing');
      if ([...items, ...carried].some((s) => inRuns.has(s.statementId))) problems.push('already_in_a_run');
      // Shown, never in the way: a label may pay a payee whose form ran out, withholding at the full rate.
      const taxForm = holder && taxFormWarning(holder, payOn ?? today, today);
      return {
        account,
        name: holder?.name ?? items[0].payee_name,
        email: holder?.email ?? null,
        has_email: Boolean(holder?.email),
        currency,
        statements: items.length,
        statement_ids: items.map((s) => s.statementId),
        statement_numbers: items.map((s) => s.number),
        payable: payable.toFixed(2),
        to_pay: sum(items.map((s) => statementPayout(s).total)).toFixed(2),
        carried_statement_ids: carried.map((s) => s.statementId),
        carried_statement_numbers: carried.map((s) => s.number),
        minimum_payout: new Big(minimum).toFixed(2),
        method,
        // A method bound to a currency (SEPA euro, a UK bank payment pounds) pays it: a run converts at its rate.
        pay_currency: (method && METHOD_CURRENCY[method]) || currency,
        problems,
        warnings: taxForm ? [taxForm] : [],
        items,
        carried,
      };
    }),
  );
  return accounts.sort((a, b) => a.name.localeCompare(b.name));
}

/** payments_due_summary: every due account, Σ of all and Σ of those a run can pay. */
export async function paymentsDueSummary(
  tenantId: string,
  labelId?: string,
  payOn?: string,
): Promise<PaymentsDueSummary> {
  const accounts = await dueAccounts(tenantId, labelId, payOn);
  return {
    payments_due: accounts.map(({ items: _items, carried: _carried, ...due }) => due),
    // What the accounts are owed, as the dashboards' "due" says it; and what paying them all sends.
    total: sum(accounts.map((a) => a.payable)).toFixed(2),
    payable_total: sum(accounts.filter((a) => !a.problems.length).map((a) => a.payable)).toFixed(2),
    to_pay_total: sum(accounts.map((a) => a.to_pay)).toFixed(2),
    // The same per currency, and what a run can pay (the to-pay of the accounts without a problem), as the page says it.
    by_currency: totalsByCurrency(accounts, {
      total: (a) => a.payable,
      to_pay_total: (a) => a.to_pay,
      run_can_pay: (a) => (a.problems.length ? '0' : a.to_pay),
    }),
    without_email: accounts.filter((a) => !a.has_email).length,
  };
}
