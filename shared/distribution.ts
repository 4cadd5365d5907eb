import { gtinCheckDigit, isValidGtin } from './identifiers.js';

/**
 * Distribution reference values and the UPC pool's list rules, shared by the
 * API and the distribution pages so both read a pasted list of codes the same way.
 */

/**
 * Where a company's link to a store stands: the company asked (requested), an admin is setting
 * it up with the store (pending), it is live (connected), or it was declined or disconnected.
 * Only `connected` lets the company deliver to the store.
 */
export const DSP_CONNECTION_STATUSES = ['requested', 'pending', 'connected', 'declined', 'disconnected'] as const;
export type DspConnectionStatus = (typeof DSP_CONNECTION_STATUSES)[number];

/** A pool code is free until it is linked to one release. */
export const UPC_POOL_STATUSES = ['free', 'linked'] as const;

/** The most codes one import takes (a GS1 company prefix block of 10,000 fits). */
export const MAX_UPC_IMPORT = 10_000;

/** A code's comparable form: UPC-A 036000291452 and EAN-13 0036000291452 are the same GTIN. */
export const gtin13 = (code: string): string => code.padStart(13, '0');

type UpcListLine = { line: number; upc: string };
export type UpcListResult = { codes: UpcListLine[]; problems: string[] };

/**
 * Reads a pasted list of codes, one a line (commas and semicolons also split): blank lines are
 * skipped, spaces and dashes dropped. Each code must be a UPC-A (12 digits) or EAN-13 (13 digits)
 * whose GS1 check digit is right; a code listed twice is reported on its second line.
 */
export function parseUpcList(text: string): UpcListResult {
  const codes: UpcListLine[] = [];
  const problems: string[] = [];
  const firstLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    for (const part of raw.split(/[,;\t]/)) {
      const upc = part.replace(/[\s-]/g, '');
      if (!upc) continue;
      if (!/^\d{12,13}$/.test(upc)) {
        problems.push(`Line ${line}: ${upc} is not a UPC (12 digits) or EAN (13 digits)`);
        continue;
      }
      if (!isValidGtin(upc)) {
        problems.push(
          `Line ${line}: ${upc} has a wrong check digit (it should be ${gtinCheckDigit(upc.slice(0, -1))})`,
        );
        continue;
      }
      const seen = firstLine.get(gtin13(upc));
      if (seen !== undefined) {
        problems.push(`Line ${line}: ${upc} is listed twice (first on line ${seen})`);
        continue;
      }
      firstLine.set(gtin13(upc), line);
      codes.push({ line, upc });
    }
  });
  return { codes, problems };
}
