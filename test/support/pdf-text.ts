import { getDocumentProxy } from 'unpdf';

/**
 * A PDF read back as text, in-process (unpdf, a build of Mozilla's PDF.js), so the tests need no
 * program installed beside Node: what a reader, a screen reader or a search gets out of the file.
 *
 * Laid out as a page is read: the pieces of text on one baseline make one line, left to right, and
 * the lines run top to bottom, so a table row is one line with its cells in order and a heading
 * is the line above its column names. A gap on the line keeps a run of spaces about as wide (one
 * between words, several between two cells); pieces that touch join.
 * Each page ends with a form feed, so `text.split('\f')` gives the pages.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  let text = '';
  for (const pieces of await pdfPieces(bytes)) text += `${lines(pieces).join('\n')}\n\f`;
  return text;
}

/**
 * Each page's pieces of text as PDF.js reads them: where each starts (x from the page's left edge, y from its foot,
 * in points), how wide it is and its font size. For a test of where a line is set (aligned left or right).
 */
export async function pdfPieces(bytes: Uint8Array): Promise<Piece[][]> {
  // PDF.js takes ownership of the buffer it is given; keep the caller's intact.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: Piece[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const pieces: Piece[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const [, , c, d, x, y] = item.transform as number[];
        pieces.push({ text: item.str, x, y, width: item.width, size: Math.hypot(c, d) || item.height || 1 });
      }
      pages.push(pieces);
    }
    return pages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

type Piece = { text: string; x: number; y: number; width: number; size: number };

/** The pieces grouped by baseline (within a third of the font size), top to bottom, each line left to right. */
function lines(pieces: Piece[]): string[] {
  const rows: Piece[][] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].y - piece.y) <= Math.min(row[0].size, piece.size) / 3) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => {
    let line = '';
    let end: number | undefined;
    for (const piece of row.sort((a, b) => a.x - b.x)) {
      // PDF.js gives a gap between words or cells as a piece of its own, a space as wide as the gap:
      // the gap is measured from the last piece with text instead, as pdftotext's layout does.
      if (piece.text.trim() === '') continue;
      if (end !== undefined) {
        const gap = piece.x - end;
        // About one space per half the font size; a gap narrower than a tenth of it is kerning.
        const spaces = gap > piece.size * 0.1 ? Math.max(1, Math.round(gap / (piece.size * 0.5))) : 0;
        if (spaces > 0 && !line.endsWith(' ')) line += ' '.repeat(spaces);
      }
      line += piece.text;
      end = piece.x + piece.width;
    }
    return line.trimEnd();
  });
}
