import { api } from '../../../app/api';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import { GLOBAL } from '../users/user-api';
import type { DistributedLabel } from '../../../../../shared/schemas/distributed-labels';
import type { StatementRun } from '../../../../../shared/schemas/statement-views';
import { DISTRIBUTED_LABELS_BASE, distributedLabelPath } from './distributed-label-model';

type Saved = { distributed_label: DistributedLabel; message: string };
export type Generated = { statement_run: StatementRun; company_id: string; message: string };

export const useDistributedLabel = (id: string | undefined) =>
  useApi<{ distributed_label: DistributedLabel }>(id ? distributedLabelPath(id) : null);

/** Every distributed label, by name (the generate form's picker). */
export const useDistributedLabelChoices = () =>
  useApi<{ distributed_labels: DistributedLabel[] }>(`${DISTRIBUTED_LABELS_BASE}?per_page=1000&sort_field=name`);

export const saveDistributedLabel = (id: string | undefined, body: Record<string, unknown>) =>
  id
    ? api.patch<Saved>(distributedLabelPath(id), body, GLOBAL)
    : api.post<Saved>(DISTRIBUTED_LABELS_BASE, body, GLOBAL);

/** The label's distribution statement for the months chosen, made by the statements area's one statement path. */
export const generateStatement = (body: { label_id: string; start_pay_period: string; end_pay_period: string }) =>
  api.post<Generated>(`${DISTRIBUTED_LABELS_BASE}/generate_statement`, body, GLOBAL);

/** A statement's PDF, read in the statement's own company (admins work in every company). */
export async function openStatementPdf(statementId: string, companyId: string): Promise<void> {
  const { url } = await api.get<{ url: string }>(`/statements/${encodeURIComponent(statementId)}/pdf`, { companyId });
  window.open(url, '_blank', 'noopener');
}

/** Revalidates every distributed-label answer (lists, records and statements) after a write. */
export const useRefreshDistributedLabels = () => useInvalidate(DISTRIBUTED_LABELS_BASE);
