import type { RecordingAudio, RecordingItem } from '../entities/catalogue.js';
import { listsChanged, LISTS } from '../list-cache.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';

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
