import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { NOT_DELIVERABLE_MESSAGE } from '../../shared/deliveries.js';
import { recordingOriginalAudio, releaseCoverArt } from '../catalogue/delivery-assets.js';
import { markReleaseDelivered, mayDeliver } from '../catalogue/release-status.js';
import { getRecording } from '../data/access/catalogue.js';
import { getCompany } from '../data/access/companies.js';
import { claimDelivery, finishDelivery, getDeliveryRelease, getDsp } from '../data/access/deliveries.js';
import type { ReleaseItem } from '../data/entities/catalogue.js';
import type { ReleaseDeliveryItem } from '../data/entities/deliveries.js';
import type { DspItem } from '../data/entities/reference.js';
import { s3Client } from '../lib/clients.js';
import { HttpError } from '../lib/errors.js';
import { log } from '../lib/logger.js';
import { pushToUser } from '../realtime/push.js';
import { planBatch, type BatchResource, type PlannedFile } from './batch-plan.js';
import { senderParty } from './ern/message-parties.js';
import { resourceReferences } from './ern/references.js';
import type { ErnHash, ErnParty, ErnRelease } from './ern/types.js';
import { EndpointProblem, sftpEndpointOf } from './dsp-endpoint.js';
import type { ErnPort } from './ern-port.js';
import { LEASE_MS } from './lease.js';
import { deliveryView } from './present.js';
import { recipientOf, storeTermsOf } from './store-terms.js';
import type { DeliveryMessage } from './queue.js';
import { UploadProblem, uploadBatch, type BatchFile } from './sftp-upload.js';

/** A reason the delivery cannot go, in words for the label (shown on the delivery, retryable once fixed). */
class DeliveryProblem extends Error {}

/**
 * The files a release sends beside its message, as the message names them (ern/references.ts):
 * each track's original audio and the cover art. A missing one fails the delivery, named.
 */
async function resourcesOf(
  tenantId: string,
  release: ReleaseItem,
  ern: ErnRelease,
): Promise<(BatchResource & { reference: string })[]> {
  const resources: (BatchResource & { reference: string })[] = [];
  for (const ref of resourceReferences(ern)) {
    if (ref.kind === 'image') {
      const cover = releaseCoverArt(release);
      if (!ref.file || !cover)
        throw new DeliveryProblem(`${release.title} has no cover art: upload it before delivering`);
      resources.push({ reference: ref.reference, uri: ref.file.fileName, asset: cover });
      continue;
    }
    const recording = await getRecording(tenantId, ref.recordingId);
    if (!recording) throw new DeliveryProblem(`A track of ${release.title} no longer exists`);
    const audio = recordingOriginalAudio(recording);
    const named = `Recording "${recording.title}"${recording.isrc ? ` (${recording.isrc})` : ''}`;
    if (!ref.file || !audio)
      throw new DeliveryProblem(`${named} has no original audio (WAV or FLAC): upload it before delivering`);
    resources.push({ reference: ref.reference, uri: ref.file.fileName, asset: audio });
  }
  return resources;
}

/**
 * Each file's MD5 for the message's HashSum, read from the bucket before anything is sent (so the
 * ERN names what the store will receive). One read per file; files are hashed a few at a time.
 */
async function hashesOf(
  resources: readonly (BatchResource & { reference: string })[],
): Promise<Record<string, ErnHash>> {
  const hashes: Record<string, ErnHash> = {};
  for (let i = 0; i < resources.length; i += 4) {
    await Promise.all(
      resources.slice(i, i + 4).map(async ({ reference, asset }) => {
        const hash = createHash('md5');
        for await (const chunk of await readAsset(asset)) hash.update(chunk as Buffer);
        hashes[reference] = { algorithm: 'MD5', value: hash.digest('hex') };
      }),
    );
  }
  return hashes;
}

async function readAsset(asset: BatchResource['asset']): Promise<Readable> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: asset.bucket, Key: asset.key }));
  return object.Body as Readable;
}

/** A planned file as a failed upload names it: a resource by its own file name, the two messages by what they are. */
function fileName(file: PlannedFile): string {
  if (file.kind === 'ern') return 'the release’s DDEX message';
  if (file.kind === 'batchComplete') return 'the BatchComplete file that closes the delivery';
  return file.path.slice(file.path.lastIndexOf('/') + 1);
}

function batchFiles(plan: readonly PlannedFile[]): BatchFile[] {
  return plan.map((file) => ({
    path: file.path,
    name: fileName(file),
    open: async () => (file.kind === 'resource' ? readAsset(file.asset) : Buffer.from(file.xml, 'utf8')),
  }));
}

async function push(userId: string | undefined, item: ReleaseDeliveryItem | null): Promise<void> {
  if (!userId || !item) return;
  await pushToUser(userId, { type: 'record', model: 'ReleaseDelivery', record: deliveryView(item) }).catch(() => 0);
}

/** The sender (the company) and recipient (the store, under its DPID) of the message. */
async function partiesOf(tenantId: string, dsp: DspItem): Promise<{ sender: ErnParty; recipient: ErnParty }> {
  const company = await getCompany(tenantId);
  return { sender: senderParty(company?.name ?? tenantId), recipient: recipientOf(dsp) };
}

/** Builds, checks and uploads one claimed delivery; throws a DeliveryProblem (or an upload's) to fail it. */
async function deliver(item: ReleaseDeliveryItem, batchId: string, ern: ErnPort): Promise<string[]> {
  const release = await getDeliveryRelease(item.tenantId, item.release_id);
  if (!release) throw new DeliveryProblem('The release no longer exists');
  if (!mayDeliver(release, item.action)) throw new DeliveryProblem(NOT_DELIVERABLE_MESSAGE);
  const dsp = await getDsp(item.dsp_id);
  if (!dsp) throw new DeliveryProblem('The store (DSP) no longer exists');
  const endpoint = sftpEndpointOf(dsp);
  const createdAt = new Date().toISOString();
  const loaded = await ern.load(item.tenantId, release.id);
  // A takedown sends the message alone: the store has the files already.
  const resources = item.action === 'takedown' ? [] : await resourcesOf(item.tenantId, release, loaded);
  const xml = ern.build(loaded, {
    hashes: await hashesOf(resources),
    action: item.action,
    messageId: `${batchId}-${item.id}`,
    createdAt,
    ...(await partiesOf(item.tenantId, dsp)),
    store: storeTermsOf(dsp),
  });
  const checked = await ern.validate(xml);
  if (!checked.valid) throw new DeliveryProblem(`The ERN message is not valid DDEX ERN 4.3: ${checked.firstError}`);
  const plan = planBatch({ batchId, releaseFolder: release.upc || release.id, resources, ernXml: xml, createdAt });
  return uploadBatch(endpoint, batchFiles(plan));
}

/** A failure's reason as the label sees it; anything unexpected is logged and named in general words. */
function reasonOf(error: unknown): string {
  if (error instanceof DeliveryProblem || error instanceof EndpointProblem || error instanceof UploadProblem)
    return error.message;
  if (error instanceof HttpError && error.status === 404) return 'The release or one of its records no longer exists';
  log().error('delivery failed unexpectedly', { error: error instanceof Error ? error.message : String(error) });
  return 'The delivery failed unexpectedly; deliver it again, or tell support if it keeps failing';
}

/**
 * Works on one queue message: claims the delivery (a delivered one, one of
 * another batch, or one another worker holds is left alone, so a re-delivered message uploads
 * nothing twice), builds and validates its ERN (an invalid message is never sent), uploads the batch
 * with BatchComplete last, and marks it delivered, or failed with the reason (retryable). A claim
 * whose lease lapsed (its worker died) is taken over: the batch is uploaded again in the same
 * folder, or found complete and only marked delivered (sftp-upload.ts).
 */
export async function runDelivery(message: DeliveryMessage, ern: ErnPort): Promise<'delivered' | 'failed' | 'skipped'> {
  const leaseUntil = new Date(Date.now() + LEASE_MS).toISOString();
  const claimed = await claimDelivery(message.tenantId, message.deliveryId, message.batchId, leaseUntil);
  if (!claimed) return 'skipped';
  await push(message.userId, claimed);
  try {
    const files = await deliver(claimed, message.batchId, ern);
    // The release is in a store now: accepted → delivered; already delivered or live stays.
    // The files are in the store whatever happens here, so a failed status move never fails the delivery.
    if (claimed.action !== 'takedown')
      await markReleaseDelivered(claimed.tenantId, claimed.release_id).catch((error: unknown) =>
        log().error('release status not moved to delivered', { error: String(error) }),
      );
    await push(message.userId, await finishDelivery(claimed.tenantId, claimed.id, { status: 'delivered', files }));
    return 'delivered';
  } catch (error) {
    const reason = reasonOf(error);
    await push(message.userId, await finishDelivery(claimed.tenantId, claimed.id, { status: 'failed', reason }));
    return 'failed';
  }
}
