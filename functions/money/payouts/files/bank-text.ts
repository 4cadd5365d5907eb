import { plainLatin } from '../../../lib/plain-latin.js';
import type { FileProblems, FileRow } from './types.js';

/**
 * A bank scheme's character set for the names and references its files carry: `refused` matches every character
 * the scheme does not take; `upperCase` for schemes that take capitals only (Bacs); `spelled`, the scheme's own
 * spellings of characters it does not take.
 */
export type BankCharacters = { refused: RegExp; upperCase?: boolean; spelled?: [string, string][] };

/**
 * SEPA's basic Latin set, the one every bank in the scheme must take: a–z, A–Z, 0–9 and / - ? : ( ) . , ' + and the
 * space. A bank may refuse a file with anything else in it, or change the name itself.
 */
export const SEPA_CHARACTERS: BankCharacters = { refused: /[^A-Za-z0-9/\-?:().,'+ ]/g, spelled: [['&', '+']] };

/** Bacs (the UK's bulk payments): A–Z, 0–9, the space and . - / &. */
export const BACS_CHARACTERS: BankCharacters = { refused: /[^A-Z0-9 .\-/&]/g, upperCase: true };

/**
 * A name or reference as a bank scheme can carry it. Payees' names are their own (Sigur Rós, Mø, Straße, Дмитрий),
 * and a scheme's set has no accented or non-Latin letters: each letter is written in its plain Latin spelling
 * (ó → o, ø → o, ß → ss, Д → D: plainLatin), so the bank sees the name the account holds rather than a gap where a
 * letter was. A bank transfer's name, unlike a work's title, is spelled in Latin whatever its script, as banks do.
 * What is still outside the set becomes a space; SEPA, which has no &, takes + for it. Runs of spaces close up.
 */
export function bankText(value: string, scheme: BankCharacters): string {
  const plain = plainLatin(value, scheme.spelled);
  const cased = scheme.upperCase ? plain.toUpperCase() : plain;
  return cased.replace(scheme.refused, ' ').replace(/\s+/g, ' ').trim();
}

/** The name a row's payment goes to: the account holder's, else the payee's. */
export const accountHolder = (row: FileRow) => row.details.account_name ?? row.item.name;

/**
 * Rows whose account holder's name has nothing a scheme can carry (a name written only in Chinese characters, say):
 * the bank would refuse the payment, so the user is asked for the name in Latin letters first.
 */
export function unwritableNames(rows: readonly FileRow[], scheme: BankCharacters, aPayment: string): FileProblems {
  const names = rows
    .filter((row) => bankText(accountHolder(row), scheme) === '')
    .map(
      (row) =>
        `${row.item.name} (${row.item.statement_number}): ${aPayment} needs the account holder's name in Latin letters; correct the payee's payout details`,
    );
  return names.length ? { account_name: names } : {};
}
