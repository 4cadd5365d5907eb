import type { PaymentRunItem, PayoutMethod } from '../../../../shared/schemas/payment-views.js';
import type { DebtorAccount, PayoutDetails } from '../../../../shared/schemas/payout-details.js';

/**
 * What the bank-file writers take and make: one row per statement,
 * with the account's details in the clear (only ever in memory, on the way into the file).
 */
export type FileRow = { item: PaymentRunItem; details: PayoutDetails };

/** What a writer needs besides the rows: who pays, when, and the run's id (the SEPA message id). */
export type FileContext = {
  runId: string;
  /** YYYY-MM-DD. */
  executionDate: string;
  companyName: string;
  debtor: DebtorAccount | null;
  /** When the file is made (SEPA CreDtTm); given, so a test can pin it. */
  now: Date;
};

/** One file of a run before it is stored. */
export type BankFile = {
  name: string;
  method: PayoutMethod;
  currency: string;
  rows: number;
  /** Σ of the rows' amounts, 2 decimals. */
  total: string;
  validated_against: string | null;
  content: string;
  contentType: string;
};

/** A field error of a bank file, keyed like the API's errors ("iban", "debtor_account.bic" …), in the user's words. */
export type FileProblems = Record<string, string[]>;
