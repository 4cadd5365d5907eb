import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { s3Client } from '../../functions/lib/clients.js';
import { BUCKETS } from '../../infra/resources.js';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, labelManager, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { until } from '../support/wait.js';
import { uploadPresigned } from '../support/presigned-upload.js';
import { takeTurns } from '../support/take-turns.js';

/**
 * Cover art in the local cloud: presigned PUT → bucket event → SQS → upload worker →
 * sharp checks → the release's artwork with a thumbnail and a medium JPEG, or the reason and the
 * file deleted, pushed to the uploader.
 */
let manager: OwnLabelManager;
let api: ReturnType<typeof inCompany>;
let socket: WebSocket;
const messages: Record<string, unknown>[] = [];
const bucket = () => BUCKETS.uploads.localName;

// The demo store and the demo company's connections to it are the whole platform's: the files that change them take turns.
takeTurns('demo-store');

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  manager = await ownLabelManager('Cover Art');
  api = inCompany(manager.token, manager.distributed.id);
  socket = new WebSocket(
    `${inject('cloudUrl').replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(manager.token)}`,
  );
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
});
afterAll(() => socket?.close());

const art = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });

const newRelease = async () =>
  (await api.post('/releases', { title: `Cover ${Date.now()}-${Math.random()}` })).body.release as { id: string };

/** Uploads bytes as a release's cover art through its presigned PUT and waits for the worker's verdict. */
async function uploadArt(releaseId: string, filename: string, contentType: string, bytes: Buffer) {
  const key = await uploadPresigned(
    api,
    `/releases/${releaseId}/update_images`,
    { filename, content_type: contentType },
    bytes,
  );
  const release = await until(async () => {
    const current = (await api.get(`/releases/${releaseId}`)).body.release;
    return ['ready', 'failed'].includes(current.artwork_upload?.status) ? current : undefined;
  }, 30_000);
  return { release, key };
}

const exists = (key: string) =>
  s3Client()
    .send(new HeadObjectCommand({ Bucket: bucket(), Key: key }))
    .then(() => true)
    .catch(() => false);

describe('cover art', () => {
  it('stores square RGB art with a thumbnail and a medium JPEG, shows them in the list, and pushes', async () => {
    const release = await newRelease();
    const bytes = await art(3000, 3000).jpeg().toBuffer();
    const { release: done, key } = await uploadArt(release.id, 'cover.jpg', 'image/jpeg', bytes);
    expect(done.artwork_upload).toEqual({ status: 'ready', filename: 'cover.jpg', reason: null });
    expect(done.artwork).toMatchObject({ content_type: 'image/jpeg', width: 3000, height: 3000, bytes: bytes.length });
    expect(done.artwork.key).toBeUndefined(); // keys stay server-side; the browser gets short-lived URLs
    const thumb = await sharp(Buffer.from(await (await fetch(done.artwork.thumbnail_url)).arrayBuffer())).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    const medium = await sharp(Buffer.from(await (await fetch(done.artwork.medium_url)).arrayBuffer())).metadata();
    expect(medium).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
    expect(await exists(key)).toBe(true);

    const listed = (await api.get(`/releases?q=${encodeURIComponent(done.title)}`)).body.releases;
    expect(listed.find((r: { id: string }) => r.id === release.id)?.artwork?.thumbnail_url).toEqual(
      expect.stringContaining('artwork-renditions'),
    );
    // An edit of the release keeps its art.
    const edited = await api.patch(`/releases/${release.id}`, { notes: 'edited after the art' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.release.artwork).toMatchObject({ width: 3000 });
    await until(async () => messages.find((m) => m.model === 'Release' && m.id === release.id && m.status === 'ready'));

    // The same bucket event again changes nothing (the worker skips an upload it already stored).
    const { handleCoverArtUpload } = await import('../../functions/artwork/cover-art-worker.js');
    expect(await handleCoverArtUpload(bucket(), key)).toBe('skipped');
  }, 60_000);

  it('refuses art that is not square, too small, CMYK or a PNG sent as JPEG: reason shown, object deleted', async () => {
    const cases: [Buffer, string, string][] = [
      [await art(3000, 2400).jpeg().toBuffer(), 'image/jpeg', 'Cover art must be square: 3000×2400'],
      [await art(1400, 1400).png().toBuffer(), 'image/png', 'Cover art must be at least 3000×3000 pixels: 1400×1400'],
      [
        await art(3000, 3000).toColourspace('cmyk').jpeg().toBuffer(),
        'image/jpeg',
        'Cover art must be RGB: this file is CMYK',
      ],
      [await art(3000, 3000).png().toBuffer(), 'image/jpeg', 'Cover art is a PNG file but was uploaded as JPEG'],
    ];
    for (const [bytes, type, reason] of cases) {
      const release = await newRelease();
      const { release: done, key } = await uploadArt(release.id, 'art.jpg', type, bytes);
      expect(done.artwork_upload).toEqual({ status: 'failed', filename: 'art.jpg', reason });
      expect(done.artwork).toBeNull();
      expect(await exists(key)).toBe(false);
      await until(async () => messages.find((m) => m.id === release.id && m.reason === reason));
    }
  }, 120_000);

  it('refuses a file that is not a JPG or PNG, or is over 36 MB, before upload', async () => {
    const release = await newRelease();
    const svg = await api.post(`/releases/${release.id}/update_images`, {
      filename: 'cover.svg',
      content_type: 'image/jpeg',
      size: 100,
    });
    expect(svg).toEqual({
      status: 400,
      body: expect.objectContaining({ errors: { filename: ['Cover art must be a JPG or PNG file'] } }),
    });
    const huge = await api.post(`/releases/${release.id}/update_images`, {
      filename: 'cover.jpg',
      content_type: 'image/jpeg',
      size: 36 * 1024 * 1024 + 1,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual({ size: ['Size must be under 36 MB'] });
    const gif = await api.post(`/releases/${release.id}/update_images`, {
      filename: 'cover.gif',
      content_type: 'image/gif',
      size: 100,
    });
    expect(gif.status).toBe(400);
    expect(Object.keys(gif.body.errors)).toContain('content_type');
  });

  it("answers 404 for another company's release, and refuses a role without catalogue.write", async () => {
    const release = await newRelease();
    const other = inCompany(manager.token, manager.publisher.id);
    const body = { filename: 'cover.jpg', content_type: 'image/jpeg', size: 100 };
    const foreign = await other.post(`/releases/${release.id}/update_images`, body);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Release not found');
    expect((await other.get(`/releases/${release.id}`)).status).toBe(404);

    const admin = await signIn(demo.admin.email, demo.admin.password);
    const { token } = await newConfirmedUser('Cover Intern');
    const member = (await call('GET', '/api/v1/me', { token })).body.user.id as string;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Cover Intern Co ${Date.now()}` } })
    ).body.company.id as string;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: member, role: 'intern' }] },
    });
    const own = (await inCompany(admin, company).post('/releases', { title: 'Intern release' })).body.release;
    const refused = await inCompany(token, company).post(`/releases/${own.id}/update_images`, body);
    expect(refused).toEqual({ status: 403, body: { message: roleRefusal('intern', 'catalogue.write') } });
  });

  it('skips an artwork event for a release that does not exist, without failing the message', async () => {
    const key = `artwork/${manager.distributed.id}/no-such-release/u/01J0000000000000000000NONE-x.jpg`;
    await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: Buffer.from('x') }));
    const { handleCoverArtUpload } = await import('../../functions/artwork/cover-art-worker.js');
    expect(await handleCoverArtUpload(bucket(), key)).toBe('skipped');
    await expect(s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }))).resolves.toBeTruthy();
  });

  it('gives the demo EP checked cover art and a ready WAV original per track (seed, through the real worker)', async () => {
    const { recordingOriginalAudio, releaseCoverArt } = await import('../../functions/catalogue/delivery-assets.js');
    const { getReleaseRecord } = await import('../../functions/data/access/catalogue-assets.js');
    const { getRecording } = await import('../../functions/data/access/catalogue.js');
    // A test of the demo seed itself: the only one here that reads the demo company.
    const demoManager = await labelManager();
    const demoApi = inCompany(demoManager.token, demoManager.distributed.id);
    const listed = (await demoApi.get('/releases?q=Northern%20Lights%20EP')).body.releases as {
      id: string;
      title: string;
    }[];
    const ep = listed.find((r) => r.title === 'Northern Lights EP');
    expect(ep).toBeDefined();
    const release = await until(async () => {
      const stored = await getReleaseRecord(demoManager.distributed.id, ep?.id ?? '');
      return stored?.artwork ? stored : undefined;
    }, 60_000);
    expect(release.artwork).toMatchObject({ width: 3000, height: 3000, content_type: 'image/jpeg' });
    expect(releaseCoverArt(release)).toMatchObject({ fileName: '5060000000009.jpg', contentType: 'image/jpeg' });
    const trackIds = (release.release_recordings as { recording_id: string }[]).map((r) => r.recording_id);
    expect(trackIds).toHaveLength(2);
    for (const id of trackIds) {
      const recording = await until(async () => {
        const stored = await getRecording(demoManager.distributed.id, id);
        return stored?.audio?.status === 'ready' ? stored : undefined;
      }, 60_000);
      expect(recordingOriginalAudio(recording)).toMatchObject({ contentType: 'audio/wav' });
      expect(await exists(recording.audio?.source_key ?? '')).toBe(true);
    }
  }, 150_000);
});
