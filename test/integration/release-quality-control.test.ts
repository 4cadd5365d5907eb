import { beforeAll, describe, expect, inject, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { checkableRelease } from '../support/checkable-release.js';

/** Quality control of a release: send, approve, reject, history, tenancy and roles. */
let admin: string;
let manager: OwnLabelManager;
let A: string;
let B: string;
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Quality Control');
  A = manager.distributed.id;
  B = manager.publisher.id;
});

const api = (company: string) => inCompany(manager.token, company);
const asAdmin = (path: string, method: 'GET' | 'PATCH', body?: object) =>
  call(method, `/api/v1/admin${path}`, { token: admin, ...(body ? { body } : {}) });

describe('sending a release to quality control', () => {
  it('is refused with each of the checker’s findings while the release has problems', async () => {
    const recording = (await api(A).post('/recordings', { title: `Bare ${unique()}` })).body.recording;
    const release = (
      await api(A).post('/releases', {
        title: `Bare ${unique()}`,
        release_recordings_attributes: [{ recording_id: recording.id }],
      })
    ).body.release;
    const check = (await api(A).get(`/releases/${release.id}/check`)).body;
    const sent = await api(A).post(`/releases/${release.id}/quality_control`);
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe(`The release has ${check.problems.length} problems to fix before quality control`);
    expect(sent.body.errors.release_date).toEqual(['Release date is required']);
    const shown = Object.values(sent.body.errors as Record<string, string[]>).flat();
    expect(shown).toHaveLength(check.problems.length);
    expect(shown).toContain(
      `${recording.title}: ${check.problems.find((p: { scope: string }) => p.scope === 'recording').message}`,
    );
    const after = (await api(A).get(`/releases/${release.id}`)).body.release;
    expect(after.status).toBe('drafted');
    expect(after.status_history ?? []).toEqual([]);
    // The status call cannot skip the checker either.
    expect((await api(A).patch(`/releases/${release.id}/update_status`, { status: 'quality_control' })).status).toBe(
      400,
    );
  });

  it('moves a clean release to quality_control, and an admin approves it to accepted, recorded', async () => {
    const { release } = await checkableRelease(api(A), admin);
    const sent = await api(A).post(`/releases/${release.id}/quality_control`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      message: 'Release sent to quality control',
      release: { id: release.id, status: 'quality_control' },
    });
    // The admin queue lists it across companies, with its company.
    const queue = (await asAdmin(`/releases?quality_control=true&per_page=1000`, 'GET')).body.releases as {
      id: string;
      status: string;
      tenant: { id: string };
    }[];
    expect(queue.find((r) => r.id === release.id)).toMatchObject({ status: 'quality_control', tenant: { id: A } });
    expect(queue.every((r) => r.status === 'quality_control')).toBe(true);
    expect((await asAdmin(`/releases/${release.id}/check`, 'GET')).body).toEqual({ problems: [], ok: true });

    // Sending twice is not a move.
    const again = await api(A).post(`/releases/${release.id}/quality_control`);
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ status: ['The release is already quality_control'] });

    const approved = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ message: 'Release approved', release: { status: 'accepted' } });
    const history = (await api(A).get(`/releases/${release.id}`)).body.release.status_history;
    expect(history).toEqual([
      expect.objectContaining({ from: 'drafted', to: 'quality_control', by_name: expect.any(String) }),
      expect.objectContaining({ from: 'quality_control', to: 'accepted', by_name: expect.any(String) }),
    ]);
    expect(history[0].by_id).not.toBe(history[1].by_id);
    expect(Date.parse(history[1].at)).toBeGreaterThanOrEqual(Date.parse(history[0].at));
    const queueAfter = (await asAdmin(`/releases?quality_control=true&per_page=1000`, 'GET')).body.releases;
    expect(queueAfter.some((r: { id: string }) => r.id === release.id)).toBe(false);
  });

  it('needs reasons to reject; the label sees them with the findings and may send the release again', async () => {
    const { release } = await checkableRelease(api(A), admin);
    await api(A).post(`/releases/${release.id}/quality_control`);
    const bare = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'rejected' });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual({ reasons: ['Give at least one reason for rejecting the release'] });
    const blank = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', {
      status: 'rejected',
      reasons: ['  ', ''],
    });
    expect(blank.body.errors).toEqual({ reasons: ['Give at least one reason for rejecting the release'] });
    const many = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', {
      status: 'rejected',
      reasons: Array.from({ length: 21 }, (_, i) => `Reason ${i}`),
    });
    expect(many.status).toBe(400);
    expect(many.body.errors.reasons).toEqual(['Give at most 20 reasons']);
    expect((await api(A).get(`/releases/${release.id}`)).body.release.status).toBe('quality_control');

    // The admin reviews what the checker finds now (edits are not locked during review): kept with the rejection.
    expect((await api(A).patch(`/releases/${release.id}`, { release_date: '' })).status).toBe(200);
    const rejected = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', {
      status: 'rejected',
      reasons: ['Cover art is blurry', ' Title casing '],
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('Release rejected');
    const seen = (await api(A).get(`/releases/${release.id}`)).body.release;
    expect(seen.status).toBe('rejected');
    expect(seen.status_history.at(-1)).toMatchObject({
      from: 'quality_control',
      to: 'rejected',
      reasons: ['Cover art is blurry', 'Title casing'],
      findings: ['Release date is required'],
    });
    // Fixed, a rejected release goes back to quality control.
    expect((await api(A).post(`/releases/${release.id}/quality_control`)).status).toBe(400);
    await api(A).patch(`/releases/${release.id}`, { release_date: '2026-12-04' });
    const resent = await api(A).post(`/releases/${release.id}/quality_control`);
    expect(resent.body.release.status).toBe('quality_control');
    expect(
      (await api(A).get(`/releases/${release.id}`)).body.release.status_history.map((h: { to: string }) => h.to),
    ).toEqual(['quality_control', 'rejected', 'quality_control']);
  });

  it('tells the label’s catalogue staff of the decision: an inbox notice and a mail, with the reasons', async () => {
    const { release } = await checkableRelease(api(A), admin);
    const title = release.title as string;
    await api(A).post(`/releases/${release.id}/quality_control`);
    await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', {
      status: 'rejected',
      reasons: ['Cover art is blurry', 'Title casing'],
    });
    const inbox = async () =>
      (await call('GET', '/api/v1/notices', { token: manager.token })).body.notices as {
        notice: { title: string; content: string };
        read: boolean;
      }[];
    const rejection = (await inbox()).find((n) => n.notice.title === `Release rejected: ${title}`);
    expect(rejection?.read).toBe(false);
    expect(rejection?.notice.content).toContain('- Cover art is blurry\n- Title casing');
    expect(rejection?.notice.content).toContain(`/user/releases/${release.id}`);
    const mails = (await call('GET', '/_local/outbox')).body.mails as { to: string; subject: string; text: string }[];
    const mailed = mails.filter((m) => m.to === manager.email && m.subject.endsWith(`Release rejected: ${title}`));
    expect(mailed).toHaveLength(1);
    expect(mailed[0].text).toContain('Fix them and send the release to quality control again.');

    await api(A).post(`/releases/${release.id}/quality_control`);
    await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' });
    expect((await inbox()).map((n) => n.notice.title)).toContain(`Release approved: ${title}`);
    // Sending to review and withdrawing are the label's own moves: nobody is told of those.
    expect((await inbox()).filter((n) => n.notice.title.endsWith(title))).toHaveLength(2);
  });

  it('sends an approved release back to quality control when what stores receive is edited, recorded', async () => {
    const { release } = await checkableRelease(api(A), admin);
    await api(A).post(`/releases/${release.id}/quality_control`);
    await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' });
    // The label's own notes are not store metadata: still accepted.
    const notes = await api(A).patch(`/releases/${release.id}`, { notes: `Note ${unique()}` });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    expect(notes.body.release.status).toBe('accepted');
    expect(notes.body.message).toBe('Release Updated');
    const edited = await api(A).patch(`/releases/${release.id}`, { title: `${release.title} (Deluxe)` });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.release.status).toBe('quality_control');
    // Said where the edit was saved, in words.
    expect(edited.body.message).toBe(
      'Release Updated. Sent back to quality control because what stores receive changed (title): an admin approves it again before its next delivery',
    );
    const seen = (await api(A).get(`/releases/${release.id}`)).body.release;
    expect(seen.status_history.at(-1)).toMatchObject({
      from: 'accepted',
      to: 'quality_control',
      reasons: ['Edited after approval'],
      note: 'Changed: title',
      by_id: expect.any(String),
      by_name: expect.any(String),
    });
    // It is in the admin's queue again, and approving it makes it deliverable again.
    const queue = (await asAdmin(`/releases?quality_control=true&per_page=1000`, 'GET')).body.releases;
    expect(queue.some((r: { id: string }) => r.id === release.id)).toBe(true);
    const again = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' });
    expect(again.body.release.status).toBe('accepted');
  });

  it('sends the approved releases a recording is on back to review when what stores receive of it changes', async () => {
    const { release, recording } = await checkableRelease(api(A), admin);
    await api(A).post(`/releases/${release.id}/quality_control`);
    await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' });
    const notes = await api(A).patch(`/recordings/${recording.id}`, { recording_venue: `Venue ${unique()}` });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    expect((await api(A).get(`/releases/${release.id}`)).body.release.status).toBe('accepted');
    const edited = await api(A).patch(`/recordings/${recording.id}`, { mix_title: 'Radio Edit' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // Where the edit was saved, the label reads in words what it did to the release.
    expect(edited.body.message).toBe(
      `Recording Updated. Sent back to quality control because the recording's mix title changed: "${release.title}" (an admin approves it again before its next delivery)`,
    );
    expect(notes.body.message).toBe('Recording Updated');
    const seen = (await api(A).get(`/releases/${release.id}`)).body.release;
    expect(seen.status).toBe('quality_control');
    expect(seen.status_history.at(-1)).toMatchObject({
      from: 'accepted',
      to: 'quality_control',
      reasons: ['Edited after approval'],
      note: `Recording "${recording.title}" changed: mix title`,
      by_name: expect.any(String),
    });
  });

  it('lets a label withdraw its release but never approve or reject it', async () => {
    const { release } = await checkableRelease(api(A), admin);
    await api(A).post(`/releases/${release.id}/quality_control`);
    for (const status of ['accepted', 'rejected']) {
      const refused = await api(A).patch(`/releases/${release.id}/update_status`, { status, reasons: ['mine'] });
      expect(refused).toEqual({ status: 403, body: { message: 'Only an admin can approve or reject a release' } });
    }
    const delivered = await api(A).patch(`/releases/${release.id}/update_status`, { status: 'delivered' });
    expect(delivered.status).toBe(400);
    expect(delivered.body.errors.status).toEqual(['A release cannot move from quality_control to delivered']);
    expect((await api(A).get(`/releases/${release.id}`)).body.release.status).toBe('quality_control');
    const withdrawn = await api(A).patch(`/releases/${release.id}/update_status`, {
      status: 'drafted',
      note: 'One more mix',
    });
    expect(withdrawn.body.release.status).toBe('drafted');
    expect(withdrawn.body.release.status_history.at(-1)).toMatchObject({
      from: 'quality_control',
      to: 'drafted',
      note: 'One more mix',
    });
    // An admin cannot approve a release that is not in quality control.
    const early = await asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' });
    expect(early.status).toBe(400);
    expect(early.body.errors.status).toEqual(['A release cannot move from drafted to accepted']);
  });

  it('lets only one of two admins approving at once win, and refuses a move from a stale status', async () => {
    const { release } = await checkableRelease(api(A), admin);
    await api(A).post(`/releases/${release.id}/quality_control`);
    const answers = await Promise.all(
      [1, 2, 3].map(() => asAdmin(`/releases/${release.id}/update_status`, 'PATCH', { status: 'accepted' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The losers either lost the write (409) or read the winner's status first (400).
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 400)).toBe(true);

    // In process, deterministically: two writes expecting quality_control, then one expecting it too late.
    Object.assign(process.env, inject('cloudEnv'));
    const { moveReleaseStatus } = await import('../../functions/catalogue/release-status.js');
    const other = (await checkableRelease(api(A), admin)).release;
    await api(A).post(`/releases/${other.id}/quality_control`);
    const move = (to: string) => moveReleaseStatus(A, other.id, { from: 'quality_control', to, by_name: 'Racer' });
    const raced = await Promise.allSettled([move('accepted'), move('accepted')]);
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = raced.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({
      status: 409,
      errors: { status: ['The release’s status was changed by someone else; reload and try again'] },
    });
    await expect(move('rejected')).rejects.toMatchObject({ status: 409 });
    const after = (await api(A).get(`/releases/${other.id}`)).body.release;
    expect(after.status).toBe('accepted');
    expect(after.status_history.map((h: { to: string }) => h.to)).toEqual(['quality_control', 'accepted']);

    // The delivery worker's move: accepted → delivered once; a second delivery leaves it be.
    const { markReleaseDelivered } = await import('../../functions/catalogue/release-status.js');
    expect(await markReleaseDelivered(A, other.id)).toBe(true);
    expect(await markReleaseDelivered(A, other.id)).toBe(false);
    const delivered = (await api(A).get(`/releases/${other.id}`)).body.release;
    expect(delivered.status).toBe('delivered');
    expect(delivered.status_history.at(-1)).toMatchObject({ from: 'accepted', to: 'delivered', by_name: 'Delivery' });
    expect(delivered.status_history).toHaveLength(3);
  });
});

describe('quality control across companies and roles', () => {
  it('answers 404 for another company’s release', async () => {
    const { release } = await checkableRelease(api(A), admin);
    expect((await api(B).post(`/releases/${release.id}/quality_control`)).status).toBe(404);
    expect((await api(B).patch(`/releases/${release.id}/update_status`, { status: 'drafted' })).status).toBe(404);
    expect((await api(A).get(`/releases/${release.id}`)).body.release.status).toBe('drafted');
    expect((await asAdmin('/releases/no-such-release/update_status', 'PATCH', { status: 'accepted' })).status).toBe(
      404,
    );
  });

  it('refuses a company role without catalogue.write, and non-admins the admin review', async () => {
    const { token } = await newConfirmedUser('QC Accountant');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `QC Roles ${Date.now()}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'accounting' }] },
    });
    const release = (await inCompany(admin, company).post('/releases', { title: `Roles ${unique()}` })).body.release;
    const member = inCompany(token, company);
    expect(await member.post(`/releases/${release.id}/quality_control`)).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'catalogue.write') },
    });
    expect((await member.patch(`/releases/${release.id}/update_status`, { status: 'quality_control' })).status).toBe(
      403,
    );
    const review = await call('PATCH', `/api/v1/admin/releases/${release.id}/update_status`, {
      token: manager.token,
      body: { status: 'accepted' },
    });
    expect(review.status).toBe(403);
    expect((await call('GET', `/api/v1/admin/releases/${release.id}/check`, { token: manager.token })).status).toBe(
      403,
    );
  });
});
