import { formatMoney } from '../../../../../shared/money';
import type { PaymentDue, PaymentRun, PaymentRunItem } from '../../../../../shared/schemas/payment-views';
import { pairKey, rateWords } from '../../../../../shared/schemas/payout-conversion';

/** What a run's statement pays, and what its file sends when converted: "£1,234.57 → €1,438.27". */
export function itemAmountWords(item: PaymentRunItem): string {
  const paid = formatMoney(item.amount, item.currency);
  return item.converted ? `${paid} → ${formatMoney(item.converted.amount, item.converted.currency)}` : paid;
}

/**
 * The pairs of currencies a run of these accounts converts (a pound statement paid by SEPA in euro), each once, in
 * the order first met: the rates the user must give before Preview.
 */
export function pairsToConvert(rows: readonly PaymentDue[]): { key: string; from: string; to: string }[] {
  const pairs = new Map<string, { key: string; from: string; to: string }>();
  for (const row of rows) {
    const key = pairKey(row.currency, row.pay_currency);
    if (row.pay_currency !== row.currency && !pairs.has(key))
      pairs.set(key, { key, from: row.currency, to: row.pay_currency });
  }
  return [...pairs.values()];
}

/**
 * What Export will do, said before it is done: it freezes the run (its statements and amounts no
 * longer change) and makes the files the bank pays from; nothing is recorded as paid until the user
 * says the bank accepted them.
 */
export function exportConsequence(
  run: Pick<PaymentRun, 'items' | 'totals'> & Partial<Pick<PaymentRun, 'exchange_rates'>>,
): string[] {
  const count = run.items.length;
  const amounts = run.totals.map((t) => formatMoney(t.amount, t.currency)).join(' and ');
  const rates = (run.exchange_rates ?? []).map((r) => rateWords(r.from, r.to, r.rate));
  return [
    `The run is frozen with its ${count === 1 ? 'statement' : `${count} statements`} (${amounts}): none can be added or removed afterwards.`,
    ...(rates.length
      ? [
          `Amounts paid in another currency are converted at ${rates.join(' and ')}; each statement is still settled in its own currency.`,
        ]
      : []),
    'The bank files are made for you to download and upload to your bank. Each pays what it lists, so upload each file once.',
    'Nothing is marked paid until you confirm that the bank accepted the files.',
  ];
}
