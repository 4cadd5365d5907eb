import type { DuckDBConnection } from '@duckdb/node-api';
import { getDb } from '../data/service.js';
import { loadRates } from './exchange-rates.js';
import { DERIVED_COLUMNS, ledgerProjection, literal, literalOrNull, WIDE_MONEY } from './ledger-sql.js';
import { loadCatalogue, matchLines } from './match-lines.js';

/**
 * Fills a ledger file's derived columns from the columns read from the report: the catalogue
 * match (match-lines.ts), the conversion into the company's currency, and the cuts. It reads
 * any ledger file (fresh from read-report.ts or an earlier version of the import) and writes
 * a new one, so importing and re-matching are one code path.
 *
 * Money stays DECIMAL from end to end, rounded half away from zero to 6 places once per value:
 * amount = subtotal × rate; label = amount × deal%; aggregator = amount − label (so the two sum
 * to amount exactly); artist = label × the artists' payee shares %.
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
};
export type MissingRate = { distributor: string; original_currency: string; target_currency: string; lines: number };
export type LedgerResult = {
  lines: number;
  matched: { isrc: number; upc: number; cat_no: number; manual: number; unmatched: number };
  missing_rates: MissingRate[];
  /** The lines' total in the company currency (converted lines only), exact. */
  amount: string;
};

/** Loads what the rules read from DynamoDB (company, catalogue, rules, rates) into temp tables. */
export async function loadLedgerInputs(connection: DuckDBConnection, workDir: string, tenantId: string) {
  const company = (await getDb().entities.Company.get({ companyId: tenantId }).go()).data;
  // One after the other: a DuckDB connection runs one statement at a time.
  await loadCatalogue(connection, workDir, tenantId);
  await loadRates(connection, workDir, tenantId);
  return {
    companyCurrency: (company?.currency || 'GBP').toUpperCase(),
    companyDeal: typeof company?.deal_percentage === 'number' ? String(company.deal_percentage) : null,
  };
}

export async function applyLedgerRules(connection: DuckDBConnection, input: string, output: string, context: LedgerContext): Promise<LedgerResult> {
  const company = literal(context.companyCurrency);
  const distributor = `coalesce(s.delivered_by, ${literal(context.sourceName)})`;
  await connection.run(`CREATE OR REPLACE TEMP VIEW src AS SELECT * FROM read_parquet(${literal(input)})`);
  await matchLines(connection, 'src');
  // One rate per distributor and currency pair of the file, not per line.
  await connection.run(`CREATE OR REPLACE TEMP TABLE line_rates AS
    WITH pairs AS (SELECT DISTINCT ${distributor} AS distributor, s.currency FROM src s WHERE s.currency <> ${company})
    SELECT p.distributor, p.currency, arg_max(r.rate, (r.payment_date, r.created)) AS rate
    FROM pairs p JOIN rates r ON lower(trim(r.distributor)) = lower(trim(p.distributor)) AND r.original_currency = p.currency
      AND r.target_currency = ${company} AND r.payment_date <= ${literal(context.paymentDate)}
    GROUP BY ALL`);
  await connection.run(`COPY (
    WITH joined AS (
      SELECT s.* EXCLUDE (${DERIVED_COLUMNS.join(', ')}),
        m.recording_id, m.release_id, m.label_id, m.artist_id, m.matched_by, coalesce(m.share, 0) AS share,
        CASE WHEN s.currency = ${company} THEN CAST(1 AS DECIMAL(18,6)) ELSE lr.rate END AS rate,
        coalesce(lab.deal, CAST(${literalOrNull(context.companyDeal)} AS DECIMAL(9,4)), 100) AS deal
      FROM src s
      LEFT JOIN matches m ON m.k_isrc = coalesce(norm_isrc(s.isrc), '') AND m.k_upc = coalesce(norm_upc(s.upc), '') AND m.k_cat = coalesce(norm_cat(s.cat_no), '')
      LEFT JOIN line_rates lr ON lr.distributor = ${distributor} AND lr.currency = s.currency
      LEFT JOIN cat_labels lab ON lab.id = m.label_id),
    converted AS (SELECT *, round(CAST(subtotal_payable AS ${WIDE_MONEY}) * rate, 6) AS amount_x FROM joined),
    cut AS (SELECT *, round(CAST(amount_x AS ${WIDE_MONEY}) * (deal * 0.01), 6) AS label_x FROM converted)
    SELECT ${ledgerProjection({
      import_id: literal(context.importId),
      exchange_rate: 'rate',
      company_currency: company,
      amount: 'amount_x',
      label_payable: 'label_x',
      aggregator_payable: 'amount_x - label_x',
      artist_payable: `round(CAST(label_x AS ${WIDE_MONEY}) * (share * 0.01), 6)`,
    })}
    FROM cut ORDER BY line
  ) TO ${literal(output)} (FORMAT parquet, COMPRESSION zstd)`);
  return summarise(connection, output, context);
}

async function summarise(connection: DuckDBConnection, file: string, context: LedgerContext): Promise<LedgerResult> {
  const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjects();
  const [sums] = await rows(`SELECT count(*) AS lines, CAST(coalesce(sum(amount), 0) AS VARCHAR) AS amount,
      count(*) FILTER (WHERE matched_by = 'isrc') AS isrc, count(*) FILTER (WHERE matched_by = 'upc') AS upc,
      count(*) FILTER (WHERE matched_by = 'cat_no') AS cat_no, count(*) FILTER (WHERE matched_by = 'manual') AS manual,
      count(*) FILTER (WHERE matched_by IS NULL) AS unmatched
    FROM read_parquet(${literal(file)})`);
  const missing = await rows(`SELECT coalesce(delivered_by, ${literal(context.sourceName)}) AS distributor, currency, count(*) AS lines
    FROM read_parquet(${literal(file)}) WHERE exchange_rate IS NULL GROUP BY ALL ORDER BY ALL`);
  return {
    lines: Number(sums.lines),
    matched: { isrc: Number(sums.isrc), upc: Number(sums.upc), cat_no: Number(sums.cat_no), manual: Number(sums.manual), unmatched: Number(sums.unmatched) },
    missing_rates: missing.map((m) => ({ distributor: String(m.distributor), original_currency: String(m.currency), target_currency: context.companyCurrency, lines: Number(m.lines) })),
    amount: String(sums.amount),
  };
}
