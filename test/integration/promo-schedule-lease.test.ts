import { beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { call, uniqueEmail } from '../support/api.js';
import { clearOfMidnight } from '../support/days.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The scheduled send's lease: the schedule run that takes a due send (scheduled → starting) holds it
 * for a while; two runs at once start it once, a run killed after taking it is carried on by a later run
 * only once its lease is over, and a carried-on send refused for a real reason ends failed, in words.
 * The schedule's step for one promo is run here with the time it is given, so no test waits for a lease.
 */
type Mail = { to: string };
type Company = OwnCompany & { releaseId: string };

const mailsTo = async (to: string) =>
  (await call<{ mails: Mail[] }>('GET', `/_local/outbox?to=${encodeURIComponent(to)}`)).body.mails.filter(
    (m) => m.to === to,
  );
const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

let unlimited: Company;
let onLabelPlan: Company;

async function withRelease(company: OwnCompany): Promise<Company> {
  const recording = (await company.api.post('/recordings', { title: 'Lease Track' })).body.recording;
  const release = await company.api.post('/releases', {
    title: `Lease EP ${Date.now()}`,
    release_recordings_attributes: [{ recording_id: recording.id }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  return Object.assign(company, { releaseId: release.body.release.id as string });
}

beforeAll(async () => {
  unlimited = await withRelease(await ownCompany('Promo lease'));
  // The Label plan: 5 free promos a month.
  onLabelPlan = await withRelease(await ownCompany('Promo lease limited', { subscriptionId: SEEDED_PLAN_IDS.label }));
});

/** A promo scheduled to go to `email` a minute from now; answers it as stored, and the time it is due. */
async function scheduled(company: Company, email: string) {
  const promo = (await company.api.post('/promos', { release_id: company.releaseId })).body.promo;
  const sendAt = new Date(Date.now() + 60_000).toISOString();
  const answer = await company.api.post(`/promos/${promo.id}/send`, { emails: [email], send_at: sendAt });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { getPromo } = await import('../../functions/data/access/promos.js');
  const stored = await getPromo(company.companyId, promo.id);
  if (!stored) throw new Error('the promo was not stored');
  return { promo: stored, due: later(stored.send_at as string, 1000) };
}

const schedule = () => import('../../functions/promos/scheduled-send.js');
const promoOf = async (company: Company, id: string) => (await company.api.get(`/promos/${id}`)).body.promo;

describe('the scheduled send’s lease', () => {
  it('two schedule runs at once start a due send once: one mail', async () => {
    const { startScheduledSend } = await schedule();
    const dj = uniqueEmail('lease-twice');
    const { promo, due } = await scheduled(unlimited, dj);
    const outcomes = await Promise.all([startScheduledSend(promo, due), startScheduledSend(promo, due)]);
    expect(outcomes.sort()).toEqual(['left', 'started']);
    await expect.poll(async () => (await promoOf(unlimited, promo.id)).status).toBe('sent');
    expect(await mailsTo(dj)).toHaveLength(1);
    expect(await promoOf(unlimited, promo.id)).toMatchObject({ schedule: 'started' });
  });

  it('a send left starting by a killed run is left alone while its lease runs, then carried on once', async () => {
    const { startScheduledSend, SCHEDULE_LEASE_MS } = await schedule();
    const { claimScheduledSend, getPromo } = await import('../../functions/data/access/promos.js');
    const dj = uniqueEmail('lease-killed');
    const { promo, due } = await scheduled(unlimited, dj);
    // A run took it and was killed before it sent anything.
    expect(await claimScheduledSend(unlimited.companyId, promo.id, due)).toBe(true);
    const left = (await getPromo(unlimited.companyId, promo.id)) as typeof promo;
    expect(left).toMatchObject({ schedule: 'starting', schedule_lease_at: due });

    // The next runs, within the lease: the run might still be live, so nobody else sends it.
    expect(await startScheduledSend(left, later(due, 60_000))).toBe('left');
    expect(await startScheduledSend(left, later(due, SCHEDULE_LEASE_MS - 1))).toBe('left');
    expect((await promoOf(unlimited, promo.id)).status).toBe('draft');

    // Once the lease is over, one of two runs at once carries it on; the send goes out once.
    const after = later(due, SCHEDULE_LEASE_MS);
    const outcomes = await Promise.all([startScheduledSend(left, after), startScheduledSend(left, after)]);
    expect(outcomes.sort()).toEqual(['left', 'started']);
    await expect.poll(async () => (await promoOf(unlimited, promo.id)).status).toBe('sent');
    expect(await mailsTo(dj)).toHaveLength(1);
    expect(await promoOf(unlimited, promo.id)).toMatchObject({ schedule: 'started' });
  });

  it('a carried-on send refused for a real reason (the plan’s free promos used up) is marked failed with the reason, and not tried again', async () => {
    const { startScheduledSend, SCHEDULE_LEASE_MS } = await schedule();
    const { claimScheduledSend, getPromo } = await import('../../functions/data/access/promos.js');
    const { getDb } = await import('../../functions/data/service.js');
    const dj = uniqueEmail('lease-refused');
    const { promo, due } = await scheduled(onLabelPlan, dj);
    expect(await claimScheduledSend(onLabelPlan.companyId, promo.id, due)).toBe(true);
    // Meanwhile the company sent its month's 5 free promos. The send below counts against the month of the product's
    // clock: this starts clear of a month's end (UTC), so the month written is the month the send reads.
    await clearOfMidnight(30_000, 'month');
    await getDb()
      .entities.PromoUsage.put({
        tenantId: onLabelPlan.companyId,
        month: new Date().toISOString().slice(0, 7),
        sent: 5,
      })
      .go();
    const left = (await getPromo(onLabelPlan.companyId, promo.id)) as typeof promo;
    expect(await startScheduledSend(left, later(due, SCHEDULE_LEASE_MS))).toBe('failed');

    const failed = await promoOf(onLabelPlan, promo.id);
    expect(failed).toMatchObject({ status: 'draft', schedule: 'failed' });
    expect(failed.schedule_error).toMatch(/allows 5 free promos/);
    expect(failed.schedule_error).not.toMatch(/free_promos|plan_label|402/);
    // A failed send is no longer the schedule's: later runs leave it, and nobody is mailed.
    const stored = (await getPromo(onLabelPlan.companyId, promo.id)) as typeof promo;
    expect(await startScheduledSend(stored, later(due, 3 * SCHEDULE_LEASE_MS))).toBe('left');
    expect(await mailsTo(dj)).toEqual([]);
  });
});
