import { describe, expect, it } from 'vitest';
import {
  hasIsrcCountry,
  hasIsrcShape,
  ISRC_AGENCY_PREFIXES,
  isrcProblem,
  isValidIsrc,
} from '../../shared/identifiers.js';
import { recordingInput } from '../../shared/schemas/catalogue.js';

describe('ISRC country code (ISO 3901: an ISO 3166-1 alpha-2 code or an ISRC agency prefix)', () => {
  it('accepts ISO 3166-1 countries, upper or lower case, with or without dashes', () => {
    for (const isrc of ['GBAAA0500001', 'gb-aaa-05-00001', 'USRC17607839', 'de-a12-99-00001', 'Jp-xyz-21-12345'])
      expect(isValidIsrc(isrc), isrc).toBe(true);
  });

  it('accepts every prefix the ISRC agency allocates beyond ISO 3166-1, in any case', () => {
    for (const prefix of ISRC_AGENCY_PREFIXES) {
      expect(isValidIsrc(`${prefix}AAA2600001`), prefix).toBe(true);
      expect(isValidIsrc(`${prefix.toLowerCase()}-aaa-26-00001`), prefix).toBe(true);
    }
    for (const prefix of ['QM', 'QZ', 'CP', 'DG', 'ZZ', 'UK', 'QT']) expect(ISRC_AGENCY_PREFIXES).toContain(prefix);
  });

  it('accepts the codes of former countries that recordings registered in their time still carry', () => {
    // Yugoslavia (YU), Serbia and Montenegro (CS, 2003–2006), the Netherlands Antilles (AN, until 2010).
    for (const isrc of ['YUA010300001', 'cs-a01-04-00012', 'CSAAA0600001', 'AN-A12-98-00001', 'anabc0912345']) {
      expect(isValidIsrc(isrc), isrc).toBe(true);
      expect(isrcProblem(isrc), isrc).toBeUndefined();
    }
    expect(recordingInput.safeParse({ title: 'T', isrc: 'CS-A01-04-00012' }).success).toBe(true);
  });

  it('refuses letters that are neither a country nor an agency prefix', () => {
    for (const isrc of ['XXAAA0500001', 'xx-aaa-05-00001', 'QQAAA0500001', 'AAAAA0500001', 'EUAAA0500001'])
      expect(isValidIsrc(isrc), isrc).toBe(false);
    expect(hasIsrcShape('XXAAA0500001')).toBe(true);
    expect(hasIsrcCountry('xxAAA0500001')).toBe(false);
  });

  it('says what is wrong in the words of the form, the shape before the country', () => {
    expect(isrcProblem('')).toBeUndefined();
    expect(isrcProblem('gb-aaa-05-00001')).toBeUndefined();
    expect(isrcProblem('GBAAA05')).toBe(
      'ISRC must be 2 letters, 3 characters, 2 digits and 5 digits (e.g. GB-AAA-05-00001)',
    );
    expect(isrcProblem('xx-aaa-05-00001')).toBe(
      'ISRC must start with a country code (such as GB or US) or an ISRC agency prefix: XX is neither',
    );
  });

  it('is the rule of the recording input, naming the isrc field', () => {
    const refused = recordingInput.safeParse({ title: 'T', isrc: 'xx-aaa-05-00001' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['isrc', 'ISRC must start with a country code (such as GB or US) or an ISRC agency prefix: XX is neither'],
    ]);
    const accepted = recordingInput.safeParse({ title: 'T', isrc: 'qz-aaa-26-00001' });
    expect(accepted.success && accepted.data.isrc).toBe('QZAAA2600001');
    expect(recordingInput.safeParse({ title: 'T', isrc: '' }).success).toBe(true);
  });
});
