import { listPath, type ListParams } from '../../../app/list-params';
import type { DistributedLabel } from '../../../../../shared/schemas/distributed-labels';
import { formatPercent } from '../../../../../shared/format';
import { dealPercentageProblem } from '../../../../../shared/schemas/money';

/** The admin's distributed labels and their statements: paths, form values and the payload sent. */
export const DISTRIBUTED_LABELS_BASE = '/admin/distributed_labels';
export const DISTRIBUTION_STATEMENTS_BASE = `${DISTRIBUTED_LABELS_BASE}/statements`;

const enc = encodeURIComponent;
export const distributedLabelPath = (id: string) => `${DISTRIBUTED_LABELS_BASE}/${enc(id)}`;

export const distributedLabelsPath = (params: ListParams, company?: string) =>
  listPath(DISTRIBUTED_LABELS_BASE, params, { company });
export const distributionStatementsPath = (params: ListParams, filter: { company?: string; label_id?: string }) =>
  listPath(DISTRIBUTION_STATEMENTS_BASE, params, filter);

export type DistributedLabelValues = {
  company_id: string;
  name: string;
  email: string;
  /** As typed: "15" or "15.5"; empty for no deal of the label's own. */
  deal_percentage: string;
  frequency: string;
  graphs: boolean;
};

export const emptyDistributedLabel = (companyId = ''): DistributedLabelValues => ({
  company_id: companyId,
  name: '',
  email: '',
  deal_percentage: '',
  frequency: '',
  graphs: true,
});

export const distributedLabelValues = (label: DistributedLabel): DistributedLabelValues => ({
  company_id: label.company_id,
  name: label.name,
  email: label.email ?? '',
  deal_percentage: label.deal_percentage ?? '',
  frequency: label.statement_settings.frequency,
  graphs: label.statement_settings.graphs,
});

/** The form's own checks, in the words the server uses for the same fields. */
export function validateDistributedLabel(values: DistributedLabelValues, isNew: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isNew && !values.company_id) errors.company_id = 'Company is required';
  if (!values.name.trim()) errors.name = 'Name is required';
  const deal = dealPercentageProblem(values.deal_percentage);
  if (deal) errors.deal_percentage = deal;
  return errors;
}

/** What POST (with the company) or PATCH admin/distributed_labels sends. */
export function distributedLabelPayload(values: DistributedLabelValues, isNew: boolean): Record<string, unknown> {
  const deal = values.deal_percentage.trim();
  return {
    ...(isNew ? { company_id: values.company_id } : {}),
    name: values.name.trim(),
    email: values.email.trim(),
    // Two decimals at most (checked above): the number is exactly the rate typed.
    ...(deal ? { deal_percentage: Number(deal) } : {}),
    statement_settings: { frequency: values.frequency, graphs: values.graphs },
  };
}

/** "20.00%", or a dash when the label has no deal of its own. */
export const dealText = (deal: string | null) => (deal ? formatPercent(deal) : '-');

/** A generated statement's run in words: still being made, published, left out (months stated already) or failed. */
export function runOutcome(run: { status: string; done: number; skipped: number; error: string | null } | undefined): {
  type: 'info' | 'success' | 'warning' | 'error';
  text: string;
} {
  if (!run || (run.status !== 'published' && run.status !== 'failed'))
    return { type: 'info', text: 'The statement is being made…' };
  if (run.status === 'failed')
    return { type: 'error', text: `The statement could not be made: ${run.error ?? 'try again'}` };
  if (run.done > 0) return { type: 'success', text: 'The statement is published: it is listed below with its PDF.' };
  if (run.skipped > 0)
    return {
      type: 'warning',
      text: 'Nothing new to state: another statement covers these months for this label already.',
    };
  return { type: 'success', text: 'The run finished with nothing to state.' };
}
