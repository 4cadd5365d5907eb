import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import type { ProvenanceRow } from '../../../shared/schemas/statement-views.js';
import type { CreateRoyaltyEdit } from '../../data/entities/royalty-overlays.js';
import type { StatementItem } from '../../data/entities/statements.js';
import {
  editWriteCost,
  editsOfImport,
  type GuardedEditResult,
  licenceRefundsOf,
  putEditsWhileUnstated,
} from '../../data/access/royalty-overlays.js';
import { deleteImportWhileNumbered, getImport } from '../../data/access/royalty-imports.js';
import { aggregateKeys } from '../../data/access/royalty-ledger.js';
import { importLedgerKeys } from '../ledger/files.js';
import { listRuns, listStatements, readSequence } from '../../data/access/statements.js';
import { Conflict } from '../../lib/errors.js';
import { getBytes, getStream } from '../../lib/bucket-objects.js';
import { statementsBucket } from '../../money/index.js';

/**
 * Lines on a published statement are frozen: editing or deleting one is refused (409 naming the
 * statement); its money changes through a correction or an adjustment, so a published statement
 * and the ledger behind it always agree.
 *
 * Which statement carries a line is known exactly, and cheaply in the common case:
 * 1. candidates are the statements in force (not replaced by a correction) whose months hold the
 *    line's pay period and whose provenance lists the line's import for that month (manual sales:
 *    a manual-sales row) — a line of an import no statement lists is carried by none;
 * 2. a candidate carries the line when its CSV of lines (one row per line it states) has the
 *    line's id. A candidate whose CSV is still being made counts as carrying it.
 * A line that pays nobody, or a late line (imported, matched or accepted after the statement),
 * is on no CSV and stays editable.
 */

/** The line facts the rule reads. */
export type LineFacts = { id: string; import_id: string | null; pay_period: string | null };

/** The statements that may carry the line (step 1 of the rule). */
export function candidateStatements(
  line: LineFacts,
  statements: readonly Pick<
    StatementItem,
    'statementId' | 'superseded_by' | 'start_pay_period' | 'end_pay_period' | 'provenance'
  >[],
) {
  const period = line.pay_period;
  if (!period) return [];
  const lists = (row: ProvenanceRow) =>
    (row.import_id ?? null) === (line.import_id ?? null) && row.pay_periods.includes(period);
  return statements.filter(
    (s) =>
      !s.superseded_by &&
      s.start_pay_period <= period &&
      s.end_pay_period >= period &&
      (s.provenance ?? []).some(lists),
  );
}

/** Whether a statement CSV's text has a row for the line id (its first column). */
export function csvHasLine(csv: string, id: string): boolean {
  return csv.includes(`\n${id},`) || csv.includes(`\n"${id}",`);
}

/**
 * Whether a statement number was given out whose statement is not written yet: a run's publish step reserves its
 * numbers before its account steps write the statements, and what lines those will carry is known only then. Every
 * statement takes its number from the company's count, so the statements written fall short of `numbered` exactly
 * while one is outstanding. A line written meanwhile could go on a statement as it was before, so edits, deletes and
 * re-matches wait for those statements (409, statements are being published).
 */
function numberedUnwritten(statements: readonly unknown[], numbered: number): boolean {
  return statements.length < numbered;
}

/** The months a write touches; undefined: not known (any month). */
type Months = ReadonlySet<string> | undefined;

/**
 * The company's statements, read after its count `numbered`; refused while a numbered statement is unwritten that may
 * state one of `months` (any month when none are given). `months` may be a read, made only when a statement is
 * unwritten.
 */
async function statementsAt(
  tenantId: string,
  numbered: number,
  months?: Months | (() => Promise<Months>),
): Promise<StatementItem[]> {
  const statements = await listStatements(tenantId);
  if (
    numberedUnwritten(statements, numbered) &&
    (await mayBeNumbering(tenantId, typeof months === 'function' ? await months() : months))
  )
    throw new Conflict(PUBLISHING_MESSAGE);
  return statements;
}

/**
 * Whether the numbers out may be of statements of one of `months`. Numbers are given out ahead of their statements only
 * by a run's reservation, and a run's statements state only its own months, so a write whose lines all lie outside the
 * months of every run still publishing (or failed, whose reserved statements Resume still makes) need not wait. Any
 * month is taken as numbering when no months are given or no such run accounts for the numbers.
 */
async function mayBeNumbering(tenantId: string, months: Months): Promise<boolean> {
  if (!months) return true;
  const numbering = (await listRuns(tenantId)).filter((run) => run.status === 'publishing' || run.status === 'failed');
  if (!numbering.length) return true;
  return numbering.some((run) => [...months].some((m) => run.start_pay_period <= m && m <= run.end_pay_period));
}

/** The months an edit touches: its lines' pay periods and any pay period it gives them. */
function monthsOf(lines: readonly LineFacts[], edits: readonly CreateRoyaltyEdit[]): Set<string> {
  const months = new Set<string>();
  for (const line of lines) if (line.pay_period) months.add(line.pay_period);
  addMovedMonths(months, edits);
  return months;
}

/** Adds the pay periods the edits give their lines. */
function addMovedMonths(months: Set<string>, edits: readonly Pick<CreateRoyaltyEdit, 'fields'>[]): void {
  for (const edit of edits) {
    const moved = edit.fields?.pay_period;
    if (typeof moved === 'string' && moved) months.add(moved);
  }
}

/**
 * The months an import's lines lie in, so that its delete and re-match wait only for runs of those months: the pay
 * periods its aggregates are kept by (each month of its lines has items, written before the import is done; a
 * re-match rewrites them and keeps the months, which come from the report) and any month an edit moved one of its
 * lines into. Not known (undefined: any month) for an import that is not done: its lines may yet reach the ledger,
 * in months not known, while the numbered statements are being written.
 */
async function importMonths(tenantId: string, importId: string): Promise<Months> {
  const item = await getImport(tenantId, importId);
  if (item?.status !== 'done') return undefined;
  const [keys, edits] = await Promise.all([aggregateKeys(tenantId, importId), editsOfImport(tenantId, importId)]);
  // Stored lines without aggregates (never expected) say nothing of their months: any month, as for an import not done.
  if (!keys.length && importLedgerKeys(item).length) return undefined;
  // An aggregate's key is {pay_period}#{dimension}#{chunk}.
  const months = new Set(keys.map((key) => key.slice(0, key.indexOf('#'))));
  addMovedMonths(months, edits);
  return months;
}

/** The first statement that carries one of the lines, with that line, or null (`numbered`: the count read first). */
async function statementCarrying(
  tenantId: string,
  lines: readonly LineFacts[],
  numbered: number,
  months: ReadonlySet<string>,
): Promise<{ statement: StatementItem; line: LineFacts } | null> {
  const statements = await statementsAt(tenantId, numbered, months);
  const csvs = new Map<string, string | null>();
  for (const line of lines) {
    for (const statement of candidateStatements(line, statements) as StatementItem[]) {
      if (!statement.csv_key) return { statement, line };
      if (!csvs.has(statement.statementId)) {
        const bytes = await getBytes(statementsBucket(), statement.csv_key);
        csvs.set(statement.statementId, bytes ? Buffer.from(bytes).toString('utf8') : null);
      }
      const csv = csvs.get(statement.statementId);
      if (csv === null || csv === undefined || csvHasLine(csv, line.id)) return { statement, line };
    }
  }
  return null;
}

/**
 * The statement in force that carries lines of an import: its provenance lists the import with lines it states. A
 * held import, or one whose lines pay nobody, is listed by none.
 */
export function statementListingImport<S extends Pick<StatementItem, 'superseded_by' | 'provenance'>>(
  importId: string,
  statements: readonly S[],
): S | undefined {
  return statements.find(
    (s) => !s.superseded_by && (s.provenance ?? []).some((row) => row.import_id === importId && row.lines > 0),
  );
}

/** The statement in force that carries lines of the import, by its number (undefined: none does). */
export async function statementStatingImport(tenantId: string, importId: string): Promise<string | undefined> {
  return statementListingImport(importId, await listStatements(tenantId))?.number;
}

/**
 * What statements in force carry of one import, for a re-match that keeps those lines as they are: the line numbers
 * their CSVs list, and the months a statement whose CSV is not stored yet carries whole (every line of the import in
 * those months is kept). `numbered` is the company's statement count, read first: a write checked against it holds
 * only while no statement was numbered since, so one published meanwhile is looked at too.
 */
export type StatedOfImport = {
  numbered: number;
  lines: number[];
  months: string[];
  statements: string[];
  /**
   * A statement was numbered whose lines are not known yet (numberedUnwritten) and may state one of the import's
   * months: nothing may be re-matched now.
   */
  unwritten?: boolean;
};

/**
 * Whether a statement is numbered whose lines are not known yet (statements being published) that may carry lines of
 * the import (any import when none is given, as for re-applying rates to every import): a re-match asked for now is
 * refused up front, as statedOfImport would refuse it.
 */
export async function statementsPublishing(tenantId: string, importId?: string): Promise<boolean> {
  const numbered = await readSequence(tenantId, 'statement');
  if (!numberedUnwritten(await listStatements(tenantId), numbered)) return false;
  return mayBeNumbering(tenantId, importId === undefined ? undefined : await importMonths(tenantId, importId));
}

/**
 * A numbered statement not written yet is waited for only when it may state one of the import's months
 * (importMonths): a re-match leaves its lines in their months, and a run states only its own months.
 */
export async function statedOfImport(tenantId: string, importId: string): Promise<StatedOfImport> {
  const numbered = await readSequence(tenantId, 'statement');
  const rowsOf = (statement: StatementItem) =>
    (statement.provenance ?? []).filter((row) => row.import_id === importId && row.lines > 0);
  const statements = await listStatements(tenantId);
  if (
    numberedUnwritten(statements, numbered) &&
    (await mayBeNumbering(tenantId, await importMonths(tenantId, importId)))
  )
    return { numbered, lines: [], months: [], statements: [], unwritten: true };
  const carrying = statements.filter((s) => !s.superseded_by && rowsOf(s).length);
  const lines: number[] = [];
  const months = new Set<string>();
  for (const statement of carrying) {
    const csv = statement.csv_key ? await getStream(statementsBucket(), statement.csv_key) : null;
    if (csv) for await (const line of csvLinesOfImport(csv.body, importId)) lines.push(line);
    else for (const row of rowsOf(statement)) for (const month of row.pay_periods) months.add(month);
  }
  return { numbered, lines, months: [...months], statements: carrying.map((s) => s.number) };
}

/** The line numbers of one import a statement's CSV lists (its first column is the line's id, `{import}-{line}`). */
async function* csvLinesOfImport(csv: Readable, importId: string): AsyncGenerator<number> {
  const prefix = `${importId}-`;
  for await (const row of createInterface({ input: csv, crlfDelay: Number.POSITIVE_INFINITY })) {
    const cell = row.startsWith('"') ? row.slice(1) : row;
    if (!cell.startsWith(prefix)) continue;
    const line = /^(\d+)[",]/.exec(cell.slice(prefix.length));
    if (line) yield Number(line[1]);
  }
}

/** The refusal of a write while statements are numbered under it, again and again. */
export const PUBLISHING_MESSAGE = 'Statements are being published: try again in a moment';

/** The refusal of changing an import a published statement carries, in the user's words. */
export function statedImportMessage(number: string): string {
  return `This import's lines are on statement ${number}; change them with a correction or an adjustment`;
}

/**
 * Deletes an import's record when no published statement carries its lines (409 naming the statement otherwise).
 * The delete holds only while no statement was numbered since the check, so one published meanwhile is looked at too.
 * While statements are numbered and not written yet it waits (409, statements are being published) only when they may
 * state one of the import's months (importMonths), or its months are not known.
 */
export async function deleteUnstatedImport(tenantId: string, importId: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const numbered = await readSequence(tenantId, 'statement');
    const statements = await statementsAt(tenantId, numbered, () => importMonths(tenantId, importId));
    const carrying = statementListingImport(importId, statements);
    if (carrying) throw new Conflict(statedImportMessage(carrying.number));
    if (await deleteImportWhileNumbered(tenantId, importId, numbered)) return;
  }
  throw new Conflict(PUBLISHING_MESSAGE);
}

/** The refusal, in the user's words. */
export function statedLineMessage(number: string): string {
  return `This line is on statement ${number}; change it with a correction or an adjustment`;
}

/** How often the check is made again when a statement was published while it looked. */
const ATTEMPTS = 5;

/** The refusal of an edit to a line a licence's refund took back (or that is the refund). */
const REFUNDED_LINE_MESSAGE = "This line is part of a licence's refund: it no longer changes";

/**
 * Writes the edits (changes or deletions) of lines no published statement carries; refuses all of
 * them (409, nothing written) when one is carried. The write holds only while no statement was
 * numbered since the check, so a statement published meanwhile is looked at too. A manual line a
 * licence's refund holds is refused the same way, in the write itself; `heldBy` names the licence
 * allowed to change its own held lines (deleting the licence removes the payment and its reversal together).
 */
export async function writeUnstatedEdits(
  tenantId: string,
  lines: readonly LineFacts[],
  edits: CreateRoyaltyEdit[],
  heldBy?: string,
): Promise<void> {
  const months = monthsOf(lines, edits);
  const refuseCarried = async (some: readonly LineFacts[], numbered: number) => {
    const carrying = await statementCarrying(tenantId, some, numbered, months);
    if (carrying) throw new Conflict(statedLineMessage(carrying.statement.number));
  };
  // The count is read before the statements are looked at, so the writes' check of it covers every one looked at.
  let numbered = await readSequence(tenantId, 'statement');
  // All lines first, so a refused bulk edit writes nothing; the writes below enforce both rules against a race.
  await refuseCarried(lines, numbered);
  if (await anyLineHeld(tenantId, edits, heldBy)) throw new Conflict(REFUNDED_LINE_MESSAGE);
  const byId = new Map(lines.map((line) => [line.id, line]));
  for (const chunk of editChunks(edits)) {
    const chunkLines = chunk.flatMap((edit) => byId.get(edit.id) ?? []);
    let result: GuardedEditResult = 'statements-changed';
    for (let attempt = 0; attempt < ATTEMPTS && result === 'statements-changed'; attempt += 1) {
      if (attempt > 0) {
        numbered = await readSequence(tenantId, 'statement');
        await refuseCarried(chunkLines, numbered);
      }
      result = await putEditsWhileUnstated(chunk, numbered, heldBy);
    }
    if (result === 'held') throw new Conflict(REFUNDED_LINE_MESSAGE);
    if (result !== 'written') throw new Conflict(PUBLISHING_MESSAGE);
  }
}

/** Whether a manual line among the edits is held by a licence's refund (other than `heldBy`). */
async function anyLineHeld(tenantId: string, edits: readonly CreateRoyaltyEdit[], heldBy?: string) {
  const held = await licenceRefundsOf(
    tenantId,
    edits.filter((edit) => editWriteCost(edit) > 1).map((edit) => edit.id),
  );
  return held.some((licence) => licence !== heldBy);
}

/**
 * A transaction holds 100 items: the edits, a refund check per manual line, the check of the statement count, the
 * ledger's count of changes and the royalties' list version.
 */
const ITEMS_PER_WRITE = 97;

/** The edits in runs that each fit one transaction. */
function editChunks(edits: readonly CreateRoyaltyEdit[]): CreateRoyaltyEdit[][] {
  const chunks: CreateRoyaltyEdit[][] = [];
  let cost = ITEMS_PER_WRITE;
  for (const edit of edits) {
    if (cost + editWriteCost(edit) > ITEMS_PER_WRITE) {
      chunks.push([]);
      cost = 0;
    }
    chunks.at(-1)?.push(edit);
    cost += editWriteCost(edit);
  }
  return chunks;
}
