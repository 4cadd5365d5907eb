import { LEDGER_COLUMNS, type LedgerColumn } from '../schema.js';

/**
 * The ledger queries that must run on DuckDB (locally, and for ledgers that fit one machine) and on
 * Athena (Trino) in AWS, written once. The text keeps to a subset both engines read the same way:
 * explicit CASTs, `||`, LOWER, LIKE, SUBSTR, COUNT/SUM/CASE, `OFFSET … LIMIT …`, no DuckDB-only
 * functions or syntax (ILIKE, `::`, FILTER, read_parquet, `$name` parameters, QUALIFY).
 * test/unit/ledger-engine.test.ts checks every statement against the forbidden list and parses it as
 * Trino, and compares both engines' answers on a fixture through DuckDB.
 *
 * Values are spliced in as literals (`literal`), never concatenated raw: Athena only prunes injected
 * partitions on literal values, and the same text then runs on both engines.
 */

/** The relation the queries read: the Glue table in Athena, a view over the Parquet files in DuckDB. */
export const LEDGER_RELATION = 'ledger_lines';

/**
 * Which companies' finished imports a query reads, and of each import the ledger files its manifest
 * lists (`keys`, in the ledger `bucket`). Athena reads the projected folders
 * (infra/areas/ledger-query.ts), so a file a crashed run left in a folder is there too: the queries
 * name the manifest's files by their path, and only those are counted.
 */
export type LedgerScope = {
  bucket: string;
  companies: { tenantId: string; imports: { importId: string; keys: string[] }[] }[];
};

/** A ledger file's path as Athena's `"$path"` column gives it (and the DuckDB view copies). */
export const ledgerFilePath = (bucket: string, key: string) => `s3://${bucket}/${key}`;

/** The hidden column that names the file a row was read from, in both engines. */
const FILE_PATH = '"$path"';

/** A SQL string literal: quotes doubled, so the text cannot end the string early in either engine. */
export function literal(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f]/.test(value)) throw new Error('A ledger query value holds a control character');
  return `'${value.replaceAll("'", "''")}'`;
}

const list = (values: string[]) => values.map(literal).join(', ');

/**
 * The money columns, summed as DECIMAL(18,6) in both engines: the ledger's facts only. The share a
 * line stored for its artists at import is not summed: what payees are owed follows today's terms
 * (the statements engine's split), which a query over the files alone cannot know.
 */
const MONEY = ['amount', 'label_payable', 'aggregator_payable'] as const;

/** Filters of the admin royalties list (and of a company's list above the size threshold). */
export type PortableFilter = {
  company_id?: string;
  q?: string;
  by_retailer?: string;
  by_artist?: string;
  by_label?: string;
  import_id?: string;
  /** YYYY-MM or YYYY-MM-DD: pay periods from / to this month. */
  start_date?: string;
  end_date?: string;
};

export const PORTABLE_SORT_FIELDS = ['pay_period', 'amount', 'retailer', 'song', 'artist', 'quantity'] as const;
export type PortableSort = { field: (typeof PORTABLE_SORT_FIELDS)[number]; direction: 'asc' | 'desc' };

/** The projected folders to read: a company filter narrows them to that company's. */
function scopeCondition(scope: LedgerScope, companyId?: string): string {
  const chosen = scope.companies.filter(
    (s) => s.imports.some((i) => i.keys.length) && (!companyId || s.tenantId === companyId),
  );
  // No folder to read: a condition that is false in both engines (Athena still needs a static value).
  if (!chosen.length) return "tenant_id = '' AND import_folder = '' AND 1 = 0";
  const imports = chosen.flatMap((s) => s.imports.filter((i) => i.keys.length));
  const tenants = list(chosen.map((s) => s.tenantId));
  const folders = list(imports.map((i) => i.importId));
  // The manifest's files only: a folder can also hold a file an interrupted run wrote and never
  // recorded (or a re-match's new file before the import points at it), with the same import id
  // inside. Counting it would count the import's lines twice.
  const paths = list(imports.flatMap((i) => i.keys.map((key) => ledgerFilePath(scope.bucket, key))));
  // import_id (a column in the files) keeps every company's own imports only: the projection
  // crosses companies with import folders, and import ids are unique across companies (ulids).
  return (
    `tenant_id IN (${tenants}) AND import_folder IN (${folders}) AND import_id IN (${folders}) ` +
    `AND ${FILE_PATH} IN (${paths})`
  );
}

function filterConditions(filter: PortableFilter): string[] {
  const parts: string[] = [];
  if (filter.q) {
    const like = literal(`%${filter.q.toLowerCase()}%`);
    const columns = ['song', 'artist', 'album', 'label_name', 'retailer', 'isrc', 'upc'];
    parts.push(`(${columns.map((c) => `LOWER(COALESCE(${c}, '')) LIKE ${like}`).join(' OR ')})`);
  }
  if (filter.by_retailer) parts.push(`retailer = ${literal(filter.by_retailer)}`);
  if (filter.by_artist) parts.push(`artist = ${literal(filter.by_artist)}`);
  // A line's label by the royalties list's one rule (filter.ts lineLabel): its label id, else its report's label name.
  if (filter.by_label) parts.push(`COALESCE(label_id, label_name) = ${literal(filter.by_label)}`);
  if (filter.import_id) parts.push(`import_id = ${literal(filter.import_id)}`);
  if (filter.start_date) parts.push(`pay_period >= ${literal(filter.start_date.slice(0, 7))}`);
  if (filter.end_date) parts.push(`pay_period <= ${literal(filter.end_date.slice(0, 7))}`);
  return parts;
}

const where = (scope: LedgerScope, filter: PortableFilter) =>
  [scopeCondition(scope, filter.company_id), ...filterConditions(filter)].join(' AND ');

/** The columns a royalty row carries, every one cast to its ledger type. */
const ROW_COLUMNS = [
  'CAST(tenant_id AS VARCHAR) AS company_id',
  `CAST(import_id AS VARCHAR) || '-' || CAST(line AS VARCHAR) AS id`,
  ...(Object.entries(LEDGER_COLUMNS) as [LedgerColumn, string][]).map(([c, type]) => `CAST(${c} AS ${type}) AS ${c}`),
].join(', ');

/** One page of royalties in a stable order (ties broken by company, import and line). */
export function pageSql(
  scope: LedgerScope,
  filter: PortableFilter,
  sort: PortableSort,
  page: number,
  perPage: number,
): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const offset = Math.max(0, (page - 1) * perPage);
  return (
    `SELECT ${ROW_COLUMNS} FROM ${LEDGER_RELATION} WHERE ${where(scope, filter)} ` +
    `ORDER BY ${sort.field} ${direction} NULLS LAST, tenant_id ASC, import_id ASC, line ASC ` +
    `OFFSET ${Math.trunc(offset)} LIMIT ${Math.trunc(perPage)}`
  );
}

/** The count and money sums over the filter (one scan, beside the page's). */
export function sumsSql(scope: LedgerScope, filter: PortableFilter): string {
  const sums = MONEY.map((c) => `CAST(COALESCE(SUM(${c}), 0) AS DECIMAL(18,6)) AS ${c}`).join(', ');
  return `SELECT CAST(COUNT(*) AS BIGINT) AS total_count, ${sums} FROM ${LEDGER_RELATION} WHERE ${where(scope, filter)}`;
}

/** One royalty by company, import (its manifest's files) and line. */
export function lineSql(bucket: string, tenantId: string, entry: { importId: string; keys: string[] }, line: number) {
  const scope = scopeCondition({ bucket, companies: [{ tenantId, imports: [entry] }] });
  return `SELECT ${ROW_COLUMNS} FROM ${LEDGER_RELATION} WHERE ${scope} AND line = CAST(${Math.trunc(line)} AS BIGINT)`;
}

/** The distinct pay periods of the scope, newest first (the admin list's period filter). */
export function payPeriodsSql(scope: LedgerScope): string {
  return (
    `SELECT DISTINCT CAST(pay_period AS VARCHAR) AS pay_period FROM ${LEDGER_RELATION} ` +
    `WHERE ${scopeCondition(scope)} AND pay_period IS NOT NULL ORDER BY pay_period DESC`
  );
}
