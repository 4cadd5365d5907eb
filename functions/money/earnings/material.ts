import { accountKeyOf } from '../accounts/account.js';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  ProvenanceRow,
  StatementSummaries,
  SummaryDimension,
  SummaryRow,
} from '../../../shared/schemas/statement-views.js';
import { loadTable } from '../../royalties/ledger/duck-tables.js';
import { ID_SQL } from '../../royalties/ledger/overlays.js';
import { COVER_COLUMNS } from './contract-cover.js';
import { literal } from '../../royalties/ledger/sql.js';
import { formatJoin, rowsOf, weightSetJoin, type Prepared } from './allocation.js';
import type { AccountMaterial, ContractEarning, EarningsResult } from './earnings.js';
import { decimalOfUnits, exactFromUnits, unitsOf } from '../../royalties/ledger/units.js';
import { RETAINED } from './weights.js';
import { spreadsheetSafeSql as safe } from '../../../shared/spreadsheet-safe.js';
import { timed } from '../../lib/step-timings.js';
import { territoryName } from '../../../shared/territories.js';

/**
 * Publishing's material, in two passes over the scope's lines whatever the number of accounts:
 * one COPY writes every account's CSV of lines (partitioned by account and month), one GROUPING SETS query
 * sums every account's summaries and provenance. Both read the same line × account relation,
 * whose shares come from the allocation's split table (allocation.ts).
 */
export const CSV_COLUMNS = [
  // The line's id first: which statement carries a line is read from it (royalties/api/stated-lines.ts).
  'id',
  'pay_period',
  'retailer',
  'territory',
  'sales_format',
  'release',
  'track',
  'isrc',
  'upc',
  'quantity',
  'currency',
  'exchange_rate',
  'amount',
  'label_payable',
  'weight',
  // Added after the others, so each column readers already knew keeps its place and the share stays last.
  'term',
  'share',
] as const;

/** What a line that no contract covers says in its term column: the shares set on the catalogue applied. */
export const NO_CONTRACT_WORDS = 'No contract: the shares set on the recording or release';

/** Each line of the scope once per account it pays, with the account's share in millionths (`share_u`). */
function accountLines(p: Prepared, accountNumbers: number[] | null): string {
  const { joins, wsId, sid } = weightSetJoin(p.scope.kind, 'l', p.contracts);
  const only = accountNumbers ? `AND s.acct_no IN (${accountNumbers.length ? accountNumbers.join(', ') : 'NULL'})` : '';
  // Each line names the contract term that decided it (a published statement keeps these words).
  return `(SELECT l.*, s.acct_no, s.weight, sign(l.u) * s.share AS share_u,
      coalesce(tw.term, ${literal(NO_CONTRACT_WORDS)}) AS term
    FROM (SELECT *, ${unitsOf('label_payable')} AS u FROM ${p.lines}) l ${formatJoin('l')} ${joins}
    JOIN st_split s ON s.sid = ${sid} AND s.ua = abs(l.u)
    LEFT JOIN st_ws tw ON tw.ws_id = ${wsId}
    WHERE s.acct_no <> ${RETAINED} ${only})`;
}

const SUMMARY_SETS: Record<SummaryDimension, string> = {
  store: 'retailer',
  territory: 'territory',
  format: 'fmt',
  release: 'release_id',
  track: 'recording_id',
  period: 'pay_period',
  term: 'term',
};
const PROVENANCE = ['import_id', 'currency', 'exchange_rate'];

type Sums = { lines: number; quantity: number; units: bigint; agg: bigint };
type Row = Record<string, unknown>;
type AccountSummaryRows = {
  summary: Map<SummaryDimension, (Sums & { value: string | null })[]>;
  provenance: (Sums & { key: Row })[];
  periods: Row[];
};

/** Every account's summaries and provenance in one GROUPING SETS query, by account number. */
async function summarise(p: Prepared, relation: string): Promise<Map<number, AccountSummaryRows>> {
  const sets = [
    ...Object.values(SUMMARY_SETS).map((c) => `(acct_no, ${c})`),
    `(acct_no, ${PROVENANCE.join(', ')})`,
    `(acct_no, ${PROVENANCE.join(', ')}, pay_period)`,
  ];
  const columns = [...new Set([...Object.values(SUMMARY_SETS), ...PROVENANCE])];
  const rows = await rowsOf(
    p,
    `SELECT acct_no, ${columns.join(', ')}, ${columns.map((c) => `GROUPING(${c}) AS g_${c}`).join(', ')},
       count(*) AS lines, coalesce(sum(quantity), 0) AS quantity, CAST(sum(share_u) AS VARCHAR) AS units,
       CAST(sum(${unitsOf('aggregator_payable')}) AS VARCHAR) AS agg
     FROM (SELECT *, coalesce(sales_format, sales_category) AS fmt FROM ${relation})
     GROUP BY GROUPING SETS (${sets.join(', ')})`,
  );
  const kept = (r: Row) => columns.filter((c) => Number(r[`g_${c}`]) === 0).join(',');
  const dimensionOf = new Map(
    (Object.entries(SUMMARY_SETS) as [SummaryDimension, string][]).map(([dimension, column]) => [column, dimension]),
  );
  const provenanceSet = PROVENANCE.join(',');
  const periodSet = columns.filter((c) => PROVENANCE.includes(c) || c === 'pay_period').join(',');
  const byAccount = new Map<number, AccountSummaryRows>();
  for (const r of rows) {
    const acctNo = Number(r.acct_no);
    let account = byAccount.get(acctNo);
    if (!account) {
      account = { summary: new Map(), provenance: [], periods: [] };
      byAccount.set(acctNo, account);
    }
    const set = kept(r);
    const sums: Sums = {
      lines: Number(r.lines),
      quantity: Number(r.quantity),
      units: BigInt(String(r.units)),
      agg: BigInt(String(r.agg)),
    };
    const dimension = dimensionOf.get(set);
    if (dimension) {
      const list = account.summary.get(dimension) ?? [];
      list.push({ ...sums, value: (r[set] as string | null) ?? null });
      account.summary.set(dimension, list);
    } else if (set === provenanceSet) account.provenance.push({ ...sums, key: r });
    else if (set === periodSet) account.periods.push(r);
  }
  return byAccount;
}

/** What a reader sees for a summary value: release and track titles from the catalogue, a territory's name. */
function summaryLabeller(p: Prepared) {
  const releases = new Map(p.catalogue.releases.map((r) => [r.id, r]));
  const recordings = new Map(p.catalogue.recordings.map((r) => [r.id, r]));
  return (dimension: SummaryDimension, value: string | null): string => {
    if (value === null) return 'Unknown';
    if (dimension === 'release') return releases.get(value)?.title ?? value;
    if (dimension === 'territory') return territoryName(value);
    if (dimension === 'track') {
      const recording = recordings.get(value);
      if (!recording) return value;
      return recording.isrc ? `${recording.title ?? ''} (${recording.isrc})` : (recording.title ?? value);
    }
    return value;
  };
}

/** Largest amount first; periods in order. */
const summaryOrder =
  (dimension: SummaryDimension) => (a: Sums & { value: string | null }, b: Sums & { value: string | null }) =>
    dimension === 'period'
      ? String(a.value).localeCompare(String(b.value))
      : a.units === b.units
        ? String(a.value).localeCompare(String(b.value))
        : a.units > b.units
          ? -1
          : 1;

/**
 * The files of one account's CSV, its lines in pay period order. The COPY below writes a folder per account and,
 * in it, one per pay period (`acct_no=N/period=YYYY-MM/`): DuckDB's partitioned COPY does not keep an ORDER BY
 * inside a partition's file (at 4,000,000 rows, one account in twenty had some of its first month's rows after its
 * last), so the order comes from the folders instead. A period's folder holds more than one file when DuckDB had to
 * close files (more partitions open than allowed); their rows are one period's, so any order of them is the same.
 */
async function accountCsvParts(dir: string, acctNo: number, header: string): Promise<string[]> {
  const account = path.join(dir, `acct_no=${acctNo}`);
  // 'period=YYYY-MM' sorts as its months do.
  const periods = (await readdir(account).catch(() => [] as string[])).sort();
  const parts = [header];
  for (const period of periods) {
    const folder = path.join(account, period);
    for (const file of (await readdir(folder)).filter((f) => f.endsWith('.csv'))) parts.push(path.join(folder, file));
  }
  return parts;
}

/**
 * The line columns the passes below read: the line's id (ID_SQL), the CSV's columns, the summaries' and provenance's,
 * and what chooses a line's weight set and contract term (COVER_COLUMNS). Only these are copied: a ledger line has
 * twice as many columns (the report's descriptions, artists, the label's name …); at 10,000,000 lines copying them
 * all took 25 s, these 13 s.
 */
const SCOPE_COLUMNS = [
  ...new Set([
    ...['manual', 'manual_id', 'import_id', 'line'],
    ...['pay_period', 'retailer', 'territory', 'sales_format', 'sales_category', 'album', 'song', 'isrc', 'upc'],
    ...['quantity', 'currency', 'exchange_rate', 'amount', 'label_payable', 'aggregator_payable'],
    ...['recording_id', 'release_id', 'label_id'],
    ...COVER_COLUMNS,
  ]),
];

/**
 * The scope's lines copied once into a table of their own, for the two passes below. DuckDB picks a hash join's
 * build side by estimated row counts, and over the ledger's files each filter (the period, held imports) divides its
 * estimate by five: ten million lines were estimated at a few hundred thousand, smaller than the split or the
 * contracts' cover, so DuckDB built its hash tables of the wide lines themselves. Under contracts that spilled over
 * 50 GB at 10,000,000 lines. A table's row count is exact, so the small tables are built and the lines stream past
 * them; the passes also read the ledger's files once instead of once each.
 */
async function withScopeTable(p: Prepared): Promise<Prepared> {
  await p.connection.run(
    `CREATE OR REPLACE TEMP TABLE st_scope_lines AS SELECT ${SCOPE_COLUMNS.join(', ')} FROM ${p.lines}`,
    p.params,
  );
  // The period's bounds and the ledger's parameters are spent: nothing below reads the files again.
  return { ...p, lines: 'st_scope_lines', params: {} };
}

/** Writes every account's CSV of lines into `workDir` and sums its summaries and provenance. */
export async function materialise(
  prepared: Prepared,
  earnings: EarningsResult,
  workDir: string,
): Promise<Map<string, AccountMaterial>> {
  const p = await timed('materialise.scope_table', () => withScopeTable(prepared));
  const numbers = new Map(p.allocation.accounts.map((a) => [a.account_key, a.acct_no]));
  const wanted = earnings.accounts.map((a) => numbers.get(accountKeyOf(a.account)) ?? RETAINED);
  const relation = accountLines(p, wanted);
  await loadTable(p.connection, p.workDir, 'st_titles', { kind: 'VARCHAR', title_id: 'VARCHAR', title: 'VARCHAR' }, [
    ...p.catalogue.recordings.map((r) => ({ kind: 'recording', title_id: r.id, title: r.title ?? null })),
    ...p.catalogue.releases.map((r) => ({ kind: 'release', title_id: r.id, title: r.title ?? null })),
  ]);
  const partitions = path.join(workDir, 'partitions');
  await mkdir(partitions, { recursive: true });
  // Every account's CSV starts with this one file (accountCsvParts).
  const header = path.join(workDir, 'header.csv');
  await writeFile(header, `${CSV_COLUMNS.join(',')}\n`);
  await p.connection.run(`SET partitioned_write_max_open_files = 1000`);
  await timed('materialise.csv_copy', () =>
    p.connection.run(
      // Text from distributors' reports goes to payees: each text cell is made safe to open in a spreadsheet.
      `COPY (SELECT ${ID_SQL} AS id, pay_period, ${safe('retailer')} AS retailer, ${safe('territory')} AS territory,
        ${safe('coalesce(sales_format, sales_category)')} AS sales_format, ${safe('coalesce(rl.title, album)')} AS release,
        ${safe('coalesce(rc.title, song)')} AS track, ${safe('isrc')} AS isrc, ${safe('upc')} AS upc, quantity, currency, exchange_rate, amount, label_payable, weight,
        ${safe('term')} AS term, ${decimalOfUnits('share_u')} AS share, acct_no, pay_period AS period
      FROM ${relation} a
      LEFT JOIN st_titles rl ON rl.kind = 'release' AND rl.title_id = a.release_id
      LEFT JOIN st_titles rc ON rc.kind = 'recording' AND rc.title_id = a.recording_id
      -- Month by month, each month's accounts in turn: DuckDB keeps few partitions' files open at once, writes each
      -- in long runs (input in no order was half as fast), and the sort costs what sorting by account did.
      ORDER BY pay_period, acct_no)
     TO ${literal(partitions)} (FORMAT csv, HEADER false, PARTITION_BY (acct_no, period), OVERWRITE)`,
      p.params,
    ),
  );
  const sums = await timed('materialise.summaries', () => summarise(p, relation));
  await p.connection.run('DROP TABLE st_scope_lines');
  const label = summaryLabeller(p);
  const material = new Map<string, AccountMaterial>();
  for (const earned of earnings.accounts) {
    const key = accountKeyOf(earned.account);
    const acctNo = numbers.get(key) ?? RETAINED;
    const csvParts = await timed('materialise.csv_files', () => accountCsvParts(partitions, acctNo, header));
    const rows = sums.get(acctNo);
    const summaries: StatementSummaries = {};
    for (const dimension of Object.keys(SUMMARY_SETS) as SummaryDimension[])
      summaries[dimension] = [...(rows?.summary.get(dimension) ?? [])].sort(summaryOrder(dimension)).map(
        (r): SummaryRow => ({
          value: r.value,
          label: label(dimension, r.value),
          lines: r.lines,
          quantity: r.quantity,
          amount: exactFromUnits(r.units),
        }),
      );
    const byPeriod = rows?.summary.get('period') ?? [];
    const linesTotal = exactFromUnits(byPeriod.reduce((t, r) => t + r.units, 0n));
    // The CSV and the statement's royalties come from the same split: a difference is a bug, never printed.
    if (linesTotal !== earned.royalties)
      throw new Error(`${key}: the lines add up to ${linesTotal}, the earnings to ${earned.royalties}`);
    material.set(key, {
      account: earned.account,
      summaries,
      provenance: provenanceOf(p, rows),
      csvParts,
      lines: byPeriod.reduce((t, r) => t + r.lines, 0),
      lines_total: linesTotal,
      contracts: withPositions(p, earned.contracts ?? []),
    });
  }
  return material;
}

/**
 * An account's earnings under each contract, as the earnings summed them over the groups (preview-figures.ts: the same
 * sums the run's preview recouped from), with an escalating contract's sales in the run's months: publishing stores
 * them for the next runs to count from.
 */
function withPositions(p: Prepared, earned: readonly ContractEarning[]): ContractEarning[] {
  return earned.map((e) => {
    const positions = p.escalation?.positions.get(e.contract_id);
    return positions ? { ...e, positions } : e;
  });
}

function provenanceOf(p: Prepared, rows: AccountSummaryRows | undefined): ProvenanceRow[] {
  if (!rows) return [];
  const imports = new Map(p.catalogue.imports.map((i) => [i.id, i]));
  const keyOf = (r: Row) => PROVENANCE.map((c) => String(r[c] ?? '')).join('\u0000');
  const periods = new Map<string, string[]>();
  for (const r of rows.periods)
    if (r.pay_period) periods.set(keyOf(r), [...(periods.get(keyOf(r)) ?? []), String(r.pay_period)].sort());
  return rows.provenance
    .map(({ key: r, lines, units, agg }): ProvenanceRow => {
      const importId = (r.import_id as string | null) ?? null;
      const found = importId ? imports.get(importId) : undefined;
      return {
        import_id: importId,
        source: importId ? (found?.source ?? 'Unknown source') : 'Manual sales',
        filename: found?.filename ?? null,
        pay_periods: periods.get(keyOf(r)) ?? [],
        original_currency: (r.currency as string | null) ?? null,
        exchange_rate: (r.exchange_rate as string | null) ?? null,
        rate_date: found?.payment_date ?? null,
        distributor_fee: exactFromUnits(agg),
        lines,
        amount: exactFromUnits(units),
      };
    })
    .sort(
      (a, b) =>
        (a.pay_periods[0] ?? '').localeCompare(b.pay_periods[0] ?? '') ||
        // Manual sales after the reports.
        (a.import_id ?? '\uffff').localeCompare(b.import_id ?? '\uffff'),
    );
}
