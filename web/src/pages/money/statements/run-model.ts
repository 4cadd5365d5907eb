import Big from 'big.js';
import type {
  RunPreviewRow,
  RunReplaces,
  RunStatus,
  StatementRun,
} from '../../../../../shared/schemas/statement-views';
import { formatCount, wholePercent } from '../../royalties/royalty-model';

/** While the worker is on a run the page re-reads it (the WebSocket push makes it sooner). */
export const isRunActive = (status: RunStatus | undefined) => status === 'previewing' || status === 'publishing';

/** How often an active run is re-read when no push arrives. */
export const RUN_POLL_MS = 2500;

/**
 * The run a pushed message is about: `{ type: 'StatementRun', run: { id, progress } }` or a flat
 * `run_id`/`id` (the runs slice's push), else null.
 */
export function pushedRun(message: Record<string, unknown>): { id: string; progress?: number } | null {
  const run = message.run ?? message.statement_run;
  if (run && typeof run === 'object' && typeof (run as { id?: unknown }).id === 'string') {
    const { id, progress } = run as { id: string; progress?: unknown };
    return typeof progress === 'number' ? { id, progress } : { id };
  }
  const id = message.run_id ?? message.id;
  if (typeof id !== 'string') return null;
  return typeof message.progress === 'number' ? { id, progress: message.progress } : { id };
}

/**
 * The run as its page shows it: the status, counts and totals of the light read the page polls (`progress`, so
 * usually the newer) with the preview's rows and unaccountable recordings of the full read, which the light one
 * leaves out, and the statement a correction replaces. Until the full read holds a preview (it is read again when the status moves), none is shown: never a
 * preview without its rows.
 */
export function runWithProgress(full: StatementRun | undefined, progress: StatementRun | undefined) {
  if (!full || progress?.id !== full.id) return full;
  return {
    ...progress,
    preview: full.preview && progress.preview ? { ...progress.preview, rows: full.preview.rows } : full.preview,
    unaccountable: full.unaccountable,
    replaces: full.replaces,
  };
}

/** A publishing run's progress as a whole percent: the run's own figure, else done of total. */
export function runPercent(
  run: Pick<StatementRun, 'progress' | 'done' | 'total' | 'status'> & { skipped?: number },
  pushed?: number,
): number {
  if (run.status === 'published') return 100;
  const fromCounts = run.total > 0 ? ((run.done + (run.skipped ?? 0)) / run.total) * 100 : 0;
  return wholePercent(Math.max(pushed ?? 0, run.progress ?? 0, fromCounts));
}

const statementsWord = (n: number) => (n === 1 ? '1 statement' : `${formatCount(n)} statements`);

/**
 * What pressing Publish will do, said before it is done: publishing numbers every statement of the
 * preview and mails each one with an e-mail address, and a published statement never changes. A correction's one
 * statement is the next version of the statement it replaces (under a number of its own), which is marked corrected.
 */
export function publishConsequence(
  rows: readonly Pick<RunPreviewRow, 'email'>[],
  replaces?: Pick<RunReplaces, 'number' | 'version'> | null,
): string[] {
  const mailed = rows.filter((row) => row.email).length;
  const unmailed = rows.length - mailed;
  return [
    replaces
      ? `Version ${replaces.version + 1} will be numbered and published, and statement ${replaces.number} marked as corrected by it.`
      : `${statementsWord(rows.length)} will be numbered and published.`,
    mailedSentence(mailed, unmailed),
    'A published statement cannot be changed: a mistake is put right with a correction.',
  ];
}

/**
 * What a published run did, said after it: every statement is published, and only those whose payee has an e-mail
 * address are sent (the run's warnings name the others). "Published and sent" when none had one read as a lie.
 */
export function publishedSentence(done: number, rows: readonly Pick<RunPreviewRow, 'email'>[]): string {
  const published = `${statementsWord(done)} published`;
  const mailed = rows.filter((row) => row.email).length;
  if (mailed === 0) return `${published}; none was e-mailed: no payee in this run has an e-mail address.`;
  if (mailed === rows.length) return `${published} and sent.`;
  return `${published}; those of payees without an e-mail address were not sent.`;
}

function mailedSentence(mailed: number, unmailed: number): string {
  if (mailed === 0) return 'None will be e-mailed: no payee in this run has an e-mail address.';
  const who = unmailed === 0 && mailed > 1 ? `All ${formatCount(mailed)}` : formatCount(mailed);
  const sent = `${who} will be e-mailed to ${mailed === 1 ? 'its payee' : 'their payees'}`;
  if (unmailed === 0) return `${sent}.`;
  return `${sent}; ${formatCount(unmailed)} ${unmailed === 1 ? 'has' : 'have'} no e-mail address and will not be sent.`;
}

/** A row's movements beside opening, royalties and costs, in the order and words of a statement's account. */
const ROW_MOVEMENTS = [
  ['reserves', 'Reserves'],
  ['transfers', 'Transfers'],
  ['payments', 'Payments'],
  ['adjustments', 'Adjustments'],
  ['recouped', 'Recouped'],
] as const;

export type RowMovement = (typeof ROW_MOVEMENTS)[number][0];

/**
 * The movement columns a run's table shows: each one some row has (a column of nothing but £0.00 is left out), so
 * every row reads opening + royalties + costs + these = closing.
 */
export function rowMovements(rows: readonly Pick<RunPreviewRow, RowMovement>[]) {
  return ROW_MOVEMENTS.filter(([key]) => rows.some((row) => row[key] !== undefined && !new Big(row[key]).eq(0))).map(
    ([key, header]) => ({ key, header }),
  );
}
