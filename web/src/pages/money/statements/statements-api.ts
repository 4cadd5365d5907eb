import { useLocation } from 'react-router';
import { api } from '../../../app/api';
import { listPath, type ListParams } from '../../../app/list-params';
import { useApi } from '../../../app/resources';
import type { LabelSettings } from './account-model';
import { statementFilterParams, statementPagesFor, type StatementFilter, type StatementPages } from './statement-model';
import type {
  AccountType,
  NotYetStated,
  RunKind,
  Statement,
  StatementPayment,
  StatementRun,
  StatementLinesPage,
  StatementRunList,
  UnaccountableRecording,
} from '../../../../../shared/schemas/statement-views';

/**
 * Every call of the statements area the SPA makes, in one place: when a field
 * name differs once the API lands, this is the one file to change.
 */
const enc = encodeURIComponent;

export const statementsPath = (params: ListParams, filter: StatementFilter) =>
  listPath('/statements', params, statementFilterParams(filter));

export const useStatement = (id: string | undefined) =>
  useApi<{ statement: Statement }>(id ? `/statements/${enc(id)}` : null);

/** A page of a statement's own lines (its CSV's), kept by the filters its tables' rows give. */
export const useStatementLines = (id: string | undefined, query: URLSearchParams) =>
  useApi<StatementLinesPage>(id ? `/statements/${enc(id)}/lines?${query.toString()}` : null);

/** A run in full, with its preview's rows: read once, and again when its status moves (the run page). */
export const useStatementRun = (id: string | null | undefined) =>
  useApi<{ statement_run: StatementRun }>(id ? `/statement_runs/${enc(id)}` : null);

/** A run's status and counts without its preview's rows (left empty): what a page following a run re-reads. */
export const statementRunProgressPath = (id: string) => `/statement_runs/${enc(id)}?view=progress`;

/**
 * The run's progress (statementRunProgressPath), re-read every `refreshInterval` ms while it is being previewed or
 * published (0: not): a thousand accounts publishing move it on every poll and push.
 */
export const useStatementRunProgress = (id: string | null | undefined, refreshInterval = 0) =>
  useApi<{ statement_run: StatementRun }>(id ? statementRunProgressPath(id) : null, { refreshInterval });

/**
 * Money in months already stated that no statement carries yet (a correction of the statement states it);
 * `enabled` false (the plan has no statements) asks nothing.
 */
export const useNotYetStated = (enabled = true) =>
  useApi<{ not_yet_stated: NotYetStated[]; total_count: number }>(enabled ? '/statements/not_yet_stated' : null);

export const useStatementRuns = () => useApi<StatementRunList>('/statement_runs?page=1&per_page=10');

/** Recordings whose lines no payee is entitled to, or no recording matched (label/artist_statements/prepare). */
export const useUnaccountable = (labelId: string | null) =>
  useApi<{ unaccountable_recordings: UnaccountableRecording[] }>(
    labelId ? `/label/artist_statements/prepare?label_id=${enc(labelId)}` : null,
  );

type Message = { message?: string };
/** The four fields a published statement lets change; a blank remittance date clears it. */
export type StatementEdit = Pick<Statement, 'recipients' | 'subject' | 'message'> & { remittance_date: string };
export type RunRequest = {
  start_pay_period: string;
  end_pay_period: string;
  kind: RunKind;
  label_ids?: string[];
  accounts?: { type: AccountType; id: string }[];
};
/** One account's statement (a payee's new_statement, an artist's generate_report): a run of one, or the statement. */
export type AccountStatementAnswer = Message & { statement_run?: StatementRun; statement?: Statement };

export const statementsApi = {
  update: (id: string, edit: StatementEdit) =>
    api.patch<Message & { statement?: Statement }>(`/statements/${enc(id)}`, { statement: edit }),
  remove: (id: string) => api.delete<Message>(`/statements/${enc(id)}`),
  bulkPay: (ids: string[], paid: boolean) =>
    api.post<Message & { updated?: number }>('/statements/bulk_pay', { statement_ids: ids, paid }),
  /** Method and reference are left out when blank (the API takes them as optional text). */
  pay: (id: string, payment: StatementPayment) =>
    api.post<Message & { statement?: Statement }>('/statements/pay_statement', {
      id,
      payment_date: payment.payment_date,
      ...(payment.payment_method ? { payment_method: payment.payment_method } : {}),
      ...(payment.payment_reference ? { payment_reference: payment.payment_reference } : {}),
    }),
  resend: (id: string) => api.post<Message>('/statements/resend_statement', { id }),
  /** The selected statements' PDFs in one zip, as a presigned link. */
  bulkDownload: (ids: string[]) =>
    api.post<{ url: string; filename?: string }>('/statements/bulk_download', { statement_ids: ids }),
  /** A presigned link to the statement's PDF or CSV. */
  file: (id: string, format: 'pdf' | 'csv') => api.get<{ url: string }>(`/statements/${enc(id)}/${format}`),
  /** A correction: published straight away, or with `preview` previewed first on its run's page. */
  newVersion: (id: string, preview = false) =>
    api.post<Message & { statement_run?: StatementRun }>(
      `/statements/${enc(id)}/new_version`,
      preview ? { preview: true } : undefined,
    ),
  createRun: (body: RunRequest) =>
    api.post<Message & { statement_run: StatementRun }>('/statements/create_statement_run', body),
  publish: (runId: string) =>
    api.post<Message & { statement_run?: StatementRun }>(`/statement_runs/${enc(runId)}/publish`),
  /** Carries on a run that stopped previewing or publishing. */
  resume: (runId: string) =>
    api.post<Message & { statement_run?: StatementRun }>(`/statement_runs/${enc(runId)}/resume`),
  forAccount: (body: {
    statementable_type: AccountType;
    statementable_id: string;
    start_pay_period: string;
    end_pay_period: string;
  }) => api.post<AccountStatementAnswer>('/statements', body),
  /** A label's statement settings are saved on the label. */
  saveLabelSettings: (labelId: string, statement_settings: LabelSettings) =>
    api.patch<Message>(`/labels/${enc(labelId)}`, { statement_settings }),
};

/** The statement pages of the area the current page is in. */
export function useStatementPages(): StatementPages {
  return statementPagesFor(useLocation().pathname);
}

/** Opens a presigned file in a new tab (the browser downloads or shows it). */
export async function openStatementFile(id: string, format: 'pdf' | 'csv'): Promise<void> {
  const { url } = await statementsApi.file(id, format);
  window.open(url, '_blank', 'noopener');
}

/** Downloads the selected statements' PDFs as one zip. */
export async function downloadStatements(ids: string[]): Promise<void> {
  const { url } = await statementsApi.bulkDownload(ids);
  window.location.assign(url);
}
