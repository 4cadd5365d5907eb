import type { StatementItem, StatementRunItem } from '../../data/entities/statements.js';
import type {
  AccountRef,
  AccountType,
  Statement,
  StatementRow,
  StatementRun,
} from '../../../shared/schemas/statement-views.js';
import { ACCOUNT_TYPES } from '../../../shared/schemas/statement-views.js';

/**
 * Statements and runs as the API answers them (shared/schemas/statement-views.ts): stored items
 * turned into the views the SPA reads, with absent optional values as null.
 */

/** `Payee#01J…` → { type: 'Payee', id: '01J…' }. */
export function accountOfKey(accountKey: string): AccountRef {
  const at = accountKey.indexOf('#');
  const type = accountKey.slice(0, at) as AccountType;
  if (at < 0 || !ACCOUNT_TYPES.includes(type)) throw new Error(`${accountKey} is not an account key`);
  return { type, id: accountKey.slice(at + 1) };
}

const ZERO_RECOUPMENT = { advance: '0.00', recouped: '0.00', remaining: '0.00' };
const ZERO_CONTROL = { lines: 0, lines_total: '0.000000', rounding_in: '0.000000', rounding_out: '0.000000' };

/** A statement as `GET statements/{id}` answers it; `labels` names the company's labels by id. */
export function presentStatement(item: StatementItem, labels: ReadonlyMap<string, string>): Statement {
  const account = accountOfKey(item.accountKey);
  const labelName = item.label_id ? labels.get(item.label_id) : undefined;
  return {
    id: item.statementId,
    number: item.number,
    version: item.version,
    replaces_id: item.replaces_id ?? null,
    superseded_by: item.superseded_by ?? null,
    type: item.type,
    statementable_type: account.type,
    statementable_id: account.id,
    payee_type: account.type,
    payee_id: account.id,
    payee_name: item.payee_name,
    label_id: item.label_id ?? null,
    label: item.label_id && labelName !== undefined ? { id: item.label_id, name: labelName } : null,
    recipients: item.recipients ?? [],
    subject: item.subject,
    message: item.message ?? '',
    start_pay_period: item.start_pay_period,
    end_pay_period: item.end_pay_period,
    accounting_period: item.accounting_period,
    currency: item.currency,
    figures: item.figures,
    payee_total: item.figures.payable,
    aggregator_fee: item.aggregator_fee ?? '0.00',
    expenses_total: item.expenses_total ?? '0.00',
    subtotal: item.subtotal ?? '0.00',
    vat: item.vat ?? '0.00',
    self_billing: item.self_billing ?? null,
    not_paid_reasons: item.not_paid_reasons ?? [],
    recoupment: item.recoupment ?? ZERO_RECOUPMENT,
    summaries: item.summaries ?? {},
    graphs: item.graphs ?? false,
    provenance: item.provenance ?? [],
    control: item.control ?? ZERO_CONTROL,
    pdf_style: item.pdf_style ?? 'full',
    queue_status: item.queue_status ?? 'published',
    run_id: item.run_id ?? null,
    paid: item.paid,
    payment: item.payment ?? null,
    remittance_date: item.remittance_date ?? null,
    created_at: item.createdAt ?? '',
    updated_at: item.updatedAt ?? '',
  };
}

/** A statement in lists: no summaries or provenance. */
export function presentStatementRow(item: StatementItem, labels: ReadonlyMap<string, string>): StatementRow {
  const { summaries: _s, provenance: _p, ...row } = presentStatement(item, labels);
  return row;
}

/** A run's whole percent done: published runs are 100, runs with nothing to publish too. */
export function runProgress(run: Pick<StatementRunItem, 'status' | 'done' | 'total'>): number {
  if (run.status === 'published') return 100;
  const total = run.total ?? 0;
  return total > 0 ? Math.floor(((run.done ?? 0) * 100) / total) : 0;
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
    preview: run.totals && run.warnings ? { rows: detail.rows, totals: run.totals, warnings: run.warnings } : null,
    unaccountable: detail.unaccountable,
    error: run.error ?? null,
    scheduled: run.scheduled ?? false,
    created_at: run.createdAt ?? '',
    published_at: run.publishedAt ?? null,
  };
}
