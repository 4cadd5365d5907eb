/**
 * What the statements and accounts APIs answer: the SPA reads
 * these. Money on a statement is a decimal string with exactly 2 decimals ("1234.50") in the
 * company's currency; the ledger-side exact figures (the lines behind a statement) keep the
 * ledger's 6 decimals. docs/statements.md states the rules.
 */

/** Who a statement is for: a payee, an artist without a payee, or a distributed label (distribution statements). */
export const ACCOUNT_TYPES = ['Payee', 'Artist', 'Label'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type AccountRef = { type: AccountType; id: string };

/** 2-decimal money string, e.g. "-12.30". */
export type Money = string;
/** 6-decimal exact ledger amount, e.g. "0.004213". */
export type ExactMoney = string;

/**
 * A statement's account for its period, adding up on the page:
 * closing = opening + royalties + costs + reserves + transfers + payments + adjustments.
 * Costs, payments and reserves taken are negative; released reserves positive.
 */
export type StatementFigures = {
  opening_balance: Money;
  /** Net revenue: the account's share of the period's royalties, rounded once (half-up to the cent). */
  royalties: Money;
  /** Net costs: recoupable expenses (at their recoupable %) and advances paid in the period, negative. */
  costs: Money;
  expenses: Money;
  advances: Money;
  /** Reserves taken (negative) and released (positive) in the period. */
  reserves: Money;
  transfers: Money;
  /** Payments made since the previous statement, negative. */
  payments: Money;
  adjustments: Money;
  /**
   * Earnings that recouped contracts' advances and costs, negative; only on statements whose payee
   * earned under a contract with a balance to recoup (contract_recoupment lists them).
   */
  recouped?: Money;
  closing_balance: Money;
  /** What is paid out for this statement: the closing balance when due, else "0.00". */
  payable: Money;
};

/** Why a statement pays nothing (or less than its closing balance), in the reader's words. */
export type NotPaidReason = {
  code: 'below_minimum_payout' | 'unrecouped_advance' | 'negative_balance' | 'nothing_earned';
  /** e.g. "below the minimum payout of £50.00". */
  text: string;
};

export type RecoupmentMeter = { advance: Money; recouped: Money; remaining: Money };

/** A statement's recoupment of one contract: its balance before, what this statement recouped, its balance after. */
/** A statement's reserve under one contract: held back on this period's physical sales, released from earlier ones. */
export type ContractReserveRow = { contract_id: string; name: string; held: Money; released: Money };

export type ContractRecoupmentRow = {
  /** The contract's id, or `group:<name>` for a cross-collateralised group. */
  contract_id: string;
  name: string;
  opening: Money;
  recouped: Money;
  closing: Money;
  /** A group's contracts and what this statement recouped from the earnings under each. */
  members?: { contract_id: string; recouped: Money }[];
};

export const SUMMARY_DIMENSIONS = ['store', 'territory', 'format', 'release', 'track', 'period', 'term'] as const;
export type SummaryDimension = (typeof SUMMARY_DIMENSIONS)[number];
export type SummaryRow = {
  /** The grouped value (store name, ISO territory, release id …); null: lines without one. */
  value: string | null;
  /** What the reader sees (release title, track title + ISRC …). */
  label: string;
  lines: number;
  quantity: number;
  /** The account's share of these lines, exact. */
  amount: ExactMoney;
  /**
   * Set on a table's last row when the table was too long to store whole: how many smaller rows it
   * stands for (its lines, quantity and amount are theirs together; value is null).
   */
  others?: number;
};
export type StatementSummaries = Partial<Record<SummaryDimension, SummaryRow[]>>;

/** One sales report behind a statement: no hidden deductions. */
export type ProvenanceRow = {
  import_id: string | null;
  /** The report's source (distributor / drop folder) or "Manual sales". */
  source: string;
  filename: string | null;
  pay_periods: string[];
  original_currency: string | null;
  /** The rate applied (1 for the company currency) and the date it was taken for. */
  exchange_rate: string | null;
  rate_date: string | null;
  /** The distributor's (aggregator's) cut of these lines, company currency, exact. */
  distributor_fee: ExactMoney;
  lines: number;
  /** The account's share of these lines, exact. */
  amount: ExactMoney;
};

/** The control figures printed on the PDF and matching the CSV of lines to the smallest unit. */
export type StatementControl = {
  lines: number;
  /** Σ of the CSV's share column (6 decimals). */
  lines_total: ExactMoney;
  /** Rounding carried in from the previous statement and out to the next (|x| < 0.005). */
  rounding_in: ExactMoney;
  rounding_out: ExactMoney;
};

export type SelfBillingInvoice = {
  /** Numbered once per company ("SB-000001"), never renumbered. */
  invoice_number: string;
  vat_rate: string;
  subtotal: Money;
  vat: Money;
  total: Money;
  issued_at: string;
};

/**
 * Tax the label keeps back from what a statement pays, at the payee's withholding rate when it was published (e.g.
 * 30 % on royalties paid abroad without a treaty form), for the label to pay to the tax authority on the payee's
 * behalf. The payee's account is settled by the whole payable all the same.
 */
export type WithholdingTax = { rate: string; amount: Money };

/**
 * What leaves the label's bank for a statement: its payable, plus the VAT of its self-billing invoice (owed to the
 * payee on top of the royalties), less the tax withheld. One rule (functions/money/statements/accounts/payout.ts)
 * for the statement, its PDF, a payment's total and a payment run's file.
 */
export type StatementPayout = { payable: Money; vat: Money; withholding_tax: Money; total: Money };

export const STATEMENT_TYPES = ['Statement', 'DistributionStatement'] as const;
type StatementType = (typeof STATEMENT_TYPES)[number];
const QUEUE_STATUSES = ['queued', 'generating', 'published', 'failed'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export type StatementPayment = {
  payment_date: string;
  payment_method: string | null;
  payment_reference: string | null;
  /** The payment (payments area) that paid it; absent on statements paid before payments existed. */
  payment_id?: string;
  /**
   * Set when it was settled by paying a later statement of its account that carries its balance
   * (its closing balance opened that one): that statement. Added by pay-fixes.
   */
  settled_by?: { id: string; number: string };
};

/**
 * A payment a statement carries (made since the previous statement), as the statement shows it:
 * "£70.00 paid on 2026-04-10 via BACS ref Q1-2026 (statement ST-000041)".
 */
export type StatementPaymentMade = {
  /** What was paid, positive (the figures' payments row is its negative). */
  amount: Money;
  payment_date: string;
  payment_method: string | null;
  payment_reference: string | null;
  /** The statement it paid, and its number. */
  paid_statement_id: string | null;
  paid_statement_number: string | null;
  text: string;
};

export type Statement = {
  id: string;
  /** "ST-000042": numbered once per company when published. */
  number: string;
  /** 1 for the first statement of an account and period; a correction is version 2 … */
  version: number;
  /** The statement this version corrects. */
  replaces_id: string | null;
  /** Set on a statement a newer version corrects. */
  superseded_by: string | null;
  type: StatementType;
  statementable_type: AccountType;
  statementable_id: string;
  payee_type: AccountType;
  payee_id: string;
  payee_name: string;
  label_id: string | null;
  label: { id: string; name: string } | null;
  recipients: string[];
  subject: string;
  message: string;
  start_pay_period: string;
  end_pay_period: string;
  /** "2026-Q3", "2026-07", "2026-H1", "2026" or "2026-01 – 2026-05". */
  accounting_period: string;
  currency: string;
  figures: StatementFigures;
  /** = figures.payable. */
  payee_total: Money;
  /** Distribution statements: the distributor's fee on the label's lines. */
  aggregator_fee: Money;
  expenses_total: Money;
  subtotal: Money;
  vat: Money;
  self_billing: SelfBillingInvoice | null;
  /** The tax withheld from what it pays, when its payee has a withholding rate and it pays something. */
  withholding_tax: WithholdingTax | null;
  /** What is paid out for it: payable + self-billing VAT − tax withheld. */
  payout: StatementPayout;
  not_paid_reasons: NotPaidReason[];
  recoupment: RecoupmentMeter;
  /** The recoupment position of each contract the payee earned under, when any had a balance to recoup. */
  contract_recoupment?: ContractRecoupmentRow[];
  /** The reserves each contract held and released on it, when any did. */
  contract_reserves?: ContractReserveRow[];
  summaries: StatementSummaries;
  /** Whether summaries are drawn as charts (statement settings graphs). */
  graphs: boolean;
  provenance: ProvenanceRow[];
  control: StatementControl;
  pdf_style: 'full' | 'summary';
  queue_status: QueueStatus;
  run_id: string | null;
  paid: boolean;
  payment: StatementPayment | null;
  remittance_date: string | null;
  created_at: string;
  updated_at: string;
  /** The payments it carries (detail and PDF only): each "paid on … via … ref …". */
  payments_made?: StatementPaymentMade[];
};

/** A statement in lists: no summaries or provenance. */
export type StatementRow = Omit<Statement, 'summaries' | 'provenance'>;
export type StatementList = { statements: StatementRow[]; total_count: number; total_pages: number };

export const RUN_STATUSES = ['previewing', 'preview_ready', 'publishing', 'published', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_KINDS = ['payee', 'distribution'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export type RunPreviewRow = {
  account: AccountRef;
  name: string;
  email: string | null;
  lines: number;
  opening_balance: Money;
  royalties: Money;
  costs: Money;
  /**
   * The statement's other movements, as its account lists them: reserves taken (negative) and released, transfers,
   * payments carried (negative), adjustments, and what contracts recouped (negative), so that opening + royalties +
   * costs + these = closing, to the cent. Rows previewed before they were kept lack them (recouped too).
   */
  reserves?: Money;
  transfers?: Money;
  payments?: Money;
  adjustments?: Money;
  recouped?: Money;
  closing_balance: Money;
  payable: Money;
  /** What paying its statement will send: payable + self-billing VAT − tax withheld (previews before it lack it). */
  to_pay?: Money;
  not_paid_reasons: NotPaidReason[];
};

/** An unmatched line's recording, or a recording nobody is entitled to: never silently dropped. */
export type UnaccountableRecording = {
  recording_id: string | null;
  release_id: string | null;
  title: string | null;
  isrc: string | null;
  upc: string | null;
  artist: string | null;
  lines: number;
  /** The label's share of these lines (what a payee would have been paid from), exact. */
  label_payable: ExactMoney;
  /**
   * A contract covers the lines but its term pays nobody on them: no_dealer_price, a term on the published
   * price to dealer and the release has no dealer price for their configuration; no_label_share, a term on
   * gross or the price to dealer on sales that left the label no share to pay it from; term_not_applied,
   * such a term on lines of an import not accepted yet.
   */
  reason: 'unmatched' | 'no_payee' | 'term_not_applied' | 'no_dealer_price' | 'no_label_share';
};

/** Σ allocated + retained + unaccountable = label_payable, exactly (6 decimals). */
export type RunTotals = {
  lines: number;
  label_payable: ExactMoney;
  allocated: ExactMoney;
  /** The part of matched lines no payee is entitled to: the label keeps it. */
  retained: ExactMoney;
  unaccountable: ExactMoney;
  aggregator_payable: ExactMoney;
  /**
   * The allocated part as the run's statements state it (a preview sets it; older runs lack it):
   * the payees' royalties to the cent, what rounding each statement carries to (or brought from)
   * another statement of the account, and the shares of accounts another run already stated for
   * these months. stated + rounding + already_stated = allocated, exactly.
   */
  payees?: { stated: Money; rounding: ExactMoney; already_stated: ExactMoney };
};

/** A flagged import a run left out, and why (its own checks' findings). */
type HeldImport = {
  import_id: string;
  filename: string | null;
  source: string | null;
  problems: string[];
  lines: number;
  label_payable: ExactMoney;
};

/**
 * Late money: what a stated account has earned in a statement's months beyond what the statement
 * carries (lines imported, matched or accepted after it was published), as the earnings engine
 * computes it now. A correction of the statement states it, once.
 */
export type NotYetStated = {
  statement_id: string;
  number: string;
  account: AccountRef;
  name: string;
  start_pay_period: string;
  end_pay_period: string;
  /** Lines the statement's months hold now, less the lines it carries. */
  lines: number;
  /** Earned now, less what the statement carries (6 decimals; negative when less is owed now). */
  amount: ExactMoney;
};

export type RunWarnings = {
  unmatched_lines: number;
  missing_rates: { distributor: string; original_currency: string; lines: number }[];
  payees_without_email: { account: AccountRef; name: string }[];
  unaccountable_recordings: number;
  /** Recordings whose payee percentages add up to more than 100 (scaled down to 100). */
  /** Accounts left out: a statement in force already covers some of the run's months (correct it with a new version). */
  already_stated?: { account: AccountRef; name: string; number: string }[];
  /** Imports left out: their own checks failed and nobody has accepted them yet (lines and amount in the run's months). */
  held_imports?: HeldImport[];
  /** Money in months already stated that no statement carries yet: a correction of the statement states it. */
  not_yet_stated?: NotYetStated[];
  shares_over_100: {
    recording_id: string;
    title: string | null;
    total: string;
    /** 'release': recording_id holds a release's id (lines matched to the release only). */
    kind?: 'release';
  }[];
};

export type StatementRun = {
  id: string;
  kind: RunKind;
  status: RunStatus;
  start_pay_period: string;
  end_pay_period: string;
  label_ids: string[];
  accounts: AccountRef[];
  /** 0–100, whole percent. */
  progress: number;
  total: number;
  done: number;
  /** Accounts left out because another statement states their months already. */
  skipped: number;
  /** Previewing or publishing with no sign of progress for longer than a step takes: the user may resume it. */
  resumable: boolean;
  preview: { rows: RunPreviewRow[]; totals: RunTotals; warnings: RunWarnings } | null;
  /** The company's currency the run's money is in (a run's own view names it; lists leave it out). */
  currency?: string;
  unaccountable: UnaccountableRecording[];
  error: string | null;
  scheduled: boolean;
  created_at: string;
  published_at: string | null;
  /**
   * A correction's run: the statement its one statement replaces (the version in force when the run was started),
   * with that statement's figures as a row beside the preview's, so what the new version changes shows before it is
   * published. Null for any other run, and in the progress view (`view=progress`); a list of runs names the statement
   * without its row.
   */
  replaces: RunReplaces | null;
};

/** The statement a correction replaces, as a run's page shows it beside the new version. */
export type RunReplaces = { id: string; number: string; version: number; row: RunPreviewRow | null };
export type StatementRunList = { statement_runs: StatementRun[]; total_count: number; total_pages: number };

export const EXPENSE_TYPES = ['Expense', 'DistributionExpense'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];

export type Expense = {
  id: string;
  type: ExpenseType;
  date: string;
  description: string;
  supplier: string | null;
  category: string | null;
  tags: string[];
  recoupable: boolean;
  recoupable_percentage: number;
  subtotal: Money;
  vat: Money;
  total: Money;
  paid: boolean;
  /** The label it belongs to. */
  expensable_type: 'Label';
  expensable_id: string | null;
  label: { id: string; name: string } | null;
  /** Recouped from this account's earnings when recoupable. */
  payee_type: AccountType | null;
  payee_id: string | null;
  payee_name: string | null;
  release_id: string | null;
  release_title: string | null;
  /** The published statement that recouped it; set once. */
  statement_id: string | null;
  /** The licence whose refund takes it back (or whose refund it is): from then on it never changes. */
  licence_refund_id: string | null;
  created_at: string;
  updated_at: string;
};
export type ExpenseList = { expenses: Expense[]; total_count: number; total_pages: number };

export const ENTRY_KINDS = ['advance', 'reserve', 'reserve_release', 'transfer', 'adjustment', 'payment'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** One line of a payee's append-only account besides royalties and expenses. */
export type AccountEntry = {
  id: string;
  account: AccountRef;
  kind: EntryKind;
  /** Its effect on what the label owes the account (advances, reserves, payments negative). */
  amount: Money;
  date: string;
  description: string | null;
  release_id: string | null;
  /** payment: the statement it paid and how. */
  paid_statement_id: string | null;
  payment_method: string | null;
  payment_reference: string | null;
  /** The published statement that carried it; an entry on a published statement never changes. */
  statement_id: string | null;
  created_at: string;
};

/** GET payees/{id}/accounting: the account as it stands. */
export type AccountView = {
  account: AccountRef;
  name: string;
  currency: string;
  minimum_payout: Money;
  /** The last published closing balance, then the entries and expenses not yet on a statement. */
  last_closing_balance: Money;
  pending: Money;
  balance: Money;
  recoupment: RecoupmentMeter;
  entries: AccountEntry[];
  statements: StatementRow[];
};

/**
 * The filters of a statement's lines page, each the value of one of the statement's tables (its store, territory,
 * format, release, track as the table names it, month, contract term). A table's row opens its lines with one.
 */
export const STATEMENT_LINE_FILTERS = ['store', 'territory', 'format', 'release', 'track', 'month', 'term'] as const;
export type StatementLineFilter = (typeof STATEMENT_LINE_FILTERS)[number];

/** One line of a published statement, as its CSV holds it (text as the report or the catalogue named it). */
export type StatementLine = {
  pay_period: string;
  retailer: string;
  territory: string;
  sales_format: string;
  release: string;
  track: string;
  isrc: string;
  quantity: number;
  /** The label's share of the line, in the company's currency. */
  label_payable: ExactMoney;
  term: string;
  /** What the line pays this statement's account. */
  share: ExactMoney;
};

/** GET statements/{id}/lines: a page of the lines the filters keep, and what all of those lines add up to. */
export type StatementLinesPage = {
  lines: StatementLine[];
  total_count: number;
  total_pages: number;
  quantity: number;
  /** Σ of the kept lines' share, exact: with no filter, the statement's lines total (its control figure). */
  share: ExactMoney;
};
