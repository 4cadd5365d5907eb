import { api } from '../../app/api';
import { useApi } from '../../app/resources';
import type { PlanView } from '../../../../shared/plans';
import type {
  BillingDetailsView,
  BillingEventView,
  CouponView,
  LocalCheckoutView,
  PromotionCodeView,
} from '../../../../shared/schemas/billing';

/** Every call of the billing area the SPA makes, in one place. */
const enc = encodeURIComponent;
type Message = { message?: string };

export type BillingOverview = {
  provider: 'stripe' | 'local';
  plans: PlanView[];
  coupons: CouponView[];
  promotion_codes: PromotionCodeView[];
  subscriptions: {
    company_id: string;
    company_name: string;
    plan_id: string | null;
    status: string | null;
    provider: string | null;
    provider_subscription_id: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    delinquent: boolean;
  }[];
  customers: {
    company_id: string;
    company_name: string;
    customer_id: string | null;
    email: string | null;
    business_vat_id: string | null;
    description: string | null;
    card: string | null;
    delinquent: boolean;
  }[];
  events: BillingEventView[];
};

export const useBillingOverview = () => useApi<BillingOverview>('/billing/overview', { refreshInterval: 5000 });
export const useCoupons = () => useApi<{ coupons: CouponView[] }>('/coupons');
export const useLocalCheckout = (id: string | undefined) =>
  useApi<{ checkout: LocalCheckoutView }>(id ? `/billing/local_checkout/${enc(id)}` : null);
/** The company's billing (its id, not necessarily the current company: the page is the company's). */
export const useBillingDetails = (companyId: string | undefined) =>
  useApi<BillingDetailsView>(companyId ? '/company/billing_details' : null, { refreshInterval: 4000 }, companyId);

export type CardInput = { card_number: string; exp_month: number; exp_year: number; cvc: string };
export type DetailsInput = { email?: string; business_vat_id?: string; description?: string };

export const billingApi = {
  checkout: (companyId: string, plan_id: string, coupon?: string) =>
    api.post<{ url: string }>('/company/billing/checkout', { plan_id, ...(coupon ? { coupon } : {}) }, { companyId }),
  cancel: (companyId: string, atPeriodEnd: boolean) =>
    api.post<Message>('/company/billing/cancel', { at_period_end: atPeriodEnd }, { companyId }),
  saveDetails: (companyId: string, details: DetailsInput) =>
    api.patch<Message & BillingDetailsView>('/company/billing_details', details, { companyId }),
  pay: (sessionId: string, card: CardInput) =>
    api.post<{ url: string }>(`/billing/local_checkout/${enc(sessionId)}/pay`, card, { companyId: null }),
  renew: (companyId: string, outcome?: 'paid' | 'failed') =>
    api.post<{ result: string }>('/billing/local/renew', { company_id: companyId, ...(outcome ? { outcome } : {}) }),
  createCoupon: (coupon: Record<string, unknown>) => api.post<Message & { coupon: CouponView }>('/coupons', coupon),
  deleteCoupon: (id: string) => api.delete<Message>(`/coupons/${enc(id)}`),
};
