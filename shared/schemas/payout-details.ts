import { z } from 'zod';
import { currencyCode } from './currency.js';
import {
  accountNumberProblem,
  bicCountryProblem,
  bicProblem,
  ibanProblem,
  normaliseAccountNumber,
  normaliseBic,
  normaliseIban,
  normaliseSortCode,
  sortCodeProblem,
} from '../bank-details.js';
import { VALIDATION } from '../messages.js';
import { PAYOUT_METHODS, type PaymentDueProblem, type PayoutMethod } from './payment-views.js';

/**
 * Payout details: how a payee (or an artist or distributed label) is
 * paid — SEPA (IBAN, BIC), UK bank (sort code, account number), PayPal or Wise (e-mail) — and the
 * company's own debtor account a SEPA file pays from. Stored encrypted; the browser only ever
 * sees masks (PayoutDetailsView), so an update leaves out what it does not change.
 */
export type PayoutDetails = {
  method: PayoutMethod;
  account_name: string | null;
  currency: string;
  iban: string | null;
  bic: string | null;
  sort_code: string | null;
  account_number: string | null;
  email: string | null;
};

/** The currency each bank file pays in: a SEPA credit transfer is in euro, a UK bulk payment in pounds. */
export const METHOD_CURRENCY: Partial<Record<PayoutMethod, string>> = { sepa: 'EUR', uk_bulk: 'GBP' };

/** The fields each method needs, in the order the form shows them. */
export const METHOD_FIELDS: Record<PayoutMethod, readonly (keyof PayoutDetails)[]> = {
  sepa: ['account_name', 'iban', 'bic'],
  uk_bulk: ['account_name', 'sort_code', 'account_number'],
  paypal: ['email'],
  wise: ['account_name', 'email'],
};

const FIELD_NAMES: Record<string, string> = {
  account_name: 'Account holder name',
  iban: 'IBAN',
  bic: 'BIC',
  sort_code: 'Sort code',
  account_number: 'Account number',
  email: 'E-mail',
  currency: 'Currency',
};

/** A text field: trimmed; '' or null clears it; left out keeps what is stored. */
const text = (max: number) =>
  z
    .union([z.string().max(max), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim() || null));

export const payoutDetailsInput = z.strictObject({
  method: z.enum(PAYOUT_METHODS, { message: 'Choose how the payee is paid' }),
  account_name: text(70),
  currency: currencyCode('Currency').optional(),
  iban: text(42),
  bic: text(15),
  sort_code: text(12),
  account_number: text(12),
  email: text(320),
});
export type PayoutDetailsInput = z.infer<typeof payoutDetailsInput>;

/** Stored values in the form banks and the files want (upper case, no spaces or dashes). */
export function normalisePayoutDetails(details: PayoutDetails): PayoutDetails {
  return {
    ...details,
    iban: details.iban && normaliseIban(details.iban),
    bic: details.bic && normaliseBic(details.bic),
    sort_code: details.sort_code && normaliseSortCode(details.sort_code),
    account_number: details.account_number && normaliseAccountNumber(details.account_number),
  };
}

const EMAIL = z.email();

/**
 * What is wrong with details for their method, field by field, in the user's words; empty when a
 * payment run can pay them. Values the method does not use are not checked.
 */
export function payoutDetailsProblems(details: PayoutDetails): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of METHOD_FIELDS[details.method]) {
    const value = details[field];
    if (!value) problems[field] = VALIDATION.required(FIELD_NAMES[field]);
  }
  const check = (field: 'iban' | 'bic' | 'sort_code' | 'account_number', problem: (v: string) => string | null) => {
    const value = details[field];
    const found = value && METHOD_FIELDS[details.method].includes(field) ? problem(value) : null;
    if (found) problems[field] = found;
  };
  check('iban', ibanProblem);
  check('bic', bicProblem);
  check('sort_code', sortCodeProblem);
  check('account_number', accountNumberProblem);
  if (details.method === 'sepa' && details.iban && details.bic && !problems.iban && !problems.bic) {
    const mismatch = bicCountryProblem(details.iban, details.bic);
    if (mismatch) problems.bic = mismatch;
  }
  if (details.email && METHOD_FIELDS[details.method].includes('email') && !EMAIL.safeParse(details.email).success)
    problems.email = VALIDATION.email;
  const fixed = METHOD_CURRENCY[details.method];
  if (fixed && details.currency !== fixed)
    problems.currency = `${fixed === 'EUR' ? 'A SEPA transfer' : 'A UK bank payment'} is paid in ${fixed}`;
  return problems;
}

/** The company's own account a SEPA file pays from, and how its UK bulk file writes amounts. */
export type DebtorAccount = {
  name: string;
  iban: string;
  bic: string;
  /** The bank's UK bulk template: amounts in pounds ("12.34") or in pence ("1234"). */
  uk_bulk_amounts: 'pounds' | 'pence';
};

export const debtorAccountInput = z.strictObject({
  name: z.string().trim().min(1, VALIDATION.required('Account name')).max(70),
  /** Left out keeps the stored IBAN (the browser only sees its last four characters). */
  iban: z.string().max(42).optional(),
  bic: z.string().max(15).optional(),
  uk_bulk_amounts: z.enum(['pounds', 'pence']).default('pounds'),
});
export type DebtorAccountInput = z.infer<typeof debtorAccountInput>;

/** What is wrong with a debtor account, field by field. */
export function debtorAccountProblems(account: DebtorAccount): Record<string, string> {
  const problems: Record<string, string> = {};
  const iban = ibanProblem(account.iban);
  const bic = bicProblem(account.bic);
  if (iban) problems.iban = iban;
  if (bic) problems.bic = bic;
  if (!iban && !bic) {
    const mismatch = bicCountryProblem(account.iban, account.bic);
    if (mismatch) problems.bic = mismatch;
  }
  return problems;
}

/** Why a due account cannot go into a payment run, in the user's words (payments_due_summary's problems). */
export const DUE_PROBLEM_TEXT: Record<PaymentDueProblem, string> = {
  below_minimum_payout: 'below the minimum payout',
  no_payout_details: 'no payout details (bank, PayPal or Wise) yet',
  self_billing_invoice_missing: 'a self-billing invoice is missing',
  already_in_a_run: 'already in a payment run',
};

/** How long a payee's secure link to give their own bank details works. */
export const PAYOUT_REQUEST_DAYS = 14;

/** A request for a payee's own bank details, as the payee's panel shows it (the link itself is never shown). */
export type PayoutRequestView = {
  id: string;
  /** The address the link was mailed to. */
  email: string;
  sent_at: string;
  /** The member who asked (name, else e-mail); null when their account is gone. */
  sent_by: string | null;
  expires_at: string;
};

/** What the link's public page shows: whose label asks and for whom, never any stored details. */
export type PayoutRequestPublicView = { company_name: string; payee_name: string; expires_at: string };

/** A link's token in the path: bounded before anything reads it (a real one has 43 characters). */
export const payoutRequestTokenParams = z.strictObject({ token: z.string().min(1).max(100) });
