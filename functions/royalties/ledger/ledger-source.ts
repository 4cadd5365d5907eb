import { madeOnceFor } from '../../lib/made-once.js';
import { duckJson } from '../../lib/well-formed-text.js';
import { withConnection } from './duck.js';
import { localLedgerFile } from './files.js';
import { inLedgerOrder, sameColumns } from './ledger-order.js';
import { type BoundRelation, editedRelation, idsCondition, parseRoyaltyId } from './overlays.js';
import { LEDGER_COLUMN_NAMES, LEDGER_COLUMNS, type LedgerColumn } from './schema.js';
import { literal } from './sql.js';
import type { LedgerState } from './state.js';

/**
 * Where a tenant's royalties are read from, for one ledger state: the immutable Parquet files of
 * its finished imports (read where they lie in the local cache, never loaded into memory) and a
 * small in-memory table of the rows users changed: the imported lines they edited, with their
 * edits, and the manual sales. The files' lines those rows replace are left out of the files'
 * side by `replaced`, so each line is read once.
 */
export type LedgerSource = {
  /** Local paths: imports in id order, each import's parts in order (so file order is import, line order). */
  files: string[];
  /** Every file is in ledger order (ledger-order.ts): a default page can stop early. */
  ordered: boolean;
  /** Every file has the same columns in the same order (ledger-order.ts `sameColumns`). */
  uniform: boolean;
  /** The overlay table (edited imported lines and manual sales, edits applied), or null when there is none. */
  overlay: string | null;
  /** A condition over import_id and line: the files' lines the overlay replaces or deletes. */
  replaced: string;
};

const COLUMNS = LEDGER_COLUMN_NAMES.join(', ');
/** The ledger's columns, typed, with no value: the select list of a relation of no lines. */
const NO_COLUMNS = LEDGER_COLUMN_NAMES.map((c) => `CAST(NULL AS ${LEDGER_COLUMNS[c]}) AS ${c}`).join(', ');

/**
 * The files' lines as a relation with the effective view's extra columns (none manual, none edited). With
 * `positions`, each line also says where it lies: `ledger_file` (its file's path) and `ledger_row` (its row in that
 * file, from 0), so a page can find its lines first and then read only those (query.ts `periodSlice`).
 */
export function fileLines(source: Pick<LedgerSource, 'files' | 'uniform' | 'replaced'>, positions = false): string {
  const files = source.files.length
    ? `SELECT ${COLUMNS}${positions ? ', filename AS ledger_file, file_row_number AS ledger_row' : ''} FROM ${readFiles(source, positions)}`
    : `SELECT ${NO_COLUMNS}${positions ? `, ${NO_POSITION}` : ''} WHERE false`;
  return `(SELECT *, CAST(NULL AS VARCHAR) AS manual_id, false AS manual, false AS edited FROM (${files}) WHERE NOT ${source.replaced})`;
}

const NO_POSITION = 'CAST(NULL AS VARCHAR) AS ledger_file, CAST(NULL AS BIGINT) AS ledger_row';

/** The files as one relation: matched by column name only when their columns differ (an older ledger schema). */
const readFiles = (source: Pick<LedgerSource, 'files' | 'uniform'>, positions = false) =>
  `read_parquet([${source.files.map(literal).join(', ')}]${source.uniform ? '' : ', union_by_name = true'}${positions ? ', filename = true, file_row_number = true' : ''})`;

/** The overlay's rows as a relation (same columns as fileLines), or null. */
export const overlayLines = (source: LedgerSource): string | null =>
  source.overlay ? `(SELECT * FROM ${source.overlay})` : null;

const sources = new WeakMap<LedgerState, Promise<LedgerSource>>();
/** Each tenant's newest overlay table, least recently used first: older ones are dropped. */
const overlayTables = new Map<string, { state: LedgerState; table: string | null }>();
/** At most this many tenants keep an overlay table in the process (each holds only their changed rows). */
const MAX_OVERLAY_TENANTS = 200;
/** How long a replaced overlay table stays for queries that started on it. */
const DROP_AFTER_MS = 60_000;
let overlayCount = 0;

/** The source of `state` (built once per state: the same object while its version holds). */
export function ledgerSource(tenantId: string, state: LedgerState): Promise<LedgerSource> {
  const kept = overlayTables.get(tenantId);
  if (sources.get(state) && kept?.state === state) {
    // Used again: the most recently used tenant.
    overlayTables.delete(tenantId);
    overlayTables.set(tenantId, kept);
  }
  return madeOnceFor(sources, state, () => buildSource(tenantId, state));
}

async function buildSource(tenantId: string, state: LedgerState): Promise<LedgerSource> {
  const entries = [...state.imports].sort((a, b) => (a.importId < b.importId ? -1 : a.importId > b.importId ? 1 : 0));
  const files = await Promise.all(entries.flatMap((entry) => entry.keys.map(localLedgerFile)));
  const replaced = idsCondition(editedLineIds(state.edits));
  return withConnection(async (connection) => {
    const ordered = files.length ? await inLedgerOrder(connection, files) : true;
    const uniform = files.length ? await sameColumns(connection, files) : true;
    let overlay: string | null = null;
    const changed = changedLines({ files, uniform }, state);
    if (changed) {
      overlay = `overlay_${++overlayCount}`;
      const rows = `(SELECT *, manual_id IS NOT NULL AS manual FROM ${changed.sql})`;
      const edited = editedRelation(rows, state.edits);
      await connection.run(`CREATE TABLE ${overlay} AS SELECT * FROM ${edited.sql}`, {
        ...changed.params,
        ...edited.params,
      });
    }
    keepOverlay(tenantId, state, overlay);
    return { files, ordered, uniform, overlay, replaced };
  });
}

/** The ids of the imported lines among the edits (the rest edit manual sales). */
const editedLineIds = (edits: Pick<LedgerState, 'edits'>['edits']) =>
  edits.map((edit) => edit.id).filter((id) => parseRoyaltyId(id)?.manual === false);

/**
 * The rows users changed, as they were before their edits: the edited imported lines as `files`
 * hold them and the manual sales, with the ledger's columns and `manual_id` (null for imported
 * lines). Null when there are none. Read once per ledger state, a handful of rows.
 */
export function changedLines(
  source: Pick<LedgerSource, 'files' | 'uniform'>,
  state: Pick<LedgerState, 'edits' | 'manual'>,
): BoundRelation | null {
  const lines = editedLineIds(state.edits);
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (lines.length && source.files.length)
    parts.push(
      `SELECT ${COLUMNS}, CAST(NULL AS VARCHAR) AS manual_id FROM ${readFiles(source)} WHERE ${idsCondition(lines)}`,
    );
  if (state.manual.length) {
    params.manual = duckJson(state.manual.map((m) => ({ ...m.fields, manual_id: m.id })));
    const shape = JSON.stringify([{ ...LEDGER_COLUMNS, manual_id: 'VARCHAR' }]);
    parts.push(`SELECT ${LEDGER_COLUMN_NAMES.map((c: LedgerColumn) => `CAST(${c} AS ${LEDGER_COLUMNS[c]}) AS ${c}`).join(', ')}, manual_id
      FROM (SELECT unnest(from_json($manual, '${shape}'), recursive := true))`);
  }
  return parts.length ? { sql: `(${parts.join(' UNION ALL ')})`, params } : null;
}

/** Records the tenant's newest overlay table and drops the ones no longer needed. */
function keepOverlay(tenantId: string, state: LedgerState, table: string | null) {
  const previous = overlayTables.get(tenantId);
  overlayTables.delete(tenantId);
  overlayTables.set(tenantId, { state, table });
  if (previous && previous.state !== state) forget(previous);
  while (overlayTables.size > MAX_OVERLAY_TENANTS) {
    const [oldest, entry] = overlayTables.entries().next().value ?? [];
    if (oldest === undefined || !entry) break;
    overlayTables.delete(oldest);
    forget(entry);
  }
}

function forget(entry: { state: LedgerState; table: string | null }) {
  sources.delete(entry.state);
  if (entry.table) dropLater(entry.table);
}

/**
 * Drops a table once queries that started on it are done. On a connection of its own: the one
 * that built the table is closed by then.
 */
function dropLater(name: string): void {
  setTimeout(
    () => void withConnection((connection) => connection.run(`DROP TABLE IF EXISTS ${name}`)).catch(() => undefined),
    DROP_AFTER_MS,
  ).unref();
}
