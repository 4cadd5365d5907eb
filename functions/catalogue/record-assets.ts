import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { ENV } from '../../infra/resources.js';
import {
  deleteCatalogueAsset,
  getCatalogueAsset,
  getReleaseRecord,
  listCatalogueAssets,
  putCatalogueAsset,
} from '../data/access/catalogue-assets.js';
import { requireEnv, s3Client } from '../lib/clients.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { presignDownload, presignUpload, uploadedObject } from '../uploads/presign.js';
import { getLabel } from './labels.js';

/**
 * Files kept beside a release or a label (releases/{id}/update_assets and
 * labels/{id}/update_assets: booklets, press shots, contract PDFs). The browser asks for a
 * presigned PUT, sends the bytes, then registers the key; each file can be downloaded through a
 * short-lived URL (as an attachment unless its type is known to be harmless) and deleted.
 */
export type AssetOwner = { kind: 'releases' | 'labels'; id: string };

const ownerKey = (owner: AssetOwner) => `${owner.kind}#${owner.id}`;
const prefixOf = (tenantId: string, owner: AssetOwner) => `assets/${tenantId}/${owner.kind}/${owner.id}/`;

/** The release or label must be the company's own: another company's id answers 404. */
async function requireOwner(tenantId: string, owner: AssetOwner): Promise<void> {
  if (owner.kind === 'labels') {
    await getLabel(tenantId, owner.id);
    return;
  }
  if (!(await getReleaseRecord(tenantId, owner.id))) throw new NotFound('Release');
}

/** POST {releases|labels}/{id}/update_assets: a presigned PUT under the record's own prefix. */
export async function presignAsset(
  tenantId: string,
  owner: AssetOwner,
  file: { filename: string; content_type: string; size: number },
) {
  await requireOwner(tenantId, owner);
  return presignUpload(prefixOf(tenantId, owner), file);
}

async function present(item: Awaited<ReturnType<typeof listCatalogueAssets>>[number]) {
  return {
    id: item.id,
    filename: item.filename,
    content_type: item.content_type ?? null,
    size: item.size ?? null,
    uploaded_at: item.uploaded_at,
    url: await presignDownload(item.key, item.content_type ?? 'application/octet-stream', item.filename),
  };
}

/** GET {releases|labels}/{id}/assets: the record's files, newest first. */
export async function listAssets(tenantId: string, owner: AssetOwner) {
  await requireOwner(tenantId, owner);
  const items = await listCatalogueAssets(tenantId, ownerKey(owner));
  items.sort((a, b) => b.id.localeCompare(a.id));
  return { assets: await Promise.all(items.map(present)) };
}

/**
 * POST {releases|labels}/{id}/assets: registers an uploaded file. The key must lie under the
 * record's own prefix and the object must exist; registering the same key twice is refused.
 */
export async function addAsset(tenantId: string, userId: string, owner: AssetOwner, fileKey: string) {
  await requireOwner(tenantId, owner);
  const object = await uploadedObject(prefixOf(tenantId, owner), fileKey, 'file_key');
  const existing = await listCatalogueAssets(tenantId, ownerKey(owner));
  if (existing.some((item) => item.key === object.key)) throw new InvalidField('file_key', 'File is already kept here');
  const item = {
    tenantId,
    owner: ownerKey(owner),
    id: ulid(),
    key: object.key,
    filename: object.filename,
    ...(object.content_type ? { content_type: object.content_type } : {}),
    ...(object.size === undefined ? {} : { size: object.size }),
    uploaded_by: userId,
    uploaded_at: new Date().toISOString(),
  };
  await putCatalogueAsset(item);
  return { asset: await present(item), message: 'Asset Added' };
}

/** DELETE {releases|labels}/{id}/assets/{assetId}: the file and its entry. */
export async function deleteAsset(tenantId: string, owner: AssetOwner, assetId: string) {
  await requireOwner(tenantId, owner);
  const item = await getCatalogueAsset(tenantId, ownerKey(owner), assetId);
  if (!item) throw new NotFound('Asset');
  await s3Client().send(new DeleteObjectCommand({ Bucket: requireEnv(ENV.uploadsBucket), Key: item.key }));
  await deleteCatalogueAsset(tenantId, ownerKey(owner), assetId);
  return { message: 'Asset Deleted' };
}
