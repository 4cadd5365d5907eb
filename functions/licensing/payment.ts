import Big from 'big.js';
import { invoiceLeft } from '../../shared/licence-due.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { Caller } from '../lib/auth-context.js';
import { moveMoneyOnce } from './money-move.js';
import { moveBy, requireMoneyTerms, requireStatus, today } from './licenses.js';
import { moneyOfPart, type MoneyPart } from './money-lines.js';

/**
 * What the payment brings: the fee, less the advance already recorded paid (the advance is the
 * first part of the fee, recouped from it, so advance + payment make the fee exactly). Nothing when
 * the advance was the whole fee. An invoiced fee is the net the invoice still bills once its partial
 * credit notes are taken off (invoiceLeft), so the ledger gets what the licensee was finally charged.
 */
export function paymentPart(
  license: Pick<LicenseItem, 'fee' | 'advance_fee' | 'advance_pay_period' | 'invoice'>,
): MoneyPart {
  const fee = new Big(license.invoice ? invoiceLeft(license.invoice).net : (license.fee ?? '0'));
  if (!license.advance_pay_period || !license.advance_fee) return { amount: fee.toFixed(2), words: 'Licence fee' };
  return { amount: fee.minus(license.advance_fee).toFixed(2), words: 'Licence fee less the advance' };
}

/**
 * Records a licence as paid. Outgoing: an invoiced licence's fee (less a recorded advance) enters the
 * ledger as licensing lines. Incoming: a signed licence's fee (less a recorded advance) becomes an
 * expense. Either way the money and the move to paid are one conditional write on the licence's
 * revision, so a replayed or concurrent "paid" writes nothing more: it finds the licence paid and
 * answers it as it is.
 */
export function recordPayment(tenantId: string, caller: Caller, id: string, paymentDate = today()) {
  return moveMoneyOnce(tenantId, id, {
    made: (license) => license.status === 'paid',
    message: 'Licence paid',
    plan: async (license) => {
      if (license.type === 'outgoing')
        requireStatus(license, 'invoiced', 'Issue the invoice before recording the payment');
      else requireStatus(license, 'signed', 'Sign the licence before recording its payment');
      const { currency } = requireMoneyTerms(license);
      const { payPeriod, lines, expenses } = await moneyOfPart(license, caller, paymentPart(license), {
        currency,
        paymentDate,
      });
      return {
        set: {
          status: 'paid',
          payment_date: paymentDate,
          pay_period: payPeriod,
          history: [...(license.history ?? []), moveBy(caller, license.status, 'paid')],
          ...(lines.length ? { royalty_ids: lines.map((line) => line.id) } : {}),
          ...(expenses.length
            ? { expense_id: expenses[0]?.expenseId, expense_ids: expenses.map((e) => e.expenseId) }
            : {}),
        },
        money: { lines, expenses },
        message: 'Licence paid',
      };
    },
  });
}
