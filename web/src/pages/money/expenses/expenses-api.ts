import { useLocation } from 'react-router';
import { api } from '../../../app/api';
import { listPath, type ListParams } from '../../../app/list-params';
import { useApi } from '../../../app/resources';
import { expensePagesFor, type ExpensePages, type toExpensePayload } from './expense-model';
import type {
  AccountEntry,
  AccountType,
  AccountView,
  EntryKind,
  Expense,
} from '../../../../../shared/schemas/statement-views';

/**
 * Every call of the accounts area (expenses, account entries, a payee's or artist's
 * account) the SPA makes, in one place: a field name that differs once the API lands is
 * changed here only.
 */
const enc = encodeURIComponent;
type Message = { message?: string };

/** release_id: one release's expenses (the release page's expenses link). */
export type ExpenseListFilter = { label_id?: string; paid?: '' | 'true' | 'false'; release_id?: string };

/**
 * The list call of a page: a label's (distribution) expenses (label/expenses,
 * label/distribution_expenses with label_id), or the company's (expenses with q, label_id, paid).
 */
export function expensesPath(pages: ExpensePages, params: ListParams, filter: ExpenseListFilter): string {
  const extra = { label_id: filter.label_id, paid: filter.paid, release_id: filter.release_id };
  if (!pages.byLabel) return listPath('/expenses', params, { ...extra, type: pages.type });
  const base = pages.type === 'DistributionExpense' ? '/label/distribution_expenses' : '/label/expenses';
  return listPath(base, params, extra);
}

export const useExpense = (id: string | undefined) => useApi<{ expense: Expense }>(id ? `/expenses/${enc(id)}` : null);
export const useExpenseTags = () => useApi<{ tags: string[] }>('/expenses/tags');
export const useExpenseSuppliers = () => useApi<{ suppliers: string[] }>('/expenses/suppliers');

/** A payee's or an artist's account as it stands (balance, pending, recoupment, entries, statements). */
export const useAccountView = (type: 'Payee' | 'Artist', id: string | undefined) =>
  useApi<AccountView>(id ? `/${type === 'Payee' ? 'payees' : 'artists'}/${enc(id)}/accounting` : null);

/** POST account_entries: the amount as typed (positive for advances, reserves, releases); the API signs it. */
export type EntryInput = {
  account: { type: AccountType; id: string };
  kind: EntryKind;
  amount: string;
  date: string;
  description: string | null;
  release_id: string | null;
};

type ExpensePayload = ReturnType<typeof toExpensePayload>;

export const expensesApi = {
  create: (expense: ExpensePayload) => api.post<Message & { expense: Expense }>('/expenses', expense),
  update: (id: string, expense: ExpensePayload) =>
    api.patch<Message & { expense: Expense }>(`/expenses/${enc(id)}`, expense),
  remove: (id: string) => api.delete<Message>(`/expenses/${enc(id)}`),
  createEntry: (entry: EntryInput) => api.post<Message & { account_entry: AccountEntry }>('/account_entries', entry),
  removeEntry: (id: string) => api.delete<Message>(`/account_entries/${enc(id)}`),
};

export function useExpensePages(): ExpensePages {
  return expensePagesFor(useLocation().pathname);
}
