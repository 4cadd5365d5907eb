import { useLocation } from 'react-router';
import { api } from '../../../app/api';
import { listPath, type ListParams } from '../../../app/list-params';
import { useApi } from '../../../app/resources';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import {
  paymentPagesFor,
  type PaymentPages,
  type summaryRequest,
  type toPaymentPatch,
  type toPaymentPayload,
} from './payment-model';
import type { Payment, PaymentSummary } from '../../../../../shared/schemas/payment-views';
import type { StatementList } from '../../../../../shared/schemas/statement-views';

/** Every call of the payments area the SPA makes, in one place. */
const enc = encodeURIComponent;
type Message = { message?: string };

export type PaymentListFilter = { payable_id?: string; label_id?: string };

export const paymentsPath = (params: ListParams, filter: PaymentListFilter) =>
  listPath('/payments', params, { payable_id: filter.payable_id, label_id: filter.label_id });

export const usePayment = (id: string | undefined) => useApi<{ payment: Payment }>(id ? `/payments/${enc(id)}` : null);

/** The company's statements a payment can pay (due: unpaid, in force, paying something), searched by number or payee. */
export const useDueStatements = (q: string, enabled: boolean) =>
  useApi<StatementList>(
    enabled ? `/statements?${new URLSearchParams({ due: 'true', per_page: '50', ...(q ? { q } : {}) })}` : null,
    { keepPreviousData: true },
  );

/** One statement, to start a payment with it (…/payments/new?statement_id=). */
export const useStatementToPay = (id: string | null) =>
  useApi<{ statement: StatementList['statements'][number] }>(id ? `/statements/${enc(id)}` : null);

/**
 * What a payment of the chosen statements would pay (POST payments/summary), read through SWR's key like a GET: the
 * statements and the sent currency and rate in the key, so another choice reads again and never shows the last one's
 * figures.
 */
export function usePaymentSummary(request: ReturnType<typeof summaryRequest>) {
  // Asked once the choice has stopped changing (a rate being typed asks once), the same choice always the same key.
  const asked = request ? JSON.stringify(request) : null;
  const body = useDebouncedValue(asked, 250);
  const result = useApi<{ summary: PaymentSummary }>(
    body ? `/payments/summary?${new URLSearchParams({ body })}` : null,
    {
      fetcher: () => api.post<{ summary: PaymentSummary }>('/payments/summary', body ? JSON.parse(body) : {}),
    },
  );
  // While a new choice waits to be asked, the last one's figures are not this one's: none shown.
  const current = body === asked;
  return {
    summary: current ? (result.data?.summary ?? null) : null,
    error: current ? result.error : undefined,
    loading: Boolean(asked) && (!current || result.isLoading),
  };
}

export const paymentsApi = {
  create: (payment: ReturnType<typeof toPaymentPayload>) =>
    api.post<Message & { payment: Payment }>('/payments', payment),
  update: (id: string, patch: ReturnType<typeof toPaymentPatch>) =>
    api.patch<Message & { payment: Payment }>(`/payments/${enc(id)}`, patch),
  remove: (id: string) => api.delete<Message>(`/payments/${enc(id)}`),
};

export function usePaymentPages(): PaymentPages {
  return paymentPagesFor(useLocation().pathname);
}
