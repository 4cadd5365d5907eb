import { createHash } from 'node:crypto';
import { ENV } from '../../infra/resources.js';
import { markerTag, markWav } from '../../shared/promo-marker.js';
import * as data from '../data/access/promos.js';
import { putBytes } from '../lib/bucket-objects.js';
import { downloadName } from '../lib/download-name.js';
import { requireEnv } from '../lib/clients.js';
import { NotFound } from '../lib/errors.js';
import { presignDownload } from '../uploads/presign.js';

/**
 * Traceable downloads. Every download is a file made for its recipient: the track's 320 kbps MP3 with a tag
 * in front naming the promo and the recipient, or the WAV (the original, or the one made from an AIFF or
 * FLAC original: download-files.ts) with an INFO chunk naming them
 * (shared/promo-marker.ts), whose SHA-256 is recorded. A
 * file dropped on "Whose file is this?" is named by its hash when it is that very file, else by its tag
 * when the tag is still there (weaker: a tag can be copied or edited). A re-encode removes both.
 */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bucket = () => requireEnv(ENV.uploadsBucket);

export type DownloadFormat = 'mp3' | 'wav';
const CONTENT_TYPES: Record<DownloadFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };

/** The recipient's copy of the source: the marker put in, in the format's own way. */
function marked(source: Uint8Array, marker: string, format: DownloadFormat): Uint8Array {
  if (format === 'wav') {
    const file = markWav(source, marker);
    if (!file) throw NotFound.saying('This track has no WAV to download.');
    return file;
  }
  const tag = markerTag(marker);
  const file = new Uint8Array(tag.length + source.length);
  file.set(tag, 0);
  file.set(source, tag.length);
  return file;
}

/**
 * Makes (or makes again: the same bytes give the same file) the recipient's copy and answers a link to it, saved
 * under the track's name.
 */
export async function tracedDownload(
  tenantId: string,
  ids: { promoId: string; recipientId: string; recordingId: string },
  source: { bytes: Uint8Array; format: DownloadFormat },
  /** What the recipient's file is called: the track's artist and title ("Aurora Vale - Night Drive.wav"). */
  track: string,
): Promise<string> {
  const file = marked(source.bytes, `${ids.promoId}/${ids.recipientId}`, source.format);
  const key = `promo-downloads/${tenantId}/${ids.promoId}/${ids.recipientId}/${ids.recordingId}.${source.format}`;
  await putBytes(bucket(), key, file, CONTENT_TYPES[source.format]);
  await data.recordDownloadFile(tenantId, {
    sha256: sha256(file),
    promo_id: ids.promoId,
    recipient_id: ids.recipientId,
    recording_id: ids.recordingId,
  });
  return presignDownload(key, 'application/octet-stream', downloadName(track, source.format));
}

async function describe(tenantId: string, promoId: string, recipientId: string) {
  const [promo, recipient] = await Promise.all([
    data.getPromo(tenantId, promoId),
    data.getRecipient(tenantId, promoId, recipientId),
  ]);
  if (!promo || !recipient) return null;
  return {
    recipient: { email: recipient.email, name: recipient.name ?? null },
    promo: { id: promo.id, subject: promo.subject, release_id: promo.release_id },
  };
}

/** POST promo_traces: whose file has this hash (and, failing that, whose tag it carries) in this company. */
export async function whoseFile(tenantId: string, file: { sha256: string; marker?: string }) {
  const exact = await data.downloadByHash(tenantId, file.sha256);
  if (exact) {
    const found = await describe(tenantId, exact.promo_id, exact.recipient_id);
    if (found)
      return { match: 'exact' as const, ...found, message: `This is the file made for ${found.recipient.email}.` };
  }
  const [promoId, recipientId] = (file.marker ?? '').split('/');
  const tagged = promoId && recipientId ? await describe(tenantId, promoId, recipientId) : null;
  if (tagged)
    return {
      match: 'tag' as const,
      ...tagged,
      message: `The file was changed after it was downloaded, but its tag names ${tagged.recipient.email}. A tag can be copied, so treat this as a lead, not proof.`,
    };
  return {
    match: 'none' as const,
    message:
      'No download of your promos matches this file: it was re-encoded or changed, or it did not come from a promo.',
  };
}
