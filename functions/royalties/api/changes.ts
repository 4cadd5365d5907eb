import { ulid } from 'ulid';
import { z } from 'zod';
import { humanizeField, MESSAGES } from '../../../shared/messages.js';
import { catalogueRecordExists, companyMoneyTerms, labelDealPercentage } from '../../data/access/royalty-catalogue.js';
import { getEdit, putManualRoyalty, putStateRule } from '../../data/access/royalty-overlays.js';
import { writeUnstatedEdits, type LineFacts } from './stated-lines.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import type { NewSale, RoyaltyFields, RoyaltyUpdate } from '../../../shared/schemas/royalty.js';
import { findExchangeRate, listExchangeRates } from './exchange-rates.js';
import { royaltiesChanged } from '../ledger/state.js';
import { countRoyalties, queryRows, selectRoyalties, withConnection } from '../ledger/query.js';
import { idsCondition, MANUAL_PREFIX, parseRoyaltyId, type StateFlag } from '../ledger/overlays.js';
import { royaltyFilter, withoutState, type RoyaltyFilter } from '../ledger/filter.js';
import { required } from '../../lib/required.js';
import { saleWithCatalogue } from './sale-catalogue.js';

/**
 * What users change on royalties: edit, delete, a manual sale, paid states singly
 * and in bulk. Each is an overlay item (entities/royalty-overlays.ts); the ledger stays as imported.
 * The request schemas are shared with the SPA's royalty form (shared/schemas/royalty.ts).
 */

/** Catalogue links must name the company's own records: another tenant's id is refused like a wrong one. */
async function checkLinks(tenantId: string, fields: RoyaltyFields): Promise<void> {
  for (const field of ['label_id', 'release_id', 'recording_id', 'artist_id'] as const) {
    const value = fields[field];
    if (typeof value === 'string' && !(await catalogueRecordExists(tenantId, field, value)))
      throw new InvalidField(field, `${humanizeField(field)} not found in this company`);
  }
}

export async function getRoyalty(tenantId: string, royaltyId: string) {
  if (!parseRoyaltyId(royaltyId)) throw new NotFound('Royalty');
  const [row] = await selectRoyalties(tenantId, idsCondition([royaltyId]), 1);
  if (!row) throw new NotFound('Royalty');
  return row;
}

/** What the frozen-line rule reads of a line (stated-lines.ts). */
const factsOf = (row: Record<string, unknown>): LineFacts => ({
  id: String(row.id),
  import_id: typeof row.import_id === 'string' && !row.manual ? row.import_id : null,
  pay_period: typeof row.pay_period === 'string' ? row.pay_period : null,
});

export async function updateRoyalty(tenantId: string, userId: string, royaltyId: string, update: RoyaltyUpdate) {
  const line = await getRoyalty(tenantId, royaltyId);
  const set = Object.fromEntries(
    Object.entries(update).filter(([, value]) => value !== null && value !== undefined),
  ) as RoyaltyFields;
  const emptied = Object.keys(update).filter((field) => update[field as keyof RoyaltyUpdate] === null);
  await checkLinks(tenantId, set);
  const previous = await getEdit(tenantId, royaltyId);
  // An edit accumulates: later values replace earlier ones, and setting a field again undoes emptying it.
  const fields = Object.fromEntries(
    Object.entries({ ...(previous?.fields ?? {}), ...set }).filter(([field]) => !emptied.includes(field)),
  );
  const cleared = [...new Set([...(previous?.cleared ?? []).filter((field) => !(field in set)), ...emptied])];
  await writeUnstatedEdits(
    tenantId,
    [factsOf(line)],
    [{ tenantId, id: royaltyId, deleted: false, fields, cleared, userId }],
  );
  await royaltiesChanged(tenantId);
  return { royalty: await getRoyalty(tenantId, royaltyId), message: MESSAGES.royaltyUpdated };
}

export async function deleteRoyalty(tenantId: string, userId: string, royaltyId: string) {
  const line = await getRoyalty(tenantId, royaltyId);
  await writeUnstatedEdits(tenantId, [factsOf(line)], [{ tenantId, id: royaltyId, deleted: true, userId }]);
  await royaltiesChanged(tenantId);
  return { message: 'Royalty Deleted' };
}

/** The company's currency (GBP unless set) and its deal percentage. */
async function companyTerms(tenantId: string) {
  const company = await companyMoneyTerms(tenantId);
  return { currency: (company?.currency ?? 'GBP').toUpperCase(), deal: company?.deal_percentage };
}

/**
 * A manual sale, converted and split like an imported line: the rate for the sale's currency
 * (the newest on or before today, the retailer's own else any distributor's), the label's
 * deal (else the company's, else 100 %) for the label's cut. Arithmetic in DuckDB decimals.
 */
export async function createRoyalty(tenantId: string, userId: string, typed: NewSale) {
  await checkLinks(tenantId, typed);
  // Its release, label and words from the catalogue where left blank: the label's deal then applies.
  const sale = await saleWithCatalogue(tenantId, typed);
  const terms = await companyTerms(tenantId);
  let rate = '1';
  if (sale.currency !== terms.currency) {
    const found = await latestRate(tenantId, sale.retailer, sale.currency, terms.currency);
    if (!found)
      throw new InvalidField(
        'currency',
        `No exchange rate from ${sale.currency} to ${terms.currency}: add one under exchange rates first`,
      );
    rate = found;
  }
  const labelDeal = sale.label_id ? await labelDealPercentage(tenantId, sale.label_id) : undefined;
  const deal = String(labelDeal ?? terms.deal ?? 100);
  const [money] = await withConnection((connection) =>
    queryRows(
      connection,
      `SELECT CAST(a AS VARCHAR) AS amount, CAST(l AS VARCHAR) AS label_payable, CAST(a - l AS VARCHAR) AS aggregator_payable
       FROM (SELECT a, coalesce(CAST($label AS DECIMAL(18,6)), round(a * CAST($deal AS DECIMAL(9,4)) / 100, 6)) AS l
             FROM (SELECT coalesce(CAST($amount AS DECIMAL(18,6)), round(CAST($subtotal AS DECIMAL(18,6)) * CAST($rate AS DECIMAL(18,6)), 6)) AS a))`,
      {
        subtotal: sale.subtotal_payable,
        rate,
        deal,
        amount: sale.amount ?? (null as unknown as string),
        label: sale.label_payable ?? (null as unknown as string),
      },
    ),
  );
  const id = `${MANUAL_PREFIX}${ulid()}`;
  const fields = {
    ...sale,
    company_currency: terms.currency,
    exchange_rate: rate,
    amount: String(money.amount),
    label_payable: String(money.label_payable),
    aggregator_payable: String(money.aggregator_payable),
    artist_payable: sale.artist_payable ?? '0',
    matched_by: sale.recording_id || sale.release_id ? 'manual' : null,
    estimated: false,
  };
  await putManualRoyalty({ tenantId, id, fields, userId });
  await royaltiesChanged(tenantId);
  return { royalty: await getRoyalty(tenantId, id), message: MESSAGES.royaltyAdded };
}

/** The newest rate on or before today for a currency pair: the retailer's own, else any distributor's. */
async function latestRate(tenantId: string, retailer: string, from: string, to: string): Promise<string | null> {
  const today = new Date().toISOString().slice(0, 10);
  const own = await findExchangeRate(tenantId, {
    distributor: retailer,
    payment_date: today,
    original_currency: from,
    target_currency: to,
  });
  if (own) return own.rate;
  const any = (await listExchangeRates(tenantId)).find(
    (r) => r.original_currency === from && r.target_currency === to && r.payment_date <= today,
  );
  return any?.rate ?? null;
}

/** Which lines a bulk action names: listed ids, or every line a filter selects (one of the two). */
export const selection = z
  .strictObject({
    ids: z.array(z.string().trim().min(1).max(80)).min(1).max(1000).optional(),
    filter: royaltyFilter.optional(),
  })
  .refine((body) => Boolean(body.ids) !== Boolean(body.filter), {
    path: ['ids'],
    message: 'ids or filter is required (one of the two)',
  });

const STATE_ACTIONS: Record<
  'mark_as_paid' | 'mark_as_unpaid' | 'mark_as_artist_paid' | 'mark_as_artist_unpaid',
  { flag: StateFlag; value: boolean }
> = {
  mark_as_paid: { flag: 'paid', value: true },
  mark_as_unpaid: { flag: 'paid', value: false },
  mark_as_artist_paid: { flag: 'artist_paid', value: true },
  mark_as_artist_unpaid: { flag: 'artist_paid', value: false },
};
export type StateAction = keyof typeof STATE_ACTIONS;

/**
 * Marks lines paid / unpaid / artist paid / artist unpaid: one rule item however many lines it
 * covers. A filter's own state condition is dropped: marking "all unpaid" paid is marking all paid.
 */
export async function markRoyalties(
  tenantId: string,
  userId: string,
  action: StateAction,
  target: { ids: string[] } | { filter: RoyaltyFilter },
) {
  const { flag, value } = STATE_ACTIONS[action];
  if ('ids' in target) {
    const bad = target.ids.find((id) => !parseRoyaltyId(id));
    if (bad) throw new InvalidField('ids', `${bad} is not a royalty id`);
  }
  const filter = 'filter' in target ? withoutState(target.filter) : undefined;
  const updated =
    'ids' in target
      ? (await selectRoyalties(tenantId, idsCondition(target.ids), 1000)).length
      : await countRoyalties(tenantId, required(filter, 'the filter'));
  await putStateRule({
    tenantId,
    seq: ulid(),
    flag,
    value,
    ...('ids' in target ? { ids: target.ids } : { filter }),
    userId,
  });
  await royaltiesChanged(tenantId);
  return { updated, message: `${updated} royalties updated` };
}

/** royalties_bulk_update: the same fields set on every listed line. */
export async function bulkUpdateRoyalties(tenantId: string, userId: string, ids: string[], fields: RoyaltyFields) {
  const bad = ids.find((id) => !parseRoyaltyId(id));
  if (bad) throw new InvalidField('ids', `${bad} is not a royalty id`);
  await checkLinks(tenantId, fields);
  const found = await selectRoyalties(tenantId, idsCondition(ids), 1000);
  const edits = [];
  for (const row of found) {
    const royaltyId = String(row.id);
    const previous = await getEdit(tenantId, royaltyId);
    edits.push({ tenantId, id: royaltyId, deleted: false, fields: { ...(previous?.fields ?? {}), ...fields }, userId });
  }
  await writeUnstatedEdits(tenantId, found.map(factsOf), edits);
  await royaltiesChanged(tenantId);
  return { updated: found.length, message: 'Royalties Updated' };
}
