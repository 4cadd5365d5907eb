import type { ImportJobKind, ImportJobResult, RoyaltyImportItem } from '../../data/entities/royalties.js';

/**
 * An import's re-match job as the API answers it (import/rematch-job.ts runs it): what was asked, how far it got and,
 * when it finished, what it found with the notice the page shows, or why it stopped.
 */

/**
 * The notice after an import's lines were matched again, saying which lines a published statement carries were kept
 * as stated: "Import Re-matched: 12 lines on statement ST-000274 were kept as stated".
 */
function rematchNotice(head: string, result: { stated_lines: number; statements: string[] }): string {
  if (!result.stated_lines) return head;
  const lines = `${result.stated_lines} line${result.stated_lines === 1 ? '' : 's'}`;
  const on = `statement${result.statements.length === 1 ? '' : 's'} ${result.statements.join(', ')}`;
  return `${head}: ${lines} on ${on} ${result.stated_lines === 1 ? 'was' : 'were'} kept as stated`;
}

/** Each kind's notice when it is done, as the request answered it when the work ran in the request. */
const HEADS: Record<ImportJobKind, string> = {
  rematch: 'Import Re-matched',
  assign: 'Match Assigned',
  rates: 'Exchange Rates Updated',
};

/**
 * What a finished job found. Exchange rates applied again count as they always did: one import, `lines` the lines
 * converted again (the kept ones apart); a re-match gives the import's own counts.
 */
function resultOf(kind: ImportJobKind, result: ImportJobResult) {
  const { lines, matched, missing_rates, stated_lines, statements } = result;
  if (kind === 'rates') return { imports: 1, lines: lines - stated_lines, missing_rates, stated_lines, statements };
  return {
    lines,
    matched,
    missing_rates,
    amount: result.amount,
    aggregates: result.aggregates,
    stated_lines,
    statements,
  };
}

export function importJobJson(item: RoyaltyImportItem) {
  if (!item.job_status || !item.job_kind) return null;
  const kind = item.job_kind;
  const result = item.job_status === 'done' && item.job_result ? resultOf(kind, item.job_result) : null;
  const message = result
    ? kind === 'rates'
      ? HEADS.rates
      : rematchNotice(HEADS[kind], result)
    : item.job_status === 'failed'
      ? (item.job_error ?? null)
      : null;
  return {
    kind,
    status: item.job_status,
    progress: item.job_progress ?? 0,
    queued_at: item.job_queued_at ?? '',
    finished_at: item.job_finished_at ?? null,
    result,
    message,
  };
}
