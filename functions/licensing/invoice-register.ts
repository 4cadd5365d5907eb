import { type CreditAmounts, invoiceDue, invoiceLeft, invoiceRefunded } from '../../shared/licence-due.js';
import Big from 'big.js';
import type {
  CreditedInvoice,
  InvoiceRegisterQuery,
  LicenseInvoice,
  PartialCreditNote,
  RegisterLine,
} from '../../shared/schemas/licensing.js';
import * as store from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';
import { downloadName } from '../lib/download-name.js';
import { safeCsv } from '../lib/safe-csv.js';
import { formatMoney, negatedAmount } from '../../shared/money.js';
import { today } from './licenses.js';

function invoiceLine(license: LicenseItem, invoice: LicenseInvoice, status: string): RegisterLine {
  return {
    kind: 'invoice',
    number: invoice.number,
    date: invoice.date,
    license_id: license.id,
    licensee: invoice.billed?.licensee_name ?? license.licensee_name,
    currency: invoice.currency,
    net: invoice.net,
    vat_rate: invoice.vat_rate,
    vat: invoice.vat,
    total: invoice.total,
    status,
  };
}

/** A credit note of `invoice`: its own amounts with the sign turned, so the register's sums net it off. */
function creditLine(
  license: LicenseItem,
  invoice: LicenseInvoice,
  note: { number: string; date: string },
  credited: CreditAmounts,
  status: string,
): RegisterLine {
  return {
    ...invoiceLine(license, invoice, status),
    kind: 'credit_note',
    number: note.number,
    date: note.date,
    net: negatedAmount(credited.net),
    vat: negatedAmount(credited.vat),
    total: negatedAmount(credited.total),
  };
}

/** The credit note that cancelled an invoice: what was left of it (all of it unless partial credits came first). */
function creditNoteLine(license: LicenseItem, { invoice, credit_note }: CreditedInvoice): RegisterLine {
  const status = credit_note.refund
    ? `Credits ${invoice.number}; ${formatMoney(credit_note.refund.amount, invoice.currency)} refunded on ${credit_note.refund.date}`
    : `Credits ${invoice.number}`;
  return creditLine(license, invoice, credit_note, invoiceLeft(invoice), status);
}

/** A partial credit note: the part of the invoice it credited, and when it was refunded if the invoice was paid. */
function partialCreditLine(license: LicenseItem, invoice: LicenseInvoice, note: PartialCreditNote): RegisterLine {
  const money = formatMoney(note.total, invoice.currency);
  const status = note.refund
    ? `Refunds ${money} of ${invoice.number} on ${note.refund.date}`
    : `Reduces ${invoice.number} by ${money}`;
  return creditLine(license, invoice, note, note, status);
}

/** An invoice's partial credit notes as register lines. */
const partialLines = (license: LicenseItem, invoice: LicenseInvoice) =>
  (invoice.partial_credits ?? []).map((note) => partialCreditLine(license, invoice, note));

/** A licence's invoice as it stands today: paid (on which day), overdue or awaiting payment. */
function standing(license: LicenseItem, invoice: LicenseInvoice, day: string): string {
  if (license.status === 'paid') {
    const paid = `Paid on ${license.payment_date ?? ''}`.trim();
    const refunded = invoiceRefunded(invoice).total;
    return new Big(refunded).eq(0) ? paid : `${paid}, ${formatMoney(refunded, invoice.currency)} refunded since`;
  }
  // What is still owed is said when an advance or a partial credit note made it less than the invoice's total.
  const owed =
    invoice.balance_due || invoice.partial_credits?.length
      ? `, ${formatMoney(invoiceDue(invoice), invoice.currency)} to pay`
      : '';
  return invoice.due_date < day ? `Overdue since ${invoice.due_date}${owed}` : `Unpaid, due ${invoice.due_date}${owed}`;
}

/**
 * Every invoice and credit note a licence has issued: its invoice with its partial credit notes, and each invoice
 * credited with its partial credit notes and the credit note that cancelled it.
 */
function licenceDocuments(license: LicenseItem, day: string): RegisterLine[] {
  return [
    ...(license.credited_invoices ?? []).flatMap((credited) => [
      invoiceLine(license, credited.invoice, `Credited by ${credited.credit_note.number}`),
      ...partialLines(license, credited.invoice),
      creditNoteLine(license, credited),
    ]),
    ...(license.invoice
      ? [
          invoiceLine(license, license.invoice, standing(license, license.invoice, day)),
          ...partialLines(license, license.invoice),
        ]
      : []),
  ];
}

/** Sums per currency (never added across currencies), in the currencies' order. */
function totalsOf(lines: readonly RegisterLine[]) {
  const sums = new Map<string, { count: number; net: Big; vat: Big; total: Big }>();
  for (const line of lines) {
    const sum = sums.get(line.currency) ?? { count: 0, net: new Big(0), vat: new Big(0), total: new Big(0) };
    sums.set(line.currency, {
      count: sum.count + 1,
      net: sum.net.plus(line.net),
      vat: sum.vat.plus(line.vat),
      total: sum.total.plus(line.total),
    });
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({
      currency,
      count: sum.count,
      net: sum.net.toFixed(2),
      vat: sum.vat.toFixed(2),
      total: sum.total.toFixed(2),
    }));
}

/**
 * GET /licensing/invoices: the company's licence invoices and credit notes dated from `from` to `to` (both days
 * included), oldest first, with their sums per currency. The page and the CSV both come from here.
 */
export async function invoiceRegister(tenantId: string, { from, to }: InvoiceRegisterQuery) {
  const day = today();
  const documents = (await store.listLicenses(tenantId))
    .flatMap((license) => licenceDocuments(license, day))
    .filter((line) => line.date >= from && line.date <= to)
    // By day; within a day the invoices, then the credit notes, each in number order.
    .sort((a, b) => a.date.localeCompare(b.date) || b.kind.localeCompare(a.kind) || a.number.localeCompare(b.number));
  return { from, to, documents, totals: totalsOf(documents) };
}

const CSV_HEADER = ['Type', 'Number', 'Date', 'Licensee', 'Currency', 'Net', 'VAT rate %', 'VAT', 'Total', 'Status'];

/** The register as a CSV file (each text cell safe to open in a spreadsheet), named after its dates. */
export async function invoiceRegisterCsv(tenantId: string, query: InvoiceRegisterQuery) {
  const { documents } = await invoiceRegister(tenantId, query);
  const rows = documents.map((d) => [
    d.kind === 'invoice' ? 'Invoice' : 'Credit note',
    d.number,
    d.date,
    d.licensee,
    d.currency,
    d.net,
    d.vat_rate,
    d.vat,
    d.total,
    d.status,
  ]);
  return {
    filename: downloadName(`Licence invoices and credit notes ${query.from} to ${query.to}`, 'csv'),
    csv: safeCsv([CSV_HEADER, ...rows], { windows: true }),
  };
}
