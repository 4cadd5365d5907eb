import Big from 'big.js';
import { money } from '../../../../shared/schemas/money.js';
import type { Money, StatementPayout, WithholdingTax } from '../../../../shared/schemas/statement-views.js';

/**
 * The tax withheld from what a statement pays: payable × the payee's withholding rate ÷ 100, half-up to the cent;
 * null when the payee has no rate or the statement pays nothing. Fixed when the statement is published (the rate
 * the payee has then), like its self-billing invoice: a published statement never changes.
 */
export function withholdingTaxOn(payable: Money, rate: number | null | undefined): WithholdingTax | null {
  if (!rate || !new Big(payable).gt(0)) return null;
  const amount = new Big(payable).times(rate).div(100).round(2, Big.roundHalfUp);
  return { rate: String(rate), amount: money(amount) };
}

/** A statement as its payout is read from it: what it stored when published. */
export type PaidStatement = {
  figures: { payable: Money };
  self_billing?: { vat: Money } | null;
  withholding_tax?: { amount: Money } | null;
};

/**
 * What leaves the bank for a statement: its payable (which settles the payee's account), plus the VAT of its
 * self-billing invoice (owed to a VAT-registered payee on top of the royalties the invoice bills), less the tax the
 * label withholds for the tax authority. Every figure of money paid out is this sum: the statement's page and PDF,
 * a payment's total (the figure a user types must equal), a payment run's items and the bank file.
 */
export function statementPayout(statement: PaidStatement): StatementPayout {
  const payable = new Big(statement.figures.payable);
  const vat = new Big(statement.self_billing?.vat ?? 0);
  const withheld = new Big(statement.withholding_tax?.amount ?? 0);
  return {
    payable: money(payable),
    vat: money(vat),
    withholding_tax: money(withheld),
    total: money(payable.plus(vat).minus(withheld)),
  };
}
