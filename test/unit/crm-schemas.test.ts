import { describe, expect, it } from 'vitest';
import { CRM_STATUS_COLOURS, CRM_STATUSES, storeNotAuthorised, unknownStores } from '../../shared/crm.js';
import { crmClientCreate, crmClientUpdate, labelStoresInput } from '../../shared/schemas/crm.js';

/** The CRM's input rules, before any read or write: the deal rate as exact text, dates in order, bounded lists. */
describe('CRM input', () => {
  const onboard = (client: Record<string, unknown>) =>
    crmClientCreate.safeParse({ client: { name: 'Aurora', ...client } });

  it('keeps the deal percentage as text with two decimals, from 0 to 100, never a float', () => {
    expect(onboard({ deal_percentage: '15.5' }).data?.client.deal_percentage).toBe('15.50');
    expect(onboard({ deal_percentage: 100 }).data?.client.deal_percentage).toBe('100.00');
    expect(onboard({ deal_percentage: '0' }).data?.client.deal_percentage).toBe('0.00');
    for (const bad of ['100.01', '-1', '12.345', 'ten', 1e21])
      expect(onboard({ deal_percentage: bad }).success, String(bad)).toBe(false);
  });

  it('refuses a contract that ends before it starts, naming the end date', () => {
    const answer = crmClientUpdate.safeParse({
      client: { contract_start_date: '2026-05-01', contract_end_date: '2026-04-30' },
    });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues[0]?.path).toEqual(['client', 'contract_end_date']);
    expect(crmClientUpdate.safeParse({ client: { contract_start_date: '2026-05-01' } }).success).toBe(true);
  });

  it('bounds contacts and stores before any work, and knows only its statuses', () => {
    expect(onboard({ contacts: Array.from({ length: 51 }, (_, i) => ({ name: `C${i}` })) }).success).toBe(false);
    expect(labelStoresInput.safeParse({ dsp_ids: Array.from({ length: 501 }, (_, i) => `d${i}`) }).success).toBe(false);
    expect(onboard({ status: 'sleeping' }).success).toBe(false);
    expect(Object.keys(CRM_STATUS_COLOURS)).toEqual([...CRM_STATUSES]);
  });

  it('names the label and the store when a delivery is refused', () => {
    expect(storeNotAuthorised('Harbour Tapes', 'Spotify')).toMatch(
      /^Harbour Tapes is not authorised to deliver to Spotify/,
    );
  });

  it('refuses stores that are not on the list in words, counting them', () => {
    expect(unknownStores(1)).toBe('One of the chosen stores is not in the list of stores: choose the stores again');
    expect(unknownStores(3)).toBe('3 of the chosen stores are not in the list of stores: choose the stores again');
  });
});
