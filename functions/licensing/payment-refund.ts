import { formatMoney } from '../../shared/money.js';
import * as store from '../data/access/licenses.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest, Conflict, LOST_RACE_MESSAGE } from '../lib/errors.js';
import { moveBy, readLicense, requireStatus, today } from './licenses.js';
import { presentLicense } from './present.js';
import { incomingPaymentRefund } from './refund.js';

/**
 * Records that a licensor gave back what we paid for an incoming licence (the deal called off after the payment):
 * each expense the payment made is taken back by an expense of the opposite sign on the refund's day (refund.ts), so a
 * payee who recouped the cost gets it back on the next statement, and the licence goes back to signed, letting go of
 * its payment; an advance paid before stays paid (its own refund is `refundAdvance`). An outgoing licence's payment is
 * refunded by crediting its invoice. The expenses and the licence's change are one conditional write on its revision:
 * a repeated call finds the payment refunded and answers the licence as it is.
 */
export async function refundPayment(tenantId: string, caller: Caller, id: string, refundDate = today()) {
  let license = await readLicense(tenantId, id);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (license.status !== 'paid' && license.payment_refunds?.length) {
      // A crash after the write but before the lists were marked changed is mended by the replay.
      await store.moneyWritten(tenantId);
      return { license: await presentLicense(tenantId, license), message: 'Payment refunded' };
    }
    if (license.type === 'outgoing')
      throw new BadRequest('A paid invoice is refunded by its credit note: credit the invoice instead');
    requireStatus(license, 'paid', 'Only a paid licence’s payment can be refunded');
    const { refund, expenses } = await incomingPaymentRefund(license, refundDate);
    const refunded = `Payment of ${formatMoney(refund.amount, license.fee_currency ?? '')} refunded`;
    const written = await store.writeMoney(
      tenantId,
      id,
      license.revision,
      {
        status: 'signed',
        payment_refunds: [...(license.payment_refunds ?? []), refund],
        history: [
          ...(license.history ?? []),
          moveBy(caller, 'paid', 'signed', `${refunded} by ${license.licensee_name} on ${refund.date}`),
        ],
      },
      { lines: [], expenses },
      ['payment_date', 'pay_period', 'expense_id', 'expense_ids'],
    );
    license = await readLicense(tenantId, id);
    if (written) return { license: await presentLicense(tenantId, license), message: refunded };
  }
  if (license.status === 'paid') throw new Conflict(LOST_RACE_MESSAGE);
  return { license: await presentLicense(tenantId, license), message: 'Payment refunded' };
}
