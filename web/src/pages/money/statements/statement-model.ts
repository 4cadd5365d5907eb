import Big from 'big.js';
import { MESSAGES, VALIDATION } from '../../../../../shared/messages';
import { formatCount, formatPercent, periodLabel } from '../../../../../shared/format';
import { uploadedFileName } from '../../../../../shared/file-names';
import { formatMoney } from '../../../../../shared/money';
import { PAYMENTS_CARRIED_NOTE } from '../../../../../shared/payments-carried';
import { monthEnd, periodWords } from '../../../../../shared/statement-periods';
import type {
  AccountType,
  ProvenanceRow,
  Statement,
  StatementControl,
  StatementFigures,
  StatementLinesPage,
  SummaryDimension,
  SummaryRow,
} from '../../../../../shared/schemas/statement-views';
import { dayProblem } from '../../../components/form-rules';

/** Exact sum of decimal strings (never a float), to `places` decimals. Blank or malformed values count as 0. */
export function addUp(values: readonly (string | null | undefined)[], places = 2): string {
  let total = new Big(0);
  for (const value of values) {
    try {
      total = total.plus(new Big(value?.trim() || '0'));
    } catch {
      // Not a number: it adds nothing (the check below then shows the difference).
    }
  }
  return total.toFixed(places);
}

const same = (a: string, b: string) => {
  try {
    return new Big(a).eq(new Big(b));
  } catch {
    return false;
  }
};

type FigureKey = keyof StatementFigures;
export type AccountRow = { key: FigureKey; label: string; amount: string; detail?: string };

/** A row from the amount payable to what is paid out. */
export type PayoutRow = { key: 'vat' | 'withholding_tax' | 'payout'; label: string; amount: string; detail?: string };

/**
 * From the amount payable to what is paid out, when the two differ: the self-billing invoice's VAT added and the tax
 * withheld taken off, each figure as the statement states it (the server's payout), none worked out here.
 */
export function payoutRows(statement: Pick<Statement, 'payout' | 'self_billing' | 'withholding_tax'>): PayoutRow[] {
  const { payout, self_billing: invoice, withholding_tax: withheld } = statement;
  if (same(payout.total, payout.payable)) return [];
  const rows: PayoutRow[] = [];
  if (invoice && !same(payout.vat, '0'))
    rows.push({
      key: 'vat',
      label: 'VAT',
      amount: payout.vat,
      detail: `At ${formatPercent(invoice.vat_rate)} on self-billing invoice ${invoice.invoice_number}`,
    });
  if (withheld)
    rows.push({
      key: 'withholding_tax',
      label: 'Tax withheld',
      amount: `-${payout.withholding_tax}`,
      detail: `At ${formatPercent(withheld.rate)}, paid to the tax authority on the payee's behalf`,
    });
  rows.push({ key: 'payout', label: 'Paid out', amount: payout.total });
  return rows;
}

/** The order and words of a statement's account block: opening + each movement = closing. */
const MOVEMENTS: [FigureKey, string, string?][] = [
  ['royalties', 'Net revenue', "This account's share of the period's royalties, rounded once to the cent"],
  ['costs', 'Net costs', 'Recoupable expenses (at their recoupable %) and advances'],
  ['reserves', 'Reserves', 'Taken (negative) and released (positive)'],
  ['transfers', 'Transfers'],
  ['payments', 'Payments', `${PAYMENTS_CARRIED_NOTE[0].toUpperCase()}${PAYMENTS_CARRIED_NOTE.slice(1)}`],
  ['adjustments', 'Adjustments'],
  ['recouped', 'Recouped by contracts', 'Earnings under a contract that first repaid its advance and recoupable costs'],
];

/**
 * The account block as the page shows it, and whether it adds up: closing = opening + net
 * revenue + net costs + reserves + transfers + payments + adjustments, and net costs = expenses
 * + advances, to the cent. A figure set that does not add up is shown as a problem, never hidden.
 */
export function accountBlock(figures: StatementFigures) {
  // A figure a statement does not have (recouped: only when a contract recouped) is not a row.
  const movements: AccountRow[] = MOVEMENTS.flatMap(([key, label, detail]) => {
    const amount = figures[key];
    return amount === undefined ? [] : [{ key, label, amount, ...(detail ? { detail } : {}) }];
  });
  const computed = addUp([figures.opening_balance, ...movements.map((m) => m.amount)]);
  const costs = addUp([figures.expenses, figures.advances]);
  return {
    opening: { key: 'opening_balance', label: 'Opening balance', amount: figures.opening_balance } as AccountRow,
    movements,
    closing: { key: 'closing_balance', label: 'Closing balance', amount: figures.closing_balance } as AccountRow,
    computedClosing: computed,
    adds: same(computed, figures.closing_balance),
    costsAdd: same(costs, figures.costs),
  };
}

/** The label's side of a run: label payable = allocated + retained + unaccountable, exactly (6 decimals). */
export function runTotalsCheck(totals: {
  label_payable: string;
  allocated: string;
  retained: string;
  unaccountable: string;
}) {
  const sum = addUp([totals.allocated, totals.retained, totals.unaccountable], 6);
  return { sum, adds: same(sum, totals.label_payable) };
}

// ——— Periods ———

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

export type FieldProblem = { field: 'start_pay_period' | 'end_pay_period'; message: string };

/**
 * A statement period as chosen on the client: none chosen → 'Please Choose Statement Periods'
 * (no call is made); a lone end takes the start as its end; periods are YYYY-MM and
 * the start is not after the end.
 */
export function periodProblem(start: string, end: string): FieldProblem | null {
  if (!start.trim()) return { field: 'start_pay_period', message: MESSAGES.chooseStatementPeriods };
  if (!PERIOD.test(start.trim())) return { field: 'start_pay_period', message: 'The start period must be YYYY-MM' };
  const last = end.trim() || start.trim();
  if (!PERIOD.test(last)) return { field: 'end_pay_period', message: 'The end period must be YYYY-MM' };
  if (last < start.trim()) return { field: 'end_pay_period', message: 'The end period must not be before the start' };
  return null;
}

/** The body's periods once periodProblem passed: an empty end means the start month alone. */
export const chosenPeriods = (start: string, end: string) => ({
  start_pay_period: start.trim(),
  end_pay_period: end.trim() || start.trim(),
});

/** Today as YYYY-MM-DD in the user's time zone: the payment date's default. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The e-mail addresses of a recipients list that are not valid, with the product's message. */
function recipientsProblem(recipients: readonly string[]): string | null {
  const bad = recipients.filter((r) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(r.trim()));
  return bad.length ? VALIDATION.email : null;
}

/** Splits typed or pasted text into addresses (commas, semicolons, spaces, new lines). */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean);

// ——— "Explain this number": links to the royalties list filtered to what is behind a figure ———

/** What every figure of one statement shares: its period, and its label or artist where the list can filter on one. */
export type ExplainScope = {
  royaltiesPage: string;
  start_date: string;
  end_date: string;
  label: { id: string; name: string } | null;
  /** An artist account: the royalties list filters by the line's artist name. */
  artist: string | null;
  /** Whether the scope alone selects this account's lines (a label's or artist's); a payee's are not filterable. */
  accountFilter: boolean;
  /**
   * The statement's own lines page, when the area has one: its figures then open exactly their lines, kept from the
   * CSV the statement was published with, whatever the account.
   */
  linesPage: string | null;
};

export type ExplainLink = {
  href: string;
  /** False: the list shows more lines than the figure covers (the filter it would need does not exist). */
  exact: boolean;
  /** Why not exact, for the reader. */
  note?: string;
};

export function explainScope(
  statement: Pick<
    Statement,
    'start_pay_period' | 'end_pay_period' | 'label' | 'label_id' | 'statementable_type' | 'payee_type' | 'payee_name'
  >,
  royaltiesPage: string,
  linesPage: string | null = null,
): ExplainScope {
  const type: AccountType = statement.payee_type ?? statement.statementable_type;
  const label = statement.label ?? (statement.label_id ? { id: statement.label_id, name: statement.label_id } : null);
  return {
    royaltiesPage,
    start_date: `${statement.start_pay_period}-01`,
    end_date: monthEnd(statement.end_pay_period),
    label,
    artist: type === 'Artist' ? statement.payee_name : null,
    accountFilter: type === 'Label' ? Boolean(label) : type === 'Artist',
    linesPage,
  };
}

const PAYEE_NOTE = "The royalties list has no payee filter: it shows every line of the period, this payee's among them";

function link(scope: ExplainScope, extra: Record<string, string>, exact: boolean, note?: string): ExplainLink {
  const query = new URLSearchParams({ start_date: scope.start_date, end_date: scope.end_date });
  if (scope.label) {
    query.set('label_id', scope.label.id);
    query.set('label_name', scope.label.name);
  }
  if (scope.artist) query.set('artist', scope.artist);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const allExact = exact && scope.accountFilter;
  return {
    href: `${scope.royaltiesPage}?${query.toString()}`,
    exact: allExact,
    ...(allExact ? {} : { note: note ?? PAYEE_NOTE }),
  };
}

/** The statement's own lines, kept by one of its tables' rows (or all of them). */
function ownLines(linesPage: string, filter: Record<string, string>, note?: string): ExplainLink {
  const query = new URLSearchParams(filter).toString();
  return { href: query ? `${linesPage}?${query}` : linesPage, exact: !note, ...(note ? { note } : {}) };
}

/** The lines behind the net revenue: the statement's own, else the period's narrowed to its label or artist. */
export const explainRevenue = (scope: ExplainScope): ExplainLink =>
  scope.linesPage ? ownLines(scope.linesPage, {}) : link(scope, {}, true);

/** The lines page's filter each table keeps its rows by (statement-lines.ts on the server). */
const LINES_FILTER: Record<SummaryDimension, string> = {
  store: 'store',
  territory: 'territory',
  format: 'format',
  release: 'release',
  track: 'track',
  period: 'month',
  term: 'term',
};

/** The royalties list filter each summary dimension maps to; territory and format have none. */
const DIMENSION_FILTER: Partial<Record<SummaryDimension, string>> = {
  store: 'retailer',
  release: 'release_id',
  track: 'recording_id',
};

/** The lines behind one summary row (a store, a release, a track, a month …). */
export function explainSummaryRow(scope: ExplainScope, dimension: SummaryDimension, row: SummaryRow): ExplainLink {
  if (scope.linesPage) {
    if (row.others)
      return ownLines(scope.linesPage, {}, "These are the table's smaller rows together: showing every line");
    if (row.value === null)
      return ownLines(scope.linesPage, {}, `Lines without a ${dimension} are not told apart: showing every line`);
    return ownLines(scope.linesPage, { [LINES_FILTER[dimension]]: row.label });
  }
  // The row for a long table's smaller values together: their lines are the period's, each named in the CSV.
  if (row.others)
    return link(scope, {}, false, "These are the table's smaller rows together: the statement's CSV has each line");
  if (row.value === null)
    return link(scope, {}, false, `Lines without a ${dimension} cannot be filtered for: showing the period's lines`);
  if (dimension === 'period' && PERIOD.test(row.value))
    return link({ ...scope, start_date: `${row.value}-01`, end_date: monthEnd(row.value) }, {}, true);
  const filter = DIMENSION_FILTER[dimension];
  if (!filter)
    return link(scope, {}, false, `The royalties list has no ${dimension} filter: showing the period's lines`);
  return link(scope, { [filter]: row.value }, true);
}

/** A summary row's name as the page (and the PDF) shows it. */
export { summaryRowName } from '../../../../../shared/statement-periods';

/** The months a sales report behind the statement covers, in words ("Sep 2026, Oct 2026"), '-' for none. */
export function provenancePeriods(row: Pick<ProvenanceRow, 'pay_periods'>): string {
  return row.pay_periods.map(periodLabel).join(', ') || '-';
}

/** A sales report behind the statement: its map and the file's own name, as the PDF prints it (no upload id). */
export function provenanceSource(row: Pick<ProvenanceRow, 'source' | 'filename'>): string {
  return [row.source, row.filename ? uploadedFileName(row.filename) : null].filter(Boolean).join(' · ');
}

/** The lines of one sales report behind the statement. */
export function explainProvenance(scope: ExplainScope, row: ProvenanceRow): ExplainLink {
  if (!row.import_id) return link(scope, {}, false, 'Manual sales have no import to filter by');
  return link(scope, { import_id: row.import_id }, true);
}

// ——— Where the pages are ———

/** The statement pages of the area (admin, distribution, or the tenant's finances) a page is in. */
export type StatementPages = {
  list: string;
  detail: (id: string) => string;
  edit: (id: string) => string;
  run: string;
  /** A run being previewed or published, followed on the run page. */
  runView: (runId: string) => string;
  royalties: string;
  /** A statement's own lines page; null where the area has none (the admin's statements open the royalties list). */
  lines: ((id: string) => string) | null;
};

const enc = encodeURIComponent;
function pagesUnder(list: string, run: string, royalties: string, withLines = true): StatementPages {
  return {
    list,
    detail: (id) => `${list}/${enc(id)}`,
    edit: (id) => `${list}/${enc(id)}/edit`,
    run,
    runView: (runId) => `${run}?run=${enc(runId)}`,
    royalties,
    lines: withLines ? (id) => `${list}/${enc(id)}/lines` : null,
  };
}

const ADMIN_STATEMENT_PAGES = pagesUnder('/admin/statements', '/admin/statements/new', '/user/royalties', false);
const DISTRIBUTION_STATEMENT_PAGES = pagesUnder(
  '/distribution/finances/statements',
  '/distribution/finances/statement_run',
  '/distribution/finances/royalties',
);
/** Tenant users (a label's statements, a payee's account) read statements under their finances. */
export const USER_STATEMENT_PAGES = pagesUnder(
  '/user/finances/statements',
  '/user/finances/statement_run',
  '/user/royalties',
);

export function statementPagesFor(pathname: string): StatementPages {
  if (/^\/admin(\/|$)/.test(pathname)) return ADMIN_STATEMENT_PAGES;
  if (/^\/distribution(\/|$)/.test(pathname)) return DISTRIBUTION_STATEMENT_PAGES;
  return USER_STATEMENT_PAGES;
}

// ——— List filters ———

export type StatementFilter = {
  due: boolean;
  paid: '' | 'true' | 'false';
  label: { id: string; name: string } | null;
  type: '' | Statement['type'];
};
export const EMPTY_STATEMENT_FILTER: StatementFilter = { due: false, paid: '', label: null, type: '' };

/** The list call's filter parameters (due, paid, label_id, type); "any" is left out. */
export function statementFilterParams(filter: StatementFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.due) params.due = 'true';
  if (filter.paid) params.paid = filter.paid;
  if (filter.label) params.label_id = filter.label.id;
  if (filter.type) params.type = filter.type;
  return params;
}

/** A statement's payment state in words for a badge. */
export const paidWord = (s: { paid: boolean; superseded_by: string | null }) =>
  s.superseded_by ? 'superseded' : s.paid ? 'paid' : 'unpaid';

/** "ST-000012 v2": the number, with the version when it is a correction. */
/**
 * The label a statement names beside its payee, or null when the payee is that label (a distribution statement is
 * the label's own: naming it twice, as payee and as label, says nothing more).
 */
export function otherLabel(s: {
  payee_type: string;
  payee_id: string;
  label?: { id: string; name: string } | null;
}): { id: string; name: string } | null {
  if (!s.label) return null;
  return s.payee_type === 'Label' && s.payee_id === s.label.id ? null : s.label;
}

export const statementTitle = (s: { number: string; version: number }) =>
  s.version > 1 ? `${s.number} v${s.version}` : s.number;

/** How much of the advances is recouped, as a whole percent (0 when there is no advance). */
export function recoupedPercent(meter: { advance: string; recouped: string }): number {
  try {
    const advance = new Big(meter.advance);
    if (advance.lte(0)) return 0;
    const percent = Number(new Big(meter.recouped).times(100).div(advance).round(0, Big.roundDown).toString());
    return Math.max(0, Math.min(100, percent));
  } catch {
    return 0;
  }
}

/** Whether a money string is above zero (exactly). */
export function isPositive(value: string | null | undefined): boolean {
  try {
    return new Big(value || '0').gt(0);
  } catch {
    return false;
  }
}

export type StatementEditValues = {
  recipients: string[];
  draft: string;
  subject: string;
  message: string;
  remittance_date: string;
};

/**
 * The edit form's problems: every recipient (and any address still typed in the box) is an
 * e-mail ('This field must be a valid email'), the remittance date is YYYY-MM-DD or blank.
 */
export function validateStatementEdit(values: StatementEditValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const recipients = [...values.recipients, ...splitAddresses(values.draft)];
  const bad = recipientsProblem(recipients);
  if (bad) errors.recipients = bad;
  if (!values.subject.trim()) errors.subject = VALIDATION.required('Subject');
  else if (values.subject.length > 300) errors.subject = 'Subject must be under 300 characters';
  const remittance = dayProblem('Remittance date', values.remittance_date);
  if (remittance) errors.remittance_date = remittance;
  return errors;
}

/** The PATCH body: only the four fields a published statement lets change; an address left in the box is kept. */
export function statementEditBody(values: StatementEditValues) {
  return {
    recipients: [...new Set([...values.recipients, ...splitAddresses(values.draft)])],
    subject: values.subject.trim(),
    message: values.message,
    // Blank clears it (the API takes '' or a date).
    remittance_date: values.remittance_date.trim(),
  };
}

/** Where an account is seen: a payee's accounting page, an artist's finances, a label's page. */
export function accountPath(account: { type: AccountType; id: string }): string {
  if (account.type === 'Payee') return `/user/payees/${enc(account.id)}/accounting`;
  if (account.type === 'Artist') return `/user/artists/${enc(account.id)}/finances`;
  return `/user/labels/${enc(account.id)}`;
}

/** Where an account's e-mail address is filled in. */
export function accountEditPath(account: { type: AccountType; id: string }): string {
  const collection = account.type === 'Payee' ? 'payees' : account.type === 'Artist' ? 'artists' : 'labels';
  return `/user/${collection}/${enc(account.id)}/edit`;
}

/**
 * A statement's period in words (`periodWords`, shared/statement-periods.ts), as its PDF and mail write it: "Mar 2057"
 * for one month, a quarter, half or year by its name and the months it covers ("Q1 2026 (Jan 2026 to Mar 2026)"), any
 * other span by its months ("Jan 2024 to Feb 2024"). Never the stored "2026-Q1" or "2024-01 – 2024-02".
 */
export function statementPeriodWords(statement: Pick<Statement, 'start_pay_period' | 'end_pay_period'>): string {
  return periodWords(statement);
}

/**
 * The control figures under a statement's account, in its currency to the millionth as the CSV sums them:
 * "2 lines · total of the lines £1,000.000000 (exact) · rounding carried in £0.000000, carried out -£0.004000".
 */
export function controlWords(control: StatementControl, currency: string): string {
  const exact = (value: string) => formatMoney(value, currency, { precision: 'exact' });
  const lines = `${formatCount(control.lines)} ${control.lines === 1 ? 'line' : 'lines'}`;
  return (
    `${lines} · total of the lines ${exact(control.lines_total)} (exact) · ` +
    `rounding carried in ${exact(control.rounding_in)}, carried out ${exact(control.rounding_out)}`
  );
}

/**
 * What a statement's kept lines add up to, as its lines page heads them: "2 lines · quantity 2 · amount £120.00". The
 * amount is the server's own sum of the lines, rounded once to the cent as every amount on screen is (so it reads as
 * the statement's figure it was opened from); the exact millionths stay in the statement's CSV.
 */
export function linesTotalWords(
  found: Pick<StatementLinesPage, 'total_count' | 'quantity' | 'share'>,
  currency: string,
) {
  const lines = `${formatCount(found.total_count)} ${found.total_count === 1 ? 'line' : 'lines'}`;
  return `${lines} · quantity ${formatCount(found.quantity)} · amount ${formatMoney(found.share, currency)}`;
}
