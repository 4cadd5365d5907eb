import type {
  AccountRef,
  ExactMoney,
  Money,
  NotPaidReason,
  RecoupmentMeter,
  StatementFigures,
} from '../../../shared/schemas/statement-views.js';

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
};

export async function assembleAccount(_input: AssembleInput): Promise<AssembledAccount> {
  throw new Error('assembleAccount: built by the accounts helper');
}
