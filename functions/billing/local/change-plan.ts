import Big from 'big.js';
import type { PlanView } from '../../../shared/plans.js';
import { getLocalBillingObject, putLocalBillingObject } from '../../data/access/billing.js';
import { InvalidField } from '../../lib/errors.js';
import { emitLocalEvent } from './emit.js';
import { nowSeconds, periodInvoice, type LocalSubscription } from './objects.js';

/**
 * What moving from `oldAmount` to `newAmount` costs for the rest of a period, in whole pence: the new price
 * less the old for the share of the period still to run, rounded half up once (negative: a credit).
 */
export function prorationPence(
  oldAmount: number,
  newAmount: number,
  period: { start: number; end: number },
  at: number,
): number {
  const length = period.end - period.start;
  if (length <= 0) return 0;
  const left = Math.min(Math.max(period.end - at, 0), length);
  return new Big(newAmount - oldAmount).times(left).div(length).round(0, Big.roundHalfUp).toNumber();
}

/**
 * The local provider's plan change (Stripe's subscription update with `always_invoice` proration): the item
 * takes the new plan's price and the subscription its plan id; the prorated difference is invoiced at once
 * (invoice.paid, charged to the card on file) when it is a charge; then customer.subscription.updated tells
 * the product, which moves the company to the plan.
 */
export async function changeLocalPlan(id: string, plan: PlanView): Promise<void> {
  const subscription = await getLocalBillingObject<LocalSubscription>('subscription', id);
  const item = subscription?.items.data[0];
  if (!subscription || subscription.status === 'canceled' || !item) {
    throw new InvalidField('plan_id', 'The company has no card subscription to change');
  }
  const companyId = subscription.metadata.company_id;
  const charge = prorationPence(
    item.price.unit_amount,
    plan.amount,
    { start: item.current_period_start, end: item.current_period_end },
    nowSeconds(),
  );
  const changed: LocalSubscription = {
    ...subscription,
    metadata: { ...subscription.metadata, plan_id: plan.id },
    items: {
      ...subscription.items,
      data: [
        {
          ...item,
          price: {
            ...item.price,
            id: plan.stripe_id ?? plan.id,
            unit_amount: plan.amount,
            currency: plan.currency.toLowerCase(),
          },
        },
      ],
    },
  };
  await putLocalBillingObject('subscription', id, changed, companyId);
  if (charge > 0) {
    const invoice = periodInvoice(changed, charge, true, 'subscription_update');
    await putLocalBillingObject('invoice', invoice.id, invoice, companyId);
    await emitLocalEvent('invoice.paid', invoice);
  }
  await emitLocalEvent('customer.subscription.updated', changed);
}
