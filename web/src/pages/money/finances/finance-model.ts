import dayjs from 'dayjs';
import { defaultPeriod } from '../../../../../shared/period-picker';
import { periodWords } from '../../../../../shared/statement-periods';
import { currencySign, formatMoney } from '../../../../../shared/money';
import type {
  DashboardCounts,
  FinanceFigures,
  FinancePeriod,
  FinanceSlice,
  LabelAccounting,
  LabelAccountingRow,
} from '../../../../../shared/schemas/finance-views';
import { formatCount, formatDate, formatPercent } from '../../../../../shared/format';

/**
 * The finances pages' pure logic: the period a page shows (from its URL, else the default:
 * the 12 months to the end of last month), the drill-down links to the royalties list, and the
 * charts' series. Money stays a
 * decimal string everywhere it is shown; charts get a number only to size a bar or a slice.
 */

export type Period = { start: string; end: string };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period a finances page shows: `start_date`/`end_date` from its URL when both are dates,
 * else the default (12 months to the end of last month).
 */
export function periodFromQuery(query: URLSearchParams, today: Date = new Date()): Period {
  const start = query.get('start_date') ?? '';
  const end = query.get('end_date') ?? '';
  return DATE.test(start) && DATE.test(end) && start <= end ? { start, end } : defaultPeriod(today);
}

/** The period as a query string for an API call or a page URL. */
export const periodQuery = (period: Period) =>
  new URLSearchParams({ start_date: period.start, end_date: period.end }).toString();

/**
 * The royalties list behind a figure: the list page of the area shown with the figure's
 * `royalties_query` (the royalties page reads by_label, by_retailer … from its URL), plus any
 * names the page shows instead of ids (label_name). Empty values are left out.
 */
export function royaltiesHref(listPage: string, royaltiesQuery: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(royaltiesQuery);
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  for (const key of [...query.keys()]) if (!query.get(key)) query.delete(key);
  const text = query.toString();
  return text ? `${listPage}?${text}` : listPage;
}

/** A slice's drill-down: its label's name rides along so the royalties page's label filter shows it. */
export const sliceHref = (listPage: string, slice: Pick<FinanceSlice, 'name' | 'royalties_query'>) =>
  royaltiesHref(
    listPage,
    slice.royalties_query,
    new URLSearchParams(slice.royalties_query).has('by_label') ? { label_name: slice.name } : {},
  );

/** A pay period as a month, "Jul 2026", and a span of them, "Jan 2026 to Mar 2026" (shared/format.ts). */
export { monthsWords, periodLabel } from '../../../../../shared/format';

/**
 * The period a finances view covers, by its days as every page writes a day: "1st Dec 2025 to 30th Nov 2026" (the
 * picker above it writes the same dates YYYY-MM-DD, as the display rules give the picker), never as stored.
 */
export const viewPeriodWords = (view: { start_date: string; end_date: string }) =>
  `${formatDate(view.start_date) || view.start_date} to ${formatDate(view.end_date) || view.end_date}`;

/**
 * A statement's period in a label's accounting as the statements list and the statement's own page write it: a quarter,
 * half or year by its name and months, "Q2 2026 (Apr 2026 to Jun 2026)"; a month, "Apr 2026"; any other span by its
 * months (`periodWords`).
 */
export const statementPeriodWords = (s: { start_pay_period: string; end_pay_period: string }) => periodWords(s);

/** What the royalties figures cover: "Dec 2025 to Nov 2026 · from the royalty ledger". */
export const ledgerPeriodWords = (view: { start_date: string; end_date: string }) =>
  `${viewPeriodWords(view)} · from the royalty ledger`;

/** The pay periods (YYYY-MM) from one date's month to another's, oldest first. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  let month = dayjs(`${start.slice(0, 7)}-01`);
  const last = dayjs(`${end.slice(0, 7)}-01`);
  while (!month.isAfter(last) && months.length < 1200) {
    months.push(month.format('YYYY-MM'));
    month = month.add(1, 'month');
  }
  return months;
}

const ZERO: FinanceFigures = {
  revenue: '0.00',
  label_share: '0.00',
  artist_share: '0.00',
  aggregator_fee: '0.00',
  lines: 0,
  quantity: 0,
};

/** A query for one pay period: the base query with the month's first and last days as its dates. */
export function monthQuery(baseQuery: string, payPeriod: string): string {
  const query = new URLSearchParams(baseQuery);
  const first = dayjs(`${payPeriod}-01`);
  query.set('start_date', first.format('YYYY-MM-DD'));
  query.set('end_date', first.endOf('month').format('YYYY-MM-DD'));
  return query.toString();
}

/** The longest range whose every month gets a bar; a longer one (all time) shows only the months with figures. */
const MAX_FILLED_MONTHS = 36;

/**
 * Every month of the period, oldest first, with zero figures where the ledger has none (a
 * chart with gaps reads as missing data). A month without lines still links to its (empty)
 * royalties list. Ranges over three years show the months that have figures only.
 */
export function fillPeriods(periods: FinancePeriod[], period: Period, baseQuery: string): FinancePeriod[] {
  const sorted = [...periods].sort((a, b) => a.pay_period.localeCompare(b.pay_period));
  const months = monthsBetween(period.start, period.end);
  if (months.length > MAX_FILLED_MONTHS) return sorted;
  const byMonth = new Map(sorted.map((p) => [p.pay_period, p]));
  const inRange = months.map(
    (m) => byMonth.get(m) ?? { ...ZERO, pay_period: m, royalties_query: monthQuery(baseQuery, m) },
  );
  // A period the answer has outside the range (should not happen) is still shown, not dropped.
  const outside = sorted.filter((p) => !months.includes(p.pay_period));
  return [...inRange, ...outside].sort((a, b) => a.pay_period.localeCompare(b.pay_period));
}

/** The money figures a period chart can plot, in the reader's words. */
const PERIOD_MEASURES = {
  revenue: 'Revenue',
  label_share: 'Label share',
  artist_share: 'Payees and artists',
  aggregator_fee: 'Aggregator fee',
} as const;
export type PeriodMeasure = keyof typeof PERIOD_MEASURES;

/** A number only to size a bar or a point; what is shown is the exact string (see `periodSeries`). */
const plot = (money: string) => {
  const n = Number(money);
  return Number.isFinite(n) ? n : 0;
};

type PeriodPoint = { x: string; y: number };
export type PeriodSeries = {
  title: string;
  type: 'bar' | 'line';
  data: PeriodPoint[];
  valueFormatter: (y: number, x: string) => string;
};

/**
 * The series of a chart by pay period: one per measure, x the pay period, y the figure; the
 * popover shows each period's exact money (looked up by x, never the float plotted).
 */
export function periodSeries(
  periods: FinancePeriod[],
  currency: string,
  measures: PeriodMeasure[],
  type: 'bar' | 'line',
): PeriodSeries[] {
  return measures.map((measure) => {
    const exact = new Map(periods.map((p) => [p.pay_period, p[measure]]));
    return {
      title: PERIOD_MEASURES[measure],
      type,
      data: periods.map((p) => ({ x: p.pay_period, y: plot(p[measure]) })),
      valueFormatter: (y: number, x: string) => formatMoney(exact.get(x) ?? String(y), currency),
    };
  });
}

/** The y axis's top: the largest plotted value (at least 1, so an empty chart still has an axis). */
export function yDomainTop(series: PeriodSeries[]): number {
  return Math.max(1, ...series.flatMap((s) => s.data.map((d) => d.y)));
}

/** `other`: the "Other" slice (key null), the rest beyond the top ten, which no list filter selects on its own. */
export type PieDatum = {
  title: string;
  value: number;
  money: string;
  royalties_query: string;
  lines: number;
  other: boolean;
};

/** What a pie's segments measure: the stores' revenue, or (an artist's or payee's own view) their share of it. */
export type PieMeasure = 'revenue' | 'artist_share';

/**
 * A pie's segments from slices (stores, territories): the measure (revenue unless said) sizes each
 * segment and the exact money is kept for the popover. A slice at or below zero cannot be a
 * segment, so it is left out of the pie (the table beside it still lists it).
 */
export function pieData(slices: FinanceSlice[], measure: PieMeasure = 'revenue'): PieDatum[] {
  return slices
    .filter((s) => plot(s[measure]) > 0)
    .map((s) => ({
      title: s.name,
      value: plot(s[measure]),
      money: s[measure],
      royalties_query: s.royalties_query,
      lines: s.lines,
      other: s.key === null,
    }));
}

/** A whole count with thousands separators (shared/format.ts). */
export { formatCount };

/** Money as shown on the finances pages: to the cent, in the company's currency (shared/money.ts). */
export const money = (value: string | null | undefined, currency: string | null) => formatMoney(value, currency);

/**
 * An axis tick: the currency's sign and a short number for thousands and millions ("£1.2k", "$3M"), an amount below
 * a thousand to the cent as every amount on screen is ("£0.00", "£250.00"); the exact figures are in the popovers.
 */
export function axisMoney(value: number, currency: string | null): string {
  const code = currencySign(currency);
  const sign = code.length > 1 ? `${code} ` : code;
  const abs = Math.abs(value);
  const short =
    abs >= 1e6 ? `${+(abs / 1e6).toFixed(1)}M` : abs >= 1e3 ? `${+(abs / 1e3).toFixed(1)}k` : abs.toFixed(2);
  return `${value < 0 ? '-' : ''}${sign}${short}`;
}

/** A slice's part of the whole as a whole-ish percentage ("42.5 %"), from the exact strings' plotted values. */
export function sharePercent(
  part: string,
  slices: Pick<FinanceSlice, 'revenue' | 'artist_share'>[],
  measure: PieMeasure = 'revenue',
): string {
  const total = slices.reduce((sum, s) => sum + Math.max(0, plot(s[measure])), 0);
  if (total <= 0) return '–';
  return formatPercent(+((Math.max(0, plot(part)) / total) * 100).toFixed(1));
}

/** Where a finances page's figures lead, in the area it is in (the tenant's /user, or /distribution). */
export type FinancePages = {
  royalties: string;
  statements: string;
  statement: (id: string) => string;
  expenses: string;
};

export function financePagesFor(pathname: string): FinancePages {
  const distribution = /^\/(distribution|admin)(\/|$)/.test(pathname);
  const statements = distribution ? '/distribution/finances/statements' : '/user/finances/statements';
  return {
    royalties: distribution ? '/distribution/finances/royalties' : '/user/royalties',
    statements,
    statement: (id) => `${statements}/${encodeURIComponent(id)}`,
    expenses: distribution ? '/distribution/finances/expenses' : '/user/labels/finances/expenses',
  };
}

export type AccountingRow = LabelAccountingRow;

/**
 * The accounting table's rows: each pay period, then a Total row (its royalties_query empty, so it
 * is shown as a sum, not a link) whose balance is the closing balance.
 */
export function accountingRows(view: Pick<LabelAccounting, 'rows' | 'totals' | 'closing_balance'>): AccountingRow[] {
  return [...view.rows, { ...view.totals, pay_period: 'Total', balance: view.closing_balance, royalties_query: '' }];
}

type CountKey = keyof DashboardCounts;
const COUNT_LABELS: [CountKey, string, string][] = [
  ['labels', 'Labels', '/user/labels'],
  ['artists', 'Artists', '/user/artists'],
  ['releases', 'Releases', '/user/releases'],
  ['recordings', 'Recordings', '/user/recordings'],
  ['songs', 'Songs', '/user/songs'],
  ['payees', 'Payees', '/user/payees'],
  ['imports', 'Royalty imports', '/user/royalties/bulk_import'],
  ['statements', 'Statements', '/user/finances/statements'],
  ['statements_unpaid', 'Statements not paid', '/user/finances/statements'],
  ['payments', 'Payments', '/user/finances/payments'],
];
const ADMIN_COUNT_PAGES: Partial<Record<CountKey, string>> = {
  labels: '/admin/labels',
  artists: '/admin/artists',
  releases: '/admin/releases',
  recordings: '/admin/recordings',
  imports: '/admin/imports',
  statements: '/distribution/finances/statements',
  statements_unpaid: '/distribution/finances/statements',
  payments: '/distribution/finances/payments',
};

/**
 * The dashboards' counts, each with the list it counts: the company's lists under /user, or
 * (`admin`) the platform's admin and distribution lists where they exist.
 */
export function countLinks(
  counts: DashboardCounts,
  admin = false,
): { key: CountKey; label: string; value: string; href?: string }[] {
  return COUNT_LABELS.map(([key, label, href]) => ({
    key,
    label,
    value: formatCount(counts[key]),
    href: admin ? ADMIN_COUNT_PAGES[key] : href || undefined,
  }));
}
