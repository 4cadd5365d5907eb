import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtin13, parseUpcList } from '../../shared/distribution.js';
import { gtinCheckDigit } from '../../shared/identifiers.js';

/** The UPC pool's list reader: GS1 check digits, lines, twins. */
const withCheck = (body: string) => `${body}${gtinCheckDigit(body)}`;

describe('parseUpcList', () => {
  it('takes UPC-A and EAN-13 codes with right check digits, one a line, skipping blanks, spaces and dashes', () => {
    expect(parseUpcList('036000291452\n\n 5-012345-678900 \r\n4006381333931')).toEqual({
      codes: [
        { line: 1, upc: '036000291452' },
        { line: 3, upc: '5012345678900' },
        { line: 4, upc: '4006381333931' },
      ],
      problems: [],
    });
  });

  it('names the line and the right check digit of a wrong code, and refuses codes of other lengths', () => {
    expect(parseUpcList('036000291453\n12345\n036000291452').problems).toEqual([
      'Line 1: 036000291453 has a wrong check digit (it should be 2)',
      'Line 2: 12345 is not a UPC (12 digits) or EAN (13 digits)',
    ]);
    expect(parseUpcList('ABCDEFGHIJKL').problems).toEqual([
      'Line 1: ABCDEFGHIJKL is not a UPC (12 digits) or EAN (13 digits)',
    ]);
  });

  it('reports a code listed twice on its second line, a UPC-A and its EAN-13 form being one code', () => {
    expect(parseUpcList('036000291452\n0036000291452\n036000291452').problems).toEqual([
      'Line 2: 0036000291452 is listed twice (first on line 1)',
      'Line 3: 036000291452 is listed twice (first on line 1)',
    ]);
  });

  it('accepts every code with its GS1 check digit and refuses every other last digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,12}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const good = withCheck(body);
        const bad = `${body}${(gtinCheckDigit(body) + shift) % 10}`;
        expect(parseUpcList(good).codes).toEqual([{ line: 1, upc: good }]);
        expect(parseUpcList(bad).codes).toEqual([]);
        expect(gtin13(good)).toHaveLength(13);
      }),
    );
  });
});
