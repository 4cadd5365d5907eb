/**
 * The files a delivery sends beside its ERN message: a release's checked cover art and each
 * recording's original audio, as objects in the uploads bucket. (Issue 16 contract B: the assets
 * slice fills these in.)
 */
export type StoredAsset = { bucket: string; key: string; fileName: string; contentType: string; bytes?: number };

/** The release's cover art once the upload worker's checks passed, else null. */
export function releaseCoverArt(_release: { id: string }): StoredAsset | null {
  return null;
}

/** The recording's original audio (WAV, AIFF or FLAC) once processed, else null. */
export function recordingOriginalAudio(_recording: { id: string }): StoredAsset | null {
  return null;
}
