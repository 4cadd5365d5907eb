import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_SFTP_LOGIN } from '../../infra/local/sftp-server.js';
import { NOT_DELIVERABLE_MESSAGE } from '../../shared/deliveries.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { checkableRelease } from '../support/checkable-release.js';
import { deliverableRelease } from '../support/deliverable-release.js';
import { until } from '../support/wait.js';
import { takeTurns } from '../support/take-turns.js';

/**
 * The product's release/deliveries and release_deliveries with /new and /bulk (the distribution
 * area's names), and a store's DSP record shaping the ERN the worker sends it (DPID, genre map,
 * no pre-order deal for a store without pre-orders).
 */
let admin: string;
let manager: OwnLabelManager;
let A: string;
let B: string;
let demoDsp: { id: string; name: string };

// The demo store and the demo company's connections to it are the whole platform's: the files that change them take turns.
takeTurns('demo-store');

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Company Deliveries');
  A = manager.distributed.id;
  B = manager.publisher.id;
  const found = await call('GET', '/api/v1/dsps?q=Demo%20DSP', { token: manager.token });
  demoDsp = found.body.dsps.find((d: { name: string }) => d.name === 'Demo DSP');
  expect(demoDsp).toBeDefined();
  // The demo store (the local SFTP server) is platform-wide: the admin connects this file's company to it.
  const connected = await call('POST', `/api/v1/companies/${A}/dsp_connections`, {
    token: admin,
    body: { dsp_connection: { dsp_id: demoDsp.id, status: 'connected' } },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBeLessThan(300);
});

const api = (company: string) => inCompany(manager.token, company);
type Delivery = { id: string; release_id: string; status: string; release_title?: string; reason?: string };

describe('release_deliveries: the company’s deliveries across its releases', () => {
  it('creates one with /new, lists it newest first with its release, and by release with release/deliveries', async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const created = await api(A).post('/release_deliveries/new', {
      release_delivery: { release_id: release.id, dsp_id: demoDsp.id, action: 'insert', status: 'created' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Delivery created',
      release_delivery: { release_id: release.id, dsp_id: demoDsp.id, status: 'created', dsp_name: 'Demo DSP' },
    });
    const id = created.body.release_delivery.id;
    const byRelease = await api(A).get(`/release/deliveries?id=${release.id}`);
    expect(byRelease.status).toBe(200);
    expect(byRelease.body.release_deliveries.map((d: Delivery) => d.id)).toEqual([id]);
    const listed = await api(A).get('/release_deliveries?per_page=100');
    expect(listed.status).toBe(200);
    expect(listed.body.release_deliveries[0]).toMatchObject({ id, release_title: release.title });
    const dates = listed.body.release_deliveries.map((d: { created_at: string }) => d.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const filtered = await api(A).get(`/release_deliveries?release_id=${release.id}&status=created`);
    expect(filtered.body).toMatchObject({ total_count: 1, release_deliveries: [{ id }] });
    expect((await api(A).get(`/release_deliveries?status=delivered&release_id=${release.id}`)).body.total_count).toBe(
      0,
    );
    expect((await api(A).get('/release_deliveries?status=lost')).status).toBe(400);
  });

  it('/bulk creates for several releases and queues them; all or nothing when one may not be delivered', async () => {
    const one = (await deliverableRelease(api(A), admin, A)).release;
    const two = (await deliverableRelease(api(A), admin, A)).release;
    const drafted = (await checkableRelease(api(A), admin)).release;
    const refused = await api(A).post('/release_deliveries/bulk', {
      release_deliveries: [
        { release_id: one.id, dsp_id: demoDsp.id },
        { release_id: drafted.id, dsp_id: demoDsp.id },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_DELIVERABLE_MESSAGE);
    expect((await api(A).get(`/release/deliveries?id=${one.id}`)).body.release_deliveries).toEqual([]);

    const twice = await api(A).post('/release_deliveries/bulk', {
      release_deliveries: [
        { release_id: one.id, dsp_id: demoDsp.id },
        { release_id: one.id, dsp_id: demoDsp.id, action: 'insert' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors.release_deliveries).toEqual(['Each release is listed once per DSP and action']);

    const sent = await api(A).post('/release_deliveries/bulk', {
      release_deliveries: [
        { release_id: one.id, dsp_id: demoDsp.id },
        { release_id: two.id, dsp_id: demoDsp.id },
      ],
      deliver: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ message: 'Deliveries queued', queued: 2 });
    for (const release of [one, two]) {
      const done = await until(async () => {
        const [found] = (await api(A).get(`/release/deliveries?id=${release.id}`)).body
          .release_deliveries as Delivery[];
        return found && ['delivered', 'failed'].includes(found.status) ? found : undefined;
      }, 45_000);
      expect(done.status, done.reason).toBe('delivered');
    }
  });

  it("answers 404 for another company's release and never lists its deliveries", async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    await api(A).post('/release_deliveries/new', { release_delivery: { release_id: release.id, dsp_id: demoDsp.id } });
    const other = api(B);
    expect((await other.get(`/release/deliveries?id=${release.id}`)).status).toBe(404);
    expect(
      (
        await other.post('/release_deliveries/new', {
          release_delivery: { release_id: release.id, dsp_id: demoDsp.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await other.post('/release_deliveries/bulk', {
          release_deliveries: [{ release_id: release.id, dsp_id: demoDsp.id }],
        })
      ).status,
    ).toBe(404);
    const theirs = (await other.get('/release_deliveries?per_page=100')).body.release_deliveries as Delivery[];
    expect(theirs.some((d) => d.release_id === release.id)).toBe(false);
  });

  it('refuses a company role without delivery.read or delivery.write', async () => {
    const { token } = await newConfirmedUser('Release Deliveries Accountant');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `RD Roles ${Date.now()}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'accounting' }] },
    });
    const member = inCompany(token, company);
    const release = (await inCompany(admin, company).post('/releases', { title: 'Roles release' })).body.release;
    const row = { release_id: release.id, dsp_id: demoDsp.id };
    expect(await member.post('/release_deliveries/new', { release_delivery: row })).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.write') },
    });
    expect((await member.post('/release_deliveries/bulk', { release_deliveries: [row] })).status).toBe(403);
    expect(await member.get('/release_deliveries')).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.read') },
    });
    expect((await member.get(`/release/deliveries?id=${release.id}`)).status).toBe(403);
  });
});

describe("a store's DSP record shapes the message it receives", () => {
  it('names the store by its DPID, uses its genre words, and sends no pre-order deal it does not take', async () => {
    const demoSpec = (await call('GET', `/api/v1/dsps/${demoDsp.id}/edit`, { token: admin })).body.dsp
      .technical_specification;
    const refusedDpid = await call('POST', '/api/v1/dsps', {
      token: admin,
      body: { name: `Bad DPID ${Date.now()}`, ddex_party_id: 'PADPIDA123' },
    });
    expect(refusedDpid.status).toBe(400);
    expect(refusedDpid.body.errors.ddex_party_id).toEqual([
      'DDEX party ID must be PADPIDA followed by 11 letters or digits',
    ]);
    const badMap = await call('POST', '/api/v1/dsps', {
      token: admin,
      body: { name: `Bad map ${Date.now()}`, genre_map: 'Pop = Pop/Rock\nJazz' },
    });
    expect(badMap.status).toBe(400);
    expect(badMap.body.errors.genre_map).toEqual(['Genre map: Line 2 must read "our genre = the store\'s genre"']);

    const stub = `terms-${Date.now()}`;
    const made = await call('POST', '/api/v1/dsps', {
      token: admin,
      body: {
        name: `Terms store ${Date.now()}`,
        active: true,
        pre_order: false,
        ddex_party_id: 'PADPIDA2014120301U',
        // The test release's genre is the first the picker finds for "pop" (Indie Pop, or Pop).
        genre_map: 'Pop = Pop/Rock\nINDIE POP = Pop/Rock',
        technical_specification_attributes: {
          server_uri: demoSpec.server_uri,
          server_login: DEMO_SFTP_LOGIN.username,
          server_password: DEMO_SFTP_LOGIN.password,
          delivery_stub: stub,
        },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const store = made.body.dsp;
    expect(store).toMatchObject({
      ddex_party_id: 'PADPIDA2014120301U',
      genre_map: 'Pop = Pop/Rock\nINDIE POP = Pop/Rock',
    });
    await call('POST', `/api/v1/companies/${A}/dsp_connections`, {
      token: admin,
      body: { dsp_connection: { dsp_id: store.id, status: 'connected' } },
    });
    const { release } = await deliverableRelease(api(A), admin, A);
    // A pre-order on the digital product: a store without pre-orders gets no pre-order deal.
    const product = { format: 'Digital', pre_order: true, pre_order_date: '2026-11-27', release_time: '09:30' };
    const edited = await call('PATCH', `/api/v1/admin/releases/${release.id}`, {
      token: admin,
      body: { products_attributes: [product] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The edit sent it back to review (docs/quality-control.md); approved again, it may go.
    await call('PATCH', `/api/v1/admin/releases/${release.id}/update_status`, {
      token: admin,
      body: { status: 'accepted' },
    });
    const sent = await api(A).post('/release_deliveries/bulk', {
      release_deliveries: [{ release_id: release.id, dsp_id: store.id }],
      deliver: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const done = await until(async () => {
      const [found] = (await api(A).get(`/release/deliveries?id=${release.id}`)).body
        .release_deliveries as (Delivery & {
        files?: string[];
        batch_id?: string;
      })[];
      return found && ['delivered', 'failed'].includes(found.status) ? found : undefined;
    }, 45_000);
    expect(done.status, done.reason).toBe('delivered');
    const ernFile = done.files?.find((f) => f.endsWith('.xml') && !f.includes('BatchComplete'));
    const ern = (await call('GET', `/_local/sftp/files/${stub}/${ernFile}`)).body as string;
    expect(ern).toMatch(/<MessageRecipient>\s*<PartyId>PADPIDA2014120301U<\/PartyId>/);
    expect(ern, /<GenreText>[^<]*/.exec(ern)?.[0]).toMatch(/<GenreText>Pop\/Rock<\/GenreText>/);
    expect(ern).not.toContain('IsPreOrderDeal');
    const { validateErn } = await import('../../functions/deliveries/ern/validate.js');
    expect(await validateErn(ern)).toEqual({ valid: true });
  });
});
