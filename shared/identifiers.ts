/**
 * Catalogue identifiers checked with their published algorithms (spec 1 §5, spec 2 §5):
 * GTIN (UPC-A, EAN-8, EAN-13, GTIN-14) check digits, ISRC shape (ISO 3901), ISWC check digit
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

/** The spec's UPC rule: a valid code, or a text containing "assign" (a placeholder until one is assigned). */
export function isValidUpc(value: string): boolean {
  return /assign/i.test(value) || isValidGtin(value);
}

/** A UPC/EAN as stored: spaces and dashes removed. "assign" placeholders are kept as typed. */
export function normaliseUpc(value: string): string {
  return /assign/i.test(value) ? value.trim() : digitsOnly(value);
}

/** An ISRC without dashes or spaces, upper-cased: "gb-aaa-05-00001" → "GBAAA0500001". */
export function normaliseIsrc(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** ISRC: 2-letter country, 3-character registrant, 2-digit year, 5-digit designation. */
export function isValidIsrc(value: string): boolean {
  return /^[A-Z]{2}[A-Z0-9]{3}\d{2}\d{5}$/.test(normaliseIsrc(value));
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
