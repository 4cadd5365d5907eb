import { duckJson } from '../../lib/well-formed-text.js';
import type {
  ManualRoyaltyItem,
  RoyaltyEditItem,
  RoyaltyStateRuleItem,
  STATE_FLAGS,
} from '../../data/entities/royalty-overlays.js';
import { MANUAL_PREFIX } from '../../data/entities/royalty-overlays.js';
import { LEDGER_COLUMNS, type LedgerColumn } from './schema.js';
import { filterCondition, withoutState } from './filter.js';

/**
 * The changes users make on top of the append-only ledger (entities/royalty-overlays.ts), and
 * the SQL that applies them: manual sales join the lines, edits replace fields (or delete a
 * line), and paid / artist-paid flags come from the state rules, newest first.
 */
export type StateFlag = (typeof STATE_FLAGS)[number];
export type Overlays = { rules: RoyaltyStateRuleItem[]; edits: RoyaltyEditItem[]; manual: ManualRoyaltyItem[] };

/** A royalty id: `{import_id}-{line}` for an imported line, `manual-{ulid}` for a manual sale. */
export type LineRef = { manual: true; id: string } | { manual: false; importId: string; line: number };
export { MANUAL_PREFIX };

export function parseRoyaltyId(id: string): LineRef | null {
  if (id.startsWith(MANUAL_PREFIX)) return /^manual-[0-9A-Z]{26}$/.test(id) ? { manual: true, id } : null;
  const match = /^([0-9A-Za-z]{1,64})-(\d{1,12})$/.exec(id);
  return match ? { manual: false, importId: match[1], line: Number(match[2]) } : null;
}

/** The SQL id of a row of the effective view. */
export const ID_SQL = `CASE WHEN manual THEN manual_id ELSE import_id || '-' || CAST(line AS VARCHAR) END`;

/** Rows as a typed relation from one JSON parameter (a handful of overlay rows, not millions). */
function jsonRelation(param: string, columns: Record<string, string>): string {
  return `(SELECT unnest(from_json($${param}, '${JSON.stringify([columns])}'), recursive := true))`;
}

/** Fields an edit may change: the sale's description, its catalogue links and the money owed; the report's own figures stay. */
const EDITABLE_COLUMNS = [
  'pay_period',
  'retailer',
  'territory',
  'sales_category',
  'song',
  'artist',
  'album',
  'label_name',
  'isrc',
  'upc',
  'cat_no',
  'quantity',
  'amount',
  'label_payable',
  'artist_payable',
  'label_id',
  'release_id',
  'recording_id',
  'artist_id',
] as const satisfies readonly LedgerColumn[];

/** A condition that selects the listed royalty ids (grouped by import, so it stays cheap on millions of lines). */
export function idsCondition(ids: string[]): string {
  const byImport = new Map<string, number[]>();
  const manual: string[] = [];
  for (const id of ids) {
    const ref = parseRoyaltyId(id);
    if (!ref) continue;
    if (ref.manual) manual.push(ref.id);
    else byImport.set(ref.importId, [...(byImport.get(ref.importId) ?? []), ref.line]);
  }
  // Ids are checked by parseRoyaltyId (letters, digits, a number), so they are safe as literals.
  const parts = [...byImport].map(
    ([importId, lines]) => `(import_id = '${importId}' AND line IN (${lines.join(', ')}))`,
  );
  if (manual.length) parts.push(`manual_id IN (${manual.map((id) => `'${id}'`).join(', ')})`);
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

/** A relation and its bound parameters. */
export type BoundRelation = { sql: string; params: Record<string, string> };

/**
 * The effective royalties as a SQL relation over `table` (a table or a parenthesised relation
 * holding imported lines and manual sales, with `manual_id`): edits applied, deleted lines left
 * out, paid flags computed.
 */
export function effectiveRelation(table: string, overlays: Pick<Overlays, 'edits' | 'rules'>): BoundRelation {
  const edited = editedRelation(table, overlays.edits);
  return flaggedRelation(edited.sql, overlays.rules, edited.params);
}

/** `table`'s lines with the edits applied (deleted lines left out) and an `edited` column. */
export function editedRelation(table: string, edits: RoyaltyEditItem[]): BoundRelation {
  const params: Record<string, string> = {};
  let relation = `(SELECT *, false AS edited FROM ${table})`;
  if (edits.length) {
    params.edits = duckJson(
      edits.map((e) => {
        const ref = parseRoyaltyId(e.id);
        const key = ref?.manual ? { manual_id: ref.id } : { import_id: ref?.importId, line: ref?.line };
        return { ...e.fields, ...key, deleted: Boolean(e.deleted), cleared: e.cleared ?? [] };
      }),
    );
    const editColumns = Object.fromEntries([
      ...EDITABLE_COLUMNS.map((c) => [c, LEDGER_COLUMNS[c]]),
      ['import_id', 'VARCHAR'],
      ['line', 'BIGINT'],
      ['manual_id', 'VARCHAR'],
      ['deleted', 'BOOLEAN'],
      ['cleared', 'VARCHAR[]'],
    ]);
    // A column the edit emptied is NULL; otherwise the edit's value, else the line's.
    const replaced = EDITABLE_COLUMNS.filter((c) => c !== 'label_payable' && c !== 'amount').map(
      (c) => `CASE WHEN list_contains(e.cleared, '${c}') THEN NULL ELSE coalesce(e.${c}, l.${c}) END AS ${c}`,
    );
    // The aggregator's cut follows an edited amount or label cut, so the three still add up.
    replaced.push(
      'coalesce(e.amount, l.amount) AS amount',
      'coalesce(e.label_payable, l.label_payable) AS label_payable',
      'CASE WHEN e.amount IS NULL AND e.label_payable IS NULL THEN l.aggregator_payable ELSE coalesce(e.amount, l.amount) - coalesce(e.label_payable, l.label_payable) END AS aggregator_payable',
    );
    relation = `(SELECT l.* REPLACE (${replaced.join(', ')}), e.deleted IS NOT NULL AS edited
      FROM ${table} l LEFT JOIN ${jsonRelation('edits', editColumns)} e
        ON (e.manual_id IS NULL AND e.import_id = l.import_id AND e.line = l.line) OR (e.manual_id IS NOT NULL AND e.manual_id = l.manual_id)
      WHERE e.deleted IS NOT TRUE)`;
  }
  return { sql: relation, params };
}

/** `relation` with the paid and artist-paid flags the state rules give each line (newest rule first). */
export function flaggedRelation(
  relation: string,
  rules: RoyaltyStateRuleItem[],
  params: Record<string, string> = {},
): BoundRelation {
  const bound = { ...params };
  const flag = (name: StateFlag) => {
    const mine = rules.filter((r) => r.flag === name).sort((a, b) => (a.seq < b.seq ? 1 : -1));
    if (!mine.length) return `false AS ${name}`;
    const whens = mine.map((rule) => {
      let condition = 'false';
      if (rule.ids?.length) condition = idsCondition(rule.ids);
      else if (rule.filter) {
        const filter = filterCondition(withoutState(rule.filter), `r${rule.seq}`);
        Object.assign(bound, filter.params);
        condition = filter.sql;
      }
      return `WHEN ${condition} THEN ${rule.value}`;
    });
    return `CASE ${whens.join(' ')} ELSE false END AS ${name}`;
  };
  return { sql: `(SELECT *, ${flag('paid')}, ${flag('artist_paid')} FROM ${relation})`, params: bound };
}
