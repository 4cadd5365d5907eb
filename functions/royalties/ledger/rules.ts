import type { DuckDBConnection } from '@duckdb/node-api';
import { companyMoneyTerms } from '../../data/access/royalty-catalogue.js';
import { listExchangeRates } from '../../data/access/royalty-ledger.js';
import { loadRateRows, type RateRow } from './rates.js';
import { DERIVED_COLUMNS, ledgerProjection, literal, literalOrNull, WIDE_MONEY } from './sql.js';
import { loadCatalogueRows, matchLines, readCatalogue, type CatalogueRows } from './match-lines.js';
import { LINE_DIMENSIONS } from './aggregates.js';
import { LEDGER_FILE_OPTIONS, LEDGER_FILE_ORDER } from './ledger-order.js';

/**
 * Fills a ledger file's derived columns from the columns read from the report: the catalogue
 * match (match-lines.ts), the conversion into the company's currency, and the cuts. It reads
 * any ledger file (fresh from read-report.ts or an earlier version of the import) and writes
 * a new one, so importing and re-matching are one code path.
 *
 * Money stays DECIMAL from end to end, rounded half away from zero to 6 places once per value:
 * amount = subtotal × rate; label = amount × deal%; aggregator = amount − label (so the two sum
 * to amount exactly); artist = label × the artists' payee shares %.
 *
 * A matched line is named as the catalogue names it: song, artist, album and label_name become
 * its recording's title, artists, release title and label name wherever the catalogue has one,
 * so filters, facets, sums and statements find it under its recording's artist whether it was
 * matched by ISRC, UPC, cat_no or by hand. The report's own text stays only where the catalogue
 * has nothing (an unmatched line, a release-only match has no song); the uploaded report is kept
 * as it came, and the line's id names its line in it.
 */
export type LedgerContext = {
  importId: string;
  /** The distributor of lines without delivered_by (the source's name). */
  sourceName: string;
  /** YYYY-MM-DD: the newest rate paid on or before it applies. */
  paymentDate: string;
  companyCurrency: string;
  /** The company's deal_percentage as text, when it has one. */
  companyDeal: string | null;
  /**
   * An SQL condition on a line's own columns, true for a line written again exactly as it is (a re-match keeps the
   * lines statements in force carry: their match, rate and money are what was stated).
   */
  keep?: string;
};
type MissingRate = { distributor: string; original_currency: string; target_currency: string; lines: number };
export type LedgerResult = {
  lines: number;
  matched: { isrc: number; upc: number; cat_no: number; manual: number; unmatched: number };
  missing_rates: MissingRate[];
  /** The lines' total in the company currency (converted lines only), exact. */
  amount: string;
  /** Of the lines, how many were kept exactly as they were (`LedgerContext.keep`). */
  kept?: number;
};

/**
 * What the rules read from DynamoDB: the company's currency and deal, its catalogue and match
 * rules, its exchange rates. Read once per import: the parts of a large report all use the
 * import's one snapshot (import/parts.ts).
 */
export type LedgerInputRows = {
  companyCurrency: string;
  companyDeal: string | null;
  catalogue: CatalogueRows;
  rates: RateRow[];
};

export async function readLedgerInputs(tenantId: string): Promise<LedgerInputRows> {
  const [company, catalogue, rates] = await Promise.all([
    companyMoneyTerms(tenantId),
    readCatalogue(tenantId),
    listExchangeRates(tenantId),
  ]);
  return {
    companyCurrency: (company?.currency || 'GBP').toUpperCase(),
    companyDeal: typeof company?.deal_percentage === 'number' ? String(company.deal_percentage) : null,
    catalogue,
    rates,
  };
}

/** Loads the rules' inputs into temp tables; returns the company's currency and deal. */
export async function loadLedgerInputRows(connection: DuckDBConnection, workDir: string, rows: LedgerInputRows) {
  // One after the other: a DuckDB connection runs one statement at a time.
  await loadCatalogueRows(connection, workDir, rows.catalogue);
  await loadRateRows(connection, workDir, rows.rates);
  return { companyCurrency: rows.companyCurrency, companyDeal: rows.companyDeal };
}

/** Reads what the rules need from DynamoDB (company, catalogue, rules, rates) into temp tables. */
export async function loadLedgerInputs(connection: DuckDBConnection, workDir: string, tenantId: string) {
  return loadLedgerInputRows(connection, workDir, await readLedgerInputs(tenantId));
}

/**
 * Where the lines come from: a ledger file (any version of the import's), the files of an import stored in parts, or an SQL relation
 * with the ledger's columns (an import's staged report, read-report.ts), read in one pass.
 */
export type LedgerInput = string | string[] | { relation: string };

/** Parquet options of ledger files: zstd level 1 is about as fast to write as snappy, and smaller. */
export const PARQUET_OPTIONS = 'FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1, ROW_GROUP_SIZE 245760';

/**
 * The lines with their derived columns filled, as a SELECT: the match, rate and deal come from
 * one small table of the lines' distinct identifiers, distributors and currencies, joined back
 * once, so nothing is normalised or looked up per line.
 */
async function prepareRules(connection: DuckDBConnection, input: LedgerInput, context: LedgerContext): Promise<string> {
  const company = literal(context.companyCurrency);
  const source =
    typeof input === 'string'
      ? `read_parquet(${literal(input)})`
      : Array.isArray(input)
        ? `read_parquet([${input.map(literal).join(', ')}])`
        : `(${input.relation})`;
  // Kept lines pass through as they are (appended below); the rules are applied to the others only.
  const kept = context.keep ? `coalesce(${context.keep}, false)` : undefined;
  await connection.run(`CREATE OR REPLACE TEMP VIEW src AS SELECT * FROM ${source}${kept ? ` WHERE NOT ${kept}` : ''}`);
  if (kept) await connection.run(`CREATE OR REPLACE TEMP VIEW kept_src AS SELECT * FROM ${source} WHERE ${kept}`);
  // Every distinct combination the rules depend on, once.
  await connection.run(`CREATE OR REPLACE TEMP TABLE line_keys AS
    SELECT DISTINCT isrc, upc, cat_no, delivered_by, currency FROM src`);
  await matchLines(connection, 'line_keys');
  const distributor = `coalesce(k.delivered_by, ${literal(context.sourceName)})`;
  // One rate per distributor and currency pair of the file, not per line.
  await connection.run(`CREATE OR REPLACE TEMP TABLE line_rates AS
    WITH pairs AS (SELECT DISTINCT ${distributor} AS distributor, k.currency FROM line_keys k WHERE k.currency <> ${company})
    SELECT p.distributor, p.currency, arg_max(r.rate, (r.payment_date, r.created)) AS rate
    FROM pairs p JOIN rates r ON lower(trim(r.distributor)) = lower(trim(p.distributor)) AND r.original_currency = p.currency
      AND r.target_currency = ${company} AND r.payment_date <= ${literal(context.paymentDate)}
    GROUP BY ALL`);
  await connection.run(`CREATE OR REPLACE TEMP TABLE line_rules AS
    SELECT k.isrc, k.upc, k.cat_no, k.delivered_by, k.currency,
      m.recording_id, m.release_id, m.label_id, m.artist_id, m.matched_by, coalesce(m.share, 0) * 0.01 AS share,
      m.song_name AS catalogue_song, m.artist_name AS catalogue_artist, m.album_name AS catalogue_album, lab.name AS catalogue_label,
      CASE WHEN k.currency = ${company} THEN CAST(1 AS DECIMAL(18,6)) ELSE lr.rate END AS rate,
      coalesce(lab.deal, CAST(${literalOrNull(context.companyDeal)} AS DECIMAL(9,4)), 100) * 0.01 AS deal
    FROM line_keys k
    LEFT JOIN matches m ON m.r_isrc IS NOT DISTINCT FROM k.isrc AND m.r_upc IS NOT DISTINCT FROM k.upc AND m.r_cat IS NOT DISTINCT FROM k.cat_no
    LEFT JOIN line_rates lr ON lr.distributor = ${distributor} AND lr.currency = k.currency
    LEFT JOIN cat_labels lab ON lab.id = m.label_id`);
  return `WITH joined AS (
      -- deal and share are fractions here (percentages × 0.01, exact).
      SELECT s.* EXCLUDE (${DERIVED_COLUMNS.join(', ')}),
        r.recording_id, r.release_id, r.label_id, r.artist_id, r.matched_by, r.share, r.rate, r.deal,
        r.catalogue_song, r.catalogue_artist, r.catalogue_album, r.catalogue_label
      FROM src s
      LEFT JOIN line_rules r ON r.isrc IS NOT DISTINCT FROM s.isrc AND r.upc IS NOT DISTINCT FROM s.upc AND r.cat_no IS NOT DISTINCT FROM s.cat_no
        AND r.delivered_by IS NOT DISTINCT FROM s.delivered_by AND r.currency IS NOT DISTINCT FROM s.currency),
    converted AS (SELECT *, round(CAST(subtotal_payable AS ${WIDE_MONEY}) * rate, 6) AS amount_x FROM joined),
    cut AS (SELECT *, round(CAST(amount_x AS ${WIDE_MONEY}) * deal, 6) AS label_x FROM converted)
    SELECT ${ledgerProjection({
      import_id: literal(context.importId),
      // A matched line takes the catalogue's names; the report's text only where the catalogue has none.
      song: 'coalesce(catalogue_song, song)',
      artist: 'coalesce(catalogue_artist, artist)',
      album: 'coalesce(catalogue_album, album)',
      label_name: 'coalesce(catalogue_label, label_name)',
      exchange_rate: 'rate',
      company_currency: company,
      amount: 'amount_x',
      label_payable: 'label_x',
      aggregator_payable: 'amount_x - label_x',
      artist_payable: `round(CAST(label_x AS ${WIDE_MONEY}) * share, 6)`,
    })}
    FROM cut${
      kept
        ? `
    UNION ALL SELECT ${ledgerProjection({})} FROM kept_src`
        : ''
    }`;
}

/** The aggregate dimensions (aggregates.ts) and what the import's summary counts, per combination. */
const CUBE_DIMENSIONS = ['pay_period', ...LINE_DIMENSIONS] as const;

/**
 * Writes `output` from `input` with the derived columns filled, then sums the file once into
 * temp table `ledger_cube` (one row per combination of CUBE_DIMENSIONS, match and missing
 * rate): the summary and the aggregates are read from that, not from the lines again.
 */
export async function applyLedgerRules(
  connection: DuckDBConnection,
  input: LedgerInput,
  output: string,
  context: LedgerContext,
  timings?: (step: string) => void,
): Promise<LedgerResult> {
  const select = await prepareRules(connection, input, context);
  timings?.('rules prepared (distinct keys, match, rates)');
  // In ledger order (ledger-order.ts): readers then skip row groups and stop early. Sorting one
  // file (a part of at most ROYALTY_PART_BYTES, or a small report) is a small share of the import.
  await connection.run(
    `COPY (SELECT * FROM (${select}) ORDER BY ${LEDGER_FILE_ORDER}) TO ${literal(output)} (${LEDGER_FILE_OPTIONS})`,
  );
  timings?.('ledger file written');
  await sumLedgerFiles(connection, [output], context.sourceName);
  timings?.('ledger file summed');
  const summary = await summariseCube(connection, context.companyCurrency);
  if (!context.keep) return summary;
  const [counted] = (await connection.runAndReadAll('SELECT count(*) AS kept FROM kept_src')).getRowObjects();
  return { ...summary, kept: Number(counted?.kept ?? 0) };
}

/**
 * Sums ledger files (an import's one file, or its parts') into temp table `ledger_cube`, which
 * the summary and writeAggregates read; `sourceName` names the distributor of lines without one.
 */
export async function sumLedgerFiles(connection: DuckDBConnection, files: string[], sourceName: string) {
  await connection.run(`CREATE OR REPLACE TEMP TABLE ledger_cube AS
    SELECT ${CUBE_DIMENSIONS.join(', ')}, matched_by, exchange_rate IS NULL AS no_rate, coalesce(delivered_by, ${literal(sourceName)}) AS distributor,
      count(*) AS lines, sum(quantity) AS quantity, sum(amount) AS amount, sum(subtotal_payable) AS amount_original,
      sum(label_payable) AS label_payable, sum(artist_payable) AS artist_payable, sum(aggregator_payable) AS aggregator_payable
    FROM read_parquet([${files.map(literal).join(', ')}]) GROUP BY ALL`);
}

/** The import's summary (lines, matches, missing rates, amount) from temp table `ledger_cube`: one file's, or the union of an import's parts'. */
export async function summariseCube(connection: DuckDBConnection, companyCurrency: string): Promise<LedgerResult> {
  const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjects();
  const [sums] =
    await rows(`SELECT coalesce(sum(lines), 0) AS lines, CAST(coalesce(sum(amount), 0) AS VARCHAR) AS amount,
      coalesce(sum(lines) FILTER (WHERE matched_by = 'isrc'), 0) AS isrc, coalesce(sum(lines) FILTER (WHERE matched_by = 'upc'), 0) AS upc,
      coalesce(sum(lines) FILTER (WHERE matched_by = 'cat_no'), 0) AS cat_no, coalesce(sum(lines) FILTER (WHERE matched_by = 'manual'), 0) AS manual,
      coalesce(sum(lines) FILTER (WHERE matched_by IS NULL), 0) AS unmatched
    FROM ledger_cube`);
  const missing = await rows(
    `SELECT distributor, currency, sum(lines) AS lines FROM ledger_cube WHERE no_rate GROUP BY ALL ORDER BY ALL`,
  );
  return {
    lines: Number(sums.lines),
    matched: {
      isrc: Number(sums.isrc),
      upc: Number(sums.upc),
      cat_no: Number(sums.cat_no),
      manual: Number(sums.manual),
      unmatched: Number(sums.unmatched),
    },
    missing_rates: missing.map((m) => ({
      distributor: String(m.distributor),
      original_currency: String(m.currency),
      target_currency: companyCurrency,
      lines: Number(m.lines),
    })),
    amount: String(sums.amount),
  };
}
