import { formatMoney } from '../../../../../shared/money';
import type { PaymentRun } from '../../../../../shared/schemas/payment-views';

/**
 * What Export will do, said before it is done: it freezes the run (its statements and amounts no
 * longer change) and makes the files the bank pays from; nothing is recorded as paid until the user
 * says the bank accepted them.
 */
export function exportConsequence(run: Pick<PaymentRun, 'items' | 'totals'>): string[] {
  const count = run.items.length;
  const amounts = run.totals.map((t) => formatMoney(t.amount, t.currency)).join(' and ');
  return [
    `The run is frozen with its ${count === 1 ? 'statement' : `${count} statements`} (${amounts}): none can be added or removed afterwards.`,
    'The bank files are made for you to download and upload to your bank. Each pays what it lists, so upload each file once.',
    'Nothing is marked paid until you confirm that the bank accepted the files.',
  ];
}
