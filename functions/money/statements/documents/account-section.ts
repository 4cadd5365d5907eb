import Big from 'big.js';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { Statement } from '../../../../shared/schemas/statement-views.js';
import { PAYMENTS_CARRIED_NOTE } from '../../../../shared/payments-carried.js';
import { count, exact, money } from './format.js';
import { formatPercent } from '../../../../shared/format.js';

const GREY = '#666666';

/**
 * The account for the period, adding up on the page: every row from the opening balance to the
 * adjustments sums to the closing balance. Expenses and advances are shown under net costs, set
 * in and greyed as its parts ("of which"), so a reader never adds them twice.
 */
export function accountSection(statement: Statement): Content {
  const f = statement.figures;
  const m = (value: string) => money(value, statement.currency);
  const row = (label: string, value: string, note = ''): TableCell[] => [
    label,
    { text: note, color: GREY, fontSize: 8 },
    { text: m(value), alignment: 'right' },
  ];
  const part = (label: string, value: string): TableCell[] => [
    { text: label, color: GREY, margin: [12, 0, 0, 0] },
    { text: 'of which', color: GREY, fontSize: 8 },
    { text: m(value), color: GREY, alignment: 'right' },
  ];
  const total = (label: string, value: string): TableCell[] => [
    { text: label, bold: true },
    '',
    { text: m(value), bold: true, alignment: 'right' },
  ];
  const body: TableCell[][] = [
    row('Opening balance', f.opening_balance, 'closing balance of the previous statement'),
    row('Net revenue (royalties)', f.royalties, 'your share of the period’s sales'),
    row('Net costs', f.costs, 'recoupable expenses and advances'),
    part('Recoupable expenses', f.expenses),
    part('Advances', f.advances),
    row('Reserves', f.reserves, 'taken (−) and released (+)'),
    row('Transfers', f.transfers),
    row('Payments', f.payments, PAYMENTS_CARRIED_NOTE),
    row('Adjustments', f.adjustments),
    // Only on a statement that recouped a contract's advance (the figure is absent otherwise).
    ...(f.recouped === undefined ? [] : [row('Recouped by contracts', f.recouped, 'repays advances and costs first')]),
    total('Closing balance', f.closing_balance),
    total('Amount payable', f.payable),
  ];
  const closingRow = body.length - 2;
  body.push(...payoutRows(statement, row, total));
  const content: Content[] = [
    { text: 'Your account', style: 'heading' },
    {
      table: { widths: ['*', 'auto', 110], body },
      layout: {
        hLineWidth: (i) => (i === closingRow ? 1 : 0),
        vLineWidth: () => 0,
        paddingTop: () => 2,
        paddingBottom: () => 2,
      },
    },
  ];
  const payments = statement.payments_made ?? [];
  if (payments.length > 0) {
    // Each payment as the payee recognises it on their bank statement: "paid on … via … ref …".
    content.push({
      text: [{ text: 'Payments since the previous statement: ', bold: true }, payments.map((p) => p.text).join('; ')],
      margin: [0, 6, 0, 0],
    });
  }
  if (new Big(statement.aggregator_fee || '0').gt(0)) {
    content.push({
      text: `The distributor’s fee of ${m(statement.aggregator_fee)} was deducted before net revenue.`,
      style: 'note',
    });
  }
  if (new Big(f.payable).eq(0) && statement.not_paid_reasons.length > 0) {
    content.push({
      text: [{ text: 'Why nothing is paid: ', bold: true }, statement.not_paid_reasons.map((r) => r.text).join('; ')],
      margin: [0, 6, 0, 0],
    });
  }
  return content;
}

/**
 * From the amount payable to what is paid out, when the two differ: the self-billing invoice's VAT added, the tax
 * withheld taken off (the payout's one rule, statements/accounts/payout.ts, made the figures when published).
 */
function payoutRows(
  statement: Statement,
  row: (label: string, value: string, note?: string) => TableCell[],
  total: (label: string, value: string) => TableCell[],
): TableCell[][] {
  const { payout, self_billing: invoice, withholding_tax: withheld } = statement;
  if (new Big(payout.total).eq(payout.payable)) return [];
  return [
    ...(invoice && new Big(payout.vat).gt(0)
      ? [
          row(
            'VAT',
            payout.vat,
            `at ${formatPercent(invoice.vat_rate)} on self-billing invoice ${invoice.invoice_number}`,
          ),
        ]
      : []),
    ...(withheld
      ? [
          row(
            'Tax withheld',
            `-${payout.withholding_tax}`,
            `at ${formatPercent(withheld.rate)}, paid to the tax authority for you`,
          ),
        ]
      : []),
    total('Amount paid to you', payout.total),
  ];
}

/** The advance, what has been recouped of it and what remains, as a bar; only when there is an advance. */
export function recoupmentSection(statement: Statement): Content {
  const { advance, recouped, remaining } = statement.recoupment;
  const total = new Big(advance || '0');
  if (total.lte(0)) return [];
  const width = 300;
  const share = Math.min(1, Math.max(0, Number(new Big(recouped).div(total).toFixed(6))));
  const m = (value: string) => money(value, statement.currency);
  return [
    { text: 'Recoupment of advances', style: 'heading' },
    {
      canvas: [
        { type: 'rect', x: 0, y: 0, w: width, h: 10, color: '#e8e8e8' },
        { type: 'rect', x: 0, y: 0, w: Math.round(width * share * 10) / 10, h: 10, color: '#2e7d32' },
      ],
    },
    {
      columns: [
        { text: [{ text: 'Advance ', color: GREY }, m(advance)] },
        { text: [{ text: 'Recouped ', color: GREY }, m(recouped)] },
        { text: [{ text: 'Remaining ', color: GREY }, m(remaining)] },
      ],
      margin: [0, 4, 0, 0],
    },
  ];
}

/** Each contract the statement recouped: its balance before, what this statement recouped, what remains. */
export function contractRecoupmentSection(statement: Statement): Content {
  const rows = statement.contract_recoupment ?? [];
  if (!rows.length) return [];
  const m = (value: string) => money(value, statement.currency);
  const right = (text: string): TableCell => ({ text, alignment: 'right' });
  const head = (text: string): TableCell => ({ text, bold: true, alignment: 'right' });
  return [
    { text: 'Recoupment by contract', style: 'heading' },
    {
      table: {
        widths: ['*', 90, 90, 90],
        body: [
          [
            { text: 'Contract', bold: true },
            head('To recoup before'),
            head('Recouped this period'),
            head('Still to recoup'),
          ],
          ...rows.map((r): TableCell[] => [r.name, right(m(r.opening)), right(m(r.recouped)), right(m(r.closing))]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

/** Each contract's reserve: held back on this period's physical sales, released from earlier statements. */
export function contractReservesSection(statement: Statement): Content {
  const rows = statement.contract_reserves ?? [];
  if (!rows.length) return [];
  const m = (value: string) => money(value, statement.currency);
  const right = (text: string): TableCell => ({ text, alignment: 'right' });
  const head = (text: string): TableCell => ({ text, bold: true, alignment: 'right' });
  return [
    { text: 'Reserves by contract', style: 'heading' },
    { text: 'Part of the physical sales is held back against returns and paid on later statements.', style: 'note' },
    {
      table: {
        widths: ['*', 90, 90],
        body: [
          [{ text: 'Contract', bold: true }, head('Held this period'), head('Released this period')],
          ...rows.map((r): TableCell[] => [r.name, right(m(r.held)), right(m(r.released))]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

/**
 * The control figures that tie the PDF to its CSV: the number of lines and the exact sum of the
 * CSV's share column, and the rounding carried in from and out to the neighbouring statements.
 */
export function controlSection(statement: Statement): Content {
  const c = statement.control;
  return [
    { text: 'Control', style: 'heading' },
    { text: `Lines: ${count(c.lines)} — control total ${exact(c.lines_total)} (matches the CSV)` },
    {
      text:
        `Rounding carried in ${exact(c.rounding_in)}, carried out ${exact(c.rounding_out)}: net revenue is the ` +
        'control total plus the rounding carried in, rounded half-up to the cent once; the difference goes to ' +
        'the next statement.',
      style: 'note',
    },
  ];
}
