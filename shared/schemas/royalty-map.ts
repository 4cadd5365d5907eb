/**
 * The columns of a royalty line a report is mapped to, and a column map ("royalty map"): which column of
 * a store's report fills each, and how the report is written (delimiter, decimal comma or
 * point, rows around the table, a fixed currency, constant values). The import reads reports
 * through it and the SPA's map editor builds it.
 */
export const MAPPING_COLUMNS = [
  'album',
  'album_artist',
  'artist',
  'asset_type',
  'cat_no',
  'country_iso',
  'delivered_by',
  'exchange_rate',
  'exchanged_net_revenue',
  'exchanged_net_revenue_currency',
  'isrc',
  'label_name',
  'mechanicals_payable',
  'mix',
  'normalized_pay_period',
  'pay_period',
  'quantity',
  'release_date',
  'retailer',
  'sales_category',
  'sales_description',
  'sales_format',
  'song',
  'subtotal_payable',
  'subtotal_payable_currency',
  'territory',
  'unit_price',
  'upc',
] as const;
export type MappingColumn = (typeof MAPPING_COLUMNS)[number];

/** The money columns, read as fixed-point decimals (never floats). */
export const MONEY_COLUMNS = [
  'subtotal_payable',
  'exchanged_net_revenue',
  'mechanicals_payable',
  'unit_price',
  'exchange_rate',
] as const satisfies readonly MappingColumn[];

export type RoyaltyMap = {
  /** mapping column → the report's header text. */
  columns: Partial<Record<MappingColumn, string>>;
  /** Values every line gets (a retailer's name when the report is one store's). */
  constants?: Partial<Record<MappingColumn, string>>;
  delimiter?: ',' | '\t' | ';' | '|';
  decimal?: 'point' | 'comma';
  /** Rows before the header line (a title block). */
  skip_header_rows?: number;
  /** Rows after the last line (totals), left out of the lines. */
  skip_footer_rows?: number;
  /** The currency when the report has no currency column. */
  currency?: string;
};
