import type { Statement } from '../../../shared/schemas/statement-views.js';

/**
 * CONTRACT (documents helper replaces the bodies): a published statement as a PDF (pdfmake,
 * embedded Unicode font) and its mail.
 */
export type Party = { name: string; address: string | null; email: string | null; vat_number: string | null };
export type StatementDocument = { statement: Statement; company: Party; payee: Party };

export async function renderStatementPdf(_document: StatementDocument): Promise<Uint8Array> {
  throw new Error('renderStatementPdf: built by the documents helper');
}
