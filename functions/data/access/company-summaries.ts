import type { CompanySummaryItem } from '../entities/company-summary.js';
import { getDb } from '../service.js';

/** The platform dashboard's stored per-company summaries (derived data: see the entity). */

const summaries = () => getDb().entities.CompanySummary;

/** DynamoDB's BatchGetItem limit. */
const BATCH = 100;

/** The stored summaries of these companies, by company id (absent when never stored): one BatchGet per 100. */
export async function getCompanySummaries(companyIds: readonly string[]): Promise<Map<string, CompanySummaryItem>> {
  const found = new Map<string, CompanySummaryItem>();
  for (let i = 0; i < companyIds.length; i += BATCH) {
    const keys = companyIds.slice(i, i + BATCH).map((companyId) => ({ companyId }));
    const { data } = await summaries().get(keys).go();
    for (const item of data) found.set(item.companyId, item);
  }
  return found;
}

export async function putCompanySummary(companyId: string, versions: string, summary: string): Promise<void> {
  await summaries().put({ companyId, versions, summary, computedAt: new Date().toISOString() }).go();
}
