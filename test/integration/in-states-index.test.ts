import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { indexItemsInStates } from '../../functions/data/access/index-items-in-states.js';
import {
  cancelSchedule,
  claimScheduledSend,
  endScheduledSend,
  listPromosSending,
  listScheduledSends,
  scheduleSend,
} from '../../functions/data/access/promos.js';
import { getDb } from '../../functions/data/service.js';
import { dynamoClient } from '../../functions/lib/clients.js';

/**
 * Jobs not finished and sends still to start are found through sparse indexes of their states, not by scanning
 * every company's items: an item is in the index exactly while a write left it in one of those states. This file
 * makes its own company id and promos and reads only those.
 */
const tenantId = `in-states-${ulid()}`;
/** One index's re-indexing: each is a scan of the shared cloud's whole table. */
const PROMO_STATUS = { entity: 'Promo', attribute: 'status' };
const promo = (id: string, status: 'draft' | 'sending' = 'draft') => ({
  tenantId,
  id,
  release_id: 'release',
  title: `Promo ${id}`,
  subject: 'Listen first',
  start_date: '2026-01-01',
  expiry_date: '2027-01-01',
  access: 'stream' as const,
  download_limit: 0,
  feedback_required: false,
  recording_ids: ['recording'],
  status,
});
const ours = async (list: () => Promise<{ tenantId: string; id: string; schedule?: string }[]>) =>
  (await list())
    .filter((p) => p.tenantId === tenantId)
    .map((p) => p.id)
    .sort();

describe('sparse indexes of states', () => {
  it('holds a scheduled send while it is scheduled or starting, and lets it go when it starts or is cancelled', async () => {
    const [started, cancelled, draft] = [ulid(), ulid(), ulid()];
    for (const id of [started, cancelled, draft]) await getDb().entities.Promo.create(promo(id)).go();
    expect(await ours(listScheduledSends)).toEqual([]);

    // Due in 2099, and claimed "then" (a claim takes the time it runs at): the shared cloud's minute-by-minute promo
    // schedule, which claims sends due by its real clock, never takes these from the test.
    const send = { send_at: '2099-01-01T00:00:00.000Z', mailing_list_ids: [], emails: ['dj@example.com'] };
    for (const id of [started, cancelled]) expect(await scheduleSend(tenantId, id, send)).toBe(true);
    expect(await ours(listScheduledSends)).toEqual([started, cancelled].sort());

    const now = '2099-01-01T00:01:00.000Z';
    expect(await claimScheduledSend(tenantId, started, now)).toBe(true);
    expect((await listScheduledSends()).find((p) => p.id === started)?.schedule).toBe('starting');
    expect(await cancelSchedule(tenantId, cancelled)).toBe(true);
    expect(await ours(listScheduledSends)).toEqual([started]);
    expect(await endScheduledSend(tenantId, started, now, { to: 'started' })).toBe(true);
    expect(await ours(listScheduledSends)).toEqual([]);
  });

  it('finds a promo sending, and one written before the index existed once the start re-indexes it', async () => {
    const sending = ulid();
    await getDb().entities.Promo.create(promo(sending, 'sending')).go();
    expect(await ours(listPromosSending)).toEqual([sending]);

    // As an older version wrote it: the same item without the index's keys.
    const old = ulid();
    const params = getDb().entities.Promo.create(promo(old, 'sending')).params() as {
      TableName: string;
      Item: Record<string, unknown>;
    };
    const { gsi4pk: _pk, gsi4sk: _sk, ...withoutIndex } = params.Item;
    expect(_pk).toBeDefined();
    await dynamoClient().send(new PutCommand({ TableName: params.TableName, Item: withoutIndex }));
    expect(await ours(listPromosSending)).toEqual([sending]);

    // Pages of ten items: the table has many more, so the one to index is found on a later page.
    expect(await indexItemsInStates(PROMO_STATUS, 10)).toBeGreaterThanOrEqual(1);
    expect(await ours(listPromosSending)).toEqual([old, sending].sort());
    // Twice is once: what is indexed already is not written again.
    await indexItemsInStates(PROMO_STATUS);
    expect(await ours(listPromosSending)).toEqual([old, sending].sort());
  });
});
