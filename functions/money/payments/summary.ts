import type { PaymentSummary } from '../../../shared/schemas/payment-views.js';
import { accountHolder, accountRefOf } from '../accounts/account.js';
import { required } from '../../lib/required.js';
import { statementPayout } from '../statements/accounts/payout.js';
import { paymentOf } from './record.js';
import type { PaymentSummaryInput } from './schemas.js';

/**
 * What a payment of the chosen statements would pay, recording nothing: refused as recording it would be (another
 * company's statement is not found, statements of two accounts or currencies, one paid or carried forward, named by
 * number), and its money from the same function recording uses, so the form's figure is the one the payment records
 * and the one a typed total is checked against.
 */
export async function paymentSummary(tenantId: string, input: PaymentSummaryInput): Promise<PaymentSummary> {
  const convertTo =
    input.sent_currency && input.exchange_rate
      ? { currency: input.sent_currency, rate: input.exchange_rate }
      : undefined;
  const { statements, carried, figures, conversion } = await paymentOf(tenantId, input.statement_ids, convertTo);
  const first = statements[0];
  const account = required(accountRefOf(first.accountKey), `the account of statement ${first.statementId}`);
  const holder = await accountHolder(tenantId, account);
  return {
    payable_type: account.type,
    payable_id: account.id,
    payable_name: holder?.name ?? first.payee_name,
    payment_currency: first.currency,
    payment_total: figures.payment_total,
    payment_subtotal: figures.payment_subtotal,
    payment_vat_total: figures.payment_vat_total,
    payment_withholding_total: figures.payment_withholding_total,
    vat: figures.vat,
    self_billing: figures.self_billing,
    statement_ids: statements.map((s) => s.statementId),
    statements: statements.map((s) => ({ id: s.statementId, number: s.number, ...statementPayout(s) })),
    carried_statements: carried.map((s) => ({ id: s.statementId, number: s.number, payable: s.figures.payable })),
    converted: conversion?.total ?? null,
  };
}
