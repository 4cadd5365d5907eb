import { accountRefOf } from '../accounts/account.js';
import type { Payment } from '../../../shared/schemas/payment-views.js';
import type { PaymentItem } from '../../data/entities/payments.js';
import { required } from '../../lib/required.js';

/** A stored payment as the API answers it (shared/schemas/payment-views.ts), absent values as null. */
export function presentPayment(item: PaymentItem): Payment {
  const account = required(accountRefOf(item.accountKey), `the account of payment ${item.paymentId}`);
  return {
    id: item.paymentId,
    type: item.type,
    payable_type: account.type,
    payable_id: account.id,
    payable_name: item.payable_name,
    label_id: item.label_id ?? null,
    invoice_reference: item.invoice_reference ?? null,
    payment_date: item.payment_date,
    payment_method: item.payment_method ?? null,
    payment_reference: item.payment_reference ?? null,
    payment_currency: item.payment_currency,
    payment_total: item.payment_total,
    payment_subtotal: item.payment_subtotal,
    payment_vat_total: item.payment_vat_total,
    payment_withholding_total: item.payment_withholding_total ?? '0.00',
    vat: item.vat,
    self_billing: item.self_billing,
    account_reference: item.account_reference ?? null,
    statement_ids: item.statement_ids,
    // Payments recorded before payouts had VAT and tax withheld paid each statement's payable.
    statements: item.statements.map((s) => ({ ...s, paid: s.paid ?? s.payable })),
    payment_run_id: item.payment_run_id ?? null,
    converted: item.converted ?? null,
    ...(item.carried_statements?.length ? { carried_statements: item.carried_statements } : {}),
    created_at: item.createdAt ?? '',
    updated_at: item.updatedAt ?? '',
  };
}
