import { Conflict } from '../lib/errors.js';
import { log } from '../lib/logger.js';
import type { Row } from '../reference/reference-resource.js';
import {
  changedDeliveryFields,
  EDITED_AFTER_APPROVAL,
  moveReleaseStatus,
  RECORDING_DELIVERY_FIELDS,
  REVIEWED_STATUSES,
} from './release-status.js';
import { tenantCollectionOf, tenantRows } from './tenant-lists.js';
import type { RecordEditor } from './tenant-resource.js';

const rowsOf = (row: Row, field: string): Row[] => (Array.isArray(row[field]) ? (row[field] as Row[]) : []);

/**
 * After a recording is saved: a change to what stores receive of it (RECORDING_DELIVERY_FIELDS)
 * sends every approved, delivered or live release it is on back to quality control, as editing the
 * release would (docs/quality-control.md). Each move is conditional on the status it read; a
 * release someone moved meanwhile is left as it is.
 */
export async function reviewReleasesOfRecording(
  tenantId: string,
  before: Row,
  after: Row,
  editor: RecordEditor = {},
): Promise<string[]> {
  const changed = changedDeliveryFields(before, after, RECORDING_DELIVERY_FIELDS);
  const releases = tenantCollectionOf('releases');
  if (!changed.length || !releases) return [];
  const rows = await tenantRows(releases, tenantId);
  const onIt = rows.filter(
    (release) =>
      REVIEWED_STATUSES.includes(String(release.status)) &&
      rowsOf(release, 'release_recordings').some((r) => r.recording_id === before.id),
  );
  const moved: string[] = [];
  for (const release of onIt) {
    try {
      await moveReleaseStatus(tenantId, String(release.id), {
        from: String(release.status),
        to: 'quality_control',
        by_id: editor.id,
        by_name: editor.name,
        reasons: [EDITED_AFTER_APPROVAL],
        note: `Recording "${String(after.title ?? before.title)}" changed: ${changed.join(', ')}`,
      });
      moved.push(String(release.id));
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      log().info('release status changed meanwhile; not sent back to review', { releaseId: release.id });
    }
  }
  return moved;
}
