/**
 * What the finances, accounting and dashboard APIs answer. Money is a
 * 2-decimal string in the company's currency, summed exactly from the ledger's aggregates and
 * rounded once (half-up to the cent) at the end; pay periods are "YYYY-MM". Every figure carries
 * the royalties-list query that shows the lines behind it (`royalties_query`, e.g.
 * "start_date=2026-01-01&end_date=2026-03-31&by_label=…"), so the SPA can drill down.
 */
import type { AccountRef, Money } from './statement-views.js';

/** The ledger's cuts summed over some lines (docs/statements.md). */
export type FinanceFigures = {
  /** Net revenue in (the lines' amount in the company currency). */
  revenue: Money;
  /** The label's share by deal % (label_payable) = artist_share + retained + unaccountable. */
  label_share: Money;
  /**
   * What the payees and artists are owed of it, as the statements engine splits it with the current
   * terms (the same figure a statement run's preview gives); an artist's or payee's own view: its share.
   */
  artist_share: Money;
  /** What the label keeps of its share (company and label views). */
  retained?: Money;
  /** What no one is entitled to: lines without payees, artists or release terms (company and label views). */
  unaccountable?: Money;
  /** The aggregator's (distributor's) fee. */
  aggregator_fee: Money;
  lines: number;
  quantity: number;
};
export type FinancePeriod = FinanceFigures & { pay_period: string; royalties_query: string };
/** One store, territory, label or release: its figures and the royalties behind them. */
export type FinanceSlice = FinanceFigures & { key: string | null; name: string; royalties_query: string };

/** Whose finances a view shows. */
export type FinanceScope = { type: 'company' | 'label' | 'artist' | 'payee' | 'all'; id: string | null; name: string };

/** A finances page: totals, by period (line/bar charts), by store and territory (pies), top labels and releases. */
export type FinancesView = {
  scope: FinanceScope;
  currency: string;
  /** YYYY-MM-DD, as the period picker sends them (12 months to the end of last month). */
  start_date: string;
  end_date: string;
  totals: FinanceFigures;
  royalties_query: string;
  by_period: FinancePeriod[];
  /** Largest first; at most 10 and an "Other" slice (key null) holding the rest. */
  by_store: FinanceSlice[];
  by_territory: FinanceSlice[];
  by_label: FinanceSlice[];
  by_release: FinanceSlice[];
  /**
   * The money side over the same range: expenses booked, statements published, paid, still owed. `paid` and `owed`
   * add up every statement's payable whatever its currency; `by_currency` says them per currency, as the pages show
   * them (a company whose currency changed keeps its older statements in the old one).
   */
  money: { expenses: Money; statements: number; paid: Money; owed: Money; by_currency: CurrencyPaidOwed[] };
};

/** What statements in one currency were paid and still owe, the currencies in alphabetical order. */
type CurrencyPaidOwed = { currency: string; paid: Money; owed: Money };

/** What statements in one currency still owe, the currencies in alphabetical order. */
export type CurrencyOwed = { currency: string; owed: Money };

/**
 * A label's accounting per pay period (label/accounting, labels/{id}/accounting,
 * label_accounting/{label_id}): what came in, the shares, what was spent, recouped and paid, and
 * the balance owed to the label. Σ rows + opening = closing, and each period's figures equal the
 * label's statements of the same period to the cent.
 */
export type LabelAccountingRow = {
  pay_period: string;
  revenue: Money;
  label_share: Money;
  aggregator_fee: Money;
  artist_share: Money;
  expenses: Money;
  recouped: Money;
  paid: Money;
  /** Reserves, transfers and adjustments on the label's account in the period (signed; fin-api). */
  other?: Money;
  /** Running balance owed to the label at the end of the period. */
  balance: Money;
  royalties_query: string;
};
export type LabelAccounting = {
  label: { id: string; name: string; distributed: boolean; deal_percentage: string | null };
  currency: string;
  start_date: string;
  end_date: string;
  opening_balance: Money;
  rows: LabelAccountingRow[];
  totals: Omit<LabelAccountingRow, 'pay_period' | 'balance' | 'royalties_query'>;
  closing_balance: Money;
  /** The label's statements in the range, for the reader to check against. */
  statements: {
    id: string;
    number: string;
    start_pay_period: string;
    end_pay_period: string;
    royalties: Money;
    closing_balance: Money;
    paid: boolean;
  }[];
};

/** A payee's or artist's finances (payees/{id}/finances, artists/{id}/finances): earnings and its account. */
export type AccountFinances = {
  account: AccountRef;
  name: string;
  currency: string;
  start_date: string;
  end_date: string;
  /** The account's share per period (from the ledger, before costs). */
  by_period: FinancePeriod[];
  by_store: FinanceSlice[];
  totals: FinanceFigures;
  /** The account as it stands: last closing balance, owed (unpaid payable), paid in the range. */
  balance: Money;
  owed: Money;
  /** `owed` per currency: the account's statements keep the currency they were published in. */
  owed_by_currency: CurrencyOwed[];
  paid: Money;
  statements: {
    id: string;
    number: string;
    start_pay_period: string;
    end_pay_period: string;
    payable: Money;
    paid: boolean;
  }[];
};

/** GET dashboard: counts for the dashboards. */
export type DashboardCounts = {
  labels: number;
  artists: number;
  releases: number;
  recordings: number;
  songs: number;
  payees: number;
  imports: number;
  statements: number;
  statements_unpaid: number;
  payments: number;
};

/** GET user_dashboard (company_id, start_date, end_date): the company's dashboard with real figures. */
export type UserDashboard = {
  company: { id: string; name: string };
  counts: DashboardCounts;
  finances: FinancesView;
  /**
   * Statements due for payment (payments_due_summary's totals): `total` adds up every payable whatever its currency,
   * `by_currency` says it per currency, as the page shows it.
   */
  due: { accounts: number; total: Money; by_currency: { currency: string; total: Money }[] };
  latest_statements: {
    id: string;
    number: string;
    payee_name: string;
    payable: Money;
    /** The statement's own currency (its payable is in it). */
    currency: string;
    paid: boolean;
  }[];
};

/** GET dashboard as an admin (AdminDashboard, DistributionDashboard): the platform's counts and money by company. */
export type AdminDashboard = {
  counts: DashboardCounts & { companies: number; users: number; distributed_labels: number };
  currency: string;
  /** Each company's `owed` adds up its statements whatever their currency; `owed_by_currency` says it per currency. */
  by_company: {
    id: string;
    name: string;
    currency: string;
    revenue: Money;
    owed: Money;
    owed_by_currency: CurrencyOwed[];
    statements_unpaid: number;
  }[];
  by_period: FinancePeriod[];
};
