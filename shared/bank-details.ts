import { electronicFormatIBAN, validateBIC, validateIBAN } from 'ibantools';

/**
 * Checks of bank and payout details in the user's words: IBAN (country,
 * length, check digits), BIC, a UK sort code and account number, and the IBAN/BIC country match a
 * SEPA bank file needs. Pure, so the payee form shows the same messages the API answers.
 */

/** An IBAN as banks store it: upper case, no spaces ("DE89 3704 …" → "DE8937…"). */
export const normaliseIban = (value: string) => electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
/** A BIC as banks store it: upper case, no spaces. */
export const normaliseBic = (value: string) => value.replace(/\s+/g, '').toUpperCase();
/** A sort code's digits ("12-34-56" → "123456"). */
export const normaliseSortCode = (value: string) => value.replace(/[\s-]+/g, '');
/** An account number's digits ("1234 5678" → "12345678"). */
export const normaliseAccountNumber = (value: string) => value.replace(/\s+/g, '');

/** Why an IBAN is refused, or null when it is valid. */
export function ibanProblem(raw: string): string | null {
  const iban = normaliseIban(raw);
  if (!iban) return 'Enter the IBAN';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'An IBAN starts with a country code and 2 check digits';
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  // ibantools' codes: 1 unknown country, 2/3 length or format of the account part, 5 check digits.
  if (errorCodes.includes(1)) return `${iban.slice(0, 2)} is not a country that uses IBANs`;
  if (errorCodes.includes(2)) return `This IBAN has the wrong length for ${iban.slice(0, 2)}`;
  if (errorCodes.includes(3)) return `This IBAN's account part is not in the format ${iban.slice(0, 2)} uses`;
  return 'This IBAN is mistyped: its check digits do not match';
}

/** Why a BIC is refused, or null when it is valid (8 or 11 characters: bank, country, location, branch). */
export function bicProblem(raw: string): string | null {
  const bic = normaliseBic(raw);
  if (!bic) return 'Enter the BIC (SWIFT code)';
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) return 'A BIC has 8 or 11 letters and digits';
  if (!validateBIC(bic).valid) return `${bic.slice(4, 6)} in this BIC is not a country code`;
  return null;
}

/**
 * Why a BIC does not belong with an IBAN: a bank's BIC carries its country (letters 5–6), and
 * a SEPA file is refused when it differs from the IBAN's (UK, French and Finnish territories excepted).
 */
export function bicCountryProblem(ibanRaw: string, bicRaw: string): string | null {
  const iban = normaliseIban(ibanRaw).slice(0, 2);
  const bic = normaliseBic(bicRaw).slice(4, 6);
  const territories: Record<string, string[]> = {
    FI: ['AX'],
    FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
    GB: ['IM', 'JE', 'GG'],
  };
  if (iban === bic || territories[iban]?.includes(bic)) return null;
  return `This BIC is of a bank in ${bic}, but the IBAN is of an account in ${iban}`;
}

export function sortCodeProblem(raw: string): string | null {
  const code = normaliseSortCode(raw);
  if (!code) return 'Enter the sort code';
  return /^\d{6}$/.test(code) ? null : 'A sort code has 6 digits, like 12-34-56';
}

export function accountNumberProblem(raw: string): string | null {
  const number = normaliseAccountNumber(raw);
  if (!number) return 'Enter the account number';
  return /^\d{8}$/.test(number) ? null : 'A UK account number has 8 digits';
}

/** "•••• 3000": the last four characters of a stored value, the only part the browser ever sees. */
export const lastFour = (value: string) => `•••• ${value.slice(-4)}`;
/** "••-••-56": a sort code's last two digits. */
export const lastTwoOfSortCode = (value: string) => `••-••-${value.slice(-2)}`;
/** "a•••@example.org": the first letter and the domain of an e-mail. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}•••${email.slice(at)}` : '•••';
}
