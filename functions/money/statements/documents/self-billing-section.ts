import Big from 'big.js';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { fontRuns } from './fonts.js';
import { date, money } from './format.js';
import { partyBlock } from './parties-section.js';
import type { StatementDocument } from './render.js';
import { formatPercent } from '../../../../shared/format.js';
import { periodWords } from '../../../../shared/statement-periods.js';

/**
 * The self-billing invoice, on a page of its own: the label (customer) issues it on behalf of the
 * payee (supplier) under their self-billing agreement, numbered once when the statement is
 * published. UK rules (VAT Notice 700/62) want the output-tax sentence when VAT is charged.
 */
export function selfBillingSection(document: StatementDocument): Content {
  const { statement, company, payee } = document;
  const invoice = statement.self_billing;
  if (!invoice) return [];
  const m = (value: string) => money(value, statement.currency);
  const line = (label: string, value: string, bold = false): TableCell[] => [
    { text: label, bold },
    { text: m(value), alignment: 'right', bold },
  ];
  const content: Content[] = [
    { text: 'Self-billing invoice', style: 'title', pageBreak: 'before' },
    {
      table: {
        body: [
          [{ text: 'Invoice number', style: 'label' }, invoice.invoice_number],
          [{ text: 'Date of issue', style: 'label' }, date(invoice.issued_at)],
          [{ text: 'Statement', style: 'label' }, statement.number],
          [{ text: 'Accounting period', style: 'label' }, periodWords(statement)],
        ],
      },
      layout: 'noBorders',
      margin: [0, 4, 0, 12],
    },
    { columns: [partyBlock(payee, 'Supplier'), partyBlock(company, 'Customer')] },
    {
      table: {
        widths: ['*', 110],
        body: [
          [
            { text: 'Description', style: 'tableHeader' },
            { text: 'Amount', style: 'tableHeader', alignment: 'right' },
          ],
          [`Royalties for ${periodWords(statement)} (statement ${statement.number})`, ''],
          line('Subtotal', invoice.subtotal),
          line(`VAT at ${formatPercent(invoice.vat_rate)}`, invoice.vat),
          line('Total', invoice.total, true),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 16, 0, 12],
    },
    {
      text: [
        'Self-billing invoice issued by ',
        { ...fontRuns(company.name), bold: true },
        ' on behalf of ',
        { ...fontRuns(payee.name), bold: true },
        '.',
      ],
    },
  ];
  if (new Big(invoice.vat || '0').gt(0)) {
    content.push({ text: 'The VAT shown is your output tax due to HMRC.', margin: [0, 4, 0, 0] });
  }
  return content;
}
