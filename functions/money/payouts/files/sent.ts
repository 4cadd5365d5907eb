import type { PaymentRunItem } from '../../../../shared/schemas/payment-views.js';

/**
 * What a run's item sends from the bank: its converted amount and currency when its method pays another currency
 * than the statement's, else the payout itself. Every file writer and the run's totals read it here, so a file never
 * pays one figure while the run shows another.
 */
export function sentBy(item: PaymentRunItem): { currency: string; amount: string } {
  return item.converted
    ? { currency: item.converted.currency, amount: item.converted.amount }
    : { currency: item.currency, amount: item.amount };
}

/** A row as its file pays it: the item's amount and currency are what is sent (bank-files.ts hands writers these). */
export function asSent<Row extends { item: PaymentRunItem }>(row: Row): Row {
  return row.item.converted ? { ...row, item: { ...row.item, ...sentBy(row.item) } } : row;
}
