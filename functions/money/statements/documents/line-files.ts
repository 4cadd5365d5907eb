import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { STATEMENT_FORMATS } from '../../../../shared/catalogue.js';

type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The files a statement's mail attaches, as its account's statement settings chose them (PDF, CSV of its lines, the
 * same lines as an XLSX workbook). None chosen, or none the product knows: the PDF, as before settings named any.
 */
export function formatsToAttach(chosen: readonly string[] | undefined): Set<StatementFormat> {
  const known = (chosen ?? []).filter((f): f is StatementFormat =>
    (STATEMENT_FORMATS as readonly string[]).includes(f),
  );
  return new Set(known.length ? known : ['PDF']);
}

/**
 * The most the line files of one mail may weigh together. The mail service refuses a message over 10 MB, and an
 * attachment grows by a third when encoded; the PDF and the text take the rest. Over it, the mail attaches the PDF
 * and says the lines are too many to attach.
 */
export const MAX_LINE_FILES_BYTES = 6 * 1024 * 1024;

/** The statement CSV's columns that hold figures: numbers in the workbook, so a spreadsheet sums them. */
const FIGURES = new Set(['quantity', 'exchange_rate', 'amount', 'label_payable', 'weight', 'share']);
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A statement's lines as an XLSX workbook, made from its CSV (the one the statement page downloads), one sheet. Text
 * cells stay text, kept as the CSV wrote them (safe to open: a cell that would start a formula keeps its apostrophe),
 * and the figure columns are numbers shown with all their decimals (at most 6, well within a spreadsheet's 15 digits
 * of precision).
 */
export async function xlsxOfCsv(csv: Uint8Array): Promise<Uint8Array> {
  const rows: string[][] = parse(Buffer.from(csv), { relax_column_count: true });
  const [header = [], ...lines] = rows;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Lines');
  sheet.addRow(header).font = { bold: true };
  const figures = header.map((column) => FIGURES.has(column));
  for (const line of lines)
    sheet.addRow(line.map((cell, i) => (figures[i] && PLAIN_NUMBER.test(cell) ? Number(cell) : cell)));
  header.forEach((column, i) => {
    if (figures[i]) sheet.getColumn(i + 1).numFmt = column === 'quantity' ? '0' : '0.000000';
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
