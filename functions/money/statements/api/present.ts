import { accountKeyOf, accountOfKey } from '../../accounts/account.js';
import type { RunStatement } from '../../../data/access/statements.js';
import type { StatementItem, StatementRunItem } from '../../../data/entities/statements.js';
import type {
  RunPreviewRow,
  RunReplaces,
  Statement,
  StatementRow,
  StatementRun,
} from '../../../../shared/schemas/statement-views.js';
import { statementPayout } from '../accounts/payout.js';
import { rowFigures } from '../accounts/account-figures.js';
import { presentStatementRow as presentRow } from '../../accounts/present.js';
import { runIsStalled } from '../runs/stalled.js';

/**
 * Statements and runs as the API answers them (shared/schemas/statement-views.ts): stored items
 * turned into the views the SPA reads, with absent optional values as null.
 */

/** A statement in lists: no summaries or provenance; `labels` names the company's labels by id. */
export function presentStatementRow(item: StatementItem, labels: ReadonlyMap<string, string>): StatementRow {
  const labelName = item.label_id ? (labels.get(item.label_id) ?? null) : null;
  return presentRow(item, accountOfKey(item.accountKey), labelName);
}

/** A statement as `GET statements/{id}` answers it. */
export function presentStatement(item: StatementItem, labels: ReadonlyMap<string, string>): Statement {
  return { ...presentStatementRow(item, labels), summaries: item.summaries ?? {}, provenance: item.provenance ?? [] };
}

/**
 * A published run's rows as its statements state them: every figure of each statement's account (rowFigures), so the
 * run's page and the statement never disagree, whatever moved between the preview and each publication (an entry
 * added, another payee of a shared contract recouping first). An account the run did not publish (stated already
 * meanwhile) keeps its previewed row.
 */
export function rowsAsStated(rows: readonly RunPreviewRow[], statements: readonly RunStatement[]): RunPreviewRow[] {
  // A statement corrected since still is what this run published (its correction belongs to a run of its own).
  const byAccount = new Map(statements.map((s) => [s.accountKey, s]));
  return rows.map((row) => {
    const stated = byAccount.get(accountKeyOf(row.account));
    if (!stated) return row;
    return {
      ...row,
      ...rowFigures(stated.figures),
      to_pay: statementPayout(stated).total,
      not_paid_reasons: stated.not_paid_reasons ?? row.not_paid_reasons,
    };
  });
}

/**
 * The statement a correction replaces, as its run's page shows it beside the new version: its figures as a row
 * (rowFigures, as the run's own rows), its lines the sum of its sources'.
 */
export function replacedRow(statement: StatementItem): RunReplaces {
  return {
    id: statement.statementId,
    number: statement.number,
    version: statement.version,
    row: {
      account: accountOfKey(statement.accountKey),
      name: statement.payee_name,
      email: statement.recipients?.[0] ?? null,
      lines: (statement.provenance ?? []).reduce((sum, source) => sum + source.lines, 0),
      ...rowFigures(statement.figures),
      to_pay: statementPayout(statement).total,
      not_paid_reasons: statement.not_paid_reasons ?? [],
    },
  };
}

/** A run's whole percent done: published runs are 100, runs with nothing to publish too. */
export function runProgress(run: Pick<StatementRunItem, 'status' | 'done' | 'skipped' | 'total'>): number {
  if (run.status === 'published') return 100;
  const total = run.total ?? 0;
  return total > 0 ? Math.floor((((run.done ?? 0) + (run.skipped ?? 0)) * 100) / total) : 0;
}

/**
 * A run as the API answers it. The preview's rows and unaccountable recordings live in the
 * bucket (a run of a thousand payees outgrows an item); `detail` brings them, lists leave them empty.
 */
export function presentRun(
  run: StatementRunItem,
  detail: Pick<StatementRun, 'unaccountable'> & { rows: NonNullable<StatementRun['preview']>['rows'] } = {
    rows: [],
    unaccountable: [],
  },
  replaces: RunReplaces | null = null,
): StatementRun {
  return {
    id: run.runId,
    kind: run.kind,
    status: run.status,
    start_pay_period: run.start_pay_period,
    end_pay_period: run.end_pay_period,
    label_ids: run.label_ids ?? [],
    accounts: run.accounts ?? [],
    progress: runProgress(run),
    total: run.total ?? 0,
    done: run.done ?? 0,
    skipped: run.skipped ?? 0,
    resumable: runIsStalled(run),
    preview: run.totals && run.warnings ? { rows: detail.rows, totals: run.totals, warnings: run.warnings } : null,
    unaccountable: detail.unaccountable,
    error: run.error ?? null,
    scheduled: run.scheduled ?? false,
    created_at: run.createdAt ?? '',
    published_at: run.publishedAt ?? null,
    replaces,
  };
}
