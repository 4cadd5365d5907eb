import { type AccountHolder, accountHolder, accountKeyOf } from '../../accounts/account.js';
import type {
  AccountRef,
  ExactMoney,
  Money,
  NotPaidReason,
  RecoupmentMeter,
  StatementFigures,
  WithholdingTax,
} from '../../../../shared/schemas/statement-views.js';
import {
  type CompanyAccountTerms,
  companyAccountTerms,
  entriesOfAccount,
  latestStated,
  statementsOfAccount,
} from '../../../data/access/accounts.js';
import { expensesOfAccount } from '../../../data/access/expenses.js';
import type { AccountEntryItem, ExpenseItem } from '../../../data/entities/statements.js';
import type { StatementHead } from '../../../data/access/statements.js';
import { accountFigures, type ContractFigures } from './account-figures.js';
import { monthEnd } from '../../../../shared/statement-periods.js';
import { advancesToDate, openingBalance, pendingFor } from './pending.js';
import { withholdingTaxOn } from './payout.js';
import { selfBillingApplies, selfBillingFigures, type SelfBillingFigures } from './self-billing.js';

/**
 * CONTRACT (accounts helper replaces the body): an account's statement figures for a period,
 * from its previous published statement (opening balance, rounding carried), the period's
 * royalties (exact, from the engine) and the entries and expenses not yet on a statement.
 */
export type AssembleInput = {
  tenantId: string;
  account: AccountRef;
  start_pay_period: string;
  end_pay_period: string;
  /** The engine's exact royalties for the account and period. */
  royalties: ExactMoney;
  currency: string;
  /**
   * A correction (new version): the statement it replaces. Its opening is taken from the
   * statement before that one, and it carries again what the replaced statement carried.
   */
  replaces_id?: string;
  /** What the royalties recoup of the account's contracts (account-step.ts planRecoupment), when it earned under any. */
  contracts?: ContractFigures;
  /**
   * The company's currency and self-billing agreement when the caller read them once for many accounts (a run
   * reads them once); read here otherwise.
   */
  company?: CompanyAccountTerms;
};

export type AssembledAccount = {
  figures: StatementFigures;
  not_paid_reasons: NotPaidReason[];
  recoupment: RecoupmentMeter;
  minimum_payout: Money;
  rounding_in: ExactMoney;
  rounding_out: ExactMoney;
  expenses_total: Money;
  /** What the statement consumes: set their statement_id when it is published. */
  expense_ids: string[];
  entry_ids: string[];
  previous_statement_id: string | null;
  /** The account's holder as read here (null: none); absent for a label's account, whose holder is not read. */
  holder?: AccountHolder | null;
  /** Of the entries carried, the payments: the statement shows them, so its documents need not read them again. */
  payments: AccountEntryItem[];
  /**
   * The self-billing invoice's figures when the company's agreement is in force and the payee
   * has agreed (publishing numbers it once: Sequence 'self_billing_invoice'); null otherwise.
   */
  self_billing: SelfBillingFigures | null;
  /** The tax withheld from what it pays, at the payee's withholding rate (payout.ts); null when none. */
  withholding_tax: WithholdingTax | null;
};

/**
 * An account's statement for a period: the opening balance from the statements in force of
 * earlier months (pending.ts openingBalance: the previous one's closing when they were made in
 * order), the rounding from the previous statement in force (ending before this period; a
 * correction excludes the statement it replaces),
 * the royalties rounded once, and the entries and expenses the statement carries
 * (pending.ts: every payment recorded before it is made, whatever the payment's date) — the arithmetic is account-figures.ts. Reads only: publishing sets statement_id on
 * `expense_ids` and `entry_ids`.
 */
export async function assembleAccount(input: AssembleInput): Promise<AssembledAccount> {
  return assembleFrom(input, await readAccount(input));
}

/** What an account's figures are made from: its entries, expenses and statements, its holder, the company's terms. */
export type AccountReads = {
  entries: readonly AccountEntryItem[];
  expenses: readonly ExpenseItem[];
  /** The payee behind a payee's account (null: none); not read for other accounts. */
  holder: AccountHolder | null;
  company: CompanyAccountTerms;
  /** Its statements: what the figures read of them (a run's preview reads their heads only). */
  statements: readonly StatementHead[];
};

/** One account's reads, made for it alone (a publication reads them fresh, just before its write). */
async function readAccount(input: AssembleInput): Promise<AccountReads> {
  const { tenantId } = input;
  const key = accountKeyOf(input.account);
  const [entries, expenses, holder, company, statements] = await Promise.all([
    entriesOfAccount(tenantId, key),
    expensesOfAccount(tenantId, key),
    input.account.type === 'Payee' ? accountHolder(tenantId, input.account) : null,
    input.company ?? companyAccountTerms(tenantId),
    statementsOfAccount(tenantId, key),
  ]);
  return { entries, expenses, holder, company, statements };
}

/** The account's figures from what was read for it (assembleAccount's arithmetic, no read of its own). */
export function assembleFrom(input: AssembleInput, reads: AccountReads): AssembledAccount {
  const { entries, expenses, holder, company, statements } = reads;
  // The previous statement: the latest in force among those ending before this one's last month (one read of the
  // account's statements serves both).
  const previous = latestStated(
    statements.filter((s) => s.end_pay_period < input.end_pay_period),
    input.replaces_id,
  );
  // Payments are carried by when they were recorded, not by their date (pending.ts).
  const paidPeriods = new Map(statements.map((s) => [s.statementId, s.end_pay_period]));
  const carried = pendingFor(entries, expenses, input.end_pay_period, input.replaces_id, paidPeriods);
  const minimum_payout = holder?.minimum_payout ?? '0.00';
  const rounding_in = previous?.control?.rounding_out ?? '0.000000';
  const result = accountFigures({
    opening_balance: openingBalance(statements, input.end_pay_period, input.replaces_id),
    royalties: input.royalties,
    rounding_in,
    entries: carried.entries,
    expenses: carried.expenses,
    advances_to_date: advancesToDate(entries, monthEnd(input.end_pay_period)),
    minimum_payout,
    currency: input.currency,
    contracts: input.contracts,
  });
  const payable = result.figures.payable;
  const today = new Date().toISOString().slice(0, 10);
  return {
    self_billing:
      holder && selfBillingApplies(company, holder, payable, today) ? selfBillingFigures(payable, holder) : null,
    withholding_tax: withholdingTaxOn(payable, holder?.withholding_tax_rate),
    figures: result.figures,
    not_paid_reasons: result.not_paid_reasons,
    recoupment: result.recoupment,
    minimum_payout,
    rounding_in,
    rounding_out: result.rounding_out,
    expenses_total: result.expenses_total,
    expense_ids: carried.expenses.map((x) => x.expenseId),
    entry_ids: carried.entries.map((e) => e.entryId),
    previous_statement_id: previous?.statementId ?? null,
    ...(input.account.type === 'Payee' ? { holder } : {}),
    payments: carried.entries.filter((e) => e.kind === 'payment'),
  };
}
