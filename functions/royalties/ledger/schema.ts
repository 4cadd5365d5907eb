/**
 * The royalty ledger's line schema: the contract between the import (which writes one set of
 * Parquet files per import under ledger/{tenantId}/{importId}/) and every reader (the royalties
 * list, sums, statements). Money is DECIMAL(18,6), never a float; a line's id is
 * `{import_id}-{line}` (the import and the line number in its file), stable for overlays.
 */
const MONEY_SQL = 'DECIMAL(18,6)';

export const LEDGER_COLUMNS = {
  import_id: 'VARCHAR',
  /** The line's number in the report as the user sees it (header = 1). */
  line: 'BIGINT',
  /** YYYY-MM. */
  pay_period: 'VARCHAR',
  /** No dashes, upper case. */
  isrc: 'VARCHAR',
  /** 12 digits (UPC) or 13 (EAN), leading zeros restored. */
  upc: 'VARCHAR',
  cat_no: 'VARCHAR',
  song: 'VARCHAR',
  mix: 'VARCHAR',
  artist: 'VARCHAR',
  album: 'VARCHAR',
  album_artist: 'VARCHAR',
  label_name: 'VARCHAR',
  retailer: 'VARCHAR',
  delivered_by: 'VARCHAR',
  territory: 'VARCHAR',
  sales_category: 'VARCHAR',
  sales_format: 'VARCHAR',
  sales_description: 'VARCHAR',
  asset_type: 'VARCHAR',
  release_date: 'VARCHAR',
  quantity: 'BIGINT',
  /** The report's currency (upper case ISO code). */
  currency: 'VARCHAR',
  /** What the report says is payable, in `currency`. */
  subtotal_payable: MONEY_SQL,
  unit_price: MONEY_SQL,
  mechanicals_payable: MONEY_SQL,
  exchanged_net_revenue: MONEY_SQL,
  /** currency → company_currency rate applied (1 when they are the same). */
  exchange_rate: MONEY_SQL,
  /** The company's currency (GBP by default). */
  company_currency: 'VARCHAR',
  /** subtotal_payable × exchange_rate, rounded half-up to 6 places: the line's total in company_currency. */
  amount: MONEY_SQL,
  /** The distributor's (aggregator's) cut, the label's and the artists', in company_currency; aggregator + label = amount. */
  aggregator_payable: MONEY_SQL,
  label_payable: MONEY_SQL,
  artist_payable: MONEY_SQL,
  /** Catalogue match: ISRC → recording, else UPC → release, else cat_no → release; NULL when unmatched. */
  recording_id: 'VARCHAR',
  release_id: 'VARCHAR',
  label_id: 'VARCHAR',
  artist_id: 'VARCHAR',
  /** 'isrc' | 'upc' | 'cat_no' | 'manual' (a rule the user assigned) | NULL (unmatched). */
  matched_by: 'VARCHAR',
  /** A line the report marks as an estimate. */
  estimated: 'BOOLEAN',
} as const;

export type LedgerColumn = keyof typeof LEDGER_COLUMNS;
export const LEDGER_COLUMN_NAMES = Object.keys(LEDGER_COLUMNS) as LedgerColumn[];
