import Big from 'big.js';
import type { Caller } from '../lib/auth-context.js';
import { formatMoney } from '../../shared/money.js';
import { BadRequest, InvalidField } from '../lib/errors.js';
import { moveMoneyOnce } from './money-move.js';
import { ADVANCE_ABOVE_FEE, moveBy, requireMoneyTerms, requireStatus, today } from './licenses.js';
import { moneyOfPart } from './money-lines.js';
import { advanceRefund, incomingAdvanceRefund } from './refund.js';

/**
 * Records a signed licence's advance as paid, the same way as its payment: outgoing, the advance
 * enters the ledger as licensing lines split over the assets in the pay period of the day it came;
 * incoming, it becomes an expense on the release (recoupable as the release's contract says). The
 * advance is the first part of the fee: the invoice deducts it from what is due and the payment
 * brings only the rest, so advance and payment together make the fee to the cent. Recorded once:
 * the money and the mark are one conditional write on the licence's revision, and a repeated call
 * finds the advance recorded and answers the licence as it is.
 */
export function recordAdvance(tenantId: string, caller: Caller, id: string, paymentDate = today()) {
  return moveMoneyOnce(tenantId, id, {
    made: (license) => Boolean(license.advance_pay_period),
    message: 'Advance recorded',
    plan: async (license) => {
      requireStatus(license, 'signed', 'Record the advance once the licence is signed, before its invoice');
      const { fee, currency } = requireMoneyTerms(license);
      const advance = license.advance_fee;
      if (!advance || new Big(advance).lte(0)) throw new InvalidField('advance_fee', 'Advance fee is required');
      // Saving refuses such a licence already; one saved before that rule is caught here.
      if (new Big(advance).gt(fee)) throw new InvalidField('advance_fee', ADVANCE_ABOVE_FEE);
      const part = { amount: new Big(advance).toFixed(2), words: 'Licence advance' } as const;
      const { payPeriod, lines, expenses } = await moneyOfPart(license, caller, part, { currency, paymentDate });
      return {
        set: {
          advance_paid_date: paymentDate,
          advance_pay_period: payPeriod,
          ...(lines.length ? { advance_royalty_ids: lines.map((line) => line.id) } : {}),
          ...(expenses.length ? { advance_expense_ids: expenses.map((e) => e.expenseId) } : {}),
        },
        money: { lines, expenses },
        message: 'Advance recorded',
      };
    },
  });
}

/**
 * Gives back the advance of a signed licence whose deal was called off. Outgoing (the licensee paid us), before the
 * invoice: the advance's ledger lines are reversed in the refund's pay period (refund.ts); once invoiced, the invoice
 * deducts the advance, so it is credited first. Incoming (we paid the licensor), before the payment of the rest: the
 * advance's expenses are taken back by expenses of the opposite sign on the refund's day; once paid, the payment is
 * refunded first. Either way the licence forgets the advance was paid, so a new one can be recorded. The reversal
 * and the licence's change are one conditional write on its revision; a repeated call finds the advance refunded and
 * answers the licence as it is.
 */
export function refundAdvance(tenantId: string, caller: Caller, id: string, refundDate = today()) {
  return moveMoneyOnce(tenantId, id, {
    made: (license) => !license.advance_pay_period && Boolean(license.advance_refunds?.length),
    message: 'Advance refunded',
    plan: async (license) => {
      if (license.type === 'outgoing' && (license.status === 'invoiced' || license.status === 'paid'))
        throw new BadRequest('The invoice deducts the advance: credit the invoice first');
      if (license.type === 'incoming' && license.status === 'paid')
        throw new BadRequest('The payment of the rest of the fee is recorded: refund the payment first');
      requireStatus(license, 'signed', "Only a signed licence's advance can be refunded");
      if (!license.advance_pay_period) throw new BadRequest('No advance was recorded on this licence');
      const { refund, lines, expenses } =
        license.type === 'outgoing'
          ? { ...(await advanceRefund(license, caller, refundDate)), expenses: [] }
          : { ...(await incomingAdvanceRefund(license, refundDate)), lines: [] };
      const refunded = `Advance of ${formatMoney(refund.amount, license.fee_currency ?? '')} refunded`;
      const by = license.type === 'incoming' ? ` by ${license.licensee_name}` : '';
      return {
        set: {
          advance_refunds: [...(license.advance_refunds ?? []), refund],
          history: [
            ...(license.history ?? []),
            moveBy(caller, 'signed', 'signed', `${refunded}${by} on ${refund.date}`),
          ],
        },
        money: { lines, expenses },
        remove: ['advance_paid_date', 'advance_pay_period', 'advance_royalty_ids', 'advance_expense_ids'],
        message: refunded,
      };
    },
  });
}
