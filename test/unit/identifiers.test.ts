import { describe, expect, it } from 'vitest';
import {
  isValidGtin,
  isValidIsni,
  isValidIsrc,
  isValidIswc,
  isValidUpc,
  normaliseIsrc,
  normaliseUpc,
} from '../../shared/identifiers.js';

describe('identifier algorithms on published examples', () => {
  it('checks GTIN check digits: UPC-A, EAN-13, EAN-8, GTIN-14', () => {
    expect(isValidGtin('036000291452')).toBe(true); // the UPC-A example of GS1 US
    expect(isValidGtin('036000291453')).toBe(false);
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13 example
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true); // EAN-8 example
    expect(isValidGtin('10614141000415')).toBe(true); // GS1 GTIN-14 example
    expect(isValidGtin('0 36000 29145 2')).toBe(true);
    expect(isValidGtin('3600029145')).toBe(false); // too short
    expect(isValidGtin('03600029145A')).toBe(false);
  });

  it('takes a UPC that passes the check or contains "assign"', () => {
    expect(isValidUpc('036000291452')).toBe(true);
    expect(isValidUpc('Assign later')).toBe(true);
    expect(isValidUpc('to be ASSIGNED')).toBe(true);
    expect(isValidUpc('123456789013')).toBe(false);
    expect(normaliseUpc('0-36000-29145-2')).toBe('036000291452');
  });

  it('gives back the leading zero a spreadsheet dropped from a UPC when the check digit then holds, and only then', () => {
    // Excel reads 036000291452 as the number 36000291452.
    expect(isValidUpc('36000291452')).toBe(true);
    expect(normaliseUpc('36000291452')).toBe('036000291452');
    // A wrong check digit stays refused, padded or not; other lengths are not padded.
    expect(isValidUpc('36000291453')).toBe(false);
    expect(normaliseUpc('36000291453')).toBe('36000291453');
    expect(isValidUpc('3600029145')).toBe(false);
    // An EAN-13 missing its zero is a UPC-A as it stands (the same product): kept as 12 digits.
    expect(isValidUpc('036000291452')).toBe(true);
    expect(normaliseUpc('036000291452')).toBe('036000291452');
  });

  it('accepts the ISRC shape with or without dashes and normalises it', () => {
    expect(isValidIsrc('USRC17607839')).toBe(true); // IFPI handbook example
    expect(isValidIsrc('us-rc1-76-07839')).toBe(true);
    expect(normaliseIsrc('gb-aaa-05-00001')).toBe('GBAAA0500001');
    expect(isValidIsrc('USRC1760783')).toBe(false); // 4 digits of designation short
    expect(isValidIsrc('U1RC17607839')).toBe(false); // country must be letters
    expect(isValidIsrc('USRC1A607839')).toBe(false); // year must be digits
  });

  it('checks the ISWC check digit', () => {
    expect(isValidIswc('T-034.524.680-1')).toBe(true); // CISAC's example
    expect(isValidIswc('T0345246801')).toBe(true);
    expect(isValidIswc('T-034.524.680-2')).toBe(false);
    expect(isValidIswc('034.524.680-1')).toBe(false);
  });

  it('checks the ISNI MOD 11-2 check character, X included', () => {
    expect(isValidIsni('0000 0001 2146 438X')).toBe(true);
    expect(isValidIsni('0000-0002-1825-0097')).toBe(true); // MOD 11-2 example ORCID publishes
    expect(isValidIsni('0000-0002-1694-233X')).toBe(true);
    expect(isValidIsni('0000-0002-1825-0098')).toBe(false);
    expect(isValidIsni('0000 0002 1825 009')).toBe(false);
  });
});

describe('catalogue rules', () => {
  it('builds display artists from join texts, the first blank', async () => {
    const { displayArtists } = await import('../../shared/catalogue.js');
    expect(
      displayArtists([
        { artist_name: 'Ada', join_text: ' ft. ' },
        { artist_name: 'Bo', join_text: ' & ' },
        { artist_name: 'Cy', join_text: ' feat. ' },
      ]),
    ).toBe('Ada & Bo feat. Cy');
    expect(displayArtists([{ artist_name: 'Ada' }, { artist_name: 'Gone', join_text: ' & ', _destroy: true }])).toBe(
      'Ada',
    );
  });

  it('splits payee shares equally so they total 100', async () => {
    const { equalPayeeShares } = await import('../../shared/catalogue.js');
    expect(equalPayeeShares(1)).toEqual([100]);
    expect(equalPayeeShares(2)).toEqual([50, 50]);
    expect(equalPayeeShares(3)).toEqual([33.33, 33.33, 33.34]);
    expect(equalPayeeShares(7).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 10);
  });

  it('predicts the next catalogue number from the last one, keeping its width', async () => {
    const { nextCatalogueNumber } = await import('../../shared/catalogue.js');
    expect(nextCatalogueNumber('AUR009')).toBe('AUR010');
    expect(nextCatalogueNumber('HS-099LP')).toBe('HS-100LP');
    expect(nextCatalogueNumber('NOCODE')).toBeUndefined();
    expect(nextCatalogueNumber(undefined)).toBeUndefined();
  });
});
