import { describe, expect, it } from 'vitest';
import { pdfmakeWithFonts } from '../../functions/money/statements/documents/fonts.js';
import { renderStatementPdf } from '../../functions/money/statements/documents/render.js';
import { sampleStatementDocument } from '../support/statement-document.js';

/**
 * pdfkit's layout of each word is kept per font for the process (documents/fonts.ts shareLayouts): a run's statements
 * repeat most of their words. Kept layouts must not change a byte of a statement, and a word's layout in one font is
 * never used for another.
 */
type PdfkitFont = {
  layoutRun(text: string): { advanceWidth: number };
  widthOfString(text: string, size: number): number;
};

async function fonts() {
  const doc = (await (await pdfmakeWithFonts()).createPdf({ content: [] }).getStream()) as unknown as {
    provideFont(family: string, bold: boolean, italics: boolean): PdfkitFont;
  };
  return { regular: doc.provideFont('Roboto', false, false), bold: doc.provideFont('Roboto', true, false) };
}

/** A PDF's bytes without what differs between two renders of one statement: its creation date and file id. */
const withoutDateAndId = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');

describe("a statement's word layouts, kept for the process", () => {
  it('lays a word out once, and the statement drawn again from kept layouts is the same bytes', async () => {
    const { regular } = await fonts();
    const prototype = Object.getPrototypeOf(regular) as PdfkitFont;
    const layOut = prototype.layoutRun;
    let laidOut = 0;
    prototype.layoutRun = function (text) {
      laidOut += 1;
      return layOut.call(this, text);
    };
    try {
      const document = sampleStatementDocument();
      document.statement.payee_name = `Payee ${Math.random().toString(36).slice(2)} Unseen`;
      const first = await renderStatementPdf(document);
      expect(laidOut).toBeGreaterThan(0);
      laidOut = 0;
      const again = await renderStatementPdf(document);
      expect(laidOut).toBe(0);
      expect(withoutDateAndId(again)).toBe(withoutDateAndId(first));
    } finally {
      prototype.layoutRun = layOut;
    }
  });

  it("keeps a word's layout per font: bold and regular widths stay their own", async () => {
    const { regular, bold } = await fonts();
    const word = `Wide${Math.random().toString(36).slice(2)}MMM`;
    const boldWidth = bold.widthOfString(word, 10);
    const regularWidth = regular.widthOfString(word, 10);
    expect(boldWidth).not.toBe(regularWidth);
    expect(regularWidth).toBeCloseTo((regular.layoutRun(word).advanceWidth * 10) / 1000, 6);
    expect(boldWidth).toBeCloseTo((bold.layoutRun(word).advanceWidth * 10) / 1000, 6);
  });
});
