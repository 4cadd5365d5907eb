import { describePeriod } from '../../../../shared/period-picker';
import type { ExchangeRateUpdate, ImportTotals } from '../../../../shared/schemas/royalty-views';
import { uploadedFileName } from '../../../../shared/file-names';
import { formatCount } from '../../../../shared/format';
import { formatMoney, formatMoneyByCurrency } from '../../../../shared/money';

/** Paid states the list filters on and the bulk actions set. */
export const ROYALTY_STATES = ['paid', 'unpaid', 'artist_paid', 'artist_unpaid'] as const;
type RoyaltyState = (typeof ROYALTY_STATES)[number];

/** The list's filters beside paging, sorting and q. Empty strings / nulls mean "any". */
export type RoyaltyFilter = {
  label: { id: string; name: string } | null;
  retailer: string;
  artist: string;
  album: string;
  /** A territory code (a finances page's drill-down; the list has no select for it). */
  territory: string;
  start_date: string;
  end_date: string;
  state: RoyaltyState | '';
  import_id: string;
  release_id: string;
  recording_id: string;
  /** An artist's lines by id, comma-separated (an artist's or payee's finances drill-down). */
  artist_id: string;
};

export const EMPTY_FILTER: RoyaltyFilter = {
  label: null,
  retailer: '',
  artist: '',
  album: '',
  territory: '',
  start_date: '',
  end_date: '',
  state: '',
  import_id: '',
  release_id: '',
  recording_id: '',
  artist_id: '',
};

/** The filter as the API's query parameters (by_label, by_retailer … ); "any" values are left out. */
export function filterParams(filter: RoyaltyFilter, q?: string): Record<string, string> {
  const params: Record<string, string | undefined> = {
    q: q?.trim() || undefined,
    by_label: filter.label?.id,
    by_retailer: filter.retailer,
    by_artist: filter.artist,
    by_album: filter.album,
    by_territory: filter.territory,
    start_date: filter.start_date,
    end_date: filter.end_date,
    state: filter.state,
    import_id: filter.import_id,
    release_id: filter.release_id,
    recording_id: filter.recording_id,
    artist_id: filter.artist_id,
  };
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * A filter from the page's URL query (?import_id=…, ?retailer=…, ?label_id=…&label_name=…), so other pages
 * (a statement's "explain this number") can link to a filtered list. The API's own names (by_label,
 * by_retailer, by_artist, by_album, by_territory) are read too: a finances figure links with its
 * `royalties_query` as it is.
 */
export function filterFromQuery(query: URLSearchParams): RoyaltyFilter {
  const state = query.get('state') ?? '';
  const read = (name: string) => query.get(name) || query.get(`by_${name}`) || '';
  const labelId = query.get('label_id') || query.get('by_label');
  return {
    ...EMPTY_FILTER,
    label: labelId ? { id: labelId, name: query.get('label_name') || labelId } : null,
    retailer: read('retailer'),
    artist: read('artist'),
    album: read('album'),
    territory: read('territory'),
    start_date: query.get('start_date') ?? '',
    end_date: query.get('end_date') ?? '',
    state: (ROYALTY_STATES as readonly string[]).includes(state) ? (state as RoyaltyState) : '',
    import_id: query.get('import_id') ?? '',
    release_id: query.get('release_id') ?? '',
    recording_id: query.get('recording_id') ?? '',
    artist_id: query.get('artist_id') ?? '',
  };
}

/**
 * The filter's period for the picker: null ("Any period", no dates sent) unless a date is set.
 * Nothing is filled in here: the default range applies only when the user picks it.
 */
export function filterPeriod(filter: Pick<RoyaltyFilter, 'start_date' | 'end_date'>) {
  return filter.start_date || filter.end_date
    ? { key: 'chosen', start: filter.start_date, end: filter.end_date }
    : null;
}

/** The period the page says it shows: "Any period", or the chosen range's name and dates. */
export const periodText = (filter: Pick<RoyaltyFilter, 'start_date' | 'end_date'>, today?: Date) =>
  describePeriod(filterPeriod(filter), today).text;

/** A stable key for the filter: changing it sends the table back to page 1. */
export const filterKey = (filter: RoyaltyFilter) => JSON.stringify(filterParams(filter));

export type BulkAction = 'mark_as_paid' | 'mark_as_unpaid' | 'mark_as_artist_paid' | 'mark_as_artist_unpaid';
/** Each bulk action's menu text (and its confirmation's header and button). */
export const BULK_ACTION_TEXT: Record<BulkAction, string> = {
  mark_as_paid: 'Mark as paid',
  mark_as_unpaid: 'Mark as unpaid',
  mark_as_artist_paid: 'Mark as artist paid',
  mark_as_artist_unpaid: 'Mark as artist unpaid',
};
export const BULK_ACTIONS: { id: BulkAction; text: string }[] = (Object.keys(BULK_ACTION_TEXT) as BulkAction[]).map(
  (id) => ({ id, text: BULK_ACTION_TEXT[id] }),
);

/** The body of a mark_as_* call: the selected lines, or every line matching the filter (q included). */
export function bulkBody(
  target: { ids: string[] } | { filter: RoyaltyFilter; q?: string },
): { ids: string[] } | { filter: Record<string, string> } {
  return 'ids' in target ? { ids: target.ids } : { filter: filterParams(target.filter, target.q) };
}

/**
 * An exact decimal string rounded half-up to 2 places, with thousands separators, never
 * going through a float: "1234.565" → "1,234.57", "-0.004" → "0.00".
 */
export function decimal2(value: string | number | null | undefined): string {
  const text = String(value ?? '').trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return '0.00';
  const negative = match[1] === '-';
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = BigInt(match[2] || '0') * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (cents % 100n).toString().padStart(2, '0');
  return `${negative && cents !== 0n ? '-' : ''}${whole}.${rest}`;
}

/** Progress bars are green at 50 % or more, red below; the percentage is whole. */
export function progressColour(percent: number): 'green' | 'red' {
  return wholePercent(percent) >= 50 ? 'green' : 'red';
}
export const wholePercent = (value: number | null | undefined) =>
  Math.max(0, Math.min(100, Math.floor(Number(value) || 0)));

/**
 * An import's control totals and whether they add up: every line read is stored, rejected or
 * skipped. `balanced` is false when the worker's counts disagree (shown as a problem).
 */
export function controlTotals(totals: ImportTotals | undefined) {
  if (!totals) return null;
  const rejected = totals.rejected?.length ?? 0;
  const accounted = totals.stored + rejected + totals.skipped;
  return {
    read: totals.lines_read,
    stored: totals.stored,
    rejected,
    skipped: totals.skipped,
    balanced: accounted === totals.lines_read,
    difference: totals.lines_read - accounted,
  };
}

/** Report files the importer reads: delimited text, Excel, or those zipped / gzipped. */
const REPORT_EXTENSIONS = ['csv', 'tsv', 'txt', 'xlsx', 'zip', 'gz'] as const;
export const REPORT_ACCEPT = REPORT_EXTENSIONS.map((e) => `.${e}`).join(',');

export function reportFileProblem(file: { name: string }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (REPORT_EXTENSIONS as readonly string[]).includes(extension)
    ? null
    : `${file.name}: reports must be CSV, TSV, TXT, XLSX, ZIP or GZ files`;
}

/** How an import's status is coloured: the status words of the colour vocabulary (shared/status-colours). */
export const IMPORT_STATUS_WORD: Record<string, string> = {
  processing: 'processing',
  done: 'complete',
  failed: 'failed',
  duplicate: 'queued',
};

/** True while a list still has an import the worker is on (the page keeps polling). */
export const anyProcessing = (imports: { status: string }[] | undefined) =>
  (imports ?? []).some((i) => i.status === 'processing');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The flash after update_exchange_rates: the server's message with the answer's counts, e.g.
 * "Exchange Rates Updated: 2 imports, 40 lines re-converted; 1 rate still missing (Demo · USD → GBP)", and the lines
 * a published statement carries, which keep the rate they were stated with ("; 3 lines on statement ST-000274 keep
 * the rate they were stated with").
 */
export function exchangeUpdateText(answer: {
  message?: string;
  result?: {
    imports: number;
    lines: number;
    missing_rates?: { distributor: string; original_currency: string; target_currency: string }[];
    stated_lines?: number;
    statements?: string[];
  };
}): string {
  const head = answer.message ?? 'Exchange Rates Updated';
  const result = answer.result;
  if (!result) return head;
  const parts = [`${head}: ${plural(result.imports, 'import')}, ${plural(result.lines, 'line')} re-converted`];
  const missing = result.missing_rates ?? [];
  if (missing.length) {
    const pairs = [...new Set(missing.map((m) => `${m.distributor} · ${m.original_currency} → ${m.target_currency}`))];
    parts.push(`${plural(pairs.length, 'rate')} still missing (${pairs.join(', ')})`);
  }
  const stated = result.stated_lines ?? 0;
  if (stated) {
    const numbers = result.statements ?? [];
    const on = numbers.length ? ` on ${numbers.length === 1 ? 'statement' : 'statements'} ${numbers.join(', ')}` : '';
    parts.push(
      `${plural(stated, 'line')}${on} ${stated === 1 ? 'keeps' : 'keep'} the rate ${stated === 1 ? 'it was' : 'they were'} stated with`,
    );
  }
  return parts.join('; ');
}

/**
 * The exchange rates applied again to imports, one job each, as one answer: the imports and lines re-converted summed,
 * the pairs still missing and the statements that kept lines listed once.
 */
export function ratesJobsSum(jobs: { result: Partial<ExchangeRateUpdate> | null }[]): ExchangeRateUpdate {
  const results = jobs.flatMap((job) => (job.result ? [job.result] : []));
  const sum = (key: 'lines' | 'stated_lines') => results.reduce((n, r) => n + (r[key] ?? 0), 0);
  return {
    imports: results.length,
    lines: sum('lines'),
    missing_rates: results.flatMap((r) => r.missing_rates ?? []),
    stated_lines: sum('stated_lines'),
    statements: [...new Set(results.flatMap((r) => r.statements ?? []))].sort(),
  };
}

/** A count of lines: reports run to millions of lines, and grouped digits read at a glance (shared/format.ts). */
export { formatCount };

/**
 * One of an import's amounts (read, stored or rejected) as money in the report's own currencies, each currency on its
 * own and never added together: "$120.50", "EUR 1.50 + £0.01". Lines naming no currency show as a plain number. An import
 * read before the amounts were kept per currency shows its one plain sum, as it was kept.
 */
export function importAmountWords(totals: ImportTotals, figure: 'read' | 'stored' | 'rejected'): string {
  const perCurrency = totals.amounts_by_currency;
  if (!perCurrency) return decimal2(totals[`amount_${figure}`]);
  return formatMoneyByCurrency(perCurrency, figure, perCurrency[0]?.currency ?? null);
}

/** An import's control totals as one line: "3 read = 2 stored + 1 rejected + 0 skipped". */
export function totalsEquation(totals: { read: number; stored: number; rejected: number; skipped: number }): string {
  const n = formatCount;
  return `${n(totals.read)} read = ${n(totals.stored)} stored + ${n(totals.rejected)} rejected + ${n(totals.skipped)} skipped`;
}

/** A rate as the API takes it: a positive decimal with at most 6 places. */
export const RATE_PATTERN = /^\d{1,12}(?:\.\d{1,6})?$/;

/**
 * A line's title in lists and headings: its song and mix as the report gave them, or "(no title)" for a report
 * line without a song (never the line's id, which is the import's id and a number).
 */
export const royaltyTitle = (r: { song?: string | null; mix?: string | null }) =>
  [r.song, r.mix ? `(${r.mix})` : ''].filter(Boolean).join(' ') || '(no title)';

/** An import's column map by its name, '-' once the map is gone (its stored id means nothing to a reader). */
export const importMapName = (row: { source_name?: string | null }) => row.source_name || '-';

/**
 * An import's file by the name the user chose. The list answers it so, but the worker's progress pushes carry the
 * stored key ("<upload id>-name.csv"), which the imports table showed while a report was processing.
 */
export const importFileName = (row: { filename: string }) => uploadedFileName(row.filename);

/**
 * The summary chart's one series (the total by pay period), or none when no line falls in the period: the chart then
 * says so instead of drawing an axis with a bare 0 and no bars.
 */
export function periodTotalSeries(periods: { pay_period: string; total: string }[], currency: string | null) {
  if (!periods.length) return [];
  return [
    {
      title: 'Total',
      type: 'bar' as const,
      data: periods.map((p) => ({ x: p.pay_period, y: Number(p.total) })),
      valueFormatter: (y: number) => formatMoney(String(y), currency),
    },
  ];
}
