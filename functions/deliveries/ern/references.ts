import type { ErnFile, ErnHash, ErnRelease } from './types.js';

/**
 * The message's local references: sound recordings A1…An in release order (volume, then position),
 * the front cover A{n+1}; their technical details T1…; the main release R0 and track releases
 * R1…Rn. Deliveries name and hash the batch's files by these references.
 */
export type ResourceRef =
  | { reference: string; kind: 'audio'; recordingId: string; file: ErnFile | null }
  | { reference: string; kind: 'image'; file: ErnFile | null };

/** The release's tracks in delivery order: by volume, then position. */
export function orderedTracks(release: ErnRelease) {
  return [...release.tracks].sort((a, b) => a.discNumber - b.discNumber || a.position - b.position);
}

/** Every resource of the release with its reference and file, as the message will list them. */
export function resourceReferences(release: ErnRelease): ResourceRef[] {
  const tracks = orderedTracks(release);
  const refs: ResourceRef[] = tracks.map((t, i) => ({
    reference: `A${i + 1}`,
    kind: 'audio',
    recordingId: t.recordingId,
    file: t.audio,
  }));
  refs.push({ reference: `A${tracks.length + 1}`, kind: 'image', file: release.coverArt });
  return refs;
}

/** Per-resource overrides a delivery passes once it knows the batch: file names and hashes. */
export type ResourceFileOverrides = {
  fileNames?: Record<string, string>;
  hashes?: Record<string, ErnHash>;
};

/** The file a resource's TechnicalDetails names, after the delivery's overrides. */
export function deliveredFile(
  reference: string,
  file: ErnFile | null,
  overrides: ResourceFileOverrides,
): ErnFile | null {
  if (!file) return null;
  return {
    ...file,
    fileName: overrides.fileNames?.[reference] ?? file.fileName,
    hash: overrides.hashes?.[reference] ?? file.hash,
  };
}
