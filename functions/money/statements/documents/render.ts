import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Statement } from '../../../../shared/schemas/statement-views.js';
import {
  accountSection,
  contractRecoupmentSection,
  contractReservesSection,
  controlSection,
  recoupmentSection,
} from './account-section.js';
import { fontRuns, pdfmakeWithFonts } from './fonts.js';
import { periodName } from '../../../../shared/statement-periods.js';
import { headerSection } from './parties-section.js';
import { selfBillingSection } from './self-billing-section.js';
import { chartSection, provenanceSection, summariesSection } from './tables-section.js';

/**
 * A published statement as a PDF (pdfmake, embedded Unicode fonts: functions/money/statements/documents/
 * fonts.ts) and its mail (mail.ts).
 */
export type Party = { name: string; address: string | null; email: string | null; vat_number: string | null };
export type StatementDocument = {
  statement: Statement;
  company: Party;
  payee: Party;
  /** The statement a correction replaces (statement.replaces_id), to print "Version 2 — corrects ST-…". */
  replaces?: { number: string } | null;
};

/** Everything the pages show, in reading order; 'summary' style leaves the per-dimension summaries out. */
function content(document: StatementDocument): Content[] {
  const { statement } = document;
  const full = statement.pdf_style !== 'summary';
  return [
    headerSection(document),
    accountSection(statement),
    recoupmentSection(statement),
    contractRecoupmentSection(statement),
    contractReservesSection(statement),
    controlSection(statement),
    full && statement.graphs ? chartSection(statement) : [],
    full ? summariesSection(statement) : [],
    provenanceSection(statement),
    selfBillingSection(document),
  ];
}

/** The whole document: A4, the statement's number and page numbers in every footer. */
function statementDefinition(document: StatementDocument, createdAt?: Date): TDocumentDefinitions {
  const { statement, company, payee } = document;
  return {
    info: {
      title: `${statement.number} ${payee.name} ${periodName(statement)}`,
      author: company.name,
      subject: 'Royalty statement',
      ...(createdAt ? { creationDate: createdAt } : {}),
    },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true },
      heading: { fontSize: 11, bold: true, margin: [0, 14, 0, 4] },
      label: { color: '#666666', fontSize: 8 },
      note: { color: '#666666', fontSize: 8 },
      tableHeader: { bold: true, color: '#333333' },
    },
    content: content(document),
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: [`${statement.number} · `, fontRuns(payee.name), ` · ${periodName(statement)}`] },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: 'right' },
      ],
      margin: [40, 16, 40, 0],
      fontSize: 8,
      color: '#666666',
    }),
    // A heading never ends a page: it moves to the next page with the table it introduces.
    pageBreakBefore: (node, nodes) => node.headlineLevel === 1 && nodes.getFollowingNodesOnPage().length === 0,
  };
}

/**
 * Renders a published statement to PDF bytes. Given the time it records as made (the statement's own), the same
 * document renders to the same bytes every time.
 */
export async function renderStatementPdf(document: StatementDocument, createdAt?: Date): Promise<Uint8Array> {
  const pdfmake = await pdfmakeWithFonts();
  const buffer = await pdfmake.createPdf(statementDefinition(document, createdAt)).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
