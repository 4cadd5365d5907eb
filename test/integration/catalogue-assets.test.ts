import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../../functions/lib/clients.js';
import { BUCKETS } from '../../infra/resources.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';

/**
 * Files kept beside releases and labels: presigned
 * PUT, registered, listed with download URLs, deleted; never reachable from another company.
 */
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let api: ReturnType<typeof inCompany>;
let admin: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  manager = await ownLabelManager('Catalogue assets');
  api = inCompany(manager.token, manager.distributed.id);
  admin = await signIn(demo.admin.email, demo.admin.password);
});

const exists = (key: string) =>
  s3Client()
    .send(new HeadObjectCommand({ Bucket: BUCKETS.uploads.localName, Key: key }))
    .then(() => true)
    .catch(() => false);

/** Presigns, PUTs and registers one file; answers the registration and the key. */
async function keep(base: string, send: typeof api.post, filename: string, type: string, body: string) {
  const presigned = await send(`${base}/update_assets`, {
    filename,
    content_type: type,
    size: Buffer.byteLength(body),
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
  const put = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body });
  expect(put.status).toBe(200);
  const added = await send(`${base}/assets`, { file_key: presigned.body.key });
  return { added, key: presigned.body.key as string };
}

describe('release and label assets', () => {
  it('keeps, lists (newest first, with a download), and deletes a release’s files', async () => {
    const release = (await api.post('/releases', { title: `Assets ${Date.now()}` })).body.release;
    const base = `/releases/${release.id}`;
    const booklet = await keep(base, api.post, 'Booklet.pdf', 'application/pdf', '%PDF-1.4 booklet');
    expect(booklet.added.status, JSON.stringify(booklet.added.body)).toBe(201);
    expect(booklet.added.body).toMatchObject({
      message: 'Asset Added',
      asset: { filename: 'Booklet.pdf', content_type: 'application/pdf', size: 16 },
    });
    const page = await keep(base, api.post, 'notes.html', 'text/html', '<script>alert(1)</script>');
    const listed = (await api.get(`${base}/assets`)).body.assets;
    expect(listed.map((a: { filename: string }) => a.filename)).toEqual(['notes.html', 'Booklet.pdf']);
    // A type that could run a script is served as a download, never inline.
    const html = await fetch(listed[0].url);
    expect(html.headers.get('content-type')).toBe('application/octet-stream');
    expect(await (await fetch(listed[1].url)).text()).toBe('%PDF-1.4 booklet');

    const again = await api.post(`${base}/assets`, { file_key: booklet.key });
    expect(again).toMatchObject({ status: 400, body: { errors: { file_key: ['File is already kept here'] } } });
    const elsewhere = await api.post(`${base}/assets`, { file_key: `assets/${manager.distributed.id}/labels/x/y.pdf` });
    expect(elsewhere.body.errors).toEqual({ file_key: ['File does not belong to this record'] });

    const removed = await api.del(`${base}/assets/${page.added.body.asset.id}`);
    expect(removed).toEqual({ status: 200, body: { message: 'Asset Deleted' } });
    expect(await exists(page.key)).toBe(false);
    expect((await api.get(`${base}/assets`)).body.assets).toHaveLength(1);
    expect((await api.del(`${base}/assets/${page.added.body.asset.id}`)).status).toBe(404);
  });

  it('keeps a label’s files, and the admin label assets page reaches them across companies', async () => {
    const label = (await api.post('/labels', { name: `Assets Label ${Date.now()}` })).body.label;
    const base = `/labels/${label.id}`;
    const press = await keep(base, api.post, 'press.jpg', 'image/jpeg', 'not really a jpeg');
    expect(press.added.status).toBe(201);
    const adminList = await call('GET', `/api/v1/admin/labels/${label.id}/assets`, { token: admin });
    expect(adminList.body.assets.map((a: { filename: string }) => a.filename)).toEqual(['press.jpg']);
    const adminSend = (path: string, body?: object) => call('POST', `/api/v1/admin${path}`, { token: admin, body });
    const contract = await keep(base, adminSend, 'contract.pdf', 'application/pdf', '%PDF contract');
    expect(contract.added.status).toBe(201);
    expect((await api.get(`${base}/assets`)).body.assets).toHaveLength(2);
    const gone = await call('DELETE', `/api/v1/admin/labels/${label.id}/assets/${contract.added.body.asset.id}`, {
      token: admin,
    });
    expect(gone.status).toBe(200);
    expect((await api.get(`${base}/assets`)).body.assets).toHaveLength(1);
  });

  it("answers 404 for another company's release, label and asset, and refuses a role without catalogue.write", async () => {
    const release = (await api.post('/releases', { title: `Private ${Date.now()}` })).body.release;
    const { added } = await keep(`/releases/${release.id}`, api.post, 'a.pdf', 'application/pdf', '%PDF');
    const label = (await api.post('/labels', { name: `Private Label ${Date.now()}` })).body.label;
    const other = inCompany(manager.token, manager.publisher.id);
    const file = { filename: 'x.pdf', content_type: 'application/pdf', size: 4 };
    for (const base of [`/releases/${release.id}`, `/labels/${label.id}`]) {
      expect((await other.get(`${base}/assets`)).status).toBe(404);
      expect((await other.post(`${base}/update_assets`, file)).status).toBe(404);
      expect((await other.post(`${base}/assets`, { file_key: added.body.asset.id })).status).toBe(404);
    }
    expect((await other.del(`/releases/${release.id}/assets/${added.body.asset.id}`)).status).toBe(404);
    expect((await api.get(`/releases/${release.id}/assets`)).body.assets).toHaveLength(1);

    const { token } = await newConfirmedUser('Assets Intern');
    const member = (await call('GET', '/api/v1/me', { token })).body.user.id as string;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Assets Intern Co ${Date.now()}` } })
    ).body.company.id as string;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: member, role: 'intern' }] },
    });
    const own = (await inCompany(admin, company).post('/releases', { title: 'Intern assets' })).body.release;
    const intern = inCompany(token, company);
    const refusal = { status: 403, body: { message: roleRefusal('intern', 'catalogue.write') } };
    expect(await intern.post(`/releases/${own.id}/update_assets`, file)).toEqual(refusal);
    expect(await intern.post(`/releases/${own.id}/assets`, { file_key: 'k' })).toEqual(refusal);
    expect(await intern.del(`/releases/${own.id}/assets/some-id`)).toEqual(refusal);
    expect((await intern.get(`/releases/${own.id}/assets`)).status).toBe(200);
  });

  it('refuses a non-MIME content type and files over 100 MB before upload', async () => {
    const release = (await api.post('/releases', { title: `Sizes ${Date.now()}` })).body.release;
    const big = await api.post(`/releases/${release.id}/update_assets`, {
      filename: 'master.zip',
      content_type: 'application/zip',
      size: 100 * 1024 * 1024 + 1,
    });
    expect(big.body.errors).toEqual({ size: ['Size must be under 100 MB'] });
    const odd = await api.post(`/releases/${release.id}/update_assets`, {
      filename: 'x.bin',
      content_type: 'not a type',
      size: 3,
    });
    expect(odd.body.errors).toEqual({ content_type: ['Content type must be a MIME type such as application/pdf'] });
  });
});
