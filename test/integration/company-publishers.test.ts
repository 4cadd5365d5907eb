import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { makeCheckable } from '../support/checkable-release.js';

/**
 * Publishers per company: a label adds its own publishers and passes the
 * metadata checker without an admin; shared publishers ("Copyright Control", seeded) stay admin-only;
 * another company's publishers are neither listed nor linkable. Also the recording picker by the
 * cat_no of its releases, and the ISRC country rule through the API.
 */
let admin: string;
let manager: OwnLabelManager;
let home: ReturnType<typeof inCompany>;
let other: ReturnType<typeof inCompany>;
const unique = () => Math.random().toString(36).slice(2, 8);
type Named = { id: string; name: string; shared?: boolean };

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Company Publishers');
  home = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);
});

/** The names a list answered under its key; a missing key fails rather than reading as an empty list. */
const names = (answer: { status: number; body: Record<string, Named[]> }, key = 'company_publishers') => {
  expect(answer.status).toBe(200);
  expect(answer.body[key], JSON.stringify(answer.body)).toBeInstanceOf(Array);
  return answer.body[key].map((p) => p.name);
};

describe('company publishers', () => {
  it('are added by a label manager, picked beside the shared Copyright Control, and pass the checker', async () => {
    const name = `Own Publishing ${unique()}`;
    const added = await home.post('/company_publishers', { name });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      message: 'Publisher Added',
      publisher: { name, tenant_id: manager.distributed.id, company_id: manager.distributed.id, shared: false },
    });
    const own = added.body.publisher as Named;

    const shared = await home.get('/company_publishers?selectable=true&q=copyright%20control');
    expect(shared.status).toBe(200);
    const copyrightControl = (shared.body.company_publishers as Named[]).find((p) => p.name === 'Copyright Control');
    expect(copyrightControl, 'the seeded shared publisher').toMatchObject({ shared: true });
    expect(names(await home.get(`/company_publishers?selectable=true&q=${encodeURIComponent(name)}`))).toEqual([name]);

    // The whole metadata check with the manager's token only: no admin call anywhere.
    const recording = (await home.post('/recordings', { title: `Own track ${unique()}` })).body.recording;
    const release = (
      await home.post('/releases', {
        title: `Own release ${unique()}`,
        release_recordings_attributes: [{ recording_id: recording.id }],
      })
    ).body.release;
    await makeCheckable(home, manager.token, release.id, [recording.id], { publisherId: own.id });
    const linked = await home.get(`/recordings/${recording.id}`);
    expect(linked.body.recording.publisher_recordings[0].publisher).toEqual({ id: own.id, name });
    // The seeded shared publisher links as well.
    const withShared = await home.patch(`/recordings/${recording.id}`, {
      publisher_recordings_attributes: [
        { id: linked.body.recording.publisher_recordings[0].id, _destroy: true },
        { publisher_id: copyrightControl?.id },
      ],
    });
    expect(withShared.status, JSON.stringify(withShared.body)).toBe(200);
    expect((await home.get(`/releases/${release.id}/check`)).body.ok).toBe(true);
  });

  it('edit and delete their own; a shared publisher is the admin’s (403)', async () => {
    const own = (await home.post('/company_publishers', { name: `Editable ${unique()}` })).body.publisher as Named;
    const renamed = await home.patch(`/company_publishers/${own.id}`, { name: `${own.name} Ltd` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'Publisher Updated', publisher: { name: `${own.name} Ltd` } });
    // The company fields are not the member's to set.
    const moved = await home.patch(`/company_publishers/${own.id}`, { tenant_id: manager.publisher.id });
    expect(moved.status).toBe(400);

    const shared = (await call('POST', '/api/v1/publishers', { token: admin, body: { name: `Shared ${unique()}` } }))
      .body.publisher as Named;
    const refused = { status: 403, body: { message: MESSAGES.mustBeAdmin } };
    expect(await home.patch(`/company_publishers/${shared.id}`, { name: 'Mine now' })).toEqual(refused);
    expect(await home.del(`/company_publishers/${shared.id}`)).toEqual(refused);
    const direct = await call('PATCH', `/api/v1/publishers/${shared.id}`, {
      token: manager.token,
      body: { name: 'Mine now' },
    });
    expect(direct).toEqual(refused);
    expect((await home.get(`/company_publishers/${shared.id}`)).body.publisher).toMatchObject({ shared: true });

    // A publisher a recording names is not deleted; once unlinked it is.
    const recording = (
      await home.post('/recordings', {
        title: `Linked ${unique()}`,
        publisher_recordings_attributes: [{ publisher_id: own.id }],
      })
    ).body.recording;
    const inUse = await home.del(`/company_publishers/${own.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(`Publisher ${own.name} Ltd is used by 1 recording`);
    await home.del(`/recordings/${recording.id}`);
    expect(await home.del(`/company_publishers/${own.id}`)).toEqual({
      status: 200,
      body: { message: `Publisher ${own.name} Ltd deleted` },
    });
    expect((await home.get(`/company_publishers/${own.id}`)).status).toBe(404);
  });

  it('of another company are 404, never listed and never linkable', async () => {
    const name = `Elsewhere Music ${unique()}`;
    const theirs = (await other.post('/company_publishers', { name })).body.publisher as Named;
    expect((await home.get(`/company_publishers/${theirs.id}`)).status).toBe(404);
    expect((await home.patch(`/company_publishers/${theirs.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await home.del(`/company_publishers/${theirs.id}`)).status).toBe(404);
    expect(names(await other.get(`/company_publishers?selectable=true&q=${encodeURIComponent(name)}`))).toEqual([name]);
    expect(names(await home.get(`/company_publishers?selectable=true&q=${encodeURIComponent(name)}`))).toEqual([]);
    expect(names(await home.get(`/company_publishers?q=${encodeURIComponent(name)}`))).toEqual([]);

    const linking = await home.post('/recordings', {
      title: `Borrowed ${unique()}`,
      publisher_recordings_attributes: [{ publisher_id: theirs.id }],
    });
    expect(linking.status).toBe(400);
    expect(linking.body.errors).toEqual({
      'publisher_recordings_attributes.0.publisher_id': ['Publisher not found'],
    });

    // The reference routes list shared publishers only to non-admins; a company's is for its members.
    const stranger = await newConfirmedUser('Publisher Stranger');
    expect(
      names(
        await call('GET', `/api/v1/publishers?q=${encodeURIComponent(name)}`, { token: stranger.token }),
        'publishers',
      ),
    ).toEqual([]);
    expect((await call('GET', `/api/v1/publishers/${theirs.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', `/api/v1/publishers/${theirs.id}`, { token: manager.token })).status).toBe(200);
    const adminList = await call('GET', `/api/v1/publishers?q=${encodeURIComponent(name)}`, { token: admin });
    expect(adminList.body.publishers).toEqual([
      expect.objectContaining({ id: theirs.id, tenant: { id: manager.publisher.id, name: manager.publisher.name } }),
    ]);
  });

  it('refuse a role without catalogue.write, which still picks them', async () => {
    const { token } = await newConfirmedUser('Publisher Intern');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Publisher Roles ${unique()}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'intern' }] },
    });
    const intern = inCompany(token, company);
    expect(await intern.post('/company_publishers', { name: 'Intern Publishing' })).toEqual({
      status: 403,
      body: { message: roleRefusal('intern', 'catalogue.write') },
    });
    const picked = await intern.get('/company_publishers?selectable=true&q=copyright%20control');
    expect(picked.status).toBe(200);
    expect(names(picked)).toContain('Copyright Control');
  });
});

describe('the recording picker', () => {
  it('also matches the cat_no of the releases a recording is on, on the server', async () => {
    const catNo = `CATPICK${unique().toUpperCase()}`;
    const onIt = (await home.post('/recordings', { title: `Picked by cat ${unique()}` })).body.recording;
    const offIt = (await home.post('/recordings', { title: `Not on it ${unique()}` })).body.recording;
    const release = await home.post('/releases', {
      title: `Cat release ${unique()}`,
      cat_no: catNo,
      release_recordings_attributes: [{ recording_id: onIt.id }],
    });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    const found = await home.get(`/recordings?selectable=true&q=${catNo.slice(2).toLowerCase()}`);
    const ids = (found.body.recordings as Named[]).map((r) => r.id);
    expect(ids).toContain(onIt.id);
    expect(ids).not.toContain(offIt.id);
    // Another company's picker does not find it by that cat_no.
    expect((await other.get(`/recordings?selectable=true&q=${catNo}`)).body.recordings).toEqual([]);
  });
});

describe('catalogue ISRCs', () => {
  it('must start with a country code or an ISRC agency prefix', async () => {
    const refused = await home.post('/recordings', { title: `Bad ISRC ${unique()}`, isrc: 'xx-aaa-26-00001' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      isrc: ['ISRC must start with a country code (such as GB or US) or an ISRC agency prefix: XX is neither'],
    });
    const designation = String(Date.now()).slice(-5);
    const agency = await home.post('/recordings', { title: `QZ ISRC ${unique()}`, isrc: `qz-dpr-26-${designation}` });
    expect(agency.status, JSON.stringify(agency.body)).toBe(201);
    expect(agency.body.recording.isrc).toBe(`QZDPR26${designation}`);
  });
});
