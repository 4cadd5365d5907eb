import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { DEMO_SFTP_LOGIN } from '../../infra/local/sftp-server.js';
import { NOT_DELIVERABLE_MESSAGE } from '../../shared/deliveries.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call, cloudUrl, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { checkableRelease } from '../support/checkable-release.js';
import { deliverableRelease } from '../support/deliverable-release.js';
import { until } from '../support/wait.js';
import { takeTurns } from '../support/take-turns.js';

/**
 * Release deliveries through the real API, queue, worker and the local SFTP server:
 * files in order with BatchComplete last, a re-delivered message uploading once, a
 * store that is down or refuses the login failing with the reason and retryable, an invalid ERN
 * never sent, QC refusals, no DSP password in any answer, tenancy and roles.
 */
let admin: string;
let manager: OwnLabelManager;
let A: string;
let B: string;
let demoDsp: { id: string; name: string };
/** Every answer's text, to prove no store password is ever in one. */
const answers: string[] = [];

type Delivery = { id: string; status: string; reason?: string; batch_id?: string; files?: string[]; attempts: number };
type Arrival = { path: string; bytes: number };

const api = (company: string) => {
  const inner = inCompany(manager.token, company);
  const keep =
    <A extends unknown[]>(send: (...args: A) => Promise<{ status: number; body: any }>) =>
    async (...args: A) => {
      const answer = await send(...args);
      answers.push(JSON.stringify(answer.body));
      return answer;
    };
  return { get: keep(inner.get), post: keep(inner.post), patch: keep(inner.patch), del: keep(inner.del) };
};

/**
 * No answer of this file carried the store's password: checked once every test has run, whatever order they ran in
 * (as a test of its own it saw only the answers of the tests shuffled before it).
 */
afterAll(() => {
  expect(answers.length).toBeGreaterThan(10);
  expect(answers.join('\n')).not.toContain(DEMO_SFTP_LOGIN.password);
});

const arrivals = async (prefix = ''): Promise<Arrival[]> =>
  (await call('GET', `/_local/sftp?prefix=${encodeURIComponent(prefix)}`)).body.files;

async function settled(company: string, releaseId: string, deliveryId: string): Promise<Delivery> {
  return until(async () => {
    const list = (await api(company).get(`/releases/${releaseId}/distribution_deliveries`)).body.release_deliveries;
    const found = (list as Delivery[]).find((d) => d.id === deliveryId);
    return found && (found.status === 'delivered' || found.status === 'failed') ? found : undefined;
  }, 45_000);
}

async function createFor(company: string, releaseId: string, dspId: string, action = 'insert'): Promise<Delivery> {
  const created = await api(company).post(`/releases/${releaseId}/distribution_deliveries/bulk_create`, {
    release_deliveries: [{ dsp_id: dspId, release_id: releaseId, action, status: 'created' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.release_deliveries[0];
}

async function adminDsp(name: string, spec: Record<string, string>) {
  const made = await call('POST', '/api/v1/dsps', {
    token: admin,
    body: { name, active: true, technical_specification_attributes: spec },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  answers.push(JSON.stringify(made.body));
  return made.body.dsp as { id: string; name: string };
}

// The demo store and the demo company's connections to it are the whole platform's: the files that change them take turns.
takeTurns('demo-store');

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Release Deliveries');
  A = manager.distributed.id;
  B = manager.publisher.id;
  const found = await call('GET', '/api/v1/dsps?q=Demo%20DSP', { token: manager.token });
  answers.push(JSON.stringify(found.body));
  demoDsp = found.body.dsps.find((d: { name: string }) => d.name === 'Demo DSP');
  // Its delivery class as the stores list shows it: the standard's name, in capitals.
  expect(demoDsp).toMatchObject({ delivery_class: 'DDEX' });
  // The demo store (the local SFTP server) is platform-wide: the admin connects this file's company to it.
  const connected = await call('POST', `/api/v1/companies/${A}/dsp_connections`, {
    token: admin,
    body: { dsp_connection: { dsp_id: demoDsp.id, status: 'connected' } },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBeLessThan(300);
});

describe('delivering a release to the demo store', () => {
  it('uploads resources, then the ERN, then BatchComplete last, and marks the delivery delivered', async () => {
    const { release, bytes } = await deliverableRelease(api(A), admin, A);
    const delivery = await createFor(A, release.id, demoDsp.id);
    expect(delivery).toMatchObject({ status: 'created', action: 'insert', dsp_name: 'Demo DSP', attempts: 0 });
    const sent = await api(A).post('/distribution_deliveries/bulk_deliver', { release_id: release.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ queued: 1, release_deliveries: [{ id: delivery.id, status: 'queued' }] });

    const done = await settled(A, release.id, delivery.id);
    expect(done.status, done.reason).toBe('delivered');
    expect(done.attempts).toBe(1);
    const batch = `demo-label/${done.batch_id}/`;
    const files = await arrivals(batch);
    expect(files.map((f) => f.path)).toEqual(done.files?.map((f) => `demo-label/${f}`));
    expect(files.at(-1)?.path).toBe(`${batch}BatchComplete_${done.batch_id}.xml`);
    expect(files.at(-2)?.path).toMatch(/\.xml$/);
    // The release moved accepted → delivered, recorded as the delivery's move.
    const after = (await api(A).get(`/releases/${release.id}`)).body.release;
    expect(after.status).toBe('delivered');
    expect(after.status_history.at(-1)).toMatchObject({ from: 'accepted', to: 'delivered' });
    const resources = files.slice(0, -2);
    expect(resources.map((f) => f.path.split('/').slice(-2, -1)[0])).toEqual(['resources', 'resources']);
    expect(resources.map((f) => f.bytes).sort()).toEqual([bytes.art.length, bytes.audio.length].sort());
    // The ERN names each file by the URI it arrived under, with its MD5, and validates.
    const ern = (await call('GET', `/_local/sftp/files/${files.at(-2)?.path}`)).body as string;
    const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
    for (const resource of resources) expect(ern).toContain(resource.path.split('/').slice(-2).join('/'));
    expect(ern).toContain(`<HashSumValue>${md5(bytes.audio)}</HashSumValue>`);
    expect(ern).toContain(`<HashSumValue>${md5(bytes.art)}</HashSumValue>`);
    const { validateErn } = await import('../../functions/deliveries/ern/validate.js');
    expect(await validateErn(ern)).toEqual({ valid: true });
    expect((await call('GET', '/_local/sftp/files/..%2F..%2Fhost-key')).status).toBe(404);
    // Opened from the outbox of the demo store, the ERN shows in the browser as XML instead of downloading.
    const opened = await fetch(`${cloudUrl()}/_local/sftp/files/${files.at(-2)?.path}`);
    expect(opened.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(opened.headers.get('content-disposition')).toBe('inline');
  });

  it('uploads once when the queue delivers the same message twice, at once or after it was delivered', async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const delivery = await createFor(A, release.id, demoDsp.id);
    const queued = (await api(A).post('/distribution_deliveries/bulk_deliver', { ids: [delivery.id] })).body
      .release_deliveries[0] as Delivery;
    const { sqsClient } = await import('../../functions/lib/clients.js');
    const message = JSON.stringify({ tenantId: A, deliveryId: delivery.id, batchId: queued.batch_id });
    const resend = () =>
      sqsClient().send(
        new SendMessageCommand({ QueueUrl: process.env[ENV.releaseDeliveryQueue], MessageBody: message }),
      );
    await resend(); // a duplicate while the first is on its way
    const done = await settled(A, release.id, delivery.id);
    expect(done.status, done.reason).toBe('delivered');
    await resend(); // and one after it was delivered
    await new Promise((r) => setTimeout(r, 3000));
    const files = await arrivals(`demo-label/${done.batch_id}/`);
    expect(files).toHaveLength(4);
    expect(new Set(files.map((f) => f.path)).size).toBe(4);
    const after = (await api(A).get(`/releases/${release.id}/distribution_deliveries`)).body.release_deliveries[0];
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('a store that cannot be reached', () => {
  it('fails with the reason (no password in it), retries once fixed, and never half-sends', async () => {
    const port = (demoDspSpec: string) => Number(/:(\d+)\//.exec(demoDspSpec)?.[1]);
    const sftpPort = port(
      (await call('GET', `/api/v1/dsps/${demoDsp.id}/edit`, { token: admin })).body.dsp.technical_specification
        .server_uri,
    );
    expect(sftpPort).toBeGreaterThan(0);
    const wrongPassword = 'Not-the-password-7';
    const store = await adminDsp(`Flaky store ${Date.now()}`, {
      server_uri: `sftp://127.0.0.1:${sftpPort}/`,
      server_login: DEMO_SFTP_LOGIN.username,
      server_password: wrongPassword,
      delivery_stub: 'flaky',
    });
    const { release } = await deliverableRelease(api(A), admin, A);
    // A store the company is not connected to is refused, named; an admin connects it.
    const unconnected = await api(A).post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
      release_deliveries: [{ dsp_id: store.id }],
    });
    expect(unconnected.status).toBe(400);
    expect(unconnected.body).toEqual({
      message: `Your company is not connected to ${store.name}`,
      errors: { dsp_id: [`Your company is not connected to ${store.name}`] },
    });
    const connected = await call('POST', `/api/v1/companies/${A}/dsp_connections`, {
      token: admin,
      body: { dsp_connection: { dsp_id: store.id, status: 'connected' } },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const delivery = await createFor(A, release.id, store.id);
    await api(A).post('/distribution_deliveries/bulk_deliver', { ids: [delivery.id] });
    const refused = await settled(A, release.id, delivery.id);
    expect(refused.status).toBe('failed');
    expect(refused.reason).toBe(`The store's SFTP server (sftp://127.0.0.1:${sftpPort}) refused the login demo-dsp`);
    expect(await arrivals(`flaky/`)).toEqual([]);

    // Down: nothing listens on the port.
    await call('PATCH', `/api/v1/dsps/${store.id}`, {
      token: admin,
      body: { technical_specification_attributes: { server_uri: 'sftp://127.0.0.1:1/', server_password: '' } },
    });
    await api(A).post('/distribution_deliveries/bulk_deliver', { release_id: release.id });
    const down = await settled(A, release.id, delivery.id);
    expect(down).toMatchObject({ status: 'failed', attempts: 2 });
    expect(down.reason).toBe("The store's SFTP server (sftp://127.0.0.1:1) refused the connection");

    // Fixed: the failed delivery is delivered on the next bulk_deliver.
    await call('PATCH', `/api/v1/dsps/${store.id}`, {
      token: admin,
      body: {
        technical_specification_attributes: {
          server_uri: `sftp://127.0.0.1:${sftpPort}/`,
          server_password: DEMO_SFTP_LOGIN.password,
        },
      },
    });
    await api(A).post('/distribution_deliveries/bulk_deliver', { release_id: release.id });
    const retried = await settled(A, release.id, delivery.id);
    expect(retried.status, retried.reason).toBe('delivered');
    expect(retried.reason).toBeUndefined();
    const files = await arrivals('flaky/');
    expect(files.at(-1)?.path).toBe(`flaky/${retried.batch_id}/BatchComplete_${retried.batch_id}.xml`);

    // Re-delivery uploads it again as a new batch.
    const again = await api(A).post(`/distribution_deliveries/${delivery.id}/redeliver`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const redelivered = await settled(A, release.id, delivery.id);
    expect(redelivered.status).toBe('delivered');
    expect(redelivered.batch_id).not.toBe(retried.batch_id);
    expect(answers.join('\n')).not.toContain(wrongPassword);
  });

  it('fails a release without cover art, naming it, and uploads nothing', async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const { getDb } = await import('../../functions/data/service.js');
    await getDb().entities.Release.patch({ tenantId: A, id: release.id }).remove(['artwork']).go();
    const delivery = await createFor(A, release.id, demoDsp.id);
    await api(A).post('/distribution_deliveries/bulk_deliver', { ids: [delivery.id] });
    const failed = await settled(A, release.id, delivery.id);
    expect(failed).toMatchObject({
      status: 'failed',
      reason: `${release.title} has no cover art: upload it before delivering`,
    });
    expect(await arrivals(`demo-label/${failed.batch_id}/`)).toEqual([]);
  });
});

describe('an ERN the schema refuses', () => {
  it('fails the delivery naming the first error, and sends nothing', async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const delivery = await createFor(A, release.id, demoDsp.id);
    const { markQueued } = await import('../../functions/data/access/deliveries.js');
    const { runDelivery } = await import('../../functions/deliveries/run-delivery.js');
    const { productErn } = await import('../../functions/deliveries/ern-binding.js');
    // The worker's own code, with a builder that drops the MessageHeader: what a builder defect would send.
    const broken = {
      ...productErn,
      build: (...args: Parameters<typeof productErn.build>) =>
        productErn.build(...args).replace(/<MessageHeader>[\s\S]*<\/MessageHeader>/, ''),
    };
    expect(await markQueued(A, delivery.id, 'broken-batch', ['created'])).toBe(true);
    expect(await runDelivery({ tenantId: A, deliveryId: delivery.id, batchId: 'broken-batch' }, broken)).toBe('failed');
    const failed = (await api(A).get(`/releases/${release.id}/distribution_deliveries`)).body.release_deliveries[0];
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/^The ERN message is not valid DDEX ERN 4\.3: .*MessageHeader/);
    expect(await arrivals('demo-label/broken-batch/')).toEqual([]);
  });
});

describe('refusals', () => {
  it('refuses a release that has not passed quality control, with the contract message', async () => {
    const { release } = await checkableRelease(api(A), admin);
    const refused = await api(A).post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
      release_deliveries: [{ dsp_id: demoDsp.id }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_DELIVERABLE_MESSAGE);
    expect(refused.body.errors.release).toEqual([
      `${release.title} is drafted: it must pass quality control before delivery`,
    ]);
    const viaRelease = await api(A).post('/release/release_deliveries/bulk_create', {
      id: release.id,
      release_deliveries: [{ dsp_id: demoDsp.id }],
    });
    expect(viaRelease.status).toBe(400);
    expect(viaRelease.body.message).toBe(NOT_DELIVERABLE_MESSAGE);
  });

  it('refuses an empty choice on its field: no DSP to create deliveries for, no delivery to deliver', async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const noStore = await api(A).post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
      release_deliveries: [],
    });
    expect(noStore.status).toBe(400);
    expect(noStore.body.errors.release_deliveries).toEqual(['Choose at least one DSP']);
    for (const body of [{}, { ids: [] }]) {
      const nothing = await api(A).post('/distribution_deliveries/bulk_deliver', body);
      expect(nothing.status).toBe(400);
      expect(nothing.body).toEqual({
        message: 'Choose the deliveries to deliver',
        errors: { ids: ['Choose the deliveries to deliver'] },
      });
    }
  });

  it('refuses a release sent back to drafted at bulk_deliver, and an unknown DSP', async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const delivery = await createFor(A, release.id, demoDsp.id);
    const { getDb } = await import('../../functions/data/service.js');
    await getDb().entities.Release.patch({ tenantId: A, id: release.id }).set({ status: 'rejected' }).go();
    const refused = await api(A).post('/distribution_deliveries/bulk_deliver', { ids: [delivery.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_DELIVERABLE_MESSAGE);
    const unknown = await api(A).post('/release/release_deliveries/bulk_create', {
      id: release.id,
      release_deliveries: [{ dsp_id: 'no-such-dsp' }],
    });
    expect(unknown.status).toBe(400);
  });

  it("never answers a store password, not even on the store's own edit page", async () => {
    const edit = await call('GET', `/api/v1/dsps/${demoDsp.id}/edit`, { token: admin });
    answers.push(JSON.stringify(edit.body));
    expect(edit.body.dsp.technical_specification.server_password).toBeUndefined();
    expect(JSON.stringify(edit.body)).not.toContain(DEMO_SFTP_LOGIN.password);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another company's release and deliveries", async () => {
    const { release } = await deliverableRelease(api(A), admin, A);
    const delivery = await createFor(A, release.id, demoDsp.id);
    const other = api(B);
    expect((await other.get(`/releases/${release.id}/distribution_deliveries`)).status).toBe(404);
    expect(
      (
        await other.post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
          release_deliveries: [{ dsp_id: demoDsp.id }],
        })
      ).status,
    ).toBe(404);
    expect(
      (await other.patch(`/distribution_deliveries/${delivery.id}`, { release_delivery: { action: 'update' } })).status,
    ).toBe(404);
    expect((await other.del(`/distribution_deliveries/${delivery.id}`)).status).toBe(404);
    expect((await other.post(`/distribution_deliveries/${delivery.id}/redeliver`)).status).toBe(404);
    expect((await other.post('/distribution_deliveries/bulk_deliver', { ids: [delivery.id] })).status).toBe(404);
    // Still there, untouched, in its own company.
    const own = (await api(A).get(`/releases/${release.id}/distribution_deliveries`)).body.release_deliveries;
    expect(own).toMatchObject([{ id: delivery.id, status: 'created', action: 'insert' }]);
    // Its own company may change and delete it while nothing is on its way.
    expect(
      (await api(A).patch(`/distribution_deliveries/${delivery.id}`, { release_delivery: { action: 'takedown' } }))
        .body,
    ).toMatchObject({ release_delivery: { action: 'takedown' } });
    expect((await api(A).del(`/distribution_deliveries/${delivery.id}`)).status).toBe(200);
  });

  it('refuses a company role without delivery.write, and non-admins the distribution records', async () => {
    const { token } = await newConfirmedUser('Delivery Accountant');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Delivery Roles ${Date.now()}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: userId, role: 'accounting' }] },
    });
    const member = inCompany(token, company);
    const release = (await inCompany(admin, company).post('/releases', { title: 'Roles release' })).body.release;
    expect(
      await member.post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
        release_deliveries: [{ dsp_id: demoDsp.id }],
      }),
    ).toEqual({ status: 403, body: { message: roleRefusal('accounting', 'delivery.write') } });
    expect((await member.post('/distribution_deliveries/bulk_deliver', { release_id: release.id })).status).toBe(403);
    expect(await member.get(`/releases/${release.id}/distribution_deliveries`)).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.read') },
    });
    expect((await call('GET', '/api/v1/deliveries', { token: manager.token })).status).toBe(403);
  });
});

describe('distribution records (admin)', () => {
  it('imports a CSV and lists 50 per page, newest delivery_time first', async () => {
    const csv = [
      'product_name,artist_name,upc,delivery_time,recipient,status',
      `"Older, EP",Aurora Vale,5060000000009,2026-01-01T10:00:00Z,Spotify,delivered`,
      `Newer,Aurora Vale,5060000000009,2026-06-01T10:00:00Z,Deezer,delivered`,
    ].join('\n');
    const imported = await call('POST', '/api/v1/deliveries/import', { token: admin, body: { file: csv } });
    expect(imported).toMatchObject({ status: 200, body: { imported: 2, message: '2 records were added' } });
    const list = await call('GET', '/api/v1/deliveries?page=1&per_page=50&order=delivery_time%20desc', {
      token: admin,
    });
    expect(list.body.per_page).toBe(50);
    const names = (list.body.deliveries as { product_name: string }[]).map((d) => d.product_name);
    expect(names.indexOf('Newer')).toBeLessThan(names.indexOf('Older, EP'));
    const bad = await call('POST', '/api/v1/deliveries/import', { token: admin, body: { file: 'a,b\n' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.file).toBeDefined();

    // A date not written as a date (the 1st of May or the 5th of January?) is refused with the form it must take,
    // naming its line, and nothing of the file is kept.
    const product = `Ambiguous ${Date.now()}`;
    const ambiguous = await call('POST', '/api/v1/deliveries/import', {
      token: admin,
      body: { file: `product_name,release_date\n${product},2026-05-01\n${product},01/05/2026\n` },
    });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.errors.file).toEqual(['Line 3: Release date must be a date (YYYY-MM-DD)']);
    const late = await call('POST', '/api/v1/deliveries/import', {
      token: admin,
      body: { file: `product_name,delivery_time\n${product},yesterday\n` },
    });
    expect(late.status).toBe(400);
    expect(late.body.errors.file).toEqual([
      'Line 2: Delivery time must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM:SSZ)',
    ]);
    const kept = await call('GET', `/api/v1/deliveries?q=${encodeURIComponent(product)}`, { token: admin });
    expect(kept.body.total_count).toBe(0);
    const entered = await call('POST', '/api/v1/deliveries/new', {
      token: admin,
      body: { product_name: product, release_date: '2026-02-30' },
    });
    expect(entered.status).toBe(400);
  });
});
