/**
 * Catalogue identifiers checked with their published algorithms:
 * GTIN (UPC-A, EAN-8, EAN-13, GTIN-14) check digits, ISRC shape and country (ISO 3901), ISWC check digit
 * (ISO 15707) and ISNI check character (ISO 27729, ISO 7064 MOD 11-2). Shared by the API and
 * the forms so both refuse the same values.
 */

const digitsOnly = (text: string) => text.replace(/[\s-]/g, '');

/** The GTIN check digit of the digits before it: weights 3 and 1 alternating from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const fromRight = body.length - i;
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A UPC-A, EAN-8, EAN-13 or GTIN-14 whose check digit is right. */
export function isValidGtin(value: string): boolean {
  const code = digitsOnly(value);
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * A UPC whose leading zero a spreadsheet dropped (Excel reads "012345678905" as the number 12345678905): 11 digits,
 * given back its zero when the 12 digits then have a valid check digit. A leading zero never changes a GTIN's check
 * digit, so this is the same product, not a guess between two. An EAN-13 missing its zero is 12 digits, a UPC-A as it
 * stands (the same product), and is kept so; any other length is not padded, and a code whose check digit is wrong
 * stays refused.
 */
function withDroppedZero(code: string): string {
  return /^\d{11}$/.test(code) && isValidGtin(`0${code}`) ? `0${code}` : code;
}

/**
 * The product's UPC rule: a valid code (one whose leading zero a spreadsheet dropped too), or a text containing
 * "assign" (a placeholder until one is assigned). Catalogue forms, catalogue imports and release sheets check it.
 */
export function isValidUpc(value: string): boolean {
  return /assign/i.test(value) || isValidGtin(withDroppedZero(digitsOnly(value)));
}

/**
 * A UPC/EAN as stored: spaces and dashes removed, a leading zero a spreadsheet dropped given back. "assign"
 * placeholders are kept as typed. (Royalty lines match releases on 14 digits with leading zeros, ledger/match-lines.ts,
 * so a report's UPC without its zero finds its release as it is.)
 */
export function normaliseUpc(value: string): string {
  return /assign/i.test(value) ? value.trim() : withDroppedZero(digitsOnly(value));
}

/** An ISRC without dashes or spaces, upper-cased: "gb-aaa-05-00001" → "GBAAA0500001". */
export function normaliseIsrc(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** ISRC shape: 2-letter country, 3-character registrant, 2-digit year, 5-digit designation. */
export function hasIsrcShape(value: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/.test(normaliseIsrc(value));
}

/** ISO 3166-1 alpha-2 country codes (officially assigned, as i18n-iso-countries lists them, with XK). */
const ISO_COUNTRIES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

/**
 * Prefixes the International ISRC Agency allocates beyond ISO 3166-1 (its "Valid Characters" list,
 * isrc.ifpi.org/downloads/Valid_Characters.pdf, referenced by ISRC Bulletin 2015/01 "Validating an
 * ISRC"): national overflow codes when a country's registrant codes ran out (US: QM, QT, QZ; UK: UK,
 * GX; Brazil: BC, BK, BP, BX; Canada: CB; France: FX; South Korea: KS; South Africa: ZB), CP and DG
 * reserved for further overflow, the Agency's own QN and ZZ (Bulletin 2007/01), and codes of countries
 * that no longer exist but that recordings registered in their time still carry: the former Yugoslavia's
 * YU, Serbia and Montenegro's CS (2003–2006) and the Netherlands Antilles' AN (dissolved in 2010).
 */
export const ISRC_AGENCY_PREFIXES = [
  'AN',
  'BC',
  'BK',
  'BP',
  'BX',
  'CB',
  'CP',
  'CS',
  'DG',
  'FX',
  'GX',
  'KS',
  'QM',
  'QN',
  'QT',
  'QZ',
  'UK',
  'YU',
  'ZB',
  'ZZ',
] as const;

const ISRC_COUNTRY_CODES: ReadonlySet<string> = new Set([...ISO_COUNTRIES.split(' '), ...ISRC_AGENCY_PREFIXES]);

/** Whether an ISRC's first two letters are a country (ISO 3166-1 alpha-2) or an ISRC agency prefix. */
export function hasIsrcCountry(value: string): boolean {
  return ISRC_COUNTRY_CODES.has(normaliseIsrc(value).slice(0, 2));
}

/**
 * ISRC (ISO 3901): the shape, and a country code an ISRC agency allocates. Only catalogue input
 * is held to the country rule; royalty report lines are matched whatever their ISRCs say.
 */
export function isValidIsrc(value: string): boolean {
  return hasIsrcShape(value) && hasIsrcCountry(value);
}

/** Why a catalogue ISRC is refused, in the user's words (undefined when it is valid or blank). */
export function isrcProblem(value: string): string | undefined {
  const code = normaliseIsrc(value);
  if (code === '') return undefined;
  if (!hasIsrcShape(code)) return 'ISRC must be 2 letters, 3 characters, 2 digits and 5 digits (e.g. GB-AAA-05-00001)';
  if (!hasIsrcCountry(code))
    return `ISRC must start with a country code (such as GB or US) or an ISRC agency prefix: ${code.slice(0, 2)} is neither`;
  return undefined;
}

/** ISWC "T-034.524.680-1": T, nine digits, and a check digit where 1 + Σ i·dᵢ + check ≡ 0 (mod 10). */
export function isValidIswc(value: string): boolean {
  const code = value.replace(/[\s.-]/g, '').toUpperCase();
  if (!/^T\d{10}$/.test(code)) return false;
  const digits = code.slice(1).split('').map(Number);
  const sum = digits.slice(0, 9).reduce((total, d, i) => total + (i + 1) * d, 1);
  return (10 - (sum % 10)) % 10 === digits[9];
}

/** ISNI: 16 characters, the last an ISO 7064 MOD 11-2 check character (0–9 or X). */
export function isValidIsni(value: string): boolean {
  const code = value.replace(/[\s-]/g, '').toUpperCase();
  if (!/^\d{15}[\dX]$/.test(code)) return false;
  let total = 0;
  for (const char of code.slice(0, 15)) total = (total + Number(char)) * 2;
  const check = (12 - (total % 11)) % 11;
  return (check === 10 ? 'X' : String(check)) === code[15];
}

/**
 * IPI name number (CISAC): eleven digits, the last two a check number over the first nine,
 * Σ dᵢ·(10 − i) mod 101, then (101 − sum) mod 100 unless the sum is 0. "00014107338" is valid.
 */
export function isValidIpiNameNumber(value: string): boolean {
  const code = value.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(code[i]) * (10 - i);
  sum %= 101;
  const check = sum === 0 ? 0 : (101 - sum) % 100;
  return String(check).padStart(2, '0') === code.slice(9);
}

/** An ISWC as CWR writes it: "T-034.524.680-1" → "T0345246801". */
export function compactIswc(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}
