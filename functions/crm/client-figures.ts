import Big from 'big.js';
import { money } from '../../shared/schemas/money.js';
import type { CurrencyOwed } from '../../shared/schemas/finance-views.js';
import { listTenantDeliveries } from '../data/access/deliveries.js';
import { companySummaries, inForce, moneyRecords } from '../money/index.js';

/**
 * What the CRM shows of each client's business, from the code paths the rest of the product uses:
 * the catalogue size and the balance owed are the company summaries the admin dashboard reads (the
 * balance: what the client's statements in force still owe, exact, shown to the cent), the last
 * statement is from its money records, the last delivery from its deliveries. Nothing is summed here.
 */
export type ClientFigures = {
  catalogue: { labels: number; releases: number; recordings: number };
  currency: string;
  balance_owed: string;
  /** The balance per currency: a client whose currency changed keeps its older statements in the old one. */
  balance_owed_by_currency: CurrencyOwed[];
  last_delivery: { status: string; at: string; release_id: string } | null;
  /** `period` is its months as stored ("2026-01 – 2026-03"); the months themselves, for a page to say in words. */
  last_statement: {
    id: string;
    number: string;
    period: string;
    start_pay_period: string;
    end_pay_period: string;
    at: string;
  } | null;
};

async function lastDelivery(companyId: string): Promise<ClientFigures['last_delivery']> {
  const latest = (await listTenantDeliveries(companyId))
    .map((d) => ({
      status: d.status,
      at: d.delivered_at ?? d.updatedAt ?? d.createdAt ?? '',
      release_id: d.release_id,
    }))
    .sort((a, b) => b.at.localeCompare(a.at))[0];
  return latest ?? null;
}

async function lastStatement(companyId: string): Promise<ClientFigures['last_statement']> {
  const latest = (await moneyRecords(companyId)).statements
    .filter(inForce)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))[0];
  return latest
    ? {
        id: latest.statementId,
        number: latest.number,
        period: `${latest.start_pay_period} – ${latest.end_pay_period}`,
        start_pay_period: latest.start_pay_period,
        end_pay_period: latest.end_pay_period,
        at: latest.createdAt ?? '',
      }
    : null;
}

/** Each client company's figures, by company id. */
export async function clientFigures(companyIds: readonly string[]): Promise<Map<string, ClientFigures>> {
  const { summaries } = await companySummaries(companyIds);
  const figures = new Map<string, ClientFigures>();
  await Promise.all(
    companyIds.map(async (companyId) => {
      const summary = summaries.get(companyId);
      const [delivery, statement] = await Promise.all([lastDelivery(companyId), lastStatement(companyId)]);
      figures.set(companyId, {
        catalogue: {
          labels: summary?.counts.labels ?? 0,
          releases: summary?.counts.releases ?? 0,
          recordings: summary?.counts.recordings ?? 0,
        },
        currency: summary?.currency ?? 'GBP',
        balance_owed: summary ? money(new Big(summary.owed)) : '0.00',
        balance_owed_by_currency: summary?.owed_by_currency ?? [],
        last_delivery: delivery,
        last_statement: statement,
      });
    }),
  );
  return figures;
}
