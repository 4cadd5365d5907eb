import type { QuarterRange } from '../../../shared/schemas/day-range.js';
import type { PaymentsRegister } from '../../../shared/schemas/payment-views.js';
import { listPayments } from '../../data/access/payments.js';
import { downloadName } from '../../lib/download-name.js';
import { safeCsv } from '../../lib/safe-csv.js';
import { groupsOf, sumMoney } from './group-sums.js';
import { presentPayment } from './present.js';

/**
 * The payments register: every payment dated in a range of days (both included), by date, each as recorded (so it
 * says what was paid, never what a statement would pay now), with its sums per currency and, for payments that left
 * the bank in another currency, per currency sent. What an accountant posts and reconciles with the bank statement.
 */
export async function paymentsRegister(tenantId: string, { from, to }: QuarterRange): Promise<PaymentsRegister> {
  const payments = (await listPayments(tenantId))
    .map(presentPayment)
    .filter((p) => p.payment_date >= from && p.payment_date <= to)
    .sort((a, b) => a.payment_date.localeCompare(b.payment_date) || a.id.localeCompare(b.id));
  const totals = groupsOf(payments, (p) => p.payment_currency).map(({ key, rows }) => ({
    currency: key,
    payments: rows.length,
    subtotal: sumMoney(rows.map((p) => p.payment_subtotal)),
    vat: sumMoney(rows.map((p) => p.payment_vat_total)),
    withheld: sumMoney(rows.map((p) => p.payment_withholding_total)),
    total: sumMoney(rows.map((p) => p.payment_total)),
  }));
  const converted = payments.flatMap((p) => (p.converted ? [p.converted] : []));
  const sent = groupsOf(converted, (c) => c.currency).map(({ key, rows }) => ({
    currency: key,
    payments: rows.length,
    total: sumMoney(rows.map((c) => c.total)),
  }));
  const byCurrency = <T extends { currency: string }>(rows: T[]) =>
    rows.sort((a, b) => a.currency.localeCompare(b.currency));
  return { from, to, payments, totals: byCurrency(totals), sent_totals: byCurrency(sent) };
}

const CSV_HEADER = [
  'Payment date',
  'Paid to',
  'Paid to is',
  'Statements',
  'Currency',
  'Payable',
  'VAT',
  'Tax withheld',
  'Total paid',
  'Sent currency',
  'Sent amount',
  'Exchange rate',
  'Method',
  'Payment reference',
  'Invoice reference',
  'Account reference',
  'Made by a payment run',
];

/** The register's payments as a CSV file (each text cell safe to open in a spreadsheet), named after its days. */
export async function paymentsRegisterCsv(tenantId: string, range: QuarterRange) {
  const { payments } = await paymentsRegister(tenantId, range);
  const rows = payments.map((p) => [
    p.payment_date,
    p.payable_name,
    // Payee, Artist or Label: the account's kind is already a word.
    p.payable_type,
    p.statements.map((s) => s.number).join(' '),
    p.payment_currency,
    p.payment_subtotal,
    p.payment_vat_total,
    p.payment_withholding_total,
    p.payment_total,
    p.converted?.currency ?? '',
    p.converted?.total ?? '',
    p.converted?.rate ?? '',
    p.payment_method ?? '',
    p.payment_reference ?? '',
    p.invoice_reference ?? '',
    p.account_reference ?? '',
    p.payment_run_id ? 'Yes' : 'No',
  ]);
  return {
    filename: downloadName(`Payments ${range.from} to ${range.to}`, 'csv'),
    csv: safeCsv([CSV_HEADER, ...rows], { windows: true }),
  };
}
