import { CustomAttributeType, Entity, type CreateEntityItem, type EntityIdentifiers, type EntityItem } from 'electrodb';
import { inStatesIndex } from './in-states-index.js';
import { MAPPING_COLUMNS, type MappingColumn } from '../../../shared/schemas/royalty-map.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * What DynamoDB keeps of royalties: sources with their column maps, imports
 * with their state and control totals, and aggregates per import. The lines themselves are
 * Parquet files in the ledger bucket.
 */

/** An import's states: processing → done, failed, or duplicate (held back until the user confirms it). */
const IMPORT_STATUSES = ['processing', 'done', 'failed', 'duplicate'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * A re-match of a finished import, run by the import worker (import/rematch-job.ts): queued → running → done, or
 * failed with `job_error`. What the user asked for names its notice: a re-match, a match assigned by hand, or the
 * exchange rates applied again (each re-matches the import whole).
 */
const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];
/** The states of a re-match not finished: the sparse index the local cloud's start and the admins' Jobs page read. */
export const IMPORT_JOB_UNDER_WAY = ['queued', 'running'] as const satisfies readonly ImportJobStatus[];
const IMPORT_JOB_KINDS = ['rematch', 'assign', 'rates'] as const;
export type ImportJobKind = (typeof IMPORT_JOB_KINDS)[number];
/** What a finished re-match answers (import-actions.ts RematchResult): the import's counts and the lines kept as stated. */
export type ImportJobResult = {
  lines: number;
  matched: { isrc: number; upc: number; cat_no: number; manual: number; unmatched: number };
  missing_rates: { distributor: string; original_currency: string; target_currency: string; lines: number }[];
  amount: string;
  aggregates: number;
  stated_lines: number;
  statements: string[];
};

const text = { type: 'string', required: true } as const;
const count = { type: 'number', required: true } as const;
/** One optional text per mapping column: a column map's headers, or its constant values. */
const perMappingColumn = Object.fromEntries(MAPPING_COLUMNS.map((column) => [column, { type: 'string' }])) as {
  [C in MappingColumn]: { type: 'string' };
};

/** ControlTotals (functions/royalties/import/read-report.ts): lines in = stored + rejected + skipped, amounts as exact decimals. */
const controlTotals = {
  type: 'map',
  properties: {
    lines_read: count,
    stored: count,
    rejected: {
      type: 'list',
      required: true,
      // amount and currency: a refused line's readable amount (it is in amount_rejected).
      items: {
        type: 'map',
        properties: { line: count, reason: text, amount: { type: 'string' }, currency: { type: 'string' } },
      },
    },
    skipped: count,
    amount_read: text,
    amount_stored: text,
    amount_rejected: text,
    // The same per currency ("" for lines naming none); absent on imports read before it was kept.
    amounts_by_currency: {
      type: 'list',
      items: {
        type: 'map',
        properties: { currency: text, read: text, stored: text, rejected: text },
      },
    },
  },
} as const;

/** Summed lines of one value of an aggregate's dimension; money as exact decimal strings. */
const aggregateSums = {
  lines: count,
  quantity: count,
  amount: text,
  amount_original: text,
  label_payable: text,
  artist_payable: text,
  aggregator_payable: text,
} as const;
export type AggregateSums = {
  [K in keyof typeof aggregateSums]: (typeof aggregateSums)[K]['type'] extends 'number' ? number : string;
};

/** Where reports come from (a distributor, a store) and the column map its reports are read with. */
export const RoyaltySource = new Entity({
  model: { entity: 'royaltySource', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** The RoyaltyMap (shared/schemas/royalty-map.ts). */
    map: {
      type: 'map',
      required: true,
      properties: {
        columns: { type: 'map', required: true, properties: perMappingColumn },
        constants: { type: 'map', properties: perMappingColumn },
        delimiter: { type: [',', '\t', ';', '|'] as const },
        decimal: { type: ['point', 'comma'] as const },
        skip_header_rows: { type: 'number' },
        skip_footer_rows: { type: 'number' },
        currency: { type: 'string' },
      },
    },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } } },
});

/** One report's import: its file, state and control totals; the id follows from the file, so a redelivered event finds it. */
export const RoyaltyImport = new Entity({
  model: { entity: 'royaltyImport', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    source_id: { type: 'string', required: true },
    source_key: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    size: { type: 'number' },
    /** sha256 of the file's bytes: the same report imported again is a duplicate (size and hash equal). */
    sha256: { type: 'string' },
    /** Who uploaded it (the object's user-id metadata); drop-folder files have none. */
    user_id: { type: 'string' },
    /** processing → done, failed with `error`, or duplicate (of `duplicate_of`, nothing stored until confirmed). */
    status: { type: IMPORT_STATUSES, required: true },
    error: { type: 'string' },
    duplicate_of: { type: 'string' },
    /** A person confirmed importing this duplicate: every run of it (a re-delivery, a resume) imports it anyway. */
    confirmed_duplicate: { type: 'boolean' },
    /** What a self-checking report (a DDEX DSR's footer and summaries) says disagrees with its lines; the import is flagged. */
    problems: { type: 'list', items: { type: 'string' } },
    flagged: { type: 'boolean' },
    /**
     * A person's acceptance of a flagged import (who, when, why): until then its lines are held
     * out of statements; the acceptance is kept for as long as the import.
     */
    accepted_by: { type: 'string' },
    accepted_by_name: { type: 'string' },
    accepted_at: { type: 'string' },
    accepted_reason: { type: 'string' },
    /** 0–100, a whole number, at each step of the import. */
    progress: { type: 'number' },
    /** YYYY-MM-DD (the import's creation date): exchange rates paid on or before it apply. */
    payment_date: { type: 'string' },
    totals: controlTotals,
    /** The current ledger file; a re-match writes a new key, points here, then deletes the old one. */
    ledger_key: { type: 'string' },
    /** An import stored in parts (a large report, import/parts.ts): each part's ledger file. A re-match merges them into one ledger_key. */
    ledger_keys: { type: 'list', items: { type: 'string' } },
    /** How many parts a large report was cut into (0 or absent: imported whole). */
    parts: { type: 'number' },
    /** The claim of the attempt finishing the import (the part that finds all parts stored takes it), and since when (ISO). */
    finishing: { type: 'string' },
    finishing_since: { type: 'string' },
    /**
     * The run under way (import/run-claim.ts): the last sign of life of the worker running it (ISO;
     * each progress step renews it) and the claim of that run. Removed when the import stops.
     */
    running_since: { type: 'string' },
    run_token: { type: 'string' },
    /**
     * The re-match asked for last (IMPORT_JOB_STATUSES): its state, what was asked (`job_kind`), who asked and when,
     * the claim its queue message carries (`job_token`: a re-delivered or resumed message runs it, a late one of an
     * earlier job does nothing), its last sign of life while it runs (`job_since`), its 0–100 progress, and when it
     * finished with its result or the reason it stopped, in the user's words.
     */
    job_status: { type: IMPORT_JOB_STATUSES },
    job_kind: { type: IMPORT_JOB_KINDS },
    job_token: { type: 'string' },
    job_user_id: { type: 'string' },
    job_queued_at: { type: 'string' },
    job_since: { type: 'string' },
    job_progress: { type: 'number' },
    job_finished_at: { type: 'string' },
    job_result: { type: CustomAttributeType<ImportJobResult>('any') },
    job_error: { type: 'string' },
    /**
     * What was asked while the job ran (the latest ask): the job read the catalogue, rules and rates before it, so
     * it runs once more, as this kind, when it finishes (import/rematch-job.ts).
     */
    job_again: { type: IMPORT_JOB_KINDS },
    /** How many aggregate items the import wrote (packed per pay period and dimension, aggregates.ts). */
    aggregates: { type: 'number' },
    /**
     * Which rollup wrote them (aggregates.ts AGGREGATES_VERSION; unset: before the cross
     * dimensions): an older one is rebuilt from the import's ledger files (aggregate-upgrade.ts).
     */
    aggregates_version: { type: 'number' },
    /** The DynamoDB writes the import made in all: this item's puts and patches, aggregate puts and deletes, its history record and ledger version. */
    writes: { type: 'number' },
    /** Lines by how they matched the catalogue: { isrc, upc, cat_no, manual, unmatched }. */
    matched: { type: 'map', properties: { isrc: count, upc: count, cat_no: count, manual: count, unmatched: count } },
    /** Lines without an exchange rate: [{ distributor, original_currency, target_currency, lines }]. */
    missing_rates: {
      type: 'list',
      items: {
        type: 'map',
        properties: { distributor: text, original_currency: text, target_currency: text, lines: count },
      },
    },
    company_currency: { type: 'string' },
    /** The converted lines' total in company_currency, an exact decimal string. */
    amount: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    /** Imports under way: the admins' Jobs page. */
    unfinished: inStatesIndex('gsi3', 'status', ['processing']),
    /** Re-matches queued or running: the local cloud resumes them on start, the admins' Jobs page lists them. */
    rematching: inStatesIndex('gsi4', 'job_status', IMPORT_JOB_UNDER_WAY),
  },
});

/**
 * An import's lines in one pay period summed by one dimension (functions/royalties/ledger/aggregates.ts):
 * `values` maps each value of the dimension (a label, release, recording or artist id, a store,
 * territory, sales category or currency; 'total' for the dimension 'total') to its sums
 * { lines, quantity, amount, amount_original, label_payable, artist_payable, aggregator_payable },
 * money as exact decimal strings (amount and the cuts in the company currency). `none` sums the
 * lines without a value (unmatched…). A dimension with many values spans items chunk 0, 1, …
 * of at most 1,000 values each. key: {pay_period}#{dimension}#{chunk, 4 digits}.
 */
export const RoyaltyAggregate = new Entity({
  model: { entity: 'royaltyAggregate', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    importId: { type: 'string', required: true },
    key: { type: 'string', required: true },
    pay_period: { type: 'string' },
    dimension: { type: 'string' },
    chunk: { type: 'number' },
    /** Keyed by the dimension's values, which are data: typed, stored as a plain map. */
    values: { type: CustomAttributeType<Record<string, AggregateSums>>('any') },
    none: { type: 'map', properties: aggregateSums },
  },
  indexes: {
    byImport: { pk: { field: 'pk', composite: ['tenantId', 'importId'] }, sk: { field: 'sk', composite: ['key'] } },
  },
});

/**
 * One stored part of a large report (import/parts.ts): its control totals and match counts,
 * its ledger file and its summed lines (`cube_key`, a Parquet file the last part sums into the
 * import's aggregates). Removed once the import is finished.
 */
export const RoyaltyImportPart = new Entity({
  model: { entity: 'royaltyImportPart', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    importId: { type: 'string', required: true },
    part: { type: 'number', required: true },
    /** ControlTotals of the part, its lines numbered as in the whole report. */
    totals: { ...controlTotals, required: true },
    ledger_key: { type: 'string', required: true },
    cube_key: { type: 'string', required: true },
    company_currency: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byImport: { pk: { field: 'pk', composite: ['tenantId', 'importId'] }, sk: { field: 'sk', composite: ['part'] } },
  },
});

/**
 * An exchange rate: what one unit of original_currency is worth in target_currency
 * for reports of one distributor paid on one date. Imports convert each line with the rate of
 * its distributor (delivered_by, else the source's name) and payment date; `rate` is an exact
 * decimal string.
 */
export const ExchangeRate = new Entity({
  model: { entity: 'exchangeRate', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    distributor: { type: 'string', required: true },
    /** YYYY-MM-DD. */
    payment_date: { type: 'string', required: true },
    original_currency: { type: 'string', required: true },
    target_currency: { type: 'string', required: true },
    rate: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    /** find: the rate of a distributor and currency pair, newest payment date first. */
    byPair: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tenantId', 'distributor', 'original_currency', 'target_currency'] },
      sk: { field: 'gsi1sk', composite: ['payment_date'] },
    },
  },
});

/**
 * A match the user assigned by hand to an unmatched line's identifier (ISRC, UPC or cat_no):
 * remembered, so later imports and re-matches use it before the catalogue lookup.
 */
export const RoyaltyMatchRule = new Entity({
  model: { entity: 'royaltyMatchRule', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    field: { type: ['isrc', 'upc', 'cat_no'] as const, required: true },
    value: { type: 'string', required: true },
    recording_id: { type: 'string' },
    release_id: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['field', 'value'] } },
  },
});

export type RoyaltySourceItem = EntityItem<typeof RoyaltySource>;
export type CreateRoyaltySource = CreateEntityItem<typeof RoyaltySource>;
export type RoyaltySourceIds = EntityIdentifiers<typeof RoyaltySource>;
export type RoyaltyImportItem = EntityItem<typeof RoyaltyImport>;
export type CreateRoyaltyImport = CreateEntityItem<typeof RoyaltyImport>;
export type RoyaltyImportIds = EntityIdentifiers<typeof RoyaltyImport>;
export type RoyaltyAggregateItem = EntityItem<typeof RoyaltyAggregate>;
export type CreateRoyaltyAggregate = CreateEntityItem<typeof RoyaltyAggregate>;
export type RoyaltyAggregateIds = EntityIdentifiers<typeof RoyaltyAggregate>;
export type RoyaltyImportPartItem = EntityItem<typeof RoyaltyImportPart>;
export type CreateRoyaltyImportPart = CreateEntityItem<typeof RoyaltyImportPart>;
export type RoyaltyImportPartIds = EntityIdentifiers<typeof RoyaltyImportPart>;
export type ExchangeRateItem = EntityItem<typeof ExchangeRate>;
export type CreateExchangeRate = CreateEntityItem<typeof ExchangeRate>;
export type ExchangeRateIds = EntityIdentifiers<typeof ExchangeRate>;
export type RoyaltyMatchRuleItem = EntityItem<typeof RoyaltyMatchRule>;
export type CreateRoyaltyMatchRule = CreateEntityItem<typeof RoyaltyMatchRule>;
export type RoyaltyMatchRuleIds = EntityIdentifiers<typeof RoyaltyMatchRule>;
