import { api } from '../../../app/api';
import { useApi } from '../../../app/resources';
import type {
  ExchangeRateInput,
  DebtorAccountView,
  PaymentRun,
  PaymentRunList,
  PaymentsDueSummary,
  PayoutDetailsView,
} from '../../../../../shared/schemas/payment-views';
import type { AccountType } from '../../../../../shared/schemas/statement-views';
import type { PayoutRequestView } from '../../../../../shared/schemas/payout-details';

/**
 * Every call of the payouts area the SPA makes: payout details (masked), the company's
 * bank account, what is due and payment runs.
 */
const enc = encodeURIComponent;
type Message = { message?: string };

const accountPath = (type: AccountType, id: string) =>
  `/${type === 'Payee' ? 'payees' : type === 'Artist' ? 'artists' : 'labels'}/${enc(id)}`;
const detailsPath = (type: AccountType, id: string) => `${accountPath(type, id)}/payout_details`;

export const usePayoutDetails = (type: AccountType, id: string) =>
  useApi<{ payout_details: PayoutDetailsView }>(detailsPath(type, id));
const requestPath = (type: AccountType, id: string) => `${accountPath(type, id)}/payout_details_request`;
/** How often an open request is read again: the payee, artist or label answers from their own mail, on no page of ours. */
const OPEN_REQUEST_REFRESH_MS = 30_000;

/**
 * A payee's, artist's or label's outstanding request for their own bank details, or null: read again every half
 * minute while open, and when the tab is shown again (staff come back from their mail once it has been answered).
 */
export const usePayoutRequest = (type: AccountType, id: string) =>
  useApi<{ payout_details_request: PayoutRequestView | null }>(requestPath(type, id), {
    refreshInterval: (latest) => (latest?.payout_details_request ? OPEN_REQUEST_REFRESH_MS : 0),
    revalidateOnFocus: true,
  });
export const useDebtorAccount = () => useApi<{ debtor_account: DebtorAccountView }>('/company/debtor_account');
export const usePaymentRuns = () => useApi<PaymentRunList>('/payment_runs?page=1&per_page=10');
export const usePaymentRun = (id: string | null) =>
  useApi<{ payment_run: PaymentRun }>(id ? `/payment_runs/${enc(id)}` : null);

/**
 * The summary is a POST; read through SWR's key like a GET, the payment day in the key so another day reads again
 * (its warnings are of a payment on that day). The rows stay while another day's are read.
 */
export const useDueSummary = (payOn?: string) => {
  const body = payOn ? { pay_on: payOn } : {};
  const result = useApi<PaymentsDueSummary>(`/statements/payments_due_summary${payOn ? `?pay_on=${enc(payOn)}` : ''}`, {
    fetcher: () => api.post<PaymentsDueSummary>('/statements/payments_due_summary', body),
    keepPreviousData: true,
  });
  return result;
};

/** What the payout-details form sends: fields left out keep what is stored. */
export type PayoutDetailsForm = {
  method: string;
  account_name?: string;
  currency?: string;
  iban?: string;
  bic?: string;
  sort_code?: string;
  account_number?: string;
  email?: string;
};

export const payoutsApi = {
  saveDetails: (type: AccountType, id: string, body: PayoutDetailsForm) =>
    api.put<Message & { payout_details: PayoutDetailsView }>(detailsPath(type, id), body),
  removeDetails: (type: AccountType, id: string) => api.delete<Message>(detailsPath(type, id)),
  askForDetails: (type: AccountType, id: string) =>
    api.post<Message & { payout_details_request: PayoutRequestView | null }>(requestPath(type, id)),
  withdrawRequest: (type: AccountType, id: string) => api.delete<Message>(requestPath(type, id)),
  saveDebtor: (body: { name: string; iban?: string; bic?: string; uk_bulk_amounts: 'pounds' | 'pence' }) =>
    api.put<Message & { debtor_account: DebtorAccountView }>('/company/debtor_account', body),
  createRun: (body: { statement_ids: string[]; execution_date: string; exchange_rates?: ExchangeRateInput[] }) =>
    api.post<Message & { payment_run: PaymentRun }>('/payment_runs', body),
  exportRun: (id: string) => api.post<Message & { payment_run: PaymentRun }>(`/payment_runs/${enc(id)}/export`),
  file: (id: string, name: string) =>
    api.get<{ url: string; filename: string }>(`/payment_runs/${enc(id)}/files/${enc(name)}`),
  confirmRun: (id: string, paymentDate: string) =>
    api.post<Message & { payment_run: PaymentRun }>(`/payment_runs/${enc(id)}/confirm`, { payment_date: paymentDate }),
  cancelRun: (id: string) => api.post<Message & { payment_run: PaymentRun }>(`/payment_runs/${enc(id)}/cancel`),
};
