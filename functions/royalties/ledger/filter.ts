import { z } from 'zod';

/**
 * The filters of the royalties list (q, by_label, by_retailer, by_artist, by_album,
 * by_period as start_date/end_date) plus the ones the import and release pages need. The same
 * filter selects the lines a bulk "mark as paid" changes, so it is stored on state rules and must
 * keep meaning the same thing: it is plain data, turned into SQL here only.
 */
const date = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'must be a date (YYYY-MM-DD)');
const text = z.string().trim().max(200);
/** The longest comma-separated list of recording ids a filter takes. */
export const MAX_ID_LIST = 2000;

export const royaltyFilterShape = {
  q: text.optional(),
  by_label: text.optional(),
  by_retailer: text.optional(),
  by_artist: text.optional(),
  by_album: text.optional(),
  /** ISO territory (the finances pies' drill-down). */
  by_territory: text.optional(),
  /** Artist ids, comma-separated (an artist's or a payee's artists' finances drill down to their lines). */
  artist_id: text.optional(),
  start_date: date.optional(),
  end_date: date.optional(),
  state: z.enum(['paid', 'unpaid', 'artist_paid', 'artist_unpaid']).optional(),
  import_id: text.optional(),
  release_id: text.optional(),
  /** Recording ids, comma-separated (a payee's finances drill down to the recordings it is paid on). */
  recording_id: z.string().trim().max(MAX_ID_LIST).optional(),
  delivered_by: text.optional(),
  /** Only lines no recording or release matched. */
  unmatched: z.enum(['true', 'false']).optional(),
};
export const royaltyFilter = z.strictObject(royaltyFilterShape);
export type RoyaltyFilter = z.infer<typeof royaltyFilter>;

/**
 * The filters that select the lines whose column equals their value: the filter's key, the column, the name of
 * its bound parameter. The SQL below and the rollup's in-memory sums (rollup-index.ts) both read this table.
 */
export const EQUAL_FILTERS = [
  ['by_retailer', 'retailer', 'retailer'],
  ['by_artist', 'artist', 'artist'],
  ['by_album', 'album', 'album'],
  ['by_territory', 'territory', 'territory'],
  ['delivered_by', 'delivered_by', 'delivered_by'],
  ['import_id', 'import_id', 'import'],
  ['release_id', 'release_id', 'release'],
] as const satisfies readonly (readonly [keyof RoyaltyFilter, string, string])[];

/**
 * A line's label, one rule for the royalties list and the finances: its release's label in the catalogue when it has
 * one (the label's id; the ledger names the line by that label's name), else the label its report names (that name).
 * The label filter (by_label) takes either, so a finances slice of a label the catalogue does not know lists its lines.
 */
const LINE_LABEL_SQL = 'coalesce(label_id, label_name)';
export const lineLabel = (line: { label_id: string | null; label_name: string | null }) =>
  line.label_id ?? line.label_name;

/** A paid state selects the lines whose flag column is true or false. */
export const PAID_STATES = {
  paid: ['paid', true],
  unpaid: ['paid', false],
  artist_paid: ['artist_paid', true],
  artist_unpaid: ['artist_paid', false],
} as const satisfies Record<NonNullable<RoyaltyFilter['state']>, readonly [string, boolean]>;

/** The pay periods a filter's dates select: 2026-01-15 … 2026-03-31 is the periods 2026-01 to 2026-03. */
export function periodRange(filter: RoyaltyFilter): { from?: string; to?: string } {
  return { from: filter.start_date?.slice(0, 7), to: filter.end_date?.slice(0, 7) };
}

/** A bound SQL condition: `sql` uses $names whose values are in `params`. */
export type SqlCondition = { sql: string; params: Record<string, string> };

/**
 * The filter as a WHERE condition over the effective royalties (ledger lines with overlays).
 * Values are always bound parameters, never spliced into the SQL. `prefix` keeps parameter
 * names apart when several filters meet in one statement (state rules).
 */
export function filterCondition(filter: RoyaltyFilter, prefix = 'f'): SqlCondition {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  const bind = (name: string, value: string) => {
    const key = `${prefix}_${name}`;
    params[key] = value;
    return `$${key}`;
  };
  if (filter.q) {
    const like = bind('q', `%${filter.q}%`);
    const upper = bind('q_id', filter.q.replace(/-/g, '').toUpperCase());
    parts.push(
      `(song ILIKE ${like} OR artist ILIKE ${like} OR album ILIKE ${like} OR label_name ILIKE ${like} OR retailer ILIKE ${like} OR cat_no ILIKE ${like} OR isrc = ${upper} OR upc = ${upper})`,
    );
  }
  if (filter.by_label) parts.push(`${LINE_LABEL_SQL} = ${bind('label', filter.by_label)}`);
  for (const [key, column, name] of EQUAL_FILTERS) {
    const value = filter[key];
    if (value) parts.push(`${column} = ${bind(name, value)}`);
  }
  if (filter.artist_id) {
    const ids = filter.artist_id.split(',').map((id, i) => bind(`artist_id_${i}`, id.trim()));
    parts.push(`artist_id IN (${ids.join(', ')})`);
  }
  const { from, to } = periodRange(filter);
  if (from) parts.push(`pay_period >= ${bind('start', from)}`);
  if (to) parts.push(`pay_period <= ${bind('end', to)}`);
  if (filter.recording_id) {
    const ids = filter.recording_id.split(',').map((id, i) => bind(`recording_${i}`, id.trim()));
    parts.push(`recording_id IN (${ids.join(', ')})`);
  }
  // Unmatched as the statements see it: a line edited or assigned to a record is matched, however it was imported.
  if (filter.unmatched === 'true') parts.push('recording_id IS NULL AND release_id IS NULL');
  if (filter.state) {
    const [column, flag] = PAID_STATES[filter.state];
    parts.push(flag ? column : `NOT ${column}`);
  }
  return { sql: parts.length ? parts.join(' AND ') : 'true', params };
}

/** The filter without its paid-state condition: a state rule's filter is read before the flags exist. */
export function withoutState(filter: RoyaltyFilter): RoyaltyFilter {
  const { state: _state, ...rest } = filter;
  return rest;
}
