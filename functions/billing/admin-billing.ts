import { cardBrand } from '../../shared/card-brand.js';
import type { BillingEventView } from '../../shared/schemas/billing.js';
import { listBillingEvents } from '../data/access/billing.js';
import { listCompanies } from '../data/access/companies.js';
import type { BillingEventItem } from '../data/entities/billing.js';
import { readPlans } from '../plans/entitlements.js';
import type { BillingProvider } from './provider.js';

/** The admin /billing dashboard and its events table. */

function eventView(event: BillingEventItem, names: ReadonlyMap<string, string>): BillingEventView {
  return {
    id: event.eventId,
    type: event.type,
    company_id: event.companyId,
    company_name: names.get(event.companyId) ?? null,
    created: new Date(event.created * 1000).toISOString(),
    received_at: event.receivedAt ?? '',
    processed_at: event.processedAt ?? null,
    outcome: event.outcome ?? null,
    summary: event.summary ?? null,
  };
}

/** A page of the provider events the worker received, newest first, with each company's name. */
export async function billingEvents(limit: number, cursor?: string) {
  const [page, companies] = await Promise.all([listBillingEvents(limit, cursor), listCompanies()]);
  const names = new Map(companies.map((company) => [company.companyId, company.name]));
  return { events: page.events.map((event) => eventView(event, names)), cursor: page.cursor };
}

/**
 * Everything the dashboard shows at once: the plans, the provider's coupons and promotion codes, the companies
 * with a subscription and those with a customer record (billing contact, card as reported), the latest events.
 */
export async function billingOverview(provider: BillingProvider) {
  const [plans, coupons, promotionCodes, companies, events] = await Promise.all([
    readPlans(),
    provider.listCoupons(),
    provider.listPromotionCodes(),
    listCompanies(),
    billingEvents(20),
  ]);
  const subscribed = companies.filter((company) => company.subscription);
  return {
    provider: provider.name,
    plans,
    coupons,
    promotion_codes: promotionCodes,
    subscriptions: subscribed.map((company) => ({
      company_id: company.companyId,
      company_name: company.name,
      plan_id: company.subscription_id ?? null,
      status: company.subscription?.status ?? null,
      provider: company.subscription?.provider ?? null,
      provider_subscription_id: company.subscription?.provider_subscription_id ?? null,
      current_period_end: company.subscription?.current_period_end ?? null,
      cancel_at_period_end: company.subscription?.cancel_at_period_end ?? false,
      delinquent: company.billing?.delinquent ?? false,
    })),
    customers: companies
      .filter((company) => company.billing?.customer_id)
      .map((company) => ({
        company_id: company.companyId,
        company_name: company.name,
        customer_id: company.billing?.customer_id ?? null,
        email: company.billing?.email ?? null,
        business_vat_id: company.billing?.business_vat_id ?? null,
        description: company.billing?.description ?? null,
        card: company.billing?.card_last4
          ? `${cardBrand(company.billing.card_type)} •••• ${company.billing.card_last4} ` +
            `${company.billing.card_exp_month}/${company.billing.card_exp_year}`
          : null,
        delinquent: company.billing?.delinquent ?? false,
      })),
    events: events.events,
  };
}
