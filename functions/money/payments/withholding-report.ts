import Big from 'big.js';
import type { QuarterRange } from '../../../shared/schemas/day-range.js';
import type { WithheldByPayee, WithheldPayment, WithholdingTaxReport } from '../../../shared/schemas/payment-views.js';
import { listPayments } from '../../data/access/payments.js';
import { downloadName } from '../../lib/download-name.js';
import { safeCsv } from '../../lib/safe-csv.js';
import { groupsOf, sumMoney } from './group-sums.js';
import { presentPayment } from './present.js';

/**
 * The tax withheld report: every payment dated in the range that kept tax back (its
 * `payment_withholding_total`, summed from its statements' withholding when it was recorded), by payment, by payee
 * and currency (what a withholding certificate to the payee states) and per currency (what the label owes the tax
 * authority). Read from the payments as recorded, so it says what was paid, never what a statement would pay now.
 */
export async function withholdingTaxReport(
  tenantId: string,
  { from, to }: QuarterRange,
): Promise<WithholdingTaxReport> {
  const payments = (await listPayments(tenantId))
    .map(presentPayment)
    .filter((p) => p.payment_date >= from && p.payment_date <= to && new Big(p.payment_withholding_total).gt(0))
    .sort((a, b) => a.payment_date.localeCompare(b.payment_date) || a.id.localeCompare(b.id))
    .map(
      (p): WithheldPayment => ({
        payment_id: p.id,
        payment_date: p.payment_date,
        payee: { type: p.payable_type, id: p.payable_id, name: p.payable_name },
        currency: p.payment_currency,
        statement_numbers: p.statements.map((s) => s.number),
        payable: p.payment_subtotal,
        withheld: p.payment_withholding_total,
        paid: p.payment_total,
      }),
    );
  return { from, to, payments, payees: byPayee(payments), totals: byCurrency(payments) };
}

function byPayee(payments: readonly WithheldPayment[]): WithheldByPayee[] {
  return groupsOf(payments, (p) => [p.payee.type, p.payee.id, p.currency])
    .map(({ rows: own }) => ({
      payee: own[0].payee,
      currency: own[0].currency,
      payments: own.length,
      payable: sumMoney(own.map((p) => p.payable)),
      withheld: sumMoney(own.map((p) => p.withheld)),
    }))
    .sort((a, b) => a.payee.name.localeCompare(b.payee.name) || a.currency.localeCompare(b.currency));
}

function byCurrency(payments: readonly WithheldPayment[]): WithholdingTaxReport['totals'] {
  return groupsOf(payments, (p) => p.currency)
    .map(({ key, rows: own }) => ({
      currency: key,
      payments: own.length,
      payable: sumMoney(own.map((p) => p.payable)),
      withheld: sumMoney(own.map((p) => p.withheld)),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

const CSV_HEADER = ['Payment date', 'Payee', 'Currency', 'Statements', 'Payable', 'Tax withheld', 'Paid'];

/** The report's payments as a CSV file (each text cell safe to open in a spreadsheet), named after its days. */
export async function withholdingTaxCsv(tenantId: string, range: QuarterRange) {
  const { payments } = await withholdingTaxReport(tenantId, range);
  const rows = payments.map((p) => [
    p.payment_date,
    p.payee.name,
    p.currency,
    p.statement_numbers.join(' '),
    p.payable,
    p.withheld,
    p.paid,
  ]);
  return {
    filename: downloadName(`Tax withheld ${range.from} to ${range.to}`, 'csv'),
    csv: safeCsv([CSV_HEADER, ...rows], { windows: true }),
  };
}
