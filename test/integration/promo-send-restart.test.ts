import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed in the middle of a promo send and started again: the send worker had mailed
 * some recipients and held the rest queued (the queue's message lived in memory only). On start the
 * promo still sending is queued again (the jobs registry), the rest are mailed, and nobody gets the
 * promo twice. The cloud runs in a process of its own so that it can be killed outright, like a
 * terminal closed on `npm start`; its send is paced slowly (PROMO_SEND_RATE) so the kill lands midway.
 */
const cloud = restartableCloud('promo-restart', { PROMO_SEND_RATE: '4' });
afterAll(() => cloud.remove());

/** How many mails each address got, from the cloud's outbox folder. */
function mailsByAddress(outbox: string): Map<string, number> {
  const counts = new Map<string, number>();
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((name) => /^[0-9A-Z]+\.json$/.test(name));
  } catch {
    // No mail yet: the folder is made with the first one.
  }
  for (const file of files) {
    const { to } = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string };
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

describe('the local cloud stopped mid-send and started again', () => {
  it('carries the promo send on: everyone is mailed, nobody twice', async () => {
    const env = await cloud.start();
    const outbox = env.LOCAL_OUTBOX_DIR;
    // Imported only now: the SDK clients read this cloud's endpoints (the same ports after the restart).
    const { getDb } = await import('../../functions/data/service.js');
    const { sendPromo } = await import('../../functions/promos/send.js');
    const db = getDb().entities;

    const tenantId = `promo-restart-${Date.now()}`;
    const promoId = 'restart-promo';
    const today = new Date().toISOString().slice(0, 10);
    await db.Promo.create({
      tenantId,
      id: promoId,
      release_id: 'restart-release',
      title: 'Restart EP',
      subject: 'Restart EP, before it is out',
      start_date: today,
      expiry_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      access: 'stream',
      download_limit: 3,
      feedback_required: false,
      recording_ids: ['restart-recording'],
      status: 'draft',
    }).go();
    const emails = Array.from({ length: 24 }, (_, i) => `restart-${i}@example.test`);
    // As "Send now" does (as an admin: no plan to count against): recipients queued, the worker's message sent.
    const answer = await sendPromo(tenantId, promoId, { mailing_list_ids: [], emails }, true);
    expect(answer.queued).toBe(24);

    const statuses = async () =>
      (await db.PromoRecipient.query.byPromo({ tenantId, promo_id: promoId }).go({ pages: 'all' })).data.map(
        (r) => r.status,
      );
    // Killed once some are mailed and most are still queued (the send paces 2 mails a second).
    await until(async () => ((await statuses()).filter((s) => s === 'mailed').length >= 4 ? true : undefined), 60_000);
    await cloud.kill();
    // The outbox is a folder, readable with the cloud down: mid-send, some mailed and not everyone.
    const mailedAtKill = mailsByAddress(outbox);
    expect(mailedAtKill.size).toBeGreaterThanOrEqual(4);
    expect(mailedAtKill.size).toBeLessThan(24);

    // Started again on the same state: the promo left sending is queued again and finished.
    await cloud.start();
    const done = await until(async () => {
      const promo = (await db.Promo.get({ tenantId, id: promoId }).go()).data;
      return promo?.status === 'sent' ? promo : undefined;
    }, 120_000);
    expect(done.status).toBe('sent');
    const after = await statuses();
    const mailed = mailsByAddress(outbox);
    // Nobody twice; everyone once, but for at most one claimed by the killed worker just before its mail
    // went out (left "sending" rather than risk a second mail).
    expect([...mailed.values()].every((n) => n === 1)).toBe(true);
    expect(after.filter((s) => s === 'queued')).toEqual([]);
    expect(after.filter((s) => s === 'sending').length).toBeLessThanOrEqual(1);
    expect(mailed.size).toBe(after.filter((s) => s === 'mailed').length);
    expect(mailed.size).toBeGreaterThanOrEqual(23);
    for (const address of mailedAtKill.keys()) expect(mailed.get(address)).toBe(1);
  }, 300_000);
});
