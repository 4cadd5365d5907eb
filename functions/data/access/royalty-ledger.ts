import { ulid } from 'ulid';
import { LISTS } from '../list-cache.js';
import type {
  CreateExchangeRate,
  CreateRoyaltyAggregate,
  CreateRoyaltyMatchRule,
  ExchangeRateItem,
  RoyaltyAggregateItem,
  RoyaltyMatchRuleItem,
} from '../entities/royalties.js';
import { getDb } from '../service.js';

/**
 * What the royalty ledger keeps in DynamoDB beside its Parquet files: each import's aggregates,
 * the exchange rates and hand-assigned match rules the ledger rules read, and the version of a
 * tenant's ledger state that readers revalidate against.
 */
const aggregates = () => getDb().entities.RoyaltyAggregate;
const rates = () => getDb().entities.ExchangeRate;

/** Marks the tenant's royalties changed: readers hold the ledger state until this version moves. */
export async function bumpRoyaltiesVersion(tenantId: string): Promise<void> {
  await getDb()
    .entities.ListVersion.put({ list: LISTS.royalties(tenantId), version: ulid() })
    .go();
}

/** The keys of an import's aggregate items. */
export async function aggregateKeys(tenantId: string, importId: string): Promise<string[]> {
  return (
    await aggregates()
      .query.byImport({ tenantId, importId })
      .go({ pages: 'all', attributes: ['key'] })
  ).data.map((item) => item.key);
}

/** An import's aggregate items whose key starts with `prefix` ({pay_period}#{dimension}#). */
export async function aggregatesByPrefix(
  tenantId: string,
  importId: string,
  prefix: string,
): Promise<RoyaltyAggregateItem[]> {
  return (await aggregates().query.byImport({ tenantId, importId }).begins({ key: prefix }).go({ pages: 'all' })).data;
}

export async function putAggregates(items: CreateRoyaltyAggregate[]): Promise<void> {
  if (items.length) await aggregates().put(items).go({ concurrency: 4 });
}

export async function deleteAggregates(tenantId: string, importId: string, keys: string[]): Promise<void> {
  if (keys.length)
    await aggregates()
      .delete(keys.map((key) => ({ tenantId, importId, key })))
      .go({ concurrency: 4 });
}

export async function listExchangeRates(tenantId: string): Promise<ExchangeRateItem[]> {
  return (await rates().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** The newest rate of a distributor and currency pair paid on or before `paymentDate`, or null. */
export async function newestExchangeRate(
  pair: { tenantId: string; distributor: string; original_currency: string; target_currency: string },
  paymentDate: string,
): Promise<ExchangeRateItem | null> {
  const found = await rates().query.byPair(pair).lte({ payment_date: paymentDate }).go({ order: 'desc', limit: 1 });
  return found.data[0] ?? null;
}

export async function getExchangeRate(tenantId: string, id: string): Promise<ExchangeRateItem | null> {
  return (await rates().get({ tenantId, id }).go()).data;
}

export async function createExchangeRate(item: CreateExchangeRate): Promise<ExchangeRateItem> {
  return (await rates().create(item).go()).data;
}

export async function deleteExchangeRate(tenantId: string, id: string): Promise<void> {
  await rates().delete({ tenantId, id }).go();
}

export async function listMatchRules(tenantId: string): Promise<RoyaltyMatchRuleItem[]> {
  return (await getDb().entities.RoyaltyMatchRule.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Remembers that an identifier means a recording or a release (replacing an earlier rule for it). */
export async function putMatchRule(rule: CreateRoyaltyMatchRule): Promise<void> {
  await getDb().entities.RoyaltyMatchRule.put(rule).go();
}
