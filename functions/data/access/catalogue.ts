import type { RecordingAudio, RecordingItem } from '../entities/catalogue.js';
import { listsChanged, LISTS } from '../list-cache.js';
import { getDb } from '../service.js';
import { writeTransaction, writtenUnlessRefused } from '../transaction.js';

/**
 * The catalogue's queries beyond the generic collection store (`catalogueStore` in records.ts,
 * which every collection of a company's catalogue reads and writes through): a recording's audio,
 * which the upload worker writes without the catalogue's collection registry.
 */

export { catalogueStore } from './records.js';

export async function getRecording(tenantId: string, recordingId: string): Promise<RecordingItem | null> {
  return (await getDb().entities.Recording.get({ tenantId, id: recordingId }).go()).data;
}

/** Writes the recording's audio (and its length, once known) with its lists marked changed. */
export async function saveRecordingAudio(
  tenantId: string,
  recordingId: string,
  audio: RecordingAudio,
  extra: { length?: string } = {},
): Promise<void> {
  await writeTransaction((e) => [
    e.Recording.patch({ tenantId, id: recordingId })
      .set({ audio, ...extra })
      .commit(),
    ...listsChanged(e.ListVersion, [
      LISTS.tenantCollection('recordings', tenantId),
      LISTS.allTenantsCollection('recordings'),
    ]),
  ]);
}

/**
 * Marks the audio of the upload `sourceKey` failed with `reason`, in one conditional write: only while that upload is
 * still the recording's and neither ready nor failed, so a newer upload, or a result stored meanwhile, is left alone.
 * Whether it was marked.
 */
export async function failRecordingAudio(
  tenantId: string,
  recordingId: string,
  sourceKey: string,
  reason: string,
): Promise<boolean> {
  return writtenUnlessRefused((e) => [
    e.Recording.patch({ tenantId, id: recordingId })
      .data(({ audio }, { set }) => {
        set(audio.status, 'failed');
        set(audio.reason, reason);
      })
      .where(
        ({ audio }, { eq, ne }) =>
          `${eq(audio.source_key, sourceKey)} AND ${ne(audio.status, 'ready')} AND ${ne(audio.status, 'failed')}`,
      )
      .commit(),
    ...listsChanged(e.ListVersion, [
      LISTS.tenantCollection('recordings', tenantId),
      LISTS.allTenantsCollection('recordings'),
    ]),
  ]);
}

/** What a manual sale takes from the catalogue about the recording or release it names (royalties/api/sale-catalogue.ts). */
export type SaleCatalogue = {
  recording: { title: string; isrc: string | null; artist: string | null } | null;
  /** The releases the recording is on (or the release named), each with its label. */
  releases: { id: string; title: string; upc: string | null; artist: string | null; label_id: string | null }[];
  labelName: (labelId: string) => Promise<string | null>;
};

/**
 * The catalogue facts a manual sale of `recordingId` or `releaseId` may take. A recording's releases are found among
 * the company's releases (a release lists its recordings; nothing lists a recording's releases): a read of every
 * release's id, title and tracks, done once per manual sale.
 */
export async function saleCatalogue(
  tenantId: string,
  { recordingId, releaseId }: { recordingId?: string; releaseId?: string },
): Promise<SaleCatalogue> {
  const db = getDb().entities;
  const recording = recordingId ? (await db.Recording.get({ tenantId, id: recordingId }).go()).data : null;
  const attributes = ['id', 'title', 'upc', 'display_artists', 'label_id', 'release_recordings'] as const;
  const releases = releaseId
    ? [(await db.Release.get({ tenantId, id: releaseId }).go({ attributes: [...attributes] })).data].filter(
        (r) => r !== null,
      )
    : recordingId
      ? (await db.Release.query.byTenant({ tenantId }).go({ pages: 'all', attributes: [...attributes] })).data.filter(
          (r) =>
            ((r.release_recordings ?? []) as { recording_id?: string }[]).some((t) => t.recording_id === recordingId),
        )
      : [];
  return {
    recording: recording
      ? { title: recording.title, isrc: recording.isrc ?? null, artist: recording.display_artists ?? null }
      : null,
    releases: releases.map((r) => ({
      id: r.id,
      title: r.title,
      upc: r.upc ?? null,
      artist: r.display_artists ?? null,
      label_id: r.label_id ?? null,
    })),
    labelName: async (labelId) => (await db.Label.get({ tenantId, labelId }).go()).data?.name ?? null,
  };
}
