import type { FileProblems } from './types.js';

/**
 * The `sepa` package's validation errors ("creditorIBAN has invalid IBAN …", "country mismatch in
 * BIC/IBAN") and the schema's findings, in the user's words, keyed by the field the user can
 * change. The engine's own text never reaches the user; the logs keep it.
 */
const PACKAGE_FIELDS: [RegExp, string, (who: string) => string][] = [
  [/^creditorIBAN/, 'iban', (who) => `${who}: the IBAN is not valid; correct the payee's payout details`],
  [/^creditorBIC/, 'bic', (who) => `${who}: a BIC has 8 or 11 letters and digits`],
  [/^creditorName/, 'account_name', (who) => `${who}: the account holder name is longer than 70 characters`],
  [/^debtorIBAN/, 'debtor_account.iban', () => "The company's IBAN is not valid; correct the company bank account"],
  [/^debtorBIC/, 'debtor_account.bic', () => "The company's BIC must have 8 or 11 letters and digits"],
  [/^debtorName/, 'debtor_account.name', () => "The company bank account's name is longer than 70 characters"],
  [/^end2endId/, 'statement_ids', (who) => `${who}: the statement number cannot be used as the payment's reference`],
  [/^amount/, 'amount', (who) => `${who}: a SEPA transfer is between 0.01 and 999,999,999.99`],
  [/^requestedExecutionDate/, 'execution_date', () => 'The execution date is not a date'],
  [/^remittanceInfo/, 'statement_ids', (who) => `${who}: the payment's reference is too long`],
];

/** A `sepa` package error about one payee's transaction (`who` names it) or the debtor. */
export function sepaPackageProblem(error: unknown, who: string): FileProblems {
  const message = error instanceof Error ? error.message : String(error);
  if (/country mismatch in BIC\/IBAN/.test(message))
    return { bic: [`${who}: the BIC is of a bank in another country than the IBAN's account`] };
  const found = PACKAGE_FIELDS.find(([pattern]) => pattern.test(message));
  if (found) return { [found[1]]: [found[2](who)] };
  return { sepa: [`${who}: the SEPA transfer could not be written; check the payout details`] };
}

/** Where in the document a schema finding points, in the user's words. */
const SCHEMA_PLACES: [RegExp, string][] = [
  [/Cdtr\b|Nm/, "a payee's name"],
  [/IBAN/, 'an IBAN'],
  [/BICFI/, 'a BIC'],
  [/InstdAmt|CtrlSum|Ccy/, 'an amount or its currency'],
  [/EndToEndId|Ustrd/, "a payment's reference"],
  [/Dbtr/, "the company's bank account"],
];

/** The schema's findings as one problem: the file is never offered, and the user is told what to check. */
export function schemaProblem(findings: readonly { message: string }[]): FileProblems {
  const places = [
    ...new Set(findings.flatMap((f) => SCHEMA_PLACES.filter(([p]) => p.test(f.message)).map(([, place]) => place))),
  ];
  const where = places.length ? ` Check ${places.join(', ')}.` : '';
  return {
    sepa: [`The SEPA file did not pass the EPC schema check (pain.001.001.09), so it is not offered.${where}`],
  };
}
