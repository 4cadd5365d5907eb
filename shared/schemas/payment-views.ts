/**
 * What the payments and payment-run APIs answer (payments_due_summary
 * included): the SPA reads these. Money is a 2-decimal string in the payment's currency; a
 * currency is an ISO 4217 code ("GBP") the SPA shows as its sign (gbp → £, usd → $).
 */
import type { PayoutConversion } from './payout-conversion.js';
import type { AccountRef, Money } from './statement-views.js';

/** A payment of one account's statements. type is always DistributionPayment. */
export type Payment = {
  id: string;
  type: 'DistributionPayment';
  /** Who was paid: the statements' account (Payee, Artist or a distributed Label). */
  payable_type: AccountRef['type'];
  payable_id: string;
  payable_name: string;
  label_id: string | null;
  invoice_reference: string | null;
  /** YYYY-MM-DD; default today. */
  payment_date: string;
  payment_method: string | null;
  payment_reference: string | null;
  /** ISO code, default 'GBP'. */
  payment_currency: string;
  payment_total: Money;
  payment_subtotal: Money;
  payment_vat_total: Money;
  /** Σ of the tax withheld from the statements' payouts, for the label to pay to the tax authority. */
  payment_withholding_total: Money;
  /** VAT percent applied ("20"), "0" when none. */
  vat: string;
  self_billing: boolean;
  account_reference: string | null;
  statement_ids: string[];
  /** The statements it pays, as numbered ("ST-000042") with what each paid. */
  statements: {
    id: string;
    number: string;
    payable: Money;
    /** What was paid out for it: payable + self-billing VAT − tax withheld. */
    paid: Money;
    /** What the bank sent for it when paid in another currency (`converted`): paid × the rate. */
    converted_amount?: Money;
    start_pay_period: string;
    end_pay_period: string;
  }[];
  /** The payment run it was confirmed in, if any. */
  payment_run_id: string | null;
  /**
   * When the money left the bank in another currency (a pound statement paid by SEPA in euro): that currency, the
   * rate and Σ of the statements' converted amounts; null when paid in the statements' currency.
   */
  converted: { currency: string; rate: string; total: Money } | null;
  /**
   * Earlier unpaid statements of the account whose balances the paid statements carry: settled
   * (marked paid) by this payment, their money inside payment_total already. Added by pay-fixes.
   */
  carried_statements?: { id: string; number: string; payable: Money }[];
  created_at: string;
  updated_at: string;
};
export type PaymentList = { payments: Payment[]; total_count: number; total_pages: number };

/**
 * POST /payments/summary: what a payment of the chosen statements would pay, worked out by the one rule recording the
 * payment uses (the figures it would record, and its total the one a typed total must equal). Nothing is recorded.
 */
export type PaymentSummary = Pick<
  Payment,
  | 'payable_type'
  | 'payable_id'
  | 'payable_name'
  | 'payment_currency'
  | 'payment_total'
  | 'payment_subtotal'
  | 'payment_vat_total'
  | 'payment_withholding_total'
  | 'vat'
  | 'self_billing'
  | 'statement_ids'
  | 'converted'
> & {
  /** Each statement it pays: its payable, the VAT of its self-billing invoice, the tax withheld and what it pays. */
  statements: { id: string; number: string; payable: Money; vat: Money; withholding_tax: Money; total: Money }[];
  /** Earlier unpaid statements whose balances the chosen ones carry: settled with them, their money inside already. */
  carried_statements: { id: string; number: string; payable: Money }[];
};

/** A payment that withheld tax, as the tax withheld report lists it. */
export type WithheldPayment = {
  payment_id: string;
  payment_date: string;
  payee: { type: AccountRef['type']; id: string; name: string };
  currency: string;
  statement_numbers: string[];
  /** What the statements settled, what was withheld of it, and what was paid out. */
  payable: Money;
  withheld: Money;
  paid: Money;
};

/** One payee's tax withheld over the report's days, in one currency: what a withholding certificate states. */
export type WithheldByPayee = {
  payee: WithheldPayment['payee'];
  currency: string;
  payments: number;
  payable: Money;
  withheld: Money;
};

/**
 * GET /payments/withholding_tax: the tax withheld from the payments dated in the range, for the label to pay to the
 * tax authority and to certify to each payee; sums per currency, never added across currencies.
 */
export type WithholdingTaxReport = {
  from: string;
  to: string;
  payments: WithheldPayment[];
  payees: WithheldByPayee[];
  totals: { currency: string; payments: number; payable: Money; withheld: Money }[];
};

/** One currency's payments in the payments register: how many, and Σ of each figure as recorded. */
type PaymentsRegisterTotal = {
  currency: string;
  payments: number;
  subtotal: Money;
  vat: Money;
  withheld: Money;
  total: Money;
};

/**
 * GET /payments/register: every payment dated in the range, as recorded, for the accounts and the bank
 * reconciliation; sums per currency (never across currencies), and per currency the money was sent in when a payment
 * left the bank in another.
 */
export type PaymentsRegister = {
  from: string;
  to: string;
  payments: Payment[];
  totals: PaymentsRegisterTotal[];
  sent_totals: { currency: string; payments: number; total: Money }[];
};

/**
 * What the payments area offers the payment-run code (functions/money/payments/record.ts): records a
 * payment of statements, marks them paid and writes the payment on the account, all or nothing.
 * Re-recording with the same `idempotency_key` returns the first payment and changes nothing.
 */
export type RecordPaymentInput = {
  statement_ids: string[];
  payment_date: string;
  payment_method: string | null;
  payment_reference: string | null;
  invoice_reference?: string | null;
  account_reference?: string | null;
  payment_run_id?: string | null;
  idempotency_key?: string;
  /** What the user says is paid: must equal Σ the statements' payable exactly (a field error otherwise). */
  payment_total?: string;
  /** Must be the statements' currency when given (they are in the company's currency). */
  payment_currency?: string;
  /** Paid in another currency at a rate (a payment run paying a pound statement by SEPA in euro). */
  convert_to?: { currency: string; rate: string };
};

/** The file formats a payment run exports, one file per method (and per currency where the format needs it). */
export const PAYOUT_METHODS = ['sepa', 'uk_bulk', 'paypal', 'wise'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_NAMES: Record<PayoutMethod, string> = {
  sepa: 'SEPA credit transfer (pain.001)',
  uk_bulk: 'UK bulk payment (Bacs/Faster Payments CSV)',
  paypal: 'PayPal Payouts',
  wise: 'Wise batch transfer',
};

/** A payee's bank or payout details as the browser sees them: never in full (last four characters). */
export type PayoutDetailsView = {
  method: PayoutMethod | null;
  account_name: string | null;
  currency: string | null;
  /** "•••• 1234" style masks of what is stored; null when not stored. */
  iban_last4: string | null;
  bic: string | null;
  sort_code_last2: string | null;
  account_number_last4: string | null;
  /** PayPal or Wise e-mail, masked ("a•••@example.org"). */
  email_masked: string | null;
  /** Whether the details are complete for the method (a run can pay the payee). */
  complete: boolean;
  updated_at: string | null;
  updated_by: string | null;
  /** When the payee gave these details themselves through a secure link; null when a member entered them. */
  given_by_payee_at: string | null;
};

/** Why a due statement cannot go into a payment run, in the user's words. */
export type PaymentDueProblem =
  | 'below_minimum_payout'
  | 'no_payout_details'
  | 'self_billing_invoice_missing'
  | 'already_in_a_run';

/** One account's due statements (payments_due_summary). */
export type PaymentDue = {
  account: AccountRef;
  name: string;
  email: string | null;
  has_email: boolean;
  currency: string;
  statements: number;
  statement_ids: string[];
  statement_numbers: string[];
  /**
   * The latest statement's payable (Σ when several share the latest period): it carries every
   * earlier unpaid balance, so the carried statements are not added again.
   */
  payable: Money;
  /** What paying them sends: Σ of their payouts (payable + self-billing VAT − tax withheld). */
  to_pay: Money;
  /**
   * The account's earlier unpaid statements whose balances the due statement carries (its opening
   * balance): paying it settles them. Added by pay-fixes.
   */
  carried_statement_ids?: string[];
  carried_statement_numbers?: string[];
  minimum_payout: Money;
  method: PayoutMethod | null;
  /**
   * The currency the method's file pays: the statements' own, or the one a method is bound to (SEPA euro, a UK bank
   * payment pounds), when a run converts at a rate it is given.
   */
  pay_currency: string;
  /** Empty when the account can be paid in a run. */
  problems: PaymentDueProblem[];
  /**
   * What to know before paying, in the user's words, never in the way of a run: "Tax form expired on 31st Dec
   * 2025" (shared/tax-forms.ts, for the day the payment is made).
   */
  warnings: string[];
};
export type PaymentsDueSummary = {
  payments_due: PaymentDue[];
  /** Σ payable of every account listed (what they are owed: the dashboards' "due"), and of those a run can pay. */
  total: Money;
  payable_total: Money;
  /** Σ to pay of every account listed: what paying them all sends (VAT added, tax withheld). */
  to_pay_total: Money;
  /**
   * The same per currency of the statements (the totals above add every currency up: they are one figure only where
   * the accounts share one), with what a run can pay: the to-pay of the accounts without a problem.
   */
  by_currency: { currency: string; total: Money; to_pay_total: Money; run_can_pay: Money }[];
  without_email: number;
};

/** A rate a run converts at: `rate` units of `to` for one unit of `from`. */
export type ExchangeRateInput = { from: string; to: string; rate: string };

export type PaymentRunStatus = 'draft' | 'exported' | 'confirming' | 'confirmed' | 'cancelled';

/** One statement in a frozen payment run. */
export type PaymentRunItem = {
  statement_id: string;
  statement_number: string;
  account: AccountRef;
  name: string;
  /** What the run pays for it: the statement's payout (payable + self-billing VAT − tax withheld). */
  amount: Money;
  currency: string;
  method: PayoutMethod;
  /** When the method pays another currency: what the file sends instead, at the run's rate. */
  converted?: PayoutConversion;
  /** Earlier unpaid statements this one carries, settled with it (added by pay-fixes). */
  carried_statement_numbers?: string[];
  /** What to know before paying it, as of the run's payment date (PaymentDue's warnings); absent when nothing. */
  warnings?: string[];
  /** Set once its account's payment is recorded by the run: that payment. */
  payment_id: string | null;
  /** Why confirming did not pay it (it was paid or corrected by something else meanwhile). */
  not_paid?: string;
};

/** One exported file of a run (one per method, and per currency for PayPal; split at the format's row limit). */
export type PaymentRunFile = {
  name: string;
  method: PayoutMethod;
  currency: string;
  rows: number;
  total: Money;
  /** For SEPA: the XSD it was validated against. */
  validated_against: string | null;
};

export type PaymentRun = {
  id: string;
  status: PaymentRunStatus;
  /** YYYY-MM-DD the bank is asked to pay on. */
  execution_date: string;
  items: PaymentRunItem[];
  files: PaymentRunFile[];
  /** What leaves the bank, per currency sent (a converted statement counts in the currency its file pays). */
  totals: { currency: string; count: number; amount: Money }[];
  /** The rates the run converts at, one per pair of currencies (empty when nothing converts). */
  exchange_rates: ExchangeRateInput[];
  created_at: string;
  created_by: string | null;
  exported_at: string | null;
  confirmed_at: string | null;
  confirmed_by: string | null;
  /** How many of its statements' payments the run has recorded (all once confirmed). */
  paid_count: number;
};
export type PaymentRunList = { payment_runs: PaymentRun[]; total_count: number; total_pages: number };

/**
 * The company's own account a SEPA file pays from (pay-payouts): masked like payout details, and
 * how the bank's UK bulk template writes amounts.
 */
export type DebtorAccountView = {
  name: string | null;
  iban_last4: string | null;
  bic: string | null;
  uk_bulk_amounts: 'pounds' | 'pence';
  complete: boolean;
  updated_at: string | null;
  updated_by: string | null;
};
