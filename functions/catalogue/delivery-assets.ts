import path from 'node:path';
import { ENV } from '../../infra/resources.js';
import { requireEnv } from '../lib/clients.js';

/**
 * The files a delivery sends beside its ERN message: a release's checked cover art and each
 * recording's original audio, as objects in the uploads bucket. File names
 * follow the usual DDEX batch convention: the release's UPC (else its id) for the art, the
 * recording's ISRC (else its id) for the audio, with the original's extension.
 */
export type StoredAsset = { bucket: string; key: string; fileName: string; contentType: string; bytes?: number };

/** The cover art fields a delivery reads (the Release entity's `artwork` map). */
type ArtworkFields = { key: string; content_type: string; bytes?: number };
/** The audio fields a delivery reads (the Recording entity's `audio` map). */
type AudioFields = { status: string; source_key: string; filename: string; size?: number };

const AUDIO_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
};

/** Characters a DSP's file system or an SFTP path may trip on are replaced. */
const fileStem = (value: string) => value.replace(/[^\w.-]+/g, '_');

/** The release's cover art once the upload worker's checks passed, else null. */
export function releaseCoverArt(release: { id: string; upc?: string; artwork?: ArtworkFields }): StoredAsset | null {
  const artwork = release.artwork;
  if (!artwork?.key) return null;
  const extension = artwork.content_type === 'image/png' ? 'png' : 'jpg';
  const upc = release.upc && /^\d+$/.test(release.upc) ? release.upc : undefined;
  return {
    bucket: requireEnv(ENV.uploadsBucket),
    key: artwork.key,
    fileName: `${fileStem(upc ?? release.id)}.${extension}`,
    contentType: artwork.content_type,
    ...(artwork.bytes === undefined ? {} : { bytes: artwork.bytes }),
  };
}

/**
 * The recording's original audio (WAV, AIFF or FLAC) once processed (`ready`), else null: an
 * upload still being checked, or one that failed, is not something a store can be sent.
 */
export function recordingOriginalAudio(recording: {
  id: string;
  isrc?: string;
  audio?: AudioFields;
}): StoredAsset | null {
  const audio = recording.audio;
  if (audio?.status !== 'ready' || !audio.source_key) return null;
  const extension = path
    .extname(audio.filename || audio.source_key)
    .slice(1)
    .toLowerCase();
  const contentType = AUDIO_TYPES[extension];
  if (!contentType) return null;
  return {
    bucket: requireEnv(ENV.uploadsBucket),
    key: audio.source_key,
    // An ISRC is named in its compact form (GBABC2600001), as DDEX file names use it.
    fileName: `${fileStem(recording.isrc?.replace(/-/g, '') || recording.id)}.${extension === 'aif' ? 'aiff' : extension}`,
    contentType,
    ...(audio.size === undefined ? {} : { bytes: audio.size }),
  };
}
