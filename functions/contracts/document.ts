import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { fontRuns, pdfmakeWithFonts } from '../money/index.js';

/**
 * A contract's document, from its text (the template with every placeholder filled): a PDF to read
 * and sign (pdfmake with the statements' embedded fonts, so any name prints) and a DOCX for lawyers to edit.
 */

const paragraphs = (text: string) => text.split(/\n{2,}/);

export async function renderContractPdf(
  title: string,
  text: string,
  /** A document that must come out the same every time it is made names its own subject and creation time. */
  options: { subject?: string; createdAt?: Date } = {},
): Promise<Uint8Array> {
  const content: Content[] = [
    { ...fontRuns(title), style: 'title', margin: [0, 0, 0, 12] },
    ...paragraphs(text).map((p): Content => ({ ...fontRuns(p), margin: [0, 0, 0, 8] })),
  ];
  const definition: TDocumentDefinitions = {
    info: {
      title,
      subject: options.subject ?? 'Contract',
      ...(options.createdAt ? { creationDate: options.createdAt } : {}),
    },
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    styles: { title: { fontSize: 15, bold: true } },
    content,
    footer: (currentPage, pageCount) => ({
      text: `Page ${currentPage} of ${pageCount}`,
      alignment: 'right',
      margin: [50, 16, 50, 0],
      fontSize: 8,
      color: '#666666',
    }),
  };
  const buffer = await (await pdfmakeWithFonts()).createPdf(definition).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export async function renderContractDocx(title: string, text: string): Promise<Uint8Array> {
  const document = new Document({
    title,
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          ...paragraphs(text).map(
            (p) =>
              new Paragraph({
                spacing: { after: 160 },
                children: p.split('\n').map((line, i) => new TextRun({ text: line, break: i ? 1 : 0 })),
              }),
          ),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
