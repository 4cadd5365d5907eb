import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The release-day mail to "notify me" fans, with the local cloud killed outright (its process group,
 * emulators too) while the fanNotices run is mailing them, then started again on the same state: the
 * next run carries on. No fan is mailed twice, and every fan is mailed — except one the kill may catch
 * between its claim and its mail, who is left unmailed rather than risk a second mail (at most one
 * per run killed). A fan caught after the mail and before it was marked is mailed once and stays so.
 * The cloud runs in a process of its own (test/support/restartable-cloud.ts); the release, the link and
 * its fans are made straight in its table for a company of this file's own.
 */
const cloud = restartableCloud('fan-notices-restart');
const tenantId = `fan-restart-${Date.now()}`;
const FANS = 80;
const emails = Array.from({ length: FANS }, (_, i) => `fan${i}.${tenantId}@example.test`.toLowerCase());

afterAll(async () => {
  await cloud.remove();
});

/** The outbox's mails to this file's fans, by address (each mail a JSON file the local mail service wrote). */
function mailsByFan(outbox: string): Map<string, number> {
  const mine = new Set(emails);
  const counts = new Map<string, number>();
  for (const file of readdirSync(outbox).filter((name) => name.endsWith('.json'))) {
    let to: string;
    try {
      ({ to } = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string });
    } catch {
      continue; // A file the killed process was writing: no mail went out.
    }
    if (mine.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** Starts the fanNotices run as the hourly schedule would; its answer (or the dropped connection) is not awaited. */
const runSchedule = (cloudUrl: string) =>
  fetch(`${cloudUrl}/_local/schedules/fanNotices`, { method: 'POST' }).then(
    (response) => response.json(),
    () => null,
  );

describe('the release-day mail with the local cloud killed mid-run', () => {
  it('mails every fan once when the next run carries on', async () => {
    const env = await cloud.start();
    const outbox = env[ENV.outboxDir];
    const cloudUrl = env[ENV.appUrl];
    // Imported only now: the SDK clients read this cloud's endpoints (the same ports after the restart).
    const { getDb } = await import('../../functions/data/service.js');
    const { createSmartLink } = await import('../../functions/smart-links/index.js');
    const fans = await import('../../functions/data/access/smart-link-fans.js');
    const today = new Date().toISOString().slice(0, 10);
    await getDb()
      .entities.Release.put({ tenantId, id: 'release-1', title: 'Out Today', upc: '036000291452', release_date: today })
      .go();
    const { smart_link: link } = await createSmartLink(tenantId, { release_id: 'release-1' });
    await Promise.all(
      emails.map((email) => {
        const id = createHash('sha256').update(email).digest('hex').slice(0, 40);
        return fans.addFan(tenantId, link.id, { id, email, consent_at: new Date().toISOString() });
      }),
    );
    await fans.markNoticeDue(tenantId, link.id);

    // Killed once the run has mailed some fans and not yet the others.
    void runSchedule(cloudUrl);
    const before = await until(async () => {
      const mailed = mailsByFan(outbox);
      return mailed.size >= FANS / 4 ? mailed : undefined;
    }, 60_000);
    await cloud.kill();
    const atKill = mailsByFan(outbox);
    expect(before.size).toBeLessThan(FANS);
    expect(atKill.size).toBeLessThan(FANS);

    // Started again on the same state; the next run (hourly, here at once) carries on with the fans left.
    await cloud.start();
    const { listFans } = await import('../../functions/data/access/smart-link-fans.js');
    const next = (await runSchedule(cloudUrl)) as { result: { links: number; mailed: number } } | null;
    expect(next?.result.links).toBe(1);

    const mailed = mailsByFan(outbox);
    const twice = [...mailed].filter(([, count]) => count > 1);
    expect(twice).toEqual([]);
    const statuses = new Map((await listFans(tenantId, link.id)).map((fan) => [fan.email, fan.status]));
    // A fan the kill caught between claim and mark: mailed already or not, never mailed again.
    const caught = emails.filter((email) => statuses.get(email) === 'sending');
    expect(caught.length).toBeLessThanOrEqual(1);
    const missed = emails.filter((email) => !mailed.has(email));
    expect(missed.filter((email) => !caught.includes(email))).toEqual([]);
    expect(next?.result.mailed).toBe(mailed.size - atKill.size);
    for (const email of emails.filter((e) => !caught.includes(e))) expect(statuses.get(email), email).toBe('mailed');

    // A run again (a re-delivered schedule event) mails nobody.
    expect(((await runSchedule(cloudUrl)) as { result: { mailed: number } }).result.mailed).toBe(0);
    expect([...mailsByFan(outbox).values()].every((count) => count === 1)).toBe(true);
  }, 420_000);
});
