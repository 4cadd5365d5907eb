/**
 * The batch half of `npm run bench:delivery`: RELEASES releases, each with two tracks
 * (1 MB original audio each) and cover art, made through the API in a fresh local cloud, approved,
 * then queued at once; the clock runs from queueing (what bulk_deliver does after its checks) until
 * the delivery workers have uploaded every batch to the local SFTP server and marked it delivered.
 */
import { ulid } from 'ulid';
import { seedCoverArt, seedOriginalAudio } from '../support/seeded-files.js';
import { benchCloud } from './bench-harness.js';

const AUDIO_BYTES = 1024 * 1024;
const ART_BYTES = 200 * 1024;

/** A valid 13-digit UPC/EAN from a 12-digit body. */
function upcOf(body: string): string {
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function deliverReleases(count: number): Promise<{ releases: number; seconds: number; failed: string[] }> {
  const bench = await benchCloud('Delivery Bench Records');
  try {
    const { companyId: tenantId, headers, db, cloud } = bench;
    const { referenceStore } = await import('../../functions/data/access/records.js');
    const { createReleaseDeliveries, markQueued, listTenantDeliveries } = await import(
      '../../functions/data/access/deliveries.js'
    );
    const { queueDelivery } = await import('../../functions/deliveries/queue.js');
    const post = async (path: string, body: object) => {
      const response = await fetch(`${cloud.url}/api/v1${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, { id: string }>;
      if (!response.ok) throw new Error(`${path}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const dsp = (await referenceStore('Dsp').listAll()).find((d) => d.name === 'Demo DSP');
    if (!dsp) throw new Error('the Demo DSP is not seeded');
    const audio = Buffer.alloc(AUDIO_BYTES, 1);
    const art = Buffer.alloc(ART_BYTES, 2);
    const deliveries: { id: string; batchId: string }[] = [];
    for (let i = 0; i < count; i++) {
      const tracks = [];
      for (let t = 1; t <= 2; t++) {
        const recording = (await post('/recordings', { title: `Bench ${i} track ${t}` })).recording;
        await seedOriginalAudio(tenantId, recording.id, audio);
        tracks.push({ recording_id: recording.id, position: t });
      }
      const release = (
        await post('/releases', {
          title: `Bench Release ${i}`,
          upc: upcOf(`50600${String(100000 + i).padStart(7, '0')}`),
          release_date: '2026-12-04',
          release_recordings_attributes: tracks,
        })
      ).release;
      await seedCoverArt(tenantId, release.id, art);
      await db.entities.Release.patch({ tenantId, id: release.id }).set({ status: 'accepted' }).go();
      const id = ulid();
      await createReleaseDeliveries([
        {
          tenantId,
          id,
          release_id: release.id,
          dsp_id: String(dsp.id),
          action: 'insert',
          status: 'created',
          attempts: 0,
        },
      ]);
      deliveries.push({ id, batchId: `BENCH${String(i).padStart(4, '0')}${ulid().slice(-8)}` });
    }

    const started = performance.now();
    await Promise.all(
      deliveries.map(async ({ id, batchId }) => {
        await markQueued(tenantId, id, batchId, ['created']);
        await queueDelivery({ tenantId, deliveryId: id, batchId });
      }),
    );
    for (;;) {
      const all = await listTenantDeliveries(tenantId);
      const done = all.filter((d) => d.status === 'delivered' || d.status === 'failed');
      if (done.length === deliveries.length) {
        const seconds = (performance.now() - started) / 1000;
        const failed = done.filter((d) => d.status === 'failed').map((d) => d.reason ?? 'failed');
        const files = cloud.sftp.arrivals().filter((a) => a.path.startsWith('demo-label/BENCH')).length;
        console.log(
          `Batch: ${deliveries.length} releases (2 × ${AUDIO_BYTES / 1024 / 1024} MB audio + cover each), ` +
            `${files} files on the SFTP server, ${failed.length} failed, ${seconds.toFixed(1)} s (goal ≤ 60 s)`,
        );
        if (failed.length) console.error(`First failure: ${failed[0]}`);
        return { releases: deliveries.length, seconds, failed };
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await bench.stop();
  }
}
