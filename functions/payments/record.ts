import type { Payment, RecordPaymentInput } from '../../shared/schemas/payment-views.js';

/**
 * Records a payment of one account's statements: the Payment, each statement marked paid and
 * the payment written on the account (so the next statement shows "paid on … via … ref …"), all
 * or nothing. Re-recording with the same idempotency_key returns the first payment unchanged.
 * The payments slice (issue 14) builds it; payment runs call it on confirm.
 */
export async function recordPayment(_tenantId: string, _userId: string, _input: RecordPaymentInput): Promise<Payment> {
  throw new Error('recordPayment is not built yet');
}
