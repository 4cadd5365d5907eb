import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * A draft promo deleted: every New promo makes a draft, so one made by mistake (or never to be sent) can go. A sent
 * promo keeps its recipients' links and analysis, and a scheduled one must be cancelled first; a member who only
 * reads promos, or another company, cannot delete one.
 */
let company: OwnCompany;
let releaseId: string;

const newDraft = async () =>
  (await company.api.post('/promos', { release_id: releaseId })).body.promo as { id: string; subject: string };
const promoIds = async () =>
  ((await company.api.get(`/promos?release_id=${releaseId}`)).body.promos as { id: string }[]).map((p) => p.id);

beforeAll(async () => {
  company = await ownCompany('Promo drafts deleted');
});

// A release of each test's own: the first test counts the release's promos, so another test's must not be there
// whatever order the tests run in.
beforeEach(async () => {
  const recording = (await company.api.post('/recordings', { title: 'Draft Track' })).body.recording;
  releaseId = (
    await company.api.post('/releases', {
      title: `Draft EP ${Date.now()}`,
      release_recordings_attributes: [{ recording_id: recording.id }],
    })
  ).body.release.id;
});

describe('deleting a draft promo', () => {
  it('deletes a draft: gone from the release’s promos and no longer found', async () => {
    const keep = await newDraft();
    const draft = await newDraft();
    const deleted = await company.api.del(`/promos/${draft.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.message).toBe('Promo deleted');
    expect((await company.api.get(`/promos/${draft.id}`)).status).toBe(404);
    expect(await promoIds()).toEqual([keep.id]);
    expect((await company.api.del(`/promos/${draft.id}`)).status).toBe(404);
  });

  it('refuses a sent promo and a scheduled one (until its send is cancelled)', async () => {
    const sent = await newDraft();
    expect((await company.api.post(`/promos/${sent.id}/send`, { emails: [uniqueEmail('draft-dj')] })).status).toBe(200);
    const refused = await company.api.del(`/promos/${sent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A promo cannot be deleted once it has been sent');
    expect((await company.api.get(`/promos/${sent.id}`)).status).toBe(200);

    const scheduled = await newDraft();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await company.api.post(`/promos/${scheduled.id}/send`, { emails: [uniqueEmail('later-dj')], send_at: at }))
        .status,
    ).toBe(200);
    const waiting = await company.api.del(`/promos/${scheduled.id}`);
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(
      'This promo is scheduled to be sent: cancel the scheduled send before deleting it',
    );
    expect((await company.api.del(`/promos/${scheduled.id}/scheduled_send`)).status).toBe(200);
    expect((await company.api.del(`/promos/${scheduled.id}`)).status).toBe(200);
  });

  it('is refused to a role that only reads promos and to another company', async () => {
    const draft = await newDraft();
    const intern = await company.member('intern');
    expect((await intern.api.del(`/promos/${draft.id}`)).status).toBe(403);
    const stranger = await ownCompany('Promo drafts stranger');
    expect((await stranger.api.del(`/promos/${draft.id}`)).status).toBe(404);
    expect((await company.api.get(`/promos/${draft.id}`)).status).toBe(200);
  });
});
