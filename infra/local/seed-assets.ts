import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { ENV } from '../resources.js';
import { listCompanies } from '../../functions/data/access/companies.js';
import { isSeeded, markSeeded } from '../../functions/data/access/reference.js';
import { tenantResource } from '../../functions/catalogue/tenant-resources.js';
import { tenantRows } from '../../functions/catalogue/tenant-lists.js';
import { requireEnv, s3Client } from '../../functions/lib/clients.js';

/**
 * Gives the demo EP what a store delivery needs: cover art and an original WAV per
 * track. The files are put into the uploads bucket where the browser's presigned PUTs put them,
 * so the real upload worker checks the art (and makes its thumbnails) and processes the audio,
 * exactly as for a user's upload. Seeded once.
 */
export async function seedDemoDeliveryAssets(): Promise<void> {
  const marker = 'demo-delivery-assets-v1';
  if (await isSeeded(marker)) return;
  const company = (await listCompanies()).find((c) => c.name === 'Northern Lights Records');
  if (!company) return;
  const tenantId = company.companyId;
  const release = (await tenantRows(tenantResource('releases'), tenantId)).find(
    (row) => row.title === 'Northern Lights EP',
  );
  if (!release) return;
  const trackIds = new Set(
    ((release.release_recordings as { recording_id: string }[] | undefined) ?? []).map((r) => r.recording_id),
  );
  const recordings = (await tenantRows(tenantResource('recordings'), tenantId)).filter((r) => trackIds.has(r.id));
  const Bucket = requireEnv(ENV.uploadsBucket);
  const put = (Key: string, Body: Buffer, ContentType: string) =>
    s3Client().send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));

  await put(`artwork/${tenantId}/${release.id}/seed/${ulid()}-cover.jpg`, await demoCover(), 'image/jpeg');
  for (const [index, recording] of recordings.entries()) {
    const name = `${String(recording.isrc ?? recording.id).replace(/\W+/g, '')}.wav`;
    await put(`audio/${tenantId}/${recording.id}/seed/${ulid()}-${name}`, sineWav(3, 220 * (index + 2)), 'audio/wav');
  }
  await markSeeded(marker);
}

/** A 3000×3000 sRGB JPEG: a night-sky gradient with the EP's title. */
function demoCover(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1d3a"/><stop offset="0.6" stop-color="#145c5a"/><stop offset="1" stop-color="#5ad1a0"/>
    </linearGradient></defs>
    <rect width="3000" height="3000" fill="url(#g)"/>
    <text x="1500" y="1450" font-family="sans-serif" font-size="220" fill="#ffffff" text-anchor="middle">Northern Lights</text>
    <text x="1500" y="1750" font-family="sans-serif" font-size="140" fill="#e0fff2" text-anchor="middle">Aurora Vale</text>
  </svg>`;
  return sharp(Buffer.from(svg)).toColourspace('srgb').jpeg({ quality: 90 }).toBuffer();
}

/** A 16-bit stereo 44.1 kHz WAV of a sine at half amplitude. */
function sineWav(seconds: number, hz: number): Buffer {
  const rate = 44_100;
  const frames = seconds * rate;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i += 1) {
    const sample = Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 0.5 * 32767);
    data.writeInt16LE(sample, i * 4);
    data.writeInt16LE(sample, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(2, 22); // channels
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
