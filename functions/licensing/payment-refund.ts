import { formatMoney } from '../../shared/money.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest } from '../lib/errors.js';
import { moveBy, requireStatus, today } from './licenses.js';
import { moveMoneyOnce } from './money-move.js';
import { incomingPaymentRefund } from './refund.js';

/**
 * Records that a licensor gave back what we paid for an incoming licence (the deal called off after the payment):
 * each expense the payment made is taken back by an expense of the opposite sign on the refund's day (refund.ts), so a
 * payee who recouped the cost gets it back on the next statement, and the licence goes back to signed, letting go of
 * its payment; an advance paid before stays paid (its own refund is `refundAdvance`). An outgoing licence's payment is
 * refunded by crediting its invoice. The expenses and the licence's change are one conditional write on its revision:
 * a repeated call finds the payment refunded and answers the licence as it is.
 */
export function refundPayment(tenantId: string, caller: Caller, id: string, refundDate = today()) {
  return moveMoneyOnce(tenantId, id, {
    made: (license) => license.status !== 'paid' && Boolean(license.payment_refunds?.length),
    message: 'Payment refunded',
    plan: async (license) => {
      if (license.type === 'outgoing')
        throw new BadRequest('A paid invoice is refunded by its credit note: credit the invoice instead');
      requireStatus(license, 'paid', 'Only a paid licence’s payment can be refunded');
      const { refund, expenses } = await incomingPaymentRefund(license, refundDate);
      const refunded = `Payment of ${formatMoney(refund.amount, license.fee_currency ?? '')} refunded`;
      return {
        set: {
          status: 'signed',
          payment_refunds: [...(license.payment_refunds ?? []), refund],
          history: [
            ...(license.history ?? []),
            moveBy(caller, 'paid', 'signed', `${refunded} by ${license.licensee_name} on ${refund.date}`),
          ],
        },
        money: { lines: [], expenses },
        remove: ['payment_date', 'pay_period', 'expense_id', 'expense_ids'],
        message: refunded,
      };
    },
  });
}
