import Big from 'big.js';
import type { CanvasElement, Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import {
  SUMMARY_DIMENSIONS,
  type Statement,
  type SummaryDimension,
  type SummaryRow,
} from '../../../../shared/schemas/statement-views.js';
import { fontRuns } from './fonts.js';
import { count, date, money } from './format.js';
import { roundRowsToStated, roundRowsToTotal } from '../../../../shared/money.js';
import { uploadedFileName } from '../../../../shared/file-names.js';
import { periodLabel } from '../../../../shared/format.js';
import { summaryRowName } from '../../../../shared/statement-periods.js';

const TITLES: Record<SummaryDimension, string> = {
  store: 'By store',
  territory: 'By territory',
  format: 'By format',
  release: 'By release',
  track: 'By track',
  period: 'By sales period',
  term: 'By contract term',
};

/**
 * A table's two header rows, repeated on every page it runs over: its heading (with an optional
 * note) across all columns, then the column names. Being header rows, the heading can never be
 * left alone at the foot of a page.
 */
function headerRows(title: string, note: string | null, cells: string[], rightFrom: number): TableCell[][] {
  const lines: Content[] = [{ text: title, style: 'heading' }];
  if (note) lines.push({ text: note, style: 'note', margin: [0, 0, 0, 4] });
  const heading: TableCell = {
    stack: lines,
    colSpan: cells.length,
  };
  return [
    [heading, ...cells.slice(1).map(() => '')],
    cells.map((text, i) => ({ text, style: 'tableHeader', alignment: i >= rightFrom ? 'right' : 'left' })),
  ];
}

/** Thin rules between rows, a firmer one under the column names and none around the heading. */
const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i < 2 || i === node.table.body.length ? 0 : i === 2 ? 1 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (i) => (i === 2 ? '#333333' : '#dddddd'),
  paddingLeft: (i) => (i === 0 ? 0 : 4),
  paddingRight: (i, node) => (i === node.table.body[0].length - 1 ? 0 : 4),
};

/** Long names without spaces (file names) may break after _ . - / instead of running off the page. */
function breakable(text: string): string {
  return text.replace(/([_.\-/])/g, '$1\u200b');
}

/** The summaries present, in the order SUMMARY_DIMENSIONS gives. */
function presentSummaries(statement: Statement): [SummaryDimension, SummaryRow[]][] {
  return SUMMARY_DIMENSIONS.flatMap((d) => {
    const rows = statement.summaries[d];
    return rows && rows.length > 0 ? [[d, rows] as [SummaryDimension, SummaryRow[]]] : [];
  });
}

/**
 * One table per summary of the statement's settings, with its header row repeated on every page
 * it runs over and a total row; the heading is kept with the table (headlineLevel, see render.ts).
 */
export function summariesSection(statement: Statement): Content {
  const m = (value: string) => money(value, statement.currency);
  return presentSummaries(statement).map(([dimension, rows]) => {
    // The rows as printed add up to the statement's royalties (largest remainder at the cent), as on the page.
    const printed = roundRowsToStated(
      rows.map((r) => r.amount),
      statement.figures.royalties,
    );
    return {
      table: {
        headerRows: 2,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: ['*', 50, 60, 90],
        body: [
          ...headerRows(TITLES[dimension], null, ['', 'Lines', 'Quantity', 'Amount'], 1),
          ...rows.map((r, i): TableCell[] => [
            fontRuns(summaryRowName(dimension, r)),
            { text: count(r.lines), alignment: 'right' },
            { text: count(r.quantity), alignment: 'right' },
            { text: m(printed.rows[i] ?? r.amount), alignment: 'right' },
          ]),
          [
            { text: 'Total', bold: true },
            { text: count(rows.reduce((a, r) => a + r.lines, 0)), alignment: 'right', bold: true },
            { text: count(rows.reduce((a, r) => a + r.quantity, 0)), alignment: 'right', bold: true },
            { text: m(printed.total), alignment: 'right', bold: true },
          ],
        ],
      },
      layout: TABLE_LAYOUT,
      fontSize: 8,
    };
  });
}

const CHART_BARS = 10;
const BAR_WIDTH = 220;

/**
 * A bar chart of the first summary (its ten largest rows by amount), drawn with pdfmake's canvas:
 * one row per bar with its label and amount, negative amounts in red.
 */
export function chartSection(statement: Statement): Content {
  const first = presentSummaries(statement)[0];
  if (!first) return [];
  const [dimension, rows] = first;
  // A row standing for many smaller ones (capped-summaries.ts) is no bar of its own.
  const top = rows
    .filter((r) => !r.others)
    .sort((a, b) => new Big(b.amount).abs().cmp(new Big(a.amount).abs()))
    .slice(0, CHART_BARS);
  const largest = top.reduce((a, r) => (new Big(r.amount).abs().gt(a) ? new Big(r.amount).abs() : a), new Big(0));
  const bar = (amount: string): CanvasElement[] => {
    const length = largest.eq(0) ? 0 : Number(new Big(amount).abs().div(largest).times(BAR_WIDTH).toFixed(1));
    const color = new Big(amount).lt(0) ? '#c62828' : '#1565c0';
    return [{ type: 'rect', x: 0, y: 1, w: Math.max(length, 0.5), h: 8, color }];
  };
  return {
    unbreakable: true,
    stack: [
      { text: `${TITLES[dimension]} — chart`, style: 'heading' },
      {
        table: {
          widths: [150, BAR_WIDTH, '*'],
          body: top.map((r): TableCell[] => [
            fontRuns(summaryRowName(dimension, r)),
            { canvas: bar(r.amount) },
            { text: money(r.amount, statement.currency), alignment: 'right' },
          ]),
        },
        layout: 'noBorders',
        fontSize: 8,
      },
    ],
  };
}

/** What the statement's page and its PDF say when no sales report is behind a statement. */
const NO_SALES_REPORTS = 'No sales reports';

/**
 * Every sales report behind the statement: where it came from, its periods, the currency and
 * exchange rate it was converted at and the distributor's fee taken from it. No hidden deductions.
 */
export function provenanceSection(statement: Statement): Content {
  const rows = statement.provenance;
  const m = (value: string) => money(value, statement.currency);
  const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });
  const note =
    'Every sales report behind this statement, with the exchange rate it was converted at and the ' +
    'distributor’s fee taken from it before your share.';
  const columns = ['Source', 'File', 'Periods', 'Currency', 'Rate', 'Rate date', 'Distributor fee', 'Lines', 'Amount'];
  // Both money columns add up to their printed totals, as the summaries do.
  const fees = roundRowsToTotal(rows.map((r) => r.distributor_fee));
  const amounts = roundRowsToStated(
    rows.map((r) => r.amount),
    statement.figures.royalties,
  );
  const heading = headerRows('Where the money came from — no hidden deductions', note, columns, 6);
  const widths = ['*', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'];
  // No sales report behind it (a statement of costs or balances alone): said in words, as the statement's page says
  // it, not an empty table with a total of nothing.
  if (rows.length === 0)
    return {
      table: {
        headerRows: 2,
        keepWithHeaderRows: 1,
        widths,
        body: [...heading, [{ text: NO_SALES_REPORTS, colSpan: columns.length }, ...columns.slice(1).map(() => '')]],
      },
      layout: TABLE_LAYOUT,
      fontSize: 7,
    };
  return {
    table: {
      headerRows: 2,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths,
      body: [
        ...heading,
        ...rows.map((r, i): TableCell[] => [
          fontRuns(r.source),
          fontRuns(breakable(r.filename ? uploadedFileName(r.filename) : '-')),
          r.pay_periods.map(periodLabel).join(', '),
          (r.original_currency ?? statement.currency).toUpperCase(),
          right(r.exchange_rate ?? '1'),
          r.rate_date ? date(r.rate_date) : '-',
          right(m(fees.rows[i] ?? r.distributor_fee)),
          right(count(r.lines)),
          right(m(amounts.rows[i] ?? r.amount)),
        ]),
        [
          { text: 'Total', bold: true, colSpan: 6 },
          '',
          '',
          '',
          '',
          '',
          right(m(fees.total), true),
          right(count(rows.reduce((a, r) => a + r.lines, 0)), true),
          right(m(amounts.total), true),
        ],
      ],
    },
    layout: TABLE_LAYOUT,
    fontSize: 7,
  };
}
