import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../../functions/lib/clients.js';
import { BUCKETS } from '../../infra/resources.js';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { seedCoverArt } from '../support/seeded-files.js';

/**
 * Deleting a release or a label removes its files from the uploads bucket: cover art
 * and its renditions, kept assets, a label's logo — after the record is gone. Against the local S3.
 */
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let api: ReturnType<typeof inCompany>;
let tenant: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  manager = await ownLabelManager('Deleted record files');
  tenant = manager.distributed.id;
  api = inCompany(manager.token, tenant);
});

const bucket = BUCKETS.uploads.localName;
const put = (Key: string, body = 'bytes') =>
  s3Client().send(new PutObjectCommand({ Bucket: bucket, Key, Body: Buffer.from(body) }));

/** The keys under a prefix in the uploads bucket. */
async function keysUnder(prefix: string): Promise<string[]> {
  const page = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
}

/** Presigns, PUTs and registers one kept asset of a release or label; answers its key. */
async function keepAsset(base: string): Promise<string> {
  const body = '%PDF-1.4 booklet';
  const presigned = await api.post(`${base}/update_assets`, {
    filename: 'Booklet.pdf',
    content_type: 'application/pdf',
    size: body.length,
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
  expect((await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body })).status).toBe(200);
  expect((await api.post(`${base}/assets`, { file_key: presigned.body.key })).status).toBe(201);
  return presigned.body.key;
}

/** A drafted release with cover art (original, thumbnail, medium, a rendition) and a kept asset. */
async function releaseWithFiles(): Promise<{ id: string; prefixes: string[] }> {
  const release = (await api.post('/releases', { title: `Files ${Date.now()}` })).body.release;
  await seedCoverArt(tenant, release.id);
  const art = `artwork/${tenant}/${release.id}/cover.jpg`;
  await put(`${art}.thumb.jpg`);
  await put(`${art}.medium.jpg`);
  await put(`artwork-renditions/${tenant}/${release.id}/upload/thumbnail.jpg`);
  await keepAsset(`/releases/${release.id}`);
  const prefixes = [
    `artwork/${tenant}/${release.id}/`,
    `artwork-renditions/${tenant}/${release.id}/`,
    `assets/${tenant}/releases/${release.id}/`,
  ];
  for (const prefix of prefixes) expect((await keysUnder(prefix)).length, prefix).toBeGreaterThan(0);
  return { id: release.id, prefixes };
}

describe('deleting a record removes its files', () => {
  it('a deleted release leaves no cover art, renditions or assets behind', async () => {
    const release = await releaseWithFiles();
    const deleted = await api.del(`/releases/${release.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    for (const prefix of release.prefixes) expect(await keysUnder(prefix), prefix).toEqual([]);
    expect((await api.get(`/releases/${release.id}`)).status).toBe(404);
  });

  it('so do releases deleted together (bulk_destroy)', async () => {
    const one = await releaseWithFiles();
    const two = await releaseWithFiles();
    const deleted = await api.post('/releases/bulk_destroy', { release_ids: [one.id, two.id] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    for (const prefix of [...one.prefixes, ...two.prefixes]) expect(await keysUnder(prefix), prefix).toEqual([]);
  });

  it('a release that may not be deleted keeps its files', async () => {
    const release = await releaseWithFiles();
    // Not a draft any more: the delete is refused and nothing is removed.
    const { getDb } = await import('../../functions/data/service.js');
    await getDb().entities.Release.patch({ tenantId: tenant, id: release.id }).set({ status: 'accepted' }).go();
    expect((await api.del(`/releases/${release.id}`)).status).toBe(409);
    for (const prefix of release.prefixes) expect((await keysUnder(prefix)).length, prefix).toBeGreaterThan(0);
  });

  it('a deleted label leaves no assets or logo behind; other labels keep theirs', async () => {
    const label = (await api.post('/labels', { name: `Files ${Date.now()}` })).body.label;
    const other = (await api.post('/labels', { name: `Kept ${Date.now()}` })).body.label;
    expect(label?.id, 'label created').toBeTruthy();
    await keepAsset(`/labels/${label.id}`);
    const otherAsset = await keepAsset(`/labels/${other.id}`);
    await put(`logos/${tenant}/labels/${label.id}/logo.png`);
    const deleted = await api.del(`/labels/${label.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await keysUnder(`assets/${tenant}/labels/${label.id}/`)).toEqual([]);
    expect(await keysUnder(`logos/${tenant}/labels/${label.id}/`)).toEqual([]);
    expect(await keysUnder(`assets/${tenant}/labels/${other.id}/`)).toEqual([otherAsset]);
  });
});
