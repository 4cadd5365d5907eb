import type { PaymentRunItem, PayoutMethod } from '../../../../shared/schemas/payment-views.js';
import type { DebtorAccount, PayoutDetails } from '../../../../shared/schemas/payout-details.js';

/**
 * What the bank-file writers take and make: one row per statement,
 * with the account's details in the clear (only ever in memory, on the way into the file). A writer's
 * item states what its file sends: a statement paid in another currency arrives converted (sent.ts).
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

/** What a writer makes of one file's rows: its text, or why it is not offered. */
export type Written = { text: string } | { problems: FileProblems };

/**
 * One bank or payout-provider file format. A run's rows are grouped by method and currency, split at `rowLimit`,
 * checked with `validate` and written with `write`; every format is one object of this shape in the registry
 * (writers.ts), so a new format is one new file and one registry line.
 */
export interface PayoutFileWriter {
  /** The payout method whose rows it writes. */
  readonly method: PayoutMethod;
  /** The format in the user's words. */
  readonly name: string;
  readonly extension: string;
  readonly contentType: string;
  /** Rows one file takes at most; the run splits beyond it. */
  readonly rowLimit: number;
  /** The schema a written file has passed, recorded with the run's file; null when there is none. */
  readonly validatedAgainst: string | null;
  /**
   * Why rows of one currency cannot be written, keyed by the field the user can change ("currency",
   * "debtor_account" …); empty when they can. Checked before anything is written.
   */
  validate(rows: readonly FileRow[], context: FileContext): FileProblems;
  /** The file's text; a format that checks its own output (SEPA) may still refuse with problems. */
  write(rows: readonly FileRow[], context: FileContext): Written;
}
