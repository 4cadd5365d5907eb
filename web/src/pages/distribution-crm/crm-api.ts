import { api } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { useApi } from '../../app/resources';
import type { CrmStatus } from '../../../../shared/crm';

/** The distributor's CRM as the API answers it (functions/crm), in the current company: the distributor. */

export type Person = { id: string; name: string };
type Contact = { id?: string; name: string; email?: string; phone?: string; role?: string };
export type CrmClient = {
  id: string;
  name: string;
  email: string | null;
  status: CrmStatus;
  status_colour: 'pending' | 'in-progress' | 'success' | 'warning' | 'stopped';
  account_manager: Person | null;
  contacts: Contact[];
  deal_percentage: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  open_tasks: number;
  catalogue: { labels: number; releases: number; recordings: number };
  currency: string;
  balance_owed: string;
  /** The balance per currency, as the page shows it. */
  balance_owed_by_currency: { currency: string; owed: string }[];
  last_delivery: { status: string; at: string } | null;
  last_statement: {
    id: string;
    number: string;
    start_pay_period: string;
    end_pay_period: string;
    at: string;
  } | null;
};
type Task = { id: string; body: string; done: boolean; due_date?: string | null; assignee_id?: string | null };
type Note = { id: string; title: string; content: string; tags: string[]; created_at: string };
type Activity = { at: string; by_name: string; text: string };
export type CrmClientPage = CrmClient & { notes: Note[]; todo_tasks: Task[]; activity: Activity[] };
export type CrmList = {
  clients: CrmClient[];
  total_count: number;
  by_status: Record<CrmStatus, number>;
  account_managers: Person[];
};

export type ClientLabel = {
  id: string;
  name: string;
  company_id: string;
  company_name: string;
  parent_label_id: string | null;
  parent_label_name: string | null;
  stores: Person[];
};
export type ClientLabelPage = ClientLabel & {
  statement_settings: { frequency?: string; graphs?: boolean };
  affiliates: Person[];
  catalogue: { id: string; title: string; status: string; upc: string | null }[];
  deliveries: { id: string; release_title: string; store: string; status: string; at: string }[];
};

export type ClientTerms = {
  status?: CrmStatus;
  account_manager_id?: string;
  deal_percentage?: string;
  contract_start_date?: string;
  contract_end_date?: string;
  contacts?: Contact[];
};

const enc = encodeURIComponent;
const clientPath = (id: string) => `/crm/clients/${enc(id)}`;
const labelPath = (id: string) => `/distribution_labels/${enc(id)}`;
type Message = { message: string };

export function crmPath(filters: { status?: string; account_manager_id?: string; q?: string }) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
  return `/crm${query ? `?${query}` : ''}`;
}
export const useCrm = (path: string) => useApi<CrmList>(path, { keepPreviousData: true });
export const useCrmClient = (id: string) =>
  useApi<{ client: CrmClientPage; account_managers: Person[] }>(clientPath(id));
export const useCompanyLabels = (companyId: string) =>
  useApi<{ labels: ClientLabel[] }>(`/company_labels?company_id=${enc(companyId)}`);
export const useDistributorLabels = (distributorId: string | undefined) =>
  useApi<{ labels: ClientLabel[] }>(distributorId ? `/distributor_labels?distributor_id=${enc(distributorId)}` : null);
export const useClientLabel = (id: string) => useApi<{ label: ClientLabelPage }>(labelPath(id));

/** Reloads every CRM answer after a write (the list, the client's page, its labels). */
export const useRefreshCrm = () =>
  useInvalidate('/crm', '/company_labels', '/distributor_labels', '/distribution_labels');

export const crmApi = {
  onboard: (client: ClientTerms & { name: string; email?: string }) =>
    api.post<Message & { client: CrmClient }>('/crm/clients', { client }),
  update: (id: string, client: ClientTerms) => api.patch<Message>(clientPath(id), { client }),
  addNote: (id: string, note: { title: string; content?: string }) =>
    api.post<Message>(`${clientPath(id)}/notes`, { note }),
  addTask: (id: string, task: { body: string; due_date?: string; assignee_id?: string }) =>
    api.post<Message>(`${clientPath(id)}/todo_tasks`, { todo_task: task }),
  setTaskDone: (id: string, taskId: string, done: boolean) =>
    api.patch<Message>(`${clientPath(id)}/todo_tasks/${enc(taskId)}`, { todo_task: { done } }),
  addLabel: (id: string, label: { name: string; parent_label_id?: string }) =>
    api.post<Message & { label: ClientLabel }>(`${clientPath(id)}/labels`, { label }),
  updateLabel: (
    id: string,
    label: { name?: string; parent_label_id?: string; statement_settings?: { frequency?: string; graphs?: boolean } },
  ) => api.patch<Message>(labelPath(id), { label }),
  setStores: (id: string, dspIds: string[]) => api.put<Message>(`${labelPath(id)}/stores`, { dsp_ids: dspIds }),
};

export const labelRoyaltiesPath = (id: string) => `${labelPath(id)}/royalties`;

/** "1 label, 3 releases": a count with its word, singular for one. */
const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
export const catalogueWords = (c: CrmClient['catalogue'], withRecordings = false) =>
  [
    counted(c.labels, 'label'),
    counted(c.releases, 'release'),
    ...(withRecordings ? [counted(c.recordings, 'recording')] : []),
  ].join(', ');
